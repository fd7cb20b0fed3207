import Foundation
import RemindersAnki
import RemindersApp
import RemindersDelivery
import RemindersDesktop
import RemindersMessages
import RemindersStore

#if canImport(Glibc)
  import Glibc
#endif

/// What a use case refuses, in the session's language.
public struct AppErrorText {
  public let language: Language

  public init(language: Language) { self.language = language }

  public func text(_ error: AppError) -> String {
    switch error {
    case .focusRunning: return language.words.focusRunning
    case .cardFile(let path, let problem): return "\(path):\(problem.line): \(problem.text(language))"
    case .noSuchCollection(let name, let path, let nearest, let collections):
      return language.words.noSuchCollection(name, deck: path, nearest: nearest, collections: collections)
    }
  }
}

/// What a use case said on the way, in the session's language: the file's error, then what
/// was done about it.
public struct NoticeText {
  public let language: Language

  public init(language: Language) { self.language = language }

  public func text(_ notice: Workspace.Notice) -> String {
    let words = language.words
    let errors = StoreErrorText(language: language)
    switch notice {
    case .focusLeftOut(let error): return words.focusLeftOut(errors.text(error))
    case .focusSetAside(let error, let aside): return words.focusSetAside(errors.text(error), as: aside)
    case .alarmsLeftOut(let error): return words.alarmsLeftOut(errors.text(error))
    case .ankiLeftOut(let error, let counted):
      return words.ankiLeftOut(error.text(language), counted: counted)
    }
  }
}

/// A file error in the session's language: the frame and the reason are the catalogue's; what
/// the iCalendar reader and the system said in their own words is kept as data inside ours.
public struct StoreErrorText {
  public let language: Language

  public init(language: Language) { self.language = language }

  public func text(_ error: StoreError) -> String {
    let words = language.words
    switch error {
    case .corrupt(let path, let at, let reason):
      return words.corrupt(place: at.map { "\(path):\($0)" } ?? path, reason: words.contentProblem(reason))
    case .badConfig(let path, let key, let at, let problem):
      return words.badConfig(
        place: at.map { "\(path):\($0)" } ?? path, key: key, reason: words.configProblem(problem))
    case .unreadable(let path, let reason):
      return words.unreadable(path: path, problem: problem(reason))
    case .writeFailed(let path, let reason):
      return words.cannotWrite(path: path, problem: problem(reason))
    case .locked(let path, let seconds):
      return words.locked(path: path, seconds: seconds)
    }
  }

  /// What the system said stays as it said it, but for the commonest cases.
  public func problem(_ problem: FileProblem) -> String {
    let trouble: FileTrouble
    switch problem {
    case .system(let error) where error.code == ENOENT: trouble = .missing(system: error.description)
    case .system(let error) where error.code == ENOSPC: trouble = .noSpace(system: error.description)
    case .system(let error) where error.code == EACCES: trouble = .denied(system: error.description)
    case .system(let error): trouble = .system(error.description)
    case .notRegularFile(let kind): trouble = .notRegularFile(FileKindName(kind))
    case .danglingLink(let target): trouble = .danglingLink(target: target)
    }
    return language.words.fileProblem(trouble)
  }
}

/// What `config set` and `config unset` refuse, and the app's Settings page the same way, in
/// the session's language (docs/configuration.md).
public struct SettingsErrorText {
  public let language: Language

  public init(language: Language) { self.language = language }

  /// The refusal's line; `path` is the config file's.
  public func text(_ error: SettingsError, path: String) -> String {
    let words = language.words
    switch error {
    case .unknownKey(let key, let nearest):
      return words.unknownSetting(key, nearest: nearest)
    case .notOfKind(let key, let value, let kind):
      let word: SettingKindWord =
        switch kind {
        case .flag: .flag
        case .whole: .whole
        case .number: .number
        case .text, .texts, .command, .toml: .toml
        }
      return words.settingNotOfKind(key, value: value, kind: word)
    case .outsideWindow(let key, let daily, let start, let end):
      return words.dailyOutsideWindow(
        key: key, daily: daily.description, start: start.description, end: end.description)
    case .refused(let store):
      return StoreErrorText(language: language).text(store)
    case .unsupported(let key):
      return words.settingFormUnsupported(key, path: path)
    }
  }
}

/// Any error a use case throws, as one line in the session's language: what the desktop app
/// shows where the command line would print it and exit (the command line adds the exit code,
/// docs/exit-codes.md).
public struct ErrorWords {
  public let language: Language

  public init(language: Language) { self.language = language }

  public func line(_ error: any Error) -> String {
    let words = language.words
    switch error {
    case let error as StoreError: return StoreErrorText(language: language).text(error)
    case let error as AppError: return AppErrorText(language: language).text(error)
    case let error as AnkiConfigError: return AnkiErrorText(language: language).text(error)
    case let error as WorkspaceError:
      switch error {
      case .homeUnknown(let userID): return words.homeUnknown(userID: userID)
      case .unusableZone(let value, _): return words.unusableTZ(value)
      case .deckFolderMissing(let path, let folder, _): return words.folderMissing(path: path, folder: folder)
      }
    case let error as SendFailure: return error.text(language)
    case let error as GeoClueError: return error.text(language)
    case let error as WatchFailure:
      switch error {
      case .notAllowed(let bus), .stopped(let bus): return bus.text(language)
      case .unreachable(let failure): return failure.text(language)
      }
    default: return String(describing: error)
    }
  }
}
