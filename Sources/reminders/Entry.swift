import ArgumentParser
import Foundation
import RemindersAnki
import RemindersApp
import RemindersCore
import RemindersStore
import RemindersSystemd

#if canImport(Glibc)
  import Glibc
#endif

/// The process entry: parse, run one command, and turn every error into one `reminders:` line on
/// stderr and the exit code of docs/exit-codes.md.
@main
enum Entry {
  static func main() {
    do {
      if let run = Run.fastPath(Array(CommandLine.arguments.dropFirst())) {
        try run()
        exit(0)
      }
      var command = try Reminders.parseAsRoot()
      try command.run()
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

  static func report(_ error: Error) -> Int32 {
    switch error {
    case let error as StoreError:
      say(StoreErrorText(language: SessionLanguage.current).text(error))
      switch error {
      case .corrupt, .badConfig, .unreadable: return dataError
      case .writeFailed: return ioError
      case .locked: return locked
      }
    case let error as SystemdError:
      if case .file(let error) = error { return report(error) }
      say(TimerText(SessionLanguage.current).error(error))
      return failure
    case let error as AnkiConfigError:
      say(AnkiErrorText(language: SessionLanguage.current).text(error))
      return dataError
    case let error as AppError:
      say(AppErrorText(language: SessionLanguage.current).text(error))
      switch error {
      case .focusRunning: return usage
      case .cardFile: return dataError
      }
    case let error as CommandFailure:
      say(error.description)
      return error.code
    case let error as UsageError:
      say(error.description)
      return usage
    case let error as ExitCode:
      return error.rawValue
    default:
      // The parser's words: help pages and its messages, in the language of the command line.
      let parser = ParserText(
        language: CommandLanguage.current, environment: ProcessInfo.processInfo.environment)
      let code = Reminders.exitCode(for: error)
      if code == .success {
        print(parser.page(Reminders.fullMessage(for: error, columns: parser.parserColumns)))
        return 0
      }
      // A refused command line (64) in the parser's words, unless a command's own check refused it.
      let said = Reminders.message(for: error)
      let own = ParserText.ownCheck(in: error)?.message
      let message =
        (code == .validationFailure ? own ?? parser.message(said) : said)
        .split(separator: "\n").first.map(String.init) ?? "\(error)"
      say(message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message)
      return code == .validationFailure ? usage : code.rawValue
    }
  }

  /// Prints one line to stderr, prefixed `reminders: `.
  static func say(_ message: String) {
    let line = "reminders: " + message.replacingOccurrences(of: "\n", with: " ") + "\n"
    FileHandle.standardError.write(Data(line.utf8))
  }
}

/// What a use case refuses, in the session's language.
struct AppErrorText {
  let language: Language

  func text(_ error: AppError) -> String {
    switch error {
    case .focusRunning:
      return language == .ja
        ? "集中セッションが進行中です（reminders focus stop で終了できます）"
        : "a focus session is running (reminders focus stop ends it)"
    case .cardFile(let path, let problem): return "\(path):\(problem.line): \(problem.text(language))"
    }
  }
}

/// What a use case said on the way, in the session's language: the file's error, then what
/// was done about it.
struct NoticeText {
  let language: Language

  func text(_ notice: Workspace.Notice) -> String {
    let ja = language == .ja
    let errors = StoreErrorText(language: language)
    switch notice {
    case .focusLeftOut(let error):
      return errors.text(error)
        + (ja
          ? "（集中セッションは無視します。reminders focus stop でこのファイルを脇に置きます）"
          : " (the focus session is left out; reminders focus stop puts this file aside)")
    case .focusSetAside(let error, let aside):
      return errors.text(error) + (ja ? "（\(aside) として脇に置きました）" : " (put aside as \(aside))")
    case .alarmsLeftOut(let error):
      return errors.text(error)
        + (ja
          ? "（新しいアラームは鳴りません。鳴っているアラームは鳴り続けます。ファイルを直すか消してください）"
          : " (no alarm starts ringing until it is fixed or removed; alarms ringing now go on)")
    }
  }
}

/// A file error in the session's language. The parsers' own words for what they expected stay
/// as they wrote them (English); the frame around them is translated.
struct StoreErrorText {
  let language: Language

  func text(_ error: StoreError) -> String {
    guard language == .ja else { return error.description }
    switch error {
    case .corrupt(let path, let at, let reason):
      return "\(at.map { "\(path):\($0)" } ?? path): 内容を読み取れません: \(reason)"
    case .badConfig(let path, let key, let at, let reason):
      let place = at.map { "\(path):\($0)" } ?? path
      return "\(place): 設定が正しくありません: " + [key, reason].compactMap { $0 }.joined(separator: ": ")
    case .unreadable(let path, let reason):
      return "\(path): 読めません: \(problem(reason))"
    case .writeFailed(let path, let reason):
      return "\(path): 書き込めません: \(problem(reason))"
    case .locked(let path, let seconds):
      return "\(path): 別の reminders の処理が \(seconds) 秒を超えてロックを保持していました"
    }
  }

  /// What the system said stays as it said it, but for the commonest cases.
  func problem(_ problem: FileProblem) -> String {
    switch problem {
    case .system(let error) where error.code == ENOENT: return "ファイルがありません"
    case .system(let error) where error.code == ENOSPC: return "ディスクに空きがありません（\(error)）"
    case .system(let error) where error.code == EACCES: return "権限がありません（\(error)）"
    case .system(let error): return error.description
    case .notRegularFile(let kind): return "通常のファイルではありません（\(kind.japanese)）"
    case .danglingLink(let target): return "\(target) へのシンボリックリンクですが、その置き場所のフォルダーがありません"
    }
  }
}
