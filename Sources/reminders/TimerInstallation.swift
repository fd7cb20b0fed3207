import Foundation
import RemindersStore

#if canImport(Glibc)
  import Glibc
#endif

/// The timer and the watch service in the user's systemd folders: what `timer install`,
/// `uninstall` and `status` do.
struct TimerInstallation {
  let environment: [String: String]
  let paths: Paths
  /// `$XDG_CONFIG_HOME/systemd/user`, where `systemctl --user enable` looks first.
  var unitDirectory: String { paths.systemdUserUnits }

  init(environment: [String: String], paths: Paths) {
    self.environment = environment
    self.paths = paths
  }

  /// With the paths the environment gives.
  init(environment: [String: String]) throws {
    self.init(environment: environment, paths: try Paths.forCommand(environment: environment))
  }

  func path(_ unit: TimerUnits.Unit) -> String { unitDirectory + "/" + unit.fileName }
  /// The link `systemctl --user enable` makes for the unit's `WantedBy=` (`timers.target.wants/`
  /// for the timer, `default.target.wants/` for the watch service); nil for the service.
  func enableLink(_ unit: TimerUnits.Unit) -> String? {
    unit.wantedBy.map { unitDirectory + "/\($0).wants/" + unit.fileName }
  }

  /// The units `systemctl --user enable --now` starts: the timer and the watch service.
  static let enabledUnits: [TimerUnits.Unit] = TimerUnits.Unit.allCases.filter { $0.wantedBy != nil }

  /// A unit of ours' name in the unit folder that `timer install` did not write.
  struct ForeignUnit: Error, CustomStringConvertible {
    var path: String
    var description: String { TimerText(SessionLanguage.current).foreignUnit(path) }
  }

  /// What `install` did.
  struct Installed {
    var written: [String]
    var unchanged: [String]
    /// The user manager's answer after `enable --now` (the next start), or why there was none.
    var manager: Result<String?, UserManager.Unreachable>
  }

  /// Writes the three units (only those whose text changed), then reloads the user manager and
  /// enables and starts the timer and the watch service when one is reachable.
  ///
  /// Refuses, changing nothing, when a unit of the same name is there that it did not write.
  func install(_ units: TimerUnits) throws -> Installed {
    for unit in TimerUnits.Unit.allCases {
      if let existing = try FileIO.read(path(unit)), !TimerInstallation.isOurs(existing) {
        throw ForeignUnit(path: path(unit))
      }
    }
    var installed = Installed(written: [], unchanged: [], manager: .success(nil))
    for unit in TimerUnits.Unit.allCases {
      let bytes = TimerInstallation.installedBytes(units.text(of: unit))
      if try FileIO.read(path(unit)) == bytes {
        installed.unchanged.append(path(unit))
        continue
      }
      // 0644 like any unit file: they hold no secret, and systemd tools read them.
      try FileIO.writeAtomically(bytes, to: path(unit), mode: 0o644)
      installed.written.append(path(unit))
    }
    switch UserManager.reach(environment: environment) {
    case .failure(let unreachable):
      installed.manager = .failure(unreachable)
    case .success(let manager):
      if !installed.written.isEmpty { try manager.systemctl("daemon-reload") }
      try manager.systemctl("enable", "--now", TimerUnits.timerName)
      // Only queued: a watch service that failed (no session bus yet) and waits `RestartSec=` to
      // start again holds a waiting start job until then, which would stall `install` run twice.
      try manager.systemctl("enable", "--now", "--no-block", TimerUnits.watchName)
      let properties = try? manager.properties(of: TimerUnits.timerName, ["NextElapseUSecRealtime"])
      installed.manager = .success(properties?["NextElapseUSecRealtime"].flatMap(TimerState.shown))
    }
    return installed
  }

  /// What `uninstall` did.
  struct Removed {
    var removed: [String]
    /// Units of our names that `timer install` did not write, left in place.
    var leftForeign: [String]
    /// The names of the units of ours that `systemctl --user disable --now` stops (the timer and
    /// the watch service, those that were there).
    var stopped: [String] = []
    /// Whether `systemctl --user disable --now` ran.
    var disabled = false
    /// Why it failed, when it did; the files go all the same (a unit the manager never loaded
    /// cannot be stopped, and after the reload there is nothing left to start).
    var disableFailure: (any Error)?
    var manager: Result<Void, UserManager.Unreachable>
  }

  /// Stops and disables the timer and the watch service, then removes the units `install`
  /// wrote, the enable links to them, and the folders this leaves empty; a unit of the same
  /// name that someone else wrote stays.
  func uninstall() throws -> Removed {
    var removed = Removed(removed: [], leftForeign: [], manager: .success(()))
    var ours: [String] = []
    for unit in TimerUnits.Unit.allCases {
      guard let existing = try FileIO.read(path(unit)) else { continue }
      if TimerInstallation.isOurs(existing) {
        ours.append(path(unit))
        if unit.wantedBy != nil { removed.stopped.append(unit.fileName) }
      } else {
        removed.leftForeign.append(path(unit))
      }
    }
    let reach = UserManager.reach(environment: environment)
    switch reach {
    case .success(let manager) where !removed.stopped.isEmpty:
      do {
        try manager.systemctl(["disable", "--now"] + removed.stopped)
        removed.disabled = true
      } catch {
        removed.disableFailure = error
      }
    case .failure(let unreachable):
      removed.manager = .failure(unreachable)
    default:
      break
    }
    // Without a user manager `systemctl disable` could not run; a link is ours when it points
    // at the unit `install` writes, wherever it stands now.
    for unit in TimerInstallation.enabledUnits {
      guard let link = enableLink(unit),
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link), target == path(unit)
      else { continue }
      try remove(link)
      removed.removed.append(link)
    }
    for file in ours {
      try remove(file)
      removed.removed.append(file)
    }
    let wants = TimerInstallation.enabledUnits.compactMap { enableLink($0) }.map(FileIO.parentDirectory)
    for directory in wants + [unitDirectory, FileIO.parentDirectory(of: unitDirectory)] {
      rmdir(directory)  // only when empty: anything else there is not ours to remove
    }
    if case .success(let manager) = reach, !removed.removed.isEmpty {
      try manager.systemctl("daemon-reload")
    }
    return removed
  }

  /// Where the timer stands; reads files and asks the user manager, changes nothing.
  func status() -> TimerState {
    var state = TimerState(unitDirectory: unitDirectory)
    // The user manager's search path, highest precedence first (systemd.unit(5)).
    let directories = [
      unitDirectory, "/etc/systemd/user", paths.dataHome + "/systemd/user", "/usr/local/lib/systemd/user",
      "/usr/lib/systemd/user", "/lib/systemd/user",
    ]
    if let directory = directories.first(where: { access($0 + "/" + TimerUnits.timerName, F_OK) == 0 }) {
      let timer = (try? FileIO.read(directory + "/" + TimerUnits.timerName)) ?? nil
      let service = (try? FileIO.read(directory + "/" + TimerUnits.serviceName)) ?? nil
      let watch = (try? FileIO.read(directory + "/" + TimerUnits.watchName)) ?? nil
      state.location = directory
      state.watchInstalled = watch != nil
      state.writtenByTimerInstall = timer.map(TimerInstallation.isOurs) == true
      if let service {
        state.execStart = TimerInstallation.execStart(in: service)
        if let executable = state.execStart.flatMap(TimerInstallation.executable),
          access(executable, X_OK) != 0
        {
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
        func expected(_ unit: TimerUnits.Unit) -> [UInt8]? {
          current.map { TimerInstallation.installedBytes($0.text(of: unit)) }
        }
        if timer != expected(.timer) || service != expected(.service)
          || (watch != nil && watch != expected(.watch))
        {
          state.problems.append(.otherVersion)
        }
      }
    }
    switch UserManager.reach(environment: environment) {
    case .failure(let unreachable):
      state.managerProblem = .unreachable(unreachable)
      // Read from the links themselves, which is all `systemctl is-enabled` would do offline.
      if let link = enableLink(.timer),
        (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != nil
      {
        state.enabled = "enabled"
      } else if access("/etc/systemd/user/timers.target.wants/" + TimerUnits.timerName, F_OK) == 0 {
        state.enabled = TimerState.enabledForEveryUser
      } else {
        state.enabled = state.installed ? "disabled" : nil
      }
    case .success(let manager):
      let names = [
        "LoadState", "UnitFileState", "ActiveState", "SubState", "NextElapseUSecRealtime", "LastTriggerUSec",
      ]
      do {
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

  private func remove(_ path: String) throws {
    do {
      try systemCall("unlink") { unlink(path) }
    } catch  where error.code == ENOENT {
      // Already gone.
    } catch {
      throw StoreError.writeFailed(path: path, reason: .system(error))
    }
  }

  /// A unit's text as `install` writes it: the marker line first.
  static func installedBytes(_ text: String) -> [UInt8] {
    Array((TimerUnits.installedMarker + "\n" + text).utf8)
  }

  static func isOurs(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: Array(TimerUnits.installedMarker.utf8))
  }

  /// The `ExecStart=` value of a service file's text.
  static func execStart(in service: [UInt8]) -> String? {
    for line in String(decoding: service, as: UTF8.self).split(separator: "\n")
    where line.hasPrefix("ExecStart=") {
      return String(line.dropFirst("ExecStart=".count))
    }
    return nil
  }

  /// The executable of an `ExecStart=` value: its first word, unquoted and unescaped as
  /// `TimerUnits.systemdWord` wrote it (prefixes such as `-` or `@` are not ours to read).
  static func executable(of execStart: String) -> String? {
    var characters = execStart.drop(while: { $0 == " " })[...]
    let quoted = characters.first == "\""
    if quoted { characters = characters.dropFirst() }
    var word = ""
    var iterator = characters.makeIterator()
    while let character = iterator.next() {
      switch character {
      case "\\": if let next = iterator.next() { word.append(next) }
      case "%", "$":
        word.append(character)
        _ = iterator.next()
      case "\"" where quoted: return word
      case " " where !quoted: return word
      default: word.append(character)
      }
    }
    return word.isEmpty ? nil : word
  }
}

/// Something wrong with the installed units (in words: `TimerText.problem`).
enum TimerProblem: Equatable {
  /// The service's `ExecStart=` names this, which is not an executable file.
  case notExecutable(String)
  /// `reminders.service` is not beside `reminders.timer` in this folder.
  case serviceMissing(directory: String)
  /// `reminders-watch.service` is not beside `reminders.timer` in this folder.
  case watchMissing(directory: String)
  /// `timer install` wrote them, but not this version.
  case otherVersion
}

/// Where a unit stands in the user manager: its `LoadState`, `ActiveState` and `SubState`.
struct UnitActivity: Equatable {
  var load: String
  var active: String?
  var sub: String?

  init(_ values: [String: String]) {
    load = values["LoadState"] ?? "unknown"
    active = values["ActiveState"]
    sub = values["SubState"]
  }

  var isLoaded: Bool { load == "loaded" }

  /// `ActiveState (SubState)`, or why the manager has not loaded it, in systemd's words (JSON).
  var raw: String {
    guard isLoaded else { return "not loaded (\(load))" }
    return [active, sub.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
  }
}

/// Where the timer stands, as `timer status` and `doctor` show it.
struct TimerState {
  /// Why the user manager could not be asked.
  enum ManagerProblem {
    case unreachable(UserManager.Unreachable)
    /// It was reached, but `systemctl --user show` failed.
    case failed(any Error)
  }

  var unitDirectory: String
  /// The folder the user manager loads `reminders.timer` from; nil when it is nowhere.
  var location: String?
  /// Whether `timer install` wrote the units there (else a package, `make install` or a person
  /// did, and `timer uninstall` leaves them).
  var writtenByTimerInstall = false
  var execStart: String?
  /// `UnitFileState` (enabled, disabled, static, …), from the manager or the enable links.
  var enabled: String?
  /// Where the timer stands in the manager; nil without a user manager.
  var active: UnitActivity?
  /// Whether `reminders-watch.service` is beside the timer.
  var watchInstalled = false
  /// Where the watch service stands; nil without a user manager, or when it is not installed.
  var watch: UnitActivity?
  var nextElapse: String?
  var lastTrigger: String?
  /// Why the user manager could not be asked; nil when it answered.
  var managerProblem: ManagerProblem?
  var problems: [TimerProblem] = []

  init(unitDirectory: String) { self.unitDirectory = unitDirectory }

  /// The `enabled` value read from `/etc/systemd/user` when no user manager answers.
  static let enabledForEveryUser = "enabled for every user"

  var installed: Bool { location != nil }
  var isEnabled: Bool { enabled?.hasPrefix("enabled") == true }

  /// The JSON `watch` field: the watch service's state, "not installed", or nil when it is
  /// installed but there is no user manager to ask.
  var watchShown: String? { watchInstalled ? watch?.raw : "not installed" }

  /// A property value worth showing: nil for systemd's "n/a", empty and zero timestamps.
  static func shown(_ value: String) -> String? {
    value.isEmpty || value == "n/a" || value == "0" ? nil : value
  }

  /// Label-value rows for a text table, in `text`'s language.
  func rows(_ text: TimerText) -> [[String]] {
    guard let location else {
      return [[text.installedLabel, text.notInstalled]]
    }
    let unknown = text.unknown(managerProblem)
    var rows = [
      [text.installedLabel, text.installedIn(location, byTimerInstall: writtenByTimerInstall)],
      ["ExecStart", execStart ?? text.noExecStart],
      [text.enabledLabel, enabled.map(text.enabledState) ?? text.unknownValue],
      [text.activeLabel, active.map(text.activity) ?? unknown],
    ]
    if let nextElapse { rows.append([text.nextRunLabel, nextElapse]) }
    if let lastTrigger { rows.append([text.lastRunLabel, lastTrigger]) }
    rows.append([
      text.watchLabel, watchInstalled ? watch.map(text.activity) ?? unknown : text.watchNotInstalled,
    ])
    for problem in problems { rows.append([text.problemLabel, text.problem(problem)]) }
    return rows
  }

  /// The JSON object: systemd's values as it gives them, the problems in `text`'s language.
  func json(_ text: TimerText) -> OrderedJSON {
    .object([
      ("installed", .bool(installed)),
      ("location", location.map(OrderedJSON.string) ?? .null),
      ("writtenByTimerInstall", .bool(writtenByTimerInstall)),
      ("execStart", execStart.map(OrderedJSON.string) ?? .null),
      ("enabled", enabled.map(OrderedJSON.string) ?? .null),
      ("active", active.map { .string($0.raw) } ?? .null),
      ("nextElapse", nextElapse.map(OrderedJSON.string) ?? .null),
      ("lastTrigger", lastTrigger.map(OrderedJSON.string) ?? .null),
      (
        "userManager",
        managerProblem.map { .string("unreachable: " + text.managerProblem($0)) } ?? .string("reachable")
      ),
      ("problems", .array(problems.map { .string(text.problem($0)) })),
      ("watch", watchShown.map(OrderedJSON.string) ?? .null),
    ])
  }
}
