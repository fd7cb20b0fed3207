import Foundation
import RemindersCore
import RemindersMessages
import RemindersStore
import RemindersSystemd

extension TimerInstallation.Installed {
  /// What `timer install` prints.
  public func report(execStart: String, _ words: any TimerMessages) -> String {
    var lines = written.map(words.wroteUnit)
    if !unchanged.isEmpty { lines.append(words.unitsUpToDate(unchanged)) }
    lines.append("ExecStart=\(execStart)")
    let names = TimerUnits.Unit.enabled.map(\.fileName)
    switch manager {
    case .success(let next):
      lines.append(words.enabledAndStarted(names, next: next))
    case .failure(let unreachable):
      lines.append(words.noManagerToEnable(unreachable.words))
      lines.append("  systemctl --user daemon-reload")
      lines.append("  systemctl --user enable --now \(names.joined(separator: " "))")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension TimerInstallation.Removed {
  /// What `timer uninstall` prints.
  public func report(_ words: any TimerMessages) -> String {
    var lines = disabled ? [words.stoppedAndDisabled(stopped)] : []
    lines += removed.map(words.removedUnit)
    if removed.isEmpty { lines.append(words.nothingToRemove) }
    if let unreachable, !removed.isEmpty {
      lines.append(words.noManagerToStop(unreachable.words))
      if !stopped.isEmpty {
        lines.append("  systemctl --user disable --now \(stopped.joined(separator: " "))")
      }
      lines.append("  systemctl --user daemon-reload")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension TimerState {
  /// Label-value rows for a text table, in `language`.
  public func rows(_ language: Language) -> [[String]] {
    let words = language.words
    guard let location else {
      return [[words.timerInstalledLabel, words.timerNotInstalled]]
    }
    let unknown = words.timerUnknown(because: managerProblem.map { $0.text(language) })
    var rows = [
      [words.timerInstalledLabel, words.timerInstalled(in: location, byTimerInstall: writtenByTimerInstall)],
      ["ExecStart", execStart ?? words.noExecStart],
      [words.timerEnabledLabel, enabled.map(words.unitFileState) ?? words.timerUnknown],
      [words.timerActiveLabel, active.map { words.unitActivity($0.words) } ?? unknown],
    ]
    if let nextElapse { rows.append([words.timerNextRunLabel, nextElapse]) }
    if let lastTrigger { rows.append([words.timerLastRunLabel, lastTrigger]) }
    rows.append([
      words.timerWatchLabel,
      watchInstalled ? watch.map { words.unitActivity($0.words) } ?? unknown : words.watchNotInstalled,
    ])
    for problem in problems { rows.append([words.timerProblemLabel, problem.text(words)]) }
    return rows
  }

  /// The JSON object: systemd's values as it gives them, the problems in `language`.
  public func json(_ language: Language) -> OrderedJSON {
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
        managerProblem.map { .string("unreachable: " + $0.text(language)) } ?? .string("reachable")
      ),
      ("problems", .array(problems.map { .string($0.text(language.words)) })),
      ("watch", watchShown.map(OrderedJSON.string) ?? .null),
    ])
  }
}

// MARK: systemd's values as the catalogue takes them

extension SystemdError {
  /// In `language`; what the system says stays as it said it.
  public func text(_ language: Language) -> String {
    switch self {
    case .foreignUnit(let path): language.words.foreignUnit(path)
    case .systemctlFailed(let failure): failure.text(language)
    case .systemctlNotStarted(let error): error.description
    case .file(let error): StoreErrorText(language: language).text(error)
    }
  }
}

extension SystemctlFailure {
  public func text(_ language: Language) -> String {
    let said: SystemctlOutput =
      switch output {
      case .said(let said): .said(said)
      case .timedOut: .timedOut(seconds: Int(SystemctlUserManager.timeout))
      case .status(let status): .status(status)
      }
    return language.words.systemctlFailed(command, said)
  }
}

extension UserManagerUnreachable {
  public var words: UserManagerAbsence {
    switch self {
    case .noRuntimeDirectory: .noRuntimeDirectory
    case .noAnswer(let socket, .pathTooLong): .socketPathTooLong(socket: socket)
    // The system's own words (strerror), as every file problem keeps them.
    case .noAnswer(let socket, .system(let error)): .noAnswer(socket: socket, error: "\(error)")
    case .noSystemctl: .noSystemctl
    }
  }
}

extension TimerState.ManagerProblem {
  public func text(_ language: Language) -> String {
    switch self {
    case .unreachable(let why): language.words.userManagerAbsence(why.words)
    case .failed(let failure): failure.text(language)
    }
  }
}

extension UnitActivity {
  public var words: UnitActivityWords {
    UnitActivityWords(load: load, active: active, sub: sub, isLoaded: isLoaded)
  }
}

extension TimerProblem {
  public func text(_ words: any TimerMessages) -> String {
    let problem: UnitProblem =
      switch self {
      case .notExecutable(let path): .notExecutable(path: path)
      case .serviceMissing(let directory): .serviceMissing(directory: directory)
      case .watchMissing(let directory): .watchMissing(directory: directory)
      case .otherVersion: .otherVersion
      }
    let units = UnitNames(
      timer: TimerUnits.timerName, service: TimerUnits.serviceName, watch: TimerUnits.watchName)
    return words.unitProblem(problem, units: units)
  }
}

/// How the entry point words a `SystemdError` until it calls `SystemdError.text` itself.
public struct TimerText {
  public let language: Language
  public init(_ language: Language) { self.language = language }
  public func error(_ error: SystemdError) -> String { error.text(language) }
}
