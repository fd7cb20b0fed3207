import ArgumentParser
import Foundation
import RemindersAnki
import RemindersApp
import RemindersCore
import RemindersMessages
import RemindersReports
import RemindersStore
import RemindersSystemd
import RemindersTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// The process entry: parse, run one command, and turn every error into one `reminders:` line on
/// stderr and the exit code of docs/exit-codes.md.
public enum Entry {
  /// Runs the command line of this process and exits with its code.
  public static func main() -> Never {
    StandardStreams.guardDescriptors()
    do {
      let arguments = RawArguments.commandFirst(Array(CommandLine.arguments.dropFirst()))
      if let run = Run.fastPath(arguments) {
        try run()
        try StandardStreams.flush()
        exit(0)
      }
      var command = try Reminders.parseAsRoot(arguments)
      try command.run()
      // Output refused (a full disk, a closed stream) is a failed command, not a success.
      try StandardStreams.flush()
      exit(0)
    } catch {
      exit(ExitStatus.report(error))
    }
  }
}

/// A usage problem found after parsing (an unknown card id, a bad `--at`): exit 64.
struct UsageError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// A failure with its own exit code (`reminders watch`: 69 without a bus, 77 when it may
/// not monitor it, 75 when another runs).
struct CommandFailure: Error, CustomStringConvertible {
  var description: String
  var code: Int32
  init(_ description: String, code: Int32) {
    self.description = description
    self.code = code
  }
}

/// The one place where errors become messages and exit codes.
enum ExitStatus {
  static let usage: Int32 = 64
  static let dataError: Int32 = 65
  static let ioError: Int32 = 74
  /// `reminders watch` has no bus to watch (EX_UNAVAILABLE).
  static let unavailable: Int32 = 69
  /// `reminders watch` may not monitor the bus (EX_NOPERM); its unit does not restart it then.
  static let noPermission: Int32 = 77
  static let locked: Int32 = 75
  /// Any other failure (ArgumentParser's `ExitCode.failure`): a unit in the way, a failed
  /// `systemctl --user` call.
  static let failure: Int32 = 1

  /// Says `error` in the session's language (`SessionLanguage.forErrors`) and gives its exit code.
  static func report(_ error: Error) -> Int32 {
    report(error) {
      SessionLanguage.forErrors(
        arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
    }
  }

  /// `report`, the language found only when the error is one whose words it chooses.
  /// `code` once what `print` buffered is written; 74 and one line when the output is refused.
  static func flushed(_ code: Int32, language: () -> Language) -> Int32 {
    do {
      try StandardStreams.flush()
      return code
    } catch {
      return report(error, language: language)
    }
  }

  static func report(_ error: Error, language: () -> Language) -> Int32 {
    switch error {
    case let error as StoreError:
      say(StoreErrorText(language: language()).text(error))
      switch error {
      case .corrupt, .badConfig, .unreadable: return dataError
      case .writeFailed: return ioError
      case .locked: return locked
      }
    case let error as SystemdError:
      if case .file(let error) = error { return report(error, language: language) }
      say(TimerText(language()).error(error))
      return failure
    case let error as AnkiConfigError:
      say(AnkiErrorText(language: language()).text(error))
      return dataError
    case let error as AppError:
      say(AppErrorText(language: language()).text(error))
      switch error {
      case .focusRunning, .noSuchCollection: return usage
      case .cardFile: return dataError
      }
    case let error as CommandFailure:
      say(error.description)
      return error.code
    case let error as UsageError:
      say(error.description)
      return usage
    case let error as IDLookupError:
      say(error.description)
      return usage
    case let error as ExitCode:
      // `doctor`'s verdict and the like: what was printed must have been written first.
      return flushed(error.rawValue, language: language)
    default:
      // The parser's words: help pages and its messages, in the language of the command line.
      let parser = ParserText(
        language: CommandLanguage.current, environment: ProcessInfo.processInfo.environment)
      let code = Reminders.exitCode(for: error)
      if code == .success {
        print(parser.page(Reminders.fullMessage(for: error, columns: parser.parserColumns)))
        return flushed(0, language: language)
      }
      // A refused command line (64) in the parser's words, unless a command's own check refused it.
      let said = Reminders.message(for: error)
      // A command's name mistyped: the parser says "Unexpected argument", or finds fault with
      // the options after it first; said with the nearest command's name, as an option's is.
      if code == .validationFailure,
        let unknown = UnknownCommand.find(in: RawArguments.ofProcess.others, root: Reminders.self)
      {
        say(parser.words.unknownCommand(unknown.word, suggestion: unknown.nearest))
        return usage
      }
      let own = ParserText.ownCheck(in: error)?.message
      let message =
        (code == .validationFailure ? own ?? parser.message(said) : said)
        .split(separator: "\n").first.map(String.init) ?? "\(error)"
      say(message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message)
      return code == .validationFailure ? usage : code.rawValue
    }
  }

  /// Prints one line to stderr, prefixed `reminders: `. A message may quote data (a card id as
  /// typed, a path, a line of a file): its control and bidi characters are shown, not obeyed.
  static func say(_ message: String) {
    let line = "reminders: " + VisibleCharacters.of(message.replacingOccurrences(of: "\n", with: " ")) + "\n"
    FileHandle.standardError.write(Data(line.utf8))
  }
}
