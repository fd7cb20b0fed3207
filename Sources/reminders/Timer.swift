import ArgumentParser
import Foundation
import RemindersCore
import RemindersMessages
import RemindersReports
import RemindersStore
import RemindersSystemd

/// `reminders timer`: the systemd user timer that starts `reminders run` every minute, and the
/// service that runs `reminders watch` beside it.
struct TimerCommand: ParsableCommand {
  static let configuration = CommandConfiguration.described(
    .timer, name: "timer",
    subcommands: [Install.self, Uninstall.self, Status.self, PrintUnit.self]
  )

  struct Install: ParsableCommand {
    static let configuration = CommandConfiguration.described(.timerInstall, name: "install")

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let words = TimerCommand.language(global).catalogue
      let units = try TimerUnits.forInvocation(global)
      let installed = try TimerInstallation.forCommand().install(units)
      print(installed.report(execStart: units.execStart, words), terminator: "")
    }
  }

  struct Uninstall: ParsableCommand {
    static let configuration = CommandConfiguration.described(.timerUninstall, name: "uninstall")

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let language = TimerCommand.language(global)
      let words = language.catalogue
      let removed = try TimerInstallation.forCommand().uninstall()
      print(removed.report(words), terminator: "")
      for path in removed.leftForeign { ExitStatus.say(words.leftForeignUnit(path)) }
      if let failure = removed.disableFailure { ExitStatus.say(failure.text(language)) }
    }
  }

  struct Status: ParsableCommand {
    static let configuration = CommandConfiguration.described(.timerStatus, name: "status")

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let language = TimerCommand.language(global)
      let state = try TimerInstallation.forCommand().status()
      print(TextTable.render(state.rows(language)), terminator: "")
    }
  }

  struct PrintUnit: ParsableCommand {
    static let configuration = CommandConfiguration.described(.timerPrintUnit, name: "print-unit")

    @OptionGroup var global: GlobalOptions

    @Argument(help: .catalogue(.timerUnit, valueName: "service|timer|watch"))
    var unit: TimerUnits.Unit

    @Option(help: .catalogue(.timerExec, valueName: "path"))
    var exec: String?

    func run() throws {
      print(try TimerUnits.forInvocation(global, executable: exec).text(of: unit), terminator: "")
    }
  }
}

extension TimerUnits.Unit: ExpressibleByArgument {}

extension TimerCommand {
  /// The language of a `timer` command: `--lang`, else the config's when it parses, else the
  /// locale (its errors find the same with `SessionLanguage.forErrors`).
  static func language(_ global: GlobalOptions) -> Language {
    Language.lenient(global, environment: ProcessInfo.processInfo.environment)
  }
}

extension TimerInstallation {
  /// With the paths and the user manager the environment gives.
  static func forCommand() throws -> TimerInstallation {
    let environment = ProcessInfo.processInfo.environment
    return TimerInstallation(paths: try Paths.forCommand(environment: environment), environment: environment)
  }
}

extension TimerUnits {
  /// The units for this invocation: `executable` (default: the running binary) and the global
  /// options that were given, as absolute paths.
  static func forInvocation(_ global: GlobalOptions, executable: String? = nil) throws -> TimerUnits {
    let binary = try executable.map(absolute) ?? runningBinary()
    let values = global.values
    var arguments: [String] = []
    for option in GlobalOption.allCases {
      guard let value = values[option] else { continue }
      arguments += [option.rawValue, option.isPath ? absolute(value) : value]
    }
    for word in [binary] + arguments where word.contains(where: \.isNewline) {
      throw UsageError("a unit file cannot hold a path with a line break: \(word.debugDescription)")
    }
    return TimerUnits(executable: binary, arguments: arguments)
  }

  /// The absolute path of the running binary, symbolic links resolved (`/proc/self/exe`), so
  /// that the timer keeps working from any folder and whatever `PATH` the user manager has.
  static func runningBinary() throws -> String {
    if let path = try? FileIO.linkTarget(of: "/proc/self/exe") { return path }
    let argument = CommandLine.arguments[0]
    guard argument.contains("/") else {
      throw UsageError("cannot tell where this reminders binary is; give --exec PATH")
    }
    return URL(fileURLWithPath: argument).resolvingSymlinksInPath().path
  }

  static func absolute(_ path: String) -> String {
    URL(
      fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/")
    )
    .standardizedFileURL.path
  }
}

extension TimerInstallation.Installed {
  /// What `timer install` prints.
  func report(execStart: String, _ words: any TimerMessages) -> String {
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
  func report(_ words: any TimerMessages) -> String {
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
  func rows(_ language: Language) -> [[String]] {
    let words = language.catalogue
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
  func json(_ language: Language) -> OrderedJSON {
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
      ("problems", .array(problems.map { .string($0.text(language.catalogue)) })),
      ("watch", watchShown.map(OrderedJSON.string) ?? .null),
    ])
  }
}

// MARK: systemd's values as the catalogue takes them

extension SystemdError {
  /// In `language`; what the system says stays as it said it.
  func text(_ language: Language) -> String {
    switch self {
    case .foreignUnit(let path): language.catalogue.foreignUnit(path)
    case .systemctlFailed(let failure): failure.text(language)
    case .systemctlNotStarted(let error): error.description
    case .file(let error): StoreErrorText(language: language).text(error)
    }
  }
}

extension SystemctlFailure {
  func text(_ language: Language) -> String {
    let said: SystemctlOutput =
      switch output {
      case .said(let said): .said(said)
      case .timedOut: .timedOut(seconds: Int(SystemctlUserManager.timeout))
      case .status(let status): .status(status)
      }
    return language.catalogue.systemctlFailed(command, said)
  }
}

extension UserManagerUnreachable {
  var words: UserManagerAbsence {
    switch self {
    case .noRuntimeDirectory: .noRuntimeDirectory
    case .noAnswer(let socket, let error): .noAnswer(socket: socket, error: "\(error)")
    case .noSystemctl: .noSystemctl
    }
  }
}

extension TimerState.ManagerProblem {
  func text(_ language: Language) -> String {
    switch self {
    case .unreachable(let why): language.catalogue.userManagerAbsence(why.words)
    case .failed(let failure): failure.text(language)
    }
  }
}

extension UnitActivity {
  var words: UnitActivityWords {
    UnitActivityWords(load: load, active: active, sub: sub, raw: raw, isLoaded: isLoaded)
  }
}

extension TimerProblem {
  func text(_ words: any TimerMessages) -> String {
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
struct TimerText {
  let language: Language
  init(_ language: Language) { self.language = language }
  func error(_ error: SystemdError) -> String { error.text(language) }
}
