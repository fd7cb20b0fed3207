import Foundation
import RemindersCore
import RemindersMessages
import RemindersStore

#if canImport(Glibc)
  import Glibc
#endif

/// The files a front end was asked to work on (`--config`, `--deck`, `--state-dir`, `--lang`),
/// as the command line and the desktop app both take them.
public struct WorkspaceOptions: Equatable, Sendable {
  public var config: String?
  public var deck: String?
  public var stateDir: String?
  public var lang: String?

  public init(config: String? = nil, deck: String? = nil, stateDir: String? = nil, lang: String? = nil) {
    self.config = config
    self.deck = deck
    self.stateDir = stateDir
    self.lang = lang
  }
}

/// Why a workspace cannot be opened, besides the config's own errors (`StoreError`, thrown as
/// the config's reader throws them), in its own terms; each front end gives it words (and the
/// command line its exit code, docs/exit-codes.md).
public enum WorkspaceError: Error, Equatable {
  /// No home folder: `HOME` unusable and none in the user database.
  case homeUnknown(userID: UInt32)
  /// `TZ` names no zone this version reads (`time.zone` unset); `language` is the session's, the
  /// config being read by then.
  case unusableZone(String, language: Language)
  /// `--deck` names a file in a folder that is not there (a typo), never created.
  case deckFolderMissing(path: String, folder: String, language: Language)
}

extension Workspace {
  /// The workspace of `options` in `environment`: the paths, the validated config, the language
  /// (`--lang`, else the config's `language`, else the locale) and the day zone (config
  /// `time.zone`, else `TZ`, else the system's), as every command and the app open it.
  public static func open(
    _ options: WorkspaceOptions, environment: [String: String],
    notices: @escaping (Language) -> (Notice) -> Void
  ) throws -> Workspace {
    let paths: Paths
    do {
      paths = try Paths(
        environment: environment, config: options.config, deck: options.deck, stateDir: options.stateDir)
    } catch {
      throw WorkspaceError.homeUnknown(userID: error.userID)
    }
    // A config named with --config must be there; the default one may be missing (defaults).
    if let named = options.config, access(named, F_OK) != 0, errno == ENOENT {
      throw StoreError.unreadable(path: named, reason: .system(SystemError(call: "access", code: ENOENT)))
    }
    let configuration = try Configuration.load(path: paths.config, home: paths.home)
    let language = Language.resolve(
      lang: options.lang, configured: configuration.language, environment: environment)
    let day: DayZone
    do {
      day = try DayZone.resolve(configured: configuration.zoneIdentifier, environment: environment)
    } catch {
      throw WorkspaceError.unusableZone(error.value, language: language)
    }
    // A deck named in a folder that is not there is a typo (`~/Decks` for `~/decks`): said, for
    // reading front ends too, where it would look like an empty deck; never created. A missing
    // deck file in a folder that is there is an empty deck.
    if let named = options.deck {
      let folder = FileIO.parentDirectory(of: named)
      if !FileManager.default.fileExists(atPath: folder) {
        throw WorkspaceError.deckFolderMissing(path: named, folder: folder, language: language)
      }
    }
    return Workspace(
      paths: paths, configuration: configuration, dayClock: DayClock(zone: day.zone), zoneName: day.name,
      language: language, notices: notices(language))
  }
}

extension Language {
  /// The session's language as `Workspace.open` finds it, without failing: `--lang`, else the
  /// config's `language` (nil when it does not parse), else the locale.
  public static func resolve(lang: String?, configured: LanguageSetting?, environment: [String: String])
    -> Language
  {
    if let language = lang.flatMap(Language.init(rawValue:)) { return language }
    switch configured {
    case .ja?: return .ja
    case .en?: return .en
    case .auto?, nil: return Language.fromLocale(environment)
    }
  }
}
