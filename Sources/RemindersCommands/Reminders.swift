import ArgumentParser
import Foundation
import RemindersAlarmSound
import RemindersAnki
import RemindersApp
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersDesktopDBus
import RemindersMessages
import RemindersReports
import RemindersStore

/// `reminders`: the root command.
struct Reminders: ParsableCommand {
  static let configuration = CommandConfiguration.described(
    .reminders, name: "reminders",
    version: "0.1.0",
    subcommands: [
      Preview.self, Run.self, Watch.self, Export.self, Cards.self, Recall.self, TimerCommand.self,
      Doctor.self, Status.self, Review.self, Snooze.self, Stats.self, Focus.self, AlarmCommand.self,
      ConfigCommand.self, Lookup.self, CalendarCommand.self, FSRSCommand.self,
    ]
  )
}

/// The options every command takes, in one table: the parser (`GlobalOptions`), the raw
/// arguments' scanner (`RawArguments`) and the unit writer all read them from here, so that they accept and pass on the same.
enum GlobalOption: String, CaseIterable, Hashable {
  case config = "--config"
  case deck = "--deck"
  case stateDir = "--state-dir"
  case lang = "--lang"

  /// Whether the value names a file or folder (made absolute in the units `timer install` writes).
  var isPath: Bool { self != .lang }

  /// Why `value` is not acceptable, in `language`; nil when it is.
  func problem(with value: String, language: Language = .en) -> String? {
    switch self {
    case .lang:
      guard Language(rawValue: value) == nil else { return nil }
      return language.words.problem(.lang(value))
    case .config, .deck, .stateDir:
      guard value.isEmpty else { return nil }
      return language.words.problem(.emptyPath(option: rawValue, folder: self == .stateDir))
    }
  }
}

/// Options every command takes (see `GlobalOption`).
struct GlobalOptions: ParsableArguments {
  @Option(
    help: .catalogue(.config, valueName: "path"))
  var config: String?

  @Option(
    help: .catalogue(.deck, valueName: "path"))
  var deck: String?

  @Option(
    name: .customLong("state-dir"),
    help: .catalogue(.stateDir, valueName: "path"))
  var stateDir: String?

  @Option(
    help: .catalogue(.lang, valueName: "ja|en"))
  var lang: String?

  /// The options given, by name.
  var values: [GlobalOption: String] {
    var values: [GlobalOption: String] = [:]
    values[.config] = config
    values[.deck] = deck
    values[.stateDir] = stateDir
    values[.lang] = lang
    return values
  }

  func validate() throws {
    for option in GlobalOption.allCases {
      if let value = values[option],
        let problem = option.problem(with: value, language: CommandLanguage.current)
      {
        throw ValidationError(problem)
      }
    }
  }
}

/// `--now`, on commands that depend on the current time.
struct TimeOptions: ParsableArguments {
  @Option(
    help: .catalogue(.now, valueName: "time"))
  var now: String?

  /// The flag's name, for `run`'s fast path.
  static let flag = "--now"

  func validate() throws {
    if let now, Timestamp.parse(now) == nil, LocalDateTime(now) == nil {
      throw ValidationError(.now(now))
    }
  }

  /// The moment: `--now` (with an offset, or a local time in the day zone), else the clock.
  func instant(in clock: DayClock) -> Date { now.flatMap { Timestamp.parse($0, localIn: clock) } ?? Date() }
}

/// What one command knows: where the files are, the validated config, the day clock, the
/// session's language.
struct Invocation {
  let environment: [String: String]
  let paths: Paths
  let configuration: Configuration
  let clock: DayClock
  let zoneName: String
  /// The session's language: `--lang`, else the config's `language`, else the locale.
  let language: Language
  /// The files, config, day clock and language the use cases of RemindersApp work on
  /// (`Workspace.open`); what they say on the way is printed to stderr here.
  let workspace: Workspace

  /// Every text, in the session's language.
  var words: any Catalogue { language.words }

  /// The language, day clock and zone name the reports are said in.
  var locale: ReportLocale { ReportLocale(language: language, clock: clock, zoneName: zoneName) }

  init(_ options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
    try self.init(options.values, environment: environment)
  }

  init(_ options: [GlobalOption: String], environment: [String: String]) throws {
    self.environment = environment
    let opened: Workspace
    do {
      opened = try Workspace.open(
        WorkspaceOptions(
          config: options[.config], deck: options[.deck], stateDir: options[.stateDir], lang: options[.lang]),
        environment: environment,
        notices: { language in { ExitStatus.say(NoticeText(language: language).text($0)) } })
    } catch let error as WorkspaceError {
      switch error {
      case .homeUnknown(let userID):
        // Without a home there is no config to ask: `--lang`'s language, or the locale's.
        let language = Language.resolve(lang: options[.lang], configured: nil, environment: environment)
        throw CommandFailure(language.words.homeUnknown(userID: userID), code: ExitStatus.unavailable)
      case .unusableZone(let value, let language):
        throw UsageError(language.words.unusableTZ(value))
      case .deckFolderMissing(let path, let folder, let language):
        throw CommandFailure(
          language.words.folderMissing(path: path, folder: folder), code: ExitStatus.ioError)
      }
    }
    workspace = opened
    paths = opened.paths
    configuration = opened.configuration
    language = opened.language
    clock = opened.dayClock
    zoneName = opened.zoneName
  }

  var deckStore: DeckStore {
    DeckStore(path: paths.deck, lockPath: paths.lock, indexPath: paths.cacheDir + "/deck-index")
  }
  var ledgerStore: LedgerStore { LedgerStore(path: paths.ledger, lockPath: paths.lock) }
  var ledgerFile: LedgerFile { LedgerFile(store: ledgerStore, clock: clock) }

  /// How `status`, `preview` and `doctor` say where Anki's counts come from.
  func ankiReport(_ status: AnkiStatus?, now: Date) -> AnkiReport? {
    guard let status, let settings = configuration.anki else { return nil }
    return AnkiReport(status: status, settings: settings, clock: clock, language: language, now: now)
  }

  var deliveryRun: DeliveryRun { workspace.deliveryRun }

  /// The desktop of this session: its notification server, over libdbus. The commands reach it
  /// only through `SessionDesktop` and the sender protocols, never the bus itself.
  var desktop: SessionDesktop { SessionDesktop.onSessionBus(environment: environment) }

  /// Where GeoClue2 says this session is, over the system bus.
  var locator: any LocationSource { GeoClueLocator(environment: environment) }

  /// The files and the desktop of this session, as `run` delivers to them.
  var deliveryWorld: DeliveryRun.World {
    let watchLock = paths.watchLock
    let workspace = workspace
    let reviewLock = workspace.deckStore.sessionLockPath
    return DeliveryRun.World(
      ledger: ledgerFile, desktop: { [desktop] in desktop.reach() },
      isWatched: { FileLock.isHeld(watchLock) },
      calendar: FallbackCalendarFile(
        path: configuration.fallbackPath ?? paths.defaultFallback, language: language),
      sound: AlarmSoundLoop(configured: configuration.alarmSound, environment: environment),
      isReviewing: { FileLock.isHeld(reviewLock, evenShared: true) },
      dripCard: { try? workspace.dripCard(at: $0) })
  }
}

/// The session's language where no `Invocation` has it: resolved from the arguments, the
/// environment and (for errors) the config, each time it is asked, never kept.
enum SessionLanguage {
  /// The language of an error's message, as the command that failed spoke: `--lang`, else the
  /// config's `language` when the config parses, else the locale; an error reading the config
  /// is so said in the language of the arguments and the locale.
  static func forErrors(arguments: [String], environment: [String: String]) -> Language {
    RawArguments(arguments).language(environment: environment)
  }
}
