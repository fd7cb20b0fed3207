import ArgumentParser
import Foundation
import RemindersStore
import RemindersSystemd

/// `reminders timer`: the systemd user timer that starts `reminders run` every minute, and the
/// service that runs `reminders watch` beside it.
struct TimerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "timer",
    abstract: "Install, remove or inspect the systemd user timer that starts `reminders run` every minute.",
    discussion:
      "The units go to $XDG_CONFIG_HOME/systemd/user (reminders.service, reminders.timer, and reminders-watch.service, which runs `reminders watch` to follow the pop-ups on screen), with the absolute path of this binary.",
    subcommands: [Install.self, Uninstall.self, Status.self, PrintUnit.self])

  struct Install: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "install",
      abstract: "Write the units, then enable and start the timer and the watch service (or print how to).",
      discussion:
        "Runs `systemctl --user daemon-reload` and `systemctl --user enable --now reminders.timer reminders-watch.service` when a user manager is reachable. Running it again changes nothing; after moving the binary, it rewrites the units. The global options given are passed on to `reminders run` and `reminders watch`."
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let text = TimerText.forCommand(global)
      let units = try TimerUnits.forInvocation(global)
      let installed = try TimerInstallation.forCommand().install(units)
      print(installed.report(execStart: units.execStart, text), terminator: "")
    }
  }

  struct Uninstall: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "uninstall",
      abstract: "Stop and disable the timer and the watch service; remove the units `timer install` wrote.",
      discussion: "Units of the same name that `timer install` did not write are left in place.")

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let text = TimerText.forCommand(global)
      let removed = try TimerInstallation.forCommand().uninstall()
      print(removed.report(text), terminator: "")
      for path in removed.leftForeign { ExitStatus.say(text.leftForeign(path)) }
      if let failure = removed.disableFailure { ExitStatus.say(text.error(failure)) }
    }
  }

  struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "status",
      abstract:
        "Tell whether the timer is installed, enabled and active, its next start, and the watch service's state."
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let text = TimerText.forCommand(global)
      let state = try TimerInstallation.forCommand().status()
      print(TextTable.render(state.rows(text)), terminator: "")
    }
  }

  struct PrintUnit: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "print-unit",
      abstract: "Print the text of a unit (service, timer or watch service), as `timer install` writes it.",
      discussion:
        "For packagers: `reminders timer print-unit service --exec /usr/bin/reminders`. Without the first line by which `timer uninstall` recognises the units it wrote."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Which unit.", valueName: "service|timer|watch"))
    var unit: TimerUnits.Unit

    @Option(help: ArgumentHelp("The binary ExecStart names (default: this one).", valueName: "path"))
    var exec: String?

    func run() throws {
      print(try TimerUnits.forInvocation(global, executable: exec).text(of: unit), terminator: "")
    }
  }
}

extension TimerUnits.Unit: ExpressibleByArgument {}

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
  func report(execStart: String, _ text: TimerText) -> String {
    var lines = written.map(text.wrote)
    if !unchanged.isEmpty { lines.append(text.upToDate(unchanged)) }
    lines.append("ExecStart=\(execStart)")
    let names = TimerUnits.Unit.enabled.map(\.fileName)
    switch manager {
    case .success(let next):
      lines.append(text.enabledAndStarted(names, next: next))
    case .failure(let unreachable):
      lines.append(text.noManagerToEnable(unreachable))
      lines.append("  systemctl --user daemon-reload")
      lines.append("  systemctl --user enable --now \(names.joined(separator: " "))")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension TimerInstallation.Removed {
  /// What `timer uninstall` prints.
  func report(_ text: TimerText) -> String {
    var lines = disabled ? [text.stoppedAndDisabled(stopped)] : []
    lines += removed.map(text.removed)
    if removed.isEmpty { lines.append(text.nothingToRemove) }
    if let unreachable, !removed.isEmpty {
      lines.append(text.noManagerToStop(unreachable))
      if !stopped.isEmpty {
        lines.append("  systemctl --user disable --now \(stopped.joined(separator: " "))")
      }
      lines.append("  systemctl --user daemon-reload")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension TimerState {
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
