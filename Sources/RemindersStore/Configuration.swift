import Foundation
import RemindersCore
import RemindersMessages

/// `language` in the config: a fixed language, or `auto` (from the locale).
public enum LanguageSetting: String, Sendable, Equatable {
  case ja, en, auto
}

/// The config file, validated: every value is checked when it is read, not when it is used.
public struct Configuration: Equatable, Sendable {
  /// `time.zone`; `nil` means the system zone.
  public var zoneIdentifier: String?
  public var schedule: Schedule
  public var language: LanguageSetting
  /// `fallback.path`; `nil` means the default.
  public var fallbackPath: String?
  /// `review.terminal`: the command that runs the rest of its arguments in a terminal; nil means
  /// the first found of `TerminalCommand.candidates`.
  public var reviewTerminal: [String]? = nil
  /// `review.relearn_after`: a card forgotten in a review session comes back after this many
  /// other items of the session (docs/commands.md#relearning-in-the-session).
  public var relearnAfter = 3
  /// `study.learn_ahead`: under FSRS, how soon a card in a learning step must be due for a
  /// session to show it early when nothing else is left (Anki's learn-ahead limit; seconds;
  /// docs/scheduling.md#the-session-under-fsrs).
  public var learnAhead = 1200
  /// `review.in`: where a click on a daily or recall pop-up starts the review: the pop-up itself
  /// (`"popup"`, the default) or a terminal (`"terminal"`) (docs/delivery.md).
  public var reviewIn: ReviewPlace = .popup
  /// `[focus]`: the lengths `reminders focus` starts with, and `hold_reminders` (docs/focus-and-stats.md).
  public var focus: FocusSettings = .standard
  /// `[anki]`: an Anki collection whose due cards the daily reminder counts (docs/anki.md).
  public var anki: AnkiSettings? = nil
  /// `alarm.sound`: the command an alarm's sound plays with (nil: the first player found; empty:
  /// no sound) (docs/alarms.md).
  public var alarmSound: [String]? = nil
  /// `alarm.location_timeout`: how long a place check waits for GeoClue, in seconds.
  public var locationTimeout = 30
  /// `study.new_per_day` and `study.new_per_collection`: how many new cards a day brings
  /// (docs/scheduling.md).
  public var newCards: NewCardLimits = .standard
  /// `study.scheduler` and `[study.fsrs]`: the ladder, or FSRS-6 with its settings
  /// (docs/scheduling.md).
  public var studyScheduler: StudyScheduler = .ladder
  /// `[study.fsrs]`'s settings, checked and kept whichever scheduler is chosen (`fsrs optimize`
  /// fits and reports them under the ladder too).
  public var fsrsSettings: FSRSScheduler = .standard
  /// `study.fsrs.fitted`: the day `fsrs optimize --apply` fitted the parameters (nil: never, or
  /// set by hand).
  public var fsrsFitted: Day? = nil
  /// Whether the file sets `study.fsrs.parameters` (else FSRS-6's defaults are in use).
  public var fsrsParametersSet = false
  /// `dictionary.path`: the EDICT file `lookup` and `cards add FRONT` read (docs/dictionary.md).
  public var dictionaryPath = Configuration.standardDictionary
  /// `cards.candidates`: how many candidates a lookup offers, 1 to 5.
  public var candidates = 3
  /// `[calendar]`: the CalDAV calendar `run` keeps in step with the plan (docs/calendar.md).
  public var calendar: CalendarSettings? = nil
  /// `export.path`: the feed `run` rewrites whenever the plan changed (docs/calendar.md).
  public var exportPath: String? = nil

  /// Where Debian's `edict` package puts the dictionary.
  public static let standardDictionary = "/usr/share/edict/edict"

  public static let standard = Configuration(
    zoneIdentifier: nil, schedule: .standard, language: .auto, fallbackPath: nil)

  public init(zoneIdentifier: String?, schedule: Schedule, language: LanguageSetting, fallbackPath: String?) {
    self.zoneIdentifier = zoneIdentifier
    self.schedule = schedule
    self.language = language
    self.fallbackPath = fallbackPath
  }

  /// The keys a config may hold, by table.
  static let knownKeys: [String: Set<String>] = [
    "": [
      "language", "time", "daily", "window", "quiet", "recall", "fallback", "snooze", "review", "focus",
      "anki",
      "alarm", "study", "dictionary", "cards", "calendar", "export",
    ],
    "time": ["zone"], "daily": ["time", "persist", "again"], "window": ["start", "end"], "quiet": ["hours"],
    "recall": ["coalesce", "after_wrong"], "fallback": ["path"], "snooze": ["after"],
    "review": ["terminal", "relearn_after", "in", "drip"],
    "focus": ["minutes", "break", "long_break", "long_every", "hold_reminders"],
    "anki": ["collection", "decks", "command"],
    "alarm": ["sound", "location_timeout"],
    "study": ["new_per_day", "new_per_collection", "scheduler", "learn_ahead", "fsrs"],
    "dictionary": ["path"], "cards": ["candidates"],
    "calendar": ["url", "username", "password_command", "ca_file", "days"], "export": ["path"],
  ]

  /// Reads the config at `path`; a missing file means the defaults.
  public static func load(path: String, home: String) throws -> Configuration {
    guard let bytes = try FileIO.read(path) else { return .standard }
    return try parse(bytes, path: path, home: home)
  }

  /// Parses and validates the bytes of a config file: its one parse (`document(of:path:)`), then
  /// its settings.
  public static func parse(_ bytes: [UInt8], path: String, home: String) throws -> Configuration {
    try parse(document(of: bytes, path: path), path: path, home: home)
  }

  /// The TOML document of a config file's bytes: UTF-8 text (a byte-order mark is skipped), which
  /// is checked here, since decoding would silently replace a bad byte with U+FFFD.
  /// `StoreError.badConfig` with the line and column where they are no UTF-8 (`notUTF8`) or no
  /// TOML.
  public static func document(of bytes: [UInt8], path: String) throws -> TOMLDocument {
    try bytes.withUnsafeBufferPointer { buffer in
      if let bad = UTF8Check.firstInvalidOffset(buffer) {
        throw StoreError.badConfig(
          path: path, key: nil, at: UTF8Check.position(of: bad, in: buffer), problem: .notUTF8)
      }
    }
    do {
      return try TOMLDocument(bytes)
    } catch {
      throw syntaxError(error, in: bytes, path: path)
    }
  }

  /// `TOMLDocument`'s refusal of a config file's bytes, as `StoreError.badConfig` with its line
  /// and column.
  public static func syntaxError(_ failure: TOMLDocument.Failure, in bytes: [UInt8], path: String)
    -> StoreError
  {
    .badConfig(
      path: path, key: nil,
      at: bytes.withUnsafeBufferPointer { UTF8Check.position(of: failure.offset, in: $0) },
      problem: failure.problem)
  }
}
