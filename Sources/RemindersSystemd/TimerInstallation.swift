import RemindersStore

/// Where the user manager looks for units, and where `timer install` writes them.
public struct UnitFolders: Equatable, Sendable {
  /// `$XDG_CONFIG_HOME/systemd/user`: where `install` writes, and where `systemctl --user
  /// enable` makes its links.
  public var own: String
  /// The user manager's search path, highest precedence first (systemd.unit(5)).
  public var searchPath: [String]
  /// `/etc/systemd/user`, where units are enabled for every user.
  public var everyUser: String

  public init(own: String, searchPath: [String], everyUser: String) {
    self.own = own
    self.searchPath = searchPath
    self.everyUser = everyUser
  }

  /// The folders of systemd.unit(5) for the user whose folders `paths` are.
  public init(paths: Paths) {
    let own = paths.systemdUserUnits
    self.init(
      own: own,
      searchPath: [
        own, "/etc/systemd/user", paths.dataHome + "/systemd/user", "/usr/local/lib/systemd/user",
        "/usr/lib/systemd/user", "/lib/systemd/user",
      ],
      everyUser: "/etc/systemd/user")
  }
}

/// The timer and the watch service in the user's systemd folders: what `timer install`,
/// `uninstall` and `status` do, the files through RemindersStore and the rest through a
/// `UserManager`.
public struct TimerInstallation {
  public let folders: UnitFolders
  /// The user manager, or why there is none: without one the files are still written or
  /// removed, and the commands say what to run where one runs.
  public let userManager: Result<any UserManager, UserManagerUnreachable>

  public init(folders: UnitFolders, userManager: Result<any UserManager, UserManagerUnreachable>) {
    self.folders = folders
    self.userManager = userManager
  }

  /// With the folders of `paths` and the user manager `environment` leads to, if one answers.
  public init(paths: Paths, environment: [String: String]) {
    self.init(
      folders: UnitFolders(paths: paths),
      userManager: SystemctlUserManager.reach(environment: environment).map { $0 })
  }

  public var unitDirectory: String { folders.own }

  /// Where `install` writes `unit`.
  public func path(_ unit: TimerUnits.Unit) -> String { unitDirectory + "/" + unit.fileName }

  /// The link `systemctl --user enable` makes for the unit's `WantedBy=` (`timers.target.wants/`
  /// for the timer, `default.target.wants/` for the watch service); nil for the service.
  public func enableLink(_ unit: TimerUnits.Unit) -> String? {
    unit.wantedBy.map { unitDirectory + "/\($0).wants/" + unit.fileName }
  }

  /// What `install` did.
  public struct Installed: Equatable {
    public var written: [String]
    public var unchanged: [String]
    /// The user manager's answer after `enable --now` (the next start), or why there was none.
    public var manager: Result<String?, UserManagerUnreachable>
  }

  /// Writes the three units (only those whose text changed), then reloads the user manager and
  /// enables and starts the timer and the watch service when one is reachable.
  ///
  /// Refuses, changing nothing, when a unit of the same name is there that it did not write.
  public func install(_ units: TimerUnits) throws(SystemdError) -> Installed {
    for unit in TimerUnits.Unit.allCases {
      if let existing = try read(path(unit)), !TimerUnits.isOurs(existing) {
        throw .foreignUnit(path: path(unit))
      }
    }
    var installed = Installed(written: [], unchanged: [], manager: .success(nil))
    for unit in TimerUnits.Unit.allCases {
      let bytes = units.installedBytes(of: unit)
      if try read(path(unit)) == bytes {
        installed.unchanged.append(path(unit))
        continue
      }
      do throws(StoreError) {
        // 0644 like any unit file: they hold no secret, and systemd tools read them.
        try FileIO.writeAtomically(bytes, to: path(unit), mode: 0o644)
      } catch {
        throw .file(error)
      }
      installed.written.append(path(unit))
    }
    switch userManager {
    case .failure(let unreachable):
      installed.manager = .failure(unreachable)
    case .success(let manager):
      if !installed.written.isEmpty { try manager.systemctl(["daemon-reload"]) }
      try manager.systemctl(["enable", "--now", TimerUnits.timerName])
      // Only queued: a watch service that failed (no session bus yet) and waits `RestartSec=` to
      // start again holds a waiting start job until then, which would stall `install` run twice.
      try manager.systemctl(["enable", "--now", "--no-block", TimerUnits.watchName])
      let properties = try? manager.properties(of: TimerUnits.timerName, ["NextElapseUSecRealtime"])
      installed.manager = .success(properties?["NextElapseUSecRealtime"].flatMap(TimerState.shown))
    }
    return installed
  }

  /// What `uninstall` did.
  public struct Removed: Equatable {
    public var removed: [String] = []
    /// Units of our names that `timer install` did not write, left in place.
    public var leftForeign: [String] = []
    /// The names of the units of ours that `systemctl --user disable --now` stops (the timer and
    /// the watch service, those that were there).
    public var stopped: [String] = []
    /// Whether `systemctl --user disable --now` ran.
    public var disabled = false
    /// Why it failed, when it did; the files go all the same (a unit the manager never loaded
    /// cannot be stopped, and after the reload there is nothing left to start).
    public var disableFailure: SystemdError?
    /// Why no user manager could be told, when none could.
    public var unreachable: UserManagerUnreachable?
  }

  /// Stops and disables the timer and the watch service, then removes the units `install`
  /// wrote, the enable links to them, and the folders this leaves empty; a unit of the same
  /// name that someone else wrote stays.
  public func uninstall() throws(SystemdError) -> Removed {
    var removed = Removed()
    var ours: [String] = []
    for unit in TimerUnits.Unit.allCases {
      guard let existing = try read(path(unit)) else { continue }
      if TimerUnits.isOurs(existing) {
        ours.append(path(unit))
        if unit.wantedBy != nil { removed.stopped.append(unit.fileName) }
      } else {
        removed.leftForeign.append(path(unit))
      }
    }
    switch userManager {
    case .success(let manager) where !removed.stopped.isEmpty:
      do throws(SystemdError) {
        try manager.systemctl(["disable", "--now"] + removed.stopped)
        removed.disabled = true
      } catch {
        removed.disableFailure = error
      }
    case .failure(let unreachable):
      removed.unreachable = unreachable
    default:
      break
    }
    // Without a user manager `systemctl disable` could not run; a link is ours when it points
    // at the unit `install` writes, wherever it stands now.
    for unit in TimerUnits.Unit.enabled {
      guard let link = enableLink(unit), (try? FileIO.linkTarget(of: link)) == path(unit) else { continue }
      try remove(link)
      removed.removed.append(link)
    }
    for file in ours {
      try remove(file)
      removed.removed.append(file)
    }
    let wants = TimerUnits.Unit.enabled.compactMap { enableLink($0) }.map(FileIO.parentDirectory)
    for directory in wants + [unitDirectory, FileIO.parentDirectory(of: unitDirectory)] {
      // Only when empty: anything else there is not ours to remove.
      try? FileIO.removeEmptyDirectory(directory)
    }
    if case .success(let manager) = userManager, !removed.removed.isEmpty {
      try manager.systemctl(["daemon-reload"])
    }
    return removed
  }

  /// Where the timer stands; reads files and asks the user manager, changes nothing.
  public func status() -> TimerState {
    var state = TimerState(unitDirectory: unitDirectory)
    if let directory = folders.searchPath.first(where: { FileIO.exists($0 + "/" + TimerUnits.timerName) }) {
      let timer = try? FileIO.read(directory + "/" + TimerUnits.timerName)
      let service = try? FileIO.read(directory + "/" + TimerUnits.serviceName)
      let watch = try? FileIO.read(directory + "/" + TimerUnits.watchName)
      state.location = directory
      state.watchInstalled = watch != nil
      state.writtenByTimerInstall = timer.map(TimerUnits.isOurs) == true
      if let service {
        state.execStart = TimerUnits.execStart(in: service)
        if let executable = state.execStart.flatMap(TimerUnits.executable), !FileIO.isExecutable(executable) {
          state.problems.append(.notExecutable(executable))
        }
      } else {
        state.problems.append(.serviceMissing(directory: directory))
      }
      if watch == nil {
        state.problems.append(.watchMissing(directory: directory))
      }
      // Units an older version wrote: the same command line in today's text would differ.
      if state.writtenByTimerInstall, let timer, let service, let execStart = state.execStart {
        // nil for all three when this version would not have written that ExecStart.
        let current = TimerUnits(execStart: execStart)
        if timer != current?.installedBytes(of: .timer) || service != current?.installedBytes(of: .service)
          || (watch != nil && watch != current?.installedBytes(of: .watch))
        {
          state.problems.append(.otherVersion)
        }
      }
    }
    switch userManager {
    case .failure(let unreachable):
      state.managerProblem = .unreachable(unreachable)
      // Read from the links themselves, which is all `systemctl is-enabled` would do offline.
      if let link = enableLink(.timer), (try? FileIO.linkTarget(of: link)) != nil {
        state.enabled = "enabled"
      } else if FileIO.exists(folders.everyUser + "/timers.target.wants/" + TimerUnits.timerName) {
        state.enabled = TimerState.enabledForEveryUser
      } else {
        state.enabled = state.installed ? "disabled" : nil
      }
    case .success(let manager):
      let names = [
        "LoadState", "UnitFileState", "ActiveState", "SubState", "NextElapseUSecRealtime", "LastTriggerUSec",
      ]
      do throws(SystemdError) {
        let values = try manager.properties(of: TimerUnits.timerName, names)
        state.enabled = values["UnitFileState"].flatMap(TimerState.shown)
        state.active = UnitActivity(values)
        state.nextElapse = values["NextElapseUSecRealtime"].flatMap(TimerState.shown)
        state.lastTrigger = values["LastTriggerUSec"].flatMap(TimerState.shown)
        if state.watchInstalled {
          state.watch = UnitActivity(
            try manager.properties(of: TimerUnits.watchName, ["LoadState", "ActiveState", "SubState"]))
        }
      } catch {
        state.managerProblem = .failed(error)
      }
    }
    return state
  }

  private func read(_ path: String) throws(SystemdError) -> [UInt8]? {
    do throws(StoreError) {
      return try FileIO.read(path)
    } catch {
      throw .file(error)
    }
  }

  private func remove(_ path: String) throws(SystemdError) {
    do throws(StoreError) {
      try FileIO.remove(path)
    } catch {
      throw .file(error)
    }
  }
}
