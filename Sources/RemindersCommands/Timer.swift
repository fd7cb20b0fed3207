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
      let words = TimerCommand.language(global).words
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
      let words = language.words
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

    func validate() throws { try CommandLinePath.check(exec, option: "--exec") }

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
    let words = TimerCommand.language(global).words
    let binary = try executable.map(absolute) ?? runningBinary(words)
    let values = global.values
    var arguments: [String] = []
    for option in GlobalOption.allCases {
      guard let value = values[option] else { continue }
      arguments += [option.rawValue, option.isPath ? absolute(value) : value]
    }
    for word in [binary] + arguments where word.contains(where: \.isNewline) {
      throw UsageError(words.unitPathHasLineBreak(word.debugDescription))
    }
    return TimerUnits(executable: binary, arguments: arguments)
  }

  /// The absolute path of the running binary, symbolic links resolved (`/proc/self/exe`), so
  /// that the timer keeps working from any folder and whatever `PATH` the user manager has.
  static func runningBinary(_ words: any TimerMessages) throws -> String {
    if let path = try? FileIO.linkTarget(of: "/proc/self/exe") { return path }
    let argument = CommandLine.arguments[0]
    guard argument.contains("/") else {
      throw UsageError(words.binaryNotFound)
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
