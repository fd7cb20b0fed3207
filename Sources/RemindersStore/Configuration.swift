import Foundation
import RemindersCore
import TOMLKit

/// `language` in the config: a fixed language, or `auto` (from the locale).
public enum LanguageSetting: String, Sendable, Equatable {
  case ja, en, auto
}

/// `[calendar]`: the CalDAV calendar collection `run` publishes the plan to (docs/calendar.md).
public struct CalendarSettings: Equatable, Sendable {
  /// The collection's address, ending with `/`.
  public var url: String
  public var username: String? = nil
  /// The command whose first line of output is the password; the password itself is never kept.
  public var passwordCommand: [String]? = nil
  /// A PEM file of CA certificates trusted besides the system's.
  public var caFile: String? = nil
  /// The days of plan the calendar holds, today included.
  public var days = 14

  public init(url: String) { self.url = url }

  /// A calendar's address in its parts: `http` or `https`, the origin (`https://host:port`,
  /// what requests go to), the host (an IPv6 literal without its brackets) and the path, which
  /// ends with `/`.
  public struct Address: Equatable, Sendable {
    public var scheme: String
    public var origin: String
    public var host: String
    public var path: String
  }

  /// The parts of `url`, or nil when it is no `http://` or `https://` address with a host, or
  /// holds a user, a password, a query or a fragment. (Read by hand, not by Foundation's URL:
  /// the config is read on every run, and URL's parser costs an idle run 2% more.)
  public static func address(_ url: String) -> Address? {
    // Bytes, ASCII only where it matters: Unicode case mapping and character classes cost an idle
    // run more than the rest of the config.
    let bytes = Array(url.utf8)
    func lower(_ slice: ArraySlice<UInt8>) -> String {
      String(decoding: slice.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
    guard
      !bytes.contains(where: {
        $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
      })
    else { return nil }
    let scheme: String
    if lower(bytes.prefix(8)) == "https://" {
      scheme = "https"
    } else if lower(bytes.prefix(7)) == "http://" {
      scheme = "http"
    } else {
      return nil
    }
    let rest = bytes[(scheme.count + 3)...]
    let authority = rest.prefix { $0 != UInt8(ascii: "/") }
    let path = rest[authority.endIndex...]
    guard !authority.isEmpty, !authority.contains(UInt8(ascii: "@")) else { return nil }
    var host = authority
    var port: ArraySlice<UInt8>?
    if authority.first == UInt8(ascii: "[") {
      guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { return nil }
      host = authority[(authority.startIndex + 1)..<close]
      let after = authority[(close + 1)...]
      guard after.isEmpty || after.first == UInt8(ascii: ":") else { return nil }
      if !after.isEmpty { port = after.dropFirst() }
      let hex = Array("0123456789abcdefABCDEF:.".utf8)
      guard !host.isEmpty, host.allSatisfy(hex.contains) else { return nil }
    } else if let colon = authority.firstIndex(of: UInt8(ascii: ":")) {
      host = authority[..<colon]
      port = authority[(colon + 1)...]
    }
    let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
    guard !host.isEmpty,
      port.map({
        !$0.isEmpty && $0.count <= 5 && $0.allSatisfy(digits.contains)
          && Int(String(decoding: $0, as: UTF8.self))! <= 65535
      }) ?? true
    else { return nil }
    let pathText = String(decoding: path, as: UTF8.self)
    return Address(
      scheme: scheme, origin: scheme + "://" + lower(authority), host: lower(host),
      path: pathText.isEmpty ? "/" : pathText.hasSuffix("/") ? pathText : pathText + "/")
  }

  /// Whether `host` (as `address` gives it: lower case, no brackets) names this machine:
  /// `localhost`, 127.0.0.0/8 or ::1.
  public static func isLoopback(_ host: String) -> Bool {
    let name = host
    if name == "localhost" || name == "::1" { return true }
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
  }
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
  /// other items of the session (SPEC §10.2).
  public var relearnAfter = 3
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
    "study": ["new_per_day", "new_per_collection", "scheduler", "fsrs"],
    "dictionary": ["path"], "cards": ["candidates"],
    "calendar": ["url", "username", "password_command", "ca_file", "days"], "export": ["path"],
  ]

  /// Reads the config at `path`; a missing file means the defaults.
  public static func load(path: String, home: String) throws -> Configuration {
    guard let bytes = try FileIO.read(path) else { return .standard }
    return try parse(bytes, path: path, home: home)
  }

  /// Parses and validates the bytes of a config file: UTF-8 text (a byte-order mark is skipped),
  /// which is checked here, since decoding would silently replace a bad byte with U+FFFD.
  public static func parse(_ bytes: [UInt8], path: String, home: String) throws -> Configuration {
    try bytes.withUnsafeBufferPointer { buffer in
      if let bad = UTF8Text.firstInvalidOffset(buffer) {
        throw StoreError.badConfig(
          path: path, key: nil, at: UTF8Text.position(of: bad, in: buffer), reason: "expected UTF-8 text")
      }
    }
    return try parse(String(decoding: bytes, as: UTF8.self), path: path, home: home)
  }

  /// Parses and validates config text. Errors name `path` and the key (or line and column).
  public static func parse(_ source: String, path: String, home: String) throws -> Configuration {
    var source = source
    if source.unicodeScalars.first == "\u{FEFF}" { source.unicodeScalars.removeFirst() }
    let table = try TOMLText.parse(source, path: path)
    func fail(_ key: String, _ reason: String) -> StoreError {
      .badConfig(path: path, key: key, at: nil, reason: reason)
    }

    for key in table.keys where !(knownKeys[""]!.contains(key)) {
      throw fail(ErrorText.key(key), "unknown key")
    }
    for (name, keys) in knownKeys where !name.isEmpty {
      guard let value = table[name] else { continue }
      guard let sub = value.table else { throw fail(name, "expected a table [\(name)]") }
      for key in sub.keys where !keys.contains(key) {
        throw fail("\(name).\(ErrorText.key(key))", "unknown key")
      }
    }
    func lookup(_ dotted: String) -> TOMLValueConvertible? {
      let parts = dotted.split(separator: ".").map(String.init)
      if parts.count == 1 { return table[parts[0]] }
      return table[parts[0]]?.table?[parts[1]]
    }
    func text(_ dotted: String) throws -> String? {
      guard let value = lookup(dotted) else { return nil }
      guard let s = value.string else { throw fail(dotted, "expected a string in quotes") }
      return s
    }
    /// A file path: not empty; `~/` is the home folder.
    func filePath(_ dotted: String) throws -> String? {
      guard let value = try text(dotted) else { return nil }
      guard !value.isEmpty else { throw fail(dotted, "expected a file path") }
      return value.hasPrefix("~/") ? home + value.dropFirst(1) : value
    }
    func wallTime(_ dotted: String, _ standard: WallTime) throws -> WallTime {
      guard let s = try text(dotted) else { return standard }
      guard let t = WallTime(s) else {
        throw fail(dotted, "expected a time HH:MM from 00:00 to 23:59, got \(ErrorText.quoted(s))")
      }
      return t
    }
    func duration(_ dotted: String, _ standard: Int?, allowOff: Bool) throws -> Int? {
      guard let s = try text(dotted) else { return standard }
      if allowOff, s == "off" { return nil }
      guard let seconds = DurationText.parse(s) else {
        throw fail(
          dotted,
          "expected a duration such as 10m, 3h or 1h30m\(allowOff ? ", or off" : ""), got \(ErrorText.quoted(s))"
        )
      }
      return seconds
    }

    var config = Configuration.standard
    if let lang = try text("language") {
      guard let setting = LanguageSetting(rawValue: lang) else {
        throw fail("language", "expected ja, en or auto, got \(ErrorText.quoted(lang))")
      }
      config.language = setting
    }
    if let zone = try text("time.zone") {
      guard TimeZone(identifier: zone) != nil, zone.contains("/") || zone == "UTC" else {
        throw fail(
          "time.zone",
          "unknown time zone \(ErrorText.quoted(zone)) (expected an IANA name such as Asia/Tokyo)")
      }
      config.zoneIdentifier = zone
    }
    var schedule = Schedule.standard
    schedule.dailyTime = try wallTime("daily.time", schedule.dailyTime)
    schedule.windowStart = try wallTime("window.start", schedule.windowStart)
    schedule.windowEnd = try wallTime("window.end", schedule.windowEnd)
    guard schedule.windowStart < schedule.windowEnd else {
      throw fail("window.end", "\(schedule.windowEnd) is not after window.start \(schedule.windowStart)")
    }
    if let hours = lookup("quiet.hours") {
      guard let array = hours.array else {
        throw fail("quiet.hours", "expected a list such as [\"12:00-13:00\"]")
      }
      schedule.quietHours = try array.enumerated().map { i, item in
        guard let s = item.string, let range = QuietRange(s) else {
          throw fail(
            "quiet.hours[\(i)]",
            "expected a range \"HH:MM-HH:MM\" with different ends, got \(ErrorText.shown(item))")
        }
        return range
      }
    }
    schedule.recallCoalesce = try duration("recall.coalesce", schedule.recallCoalesce, allowOff: true) ?? 0
    schedule.recallAfterWrong = try duration("recall.after_wrong", schedule.recallAfterWrong, allowOff: true)
    if let persist = lookup("daily.persist") {
      guard let flag = persist.bool else { throw fail("daily.persist", "expected true or false") }
      schedule.dailyPersist = flag
    }
    if let again = try text("daily.again"), again != "off" {
      guard let time = WallTime(again) else {
        throw fail(
          "daily.again", "expected a time HH:MM from 00:00 to 23:59, or off, got \(ErrorText.quoted(again))")
      }
      schedule.dailyAgain = time
    }
    schedule.snoozeAfter =
      try duration("snooze.after", schedule.snoozeAfter, allowOff: false) ?? schedule.snoozeAfter
    guard schedule.hasAllowedMinute else {
      throw fail("quiet.hours", "the quiet hours cover the whole window, so no reminder could ever fire")
    }
    guard schedule.dailyTimeFitsWindow else {
      throw fail(
        "daily.time",
        "\(schedule.dailyTime) is at or after window.end \(schedule.windowEnd), so the daily reminder could never fire on its day (reminders config set daily.time \(schedule.dailyTime) --move-window moves the window)"
      )
    }
    config.schedule = schedule
    config.fallbackPath = try filePath("fallback.path")
    if let terminal = lookup("review.terminal") {
      guard let array = terminal.array, !array.isEmpty,
        case let words = array.compactMap(\.string), words.count == array.count, !words[0].isEmpty
      else {
        throw fail(
          "review.terminal",
          "expected a list of strings: the command that runs the rest in a terminal, such as [\"foot\"] or [\"xterm\", \"-e\"]"
        )
      }
      config.reviewTerminal = words
    }
    if let place = try text("review.in") {
      guard let value = ReviewPlace(rawValue: place) else {
        throw fail("review.in", "expected \"popup\" or \"terminal\"")
      }
      config.reviewIn = value
    }
    if let drip = try duration("review.drip", nil, allowOff: true) {
      guard drip >= 60 else { throw fail("review.drip", "expected a duration of 1m or more, or off") }
      config.schedule.drip = drip
    }
    config.dictionaryPath = try filePath("dictionary.path") ?? config.dictionaryPath
    if let candidates = lookup("cards.candidates") {
      guard let n = candidates.int, (1...5).contains(n) else {
        throw fail("cards.candidates", "expected a whole number from 1 to 5, such as 3")
      }
      config.candidates = n
    }
    if let after = lookup("review.relearn_after") {
      guard let n = after.int, n >= 0 else {
        throw fail("review.relearn_after", "expected a whole number, 0 or more, such as 3")
      }
      config.relearnAfter = n
    }
    for (key, standard) in [("minutes", 25.0), ("break", 5), ("long_break", 15)] {
      guard let value = lookup("focus.\(key)") else { continue }
      guard let minutes = value.int.map(Double.init) ?? value.double, minutes.isFinite, minutes > 0,
        minutes <= 1440
      else {
        throw fail("focus.\(key)", "expected a number of minutes greater than 0, such as \(Int(standard))")
      }
      let seconds = (minutes * 60).rounded()
      switch key {
      case "minutes": config.focus.focus = seconds
      case "break": config.focus.shortBreak = seconds
      default: config.focus.longBreak = seconds
      }
    }
    if let every = lookup("focus.long_every") {
      guard let n = every.int, n >= 1 else {
        throw fail("focus.long_every", "expected a whole number of at least 1")
      }
      config.focus.longEvery = n
    }
    if let hold = lookup("focus.hold_reminders") {
      guard let flag = hold.bool else { throw fail("focus.hold_reminders", "expected true or false") }
      config.focus.holdReminders = flag
    }
    if table["anki"] != nil {
      config.anki = try ankiSettings(text: text, lookup: lookup, fail: fail, home: home)
    }
    if let sound = lookup("alarm.sound") {
      guard let array = sound.array, case let words = array.compactMap(\.string), words.count == array.count,
        words.first.map({ !$0.isEmpty }) ?? true
      else {
        throw fail(
          "alarm.sound",
          "expected a list of strings: the command that plays a sound once, such as [\"paplay\", \"/usr/share/sounds/freedesktop/stereo/alarm-clock-elapsed.oga\"], or [] for none"
        )
      }
      config.alarmSound = words
    }
    if let timeout = try duration("alarm.location_timeout", nil, allowOff: false) {
      guard (1...600).contains(timeout) else {
        throw fail("alarm.location_timeout", "expected a duration from 1s to 10m")
      }
      config.locationTimeout = timeout
    }
    config.newCards = try newCardLimits(lookup: lookup, fail: fail)
    config.studyScheduler = try studyScheduler(table: table, text: text, fail: fail)
    if table["calendar"] != nil {
      config.calendar = try calendarSettings(text: text, filePath: filePath, lookup: lookup, fail: fail)
    }
    config.exportPath = try filePath("export.path")
    return config
  }

  /// `[calendar]`: a CalDAV calendar collection (`https://`, or `http://` on this machine only:
  /// a password must not cross a network in clear text), the user and the command that prints
  /// the password (both or neither), a CA file for a private CA, and the days it holds.
  static func calendarSettings(
    text: (String) throws -> String?, filePath: (String) throws -> String?,
    lookup: (String) -> TOMLValueConvertible?, fail: (String, String) -> StoreError
  ) throws -> CalendarSettings {
    guard let url = try text("calendar.url"), !url.isEmpty else {
      throw fail(
        "calendar.url",
        "expected the address of a CalDAV calendar, such as \"https://cloud.example.org/remote.php/dav/calendars/me/reminders/\""
      )
    }
    guard let address = CalendarSettings.address(url) else {
      throw fail(
        "calendar.url",
        "expected an address such as \"https://cloud.example.org/remote.php/dav/calendars/me/reminders/\" (no user, password or query in it), got \(ErrorText.quoted(url))"
      )
    }
    guard address.scheme == "https" || CalendarSettings.isLoopback(address.host) else {
      throw fail(
        "calendar.url",
        address.scheme == "http"
          ? "http:// is allowed only on this machine (127.0.0.1, ::1, localhost): use https://"
          : "expected https:// (or http:// on this machine), got \(ErrorText.quoted(url))")
    }
    var settings = CalendarSettings(url: url.hasSuffix("/") ? url : url + "/")
    settings.username = try text("calendar.username")
    if let command = lookup("calendar.password_command") {
      guard let array = command.array, !array.isEmpty, case let words = array.compactMap(\.string),
        words.count == array.count, !words[0].isEmpty
      else {
        throw fail(
          "calendar.password_command",
          "expected a list of strings: the command that prints the password, such as [\"secret-tool\", \"lookup\", \"service\", \"reminders\"]"
        )
      }
      settings.passwordCommand = words
    }
    if settings.username?.isEmpty == true {
      throw fail("calendar.username", "expected a user name")
    }
    if settings.username != nil, settings.passwordCommand == nil {
      throw fail(
        "calendar.password_command", "a calendar.username needs the command that prints its password")
    }
    if settings.username == nil, settings.passwordCommand != nil {
      throw fail("calendar.username", "a calendar.password_command needs the user name it is the password of")
    }
    settings.caFile = try filePath("calendar.ca_file")
    if let days = lookup("calendar.days") {
      guard let n = days.int, (1...366).contains(n) else {
        throw fail("calendar.days", "expected a whole number of days from 1 to 366, such as 14")
      }
      settings.days = n
    }
    return settings
  }

  /// `study.new_per_day` (a whole number, 0 or more) and `study.new_per_collection` (a table of
  /// collection names to whole numbers).
  static func newCardLimits(lookup: (String) -> TOMLValueConvertible?, fail: (String, String) -> StoreError)
    throws -> NewCardLimits
  {
    var limits = NewCardLimits.standard
    if let value = lookup("study.new_per_day") {
      guard let n = value.int, n >= 0 else {
        throw fail("study.new_per_day", "expected a whole number of new cards a day, 0 or more, such as 20")
      }
      limits.perDay = n
    }
    if let value = lookup("study.new_per_collection") {
      guard let table = value.table else {
        throw fail("study.new_per_collection", "expected a table such as { \"JLPT N5\" = 10 }")
      }
      for name in table.keys.sorted() {
        guard let n = table[name]?.int, n >= 0 else {
          throw fail(
            "study.new_per_collection.\(ErrorText.key(name))",
            "expected a whole number of new cards a day, 0 or more")
        }
        limits.perCollection[name] = n
      }
    }
    return limits
  }

  /// The keys of `[study.fsrs]`.
  static let fsrsKeys: Set<String> = [
    "parameters", "desired_retention", "learning_steps", "relearning_steps", "maximum_interval",
  ]

  /// `study.scheduler` and `[study.fsrs]`: every FSRS value is checked whichever scheduler is
  /// chosen, so that switching to `fsrs` later never meets a file that was wrong all along.
  static func studyScheduler(
    table: TOMLTable, text: (String) throws -> String?, fail: (String, String) -> StoreError
  ) throws -> StudyScheduler {
    var fsrs: [String: TOMLValueConvertible] = [:]
    if let value = table["study"]?.table?["fsrs"] {
      guard let sub = value.table else { throw fail("study.fsrs", "expected a table [study.fsrs]") }
      for key in sub.keys {
        guard fsrsKeys.contains(key) else { throw fail("study.fsrs.\(ErrorText.key(key))", "unknown key") }
        fsrs[key] = sub[key]
      }
    }
    var parameters = FSRSParameters.standard
    if let value = fsrs["parameters"] {
      let key = "study.fsrs.parameters"
      guard let array = value.array else {
        throw fail(key, "expected a list of 21 numbers, such as FSRS-6's defaults [0.212, 1.2931, …]")
      }
      let weights = try array.enumerated().map { i, item in
        guard let number = item.int.map(Double.init) ?? item.double else {
          throw fail("\(key)[\(i)]", "expected a number, got \(ErrorText.shown(item))")
        }
        return number
      }
      do {
        parameters = try FSRSParameters(weights)
      } catch .parameterCount(let count) {
        throw fail(key, "expected 21 numbers, got \(count)")
      } catch .parameterOutOfBounds(let index, let value, let lower, let upper) {
        throw fail("\(key)[\(index)]", "expected a number from \(lower) to \(upper), got \(value)")
      } catch {
        throw fail(key, "\(error)")
      }
    }
    var retention = 0.9
    if let value = fsrs["desired_retention"] {
      guard let number = value.int.map(Double.init) ?? value.double, number > 0, number < 1 else {
        throw fail(
          "study.fsrs.desired_retention",
          "expected a number between 0 and 1 (both excluded), such as 0.9, got \(ErrorText.shown(value))")
      }
      retention = number
    }
    func steps(_ name: String, _ standard: [Duration]) throws -> [Duration] {
      guard let value = fsrs[name] else { return standard }
      let key = "study.fsrs.\(name)"
      guard let array = value.array else {
        throw fail(key, "expected a list of durations such as [\"1m\", \"10m\"], or [] for none")
      }
      return try array.enumerated().map { i, item in
        guard let text = item.string, let seconds = DurationText.parse(text) else {
          throw fail(
            "\(key)[\(i)]", "expected a duration such as 1m, 10m or 1d, got \(ErrorText.shown(item))")
        }
        return .seconds(seconds)
      }
    }
    let learning = try steps("learning_steps", [.seconds(60), .seconds(600)])
    let relearning = try steps("relearning_steps", [.seconds(600)])
    var maximum = 36500
    if let value = fsrs["maximum_interval"] {
      guard let days = value.int, (1...FSRSScheduler.longestWaitDays).contains(days) else {
        throw fail(
          "study.fsrs.maximum_interval",
          "expected a whole number of days from 1 to \(FSRSScheduler.longestWaitDays), got \(ErrorText.shown(value))"
        )
      }
      maximum = days
    }
    let scheduler: FSRSScheduler
    do {
      scheduler = try FSRSScheduler(
        parameters: parameters, desiredRetention: retention, learningSteps: learning,
        relearningSteps: relearning, maximumInterval: maximum)
    } catch {
      // Each value was checked above as the scheduler checks it; this names the table if not.
      throw fail("study.fsrs", "\(error)")
    }
    switch try text("study.scheduler") {
    case nil, "ladder": return .ladder
    case "fsrs": return .fsrs(scheduler)
    case let other?:
      throw fail("study.scheduler", "expected ladder or fsrs, got \(ErrorText.quoted(other))")
    }
  }

  /// `[anki]`: the collection's path (`~/` is the home folder), the top-level decks counted, and
  /// the command that starts Anki. Whether the path names an Anki collection is checked when it
  /// is read (RemindersAnki), with this file and key in the message.
  static func ankiSettings(
    text: (String) throws -> String?, lookup: (String) -> TOMLValueConvertible?,
    fail: (String, String) -> StoreError, home: String
  ) throws -> AnkiSettings {
    guard let collection = try text("anki.collection"), !collection.isEmpty else {
      throw fail(
        "anki.collection",
        "expected the path of an Anki collection, such as \"~/.local/share/Anki2/User 1/collection.anki2\"")
    }
    var settings = AnkiSettings(
      collection: collection.hasPrefix("~/") ? home + collection.dropFirst(1) : collection)
    if let decks = lookup("anki.decks") {
      guard let array = decks.array, !array.isEmpty, case let names = array.compactMap(\.string),
        names.count == array.count, names.allSatisfy({ !$0.isEmpty && !$0.contains("::") })
      else {
        throw fail("anki.decks", "expected a list of top-level deck names, such as [\"日本語\"]")
      }
      settings.decks = names
    }
    if let command = lookup("anki.command") {
      if let word = command.string, !word.isEmpty {
        // One program name; a string with spaces would be taken as one name (no shell splits
        // it here), so it is refused with the list it should be, as `review.terminal` refuses
        // a string.
        guard !word.contains(where: \.isWhitespace) else {
          let words = word.split(whereSeparator: \.isWhitespace).map { "\"\($0)\"" }
          throw fail(
            "anki.command",
            "a string is one program name; for a command with arguments write a list, such as [\(words.joined(separator: ", "))]"
          )
        }
        settings.command = [word]
      } else if let array = command.array, !array.isEmpty, case let words = array.compactMap(\.string),
        words.count == array.count, !words[0].isEmpty
      {
        settings.command = words
      } else {
        throw fail(
          "anki.command",
          "expected the command that starts Anki: a string or a list of strings, such as [\"anki\"]")
      }
    }
    return settings
  }
}

/// `[anki]` in the config (docs/anki.md).
public struct AnkiSettings: Equatable, Sendable {
  /// `anki.collection`: the collection file (`collection.anki2`), `~/` expanded.
  public var collection: String
  /// `anki.decks`: the top-level decks counted; nil: all of them.
  public var decks: [String]?
  /// `anki.command`: what a daily pop-up's review action starts (default `anki`).
  public var command: [String]

  public init(collection: String, decks: [String]? = nil, command: [String] = ["anki"]) {
    self.collection = collection
    self.decks = decks
    self.command = command
  }
}

/// How an error message shows what a file holds: on one line, and short.
///
/// A file may hold anything, a 50 MB value or a line break inside a quoted key, and a message
/// must stay one line (docs/exit-codes.md); so every value, key or parser message an error quotes from a file
/// goes through here.
enum ErrorText {
  /// The most characters of a value a message shows.
  static let limit = 80

  /// `value` in double quotes, with quotes, backslashes and invisible characters escaped; a value
  /// that would show longer than `limit` characters is cut, followed by an ellipsis and its
  /// length: `"Asia/Tokyo…" (50000000 characters)`.
  static func quoted(_ value: String) -> String {
    let (shown, cut) = escaped(value, limit: limit)
    return cut ? "\"\(shown)\"… (\(value.unicodeScalars.count) characters)" : "\"\(shown)\""
  }

  /// A key as a message names it: as written when it is a bare key, else quoted.
  static func key(_ key: String) -> String {
    let bare = !key.isEmpty && key.utf8.count <= limit && key.utf8.allSatisfy(TOMLText.isBareKeyByte)
    return bare ? key : quoted(key)
  }

  /// A TOML value: a string quoted, anything else as TOML writes it, cut the same way.
  static func shown(_ value: any TOMLValueConvertible) -> String {
    if let string = value.string { return quoted(string) }
    return oneLine(value.debugDescription)
  }

  /// Text made one line of at most `limit` characters, ending with an ellipsis when cut.
  static func oneLine(_ text: String, limit: Int = limit) -> String {
    let (shown, cut) = escaped(text, limit: limit)
    return cut ? shown + "…" : shown
  }

  /// `text` escaped, as much of it as shows in `limit` characters (escapes count as they show),
  /// and whether it was cut.
  static func escaped(_ text: String, limit: Int) -> (String, cut: Bool) {
    var out = ""
    var width = 0
    for scalar in text.unicodeScalars {
      let piece: String
      switch scalar {
      case "\"": piece = "\\\""
      case "\\": piece = "\\\\"
      case "\n": piece = "\\n"
      case "\r": piece = "\\r"
      case "\t": piece = "\\t"
      default:
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
          piece = "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default: piece = String(scalar)
        }
      }
      let pieceWidth = piece.unicodeScalars.count
      guard width + pieceWidth <= limit else { return (out, true) }
      out += piece
      width += pieceWidth
    }
    return (out, false)
  }
}

/// TOML text handed to TOMLKit, checked first for what its C++ parser (toml++) does not survive.
///
/// toml++ reads a C string, so a NUL byte ends the file silently; and a table header whose first
/// character starts no key (`[ä]`, `[|x]`, `[.x]`, `[` then a line end), or a `}` where an array
/// expects a value, fails an assertion inside it (exit 134), or with assertions compiled out is
/// undefined behaviour. These are refused here with the line and column, before toml++ sees the
/// text. `make fuzz` (the config harness) is how such inputs are found.
public enum TOMLText {
  /// Whether `source` is TOML at all (the settings in it are not checked): its table, or
  /// `StoreError.badConfig` with a line and column. A byte-order mark is skipped.
  public static func table(_ source: String, path: String) throws -> TOMLTable {
    var source = source
    if source.unicodeScalars.first == "\u{FEFF}" { source.unicodeScalars.removeFirst() }
    return try parse(source, path: path)
  }

  /// The table of `source`; any error is `StoreError.badConfig` with a line and column.
  static func parse(_ source: String, path: String) throws -> TOMLTable {
    func parsed(_ text: String) throws -> TOMLTable {
      do {
        return try TOMLTable(string: text)
      } catch let error as TOMLParseError {
        let at = error.source.begin
        throw StoreError.badConfig(
          path: path, key: nil, at: TextPosition(line: Int(at.line), column: Int(at.column)),
          reason: ErrorText.oneLine(error.description, limit: 2 * ErrorText.limit))
      }
    }
    let bytes = Array(source.utf8)
    guard let problem = firstProblem(bytes) else { return try parsed(source) }
    // The text before the statement holding a trap is a document on its own, and safe to parse:
    // an error there comes first in the file, and is reported as toml++ words it (so is any text
    // the scan might have misjudged, since it does not parse).
    if let statement = problem.statementStart {
      _ = try parsed(String(decoding: bytes[..<statement], as: UTF8.self))
    }
    throw StoreError.badConfig(
      path: path, key: nil,
      at: bytes.withUnsafeBufferPointer { UTF8Text.position(of: problem.offset, in: $0) },
      reason: problem.reason)
  }

  /// What must not reach toml++: where it is, what was expected there, and for a problem the
  /// scan below finds, where the statement holding it starts.
  struct Problem: Equatable {
    var offset: Int
    var statementStart: Int?
    var reason: String
  }

  /// The first control character, or the first trap for toml++, in `bytes`, whichever comes
  /// first: the text before it then holds neither and is safe to hand to toml++.
  ///
  /// TOML allows no control character but tab and the line ends LF and CR LF, in strings and
  /// comments as elsewhere. Traps are found by following strings, comments and brackets just far
  /// enough to know where a statement starts, as toml++ does: at the first non-blank character of
  /// a line outside any string or array. Where the text stops making sense to this scan (an
  /// unclosed string), toml++ stops with an error before anything later, so the scan stops too.
  static func firstProblem(_ bytes: [UInt8]) -> Problem? {
    [firstControlCharacter(bytes), firstParserTrap(bytes)].compactMap { $0 }.min { $0.offset < $1.offset }
  }

  static func firstControlCharacter(_ bytes: [UInt8]) -> Problem? {
    for (i, byte) in bytes.enumerated() {
      guard byte < 0x20 || byte == 0x7F, byte != 0x09, byte != 0x0A else { continue }
      if byte == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { continue }
      let name = byte == 0 ? "NUL byte" : "control character"
      let code = String(byte, radix: 16, uppercase: true)
      return Problem(
        offset: i, statementStart: nil,
        reason: "expected no \(name) (U+\(code.count == 1 ? "000" : "00")\(code)) in TOML text")
    }
    return nil
  }

  /// The first place where toml++ would fail an assertion: a table header whose first character
  /// starts no key, or a `}` where an array expects a value (`[}`, `[1, }`).
  static func firstParserTrap(_ bytes: [UInt8]) -> Problem? {
    var i = 0
    // The brackets open in the current value: `[` an array, `{` an inline table.
    var open: [UInt8] = []
    var atStatement = true
    var statement = 0
    while i < bytes.count {
      switch bytes[i] {
      case 0x0A:
        i += 1
        if open.isEmpty {
          atStatement = true
          statement = i
        }
      case 0x20, 0x09, 0x0D:
        i += 1
      case UInt8(ascii: "#"):
        while i < bytes.count, bytes[i] != 0x0A { i += 1 }
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        guard let end = stringEnd(bytes, from: i) else { return nil }
        i = end
        atStatement = false
      case UInt8(ascii: "[") where atStatement:
        var k = i + 1
        if k < bytes.count, bytes[k] == UInt8(ascii: "[") { k += 1 }
        while k < bytes.count, bytes[k] == 0x20 || bytes[k] == 0x09 { k += 1 }
        guard k < bytes.count else { return nil }
        let first = bytes[k]
        guard
          isBareKeyByte(first) || first == UInt8(ascii: "\"") || first == UInt8(ascii: "'")
            || first == UInt8(ascii: "]")
        else {
          return Problem(
            offset: k, statementStart: statement,
            reason: "expected a table name (letters, digits, '_', '-' or a quoted name) after '['")
        }
        // The rest of the header line holds only its key (strings followed above) and brackets
        // that open no array.
        i = k
        atStatement = false
        while i < bytes.count, bytes[i] != 0x0A, bytes[i] != UInt8(ascii: "#") {
          if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
            guard let end = stringEnd(bytes, from: i) else { return nil }
            i = end
          } else {
            i += 1
          }
        }
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        open.append(bytes[i])
        i += 1
        atStatement = false
      case UInt8(ascii: "}") where open.last == UInt8(ascii: "["):
        return Problem(offset: i, statementStart: statement, reason: "expected a value or ']' in the array")
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        _ = open.popLast()
        i += 1
        atStatement = false
      default:
        i += 1
        atStatement = false
      }
    }
    return nil
  }

  /// Just past the string (basic or literal, one-line or multi-line) that starts at `start`, or
  /// nil when it is not closed where TOML closes it.
  static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    let quote = bytes[start]
    let escapes = quote == UInt8(ascii: "\"")
    let multiLine = start + 2 < bytes.count && bytes[start + 1] == quote && bytes[start + 2] == quote
    var i = start + (multiLine ? 3 : 1)
    while i < bytes.count {
      let byte = bytes[i]
      if escapes, byte == UInt8(ascii: "\\") {
        i += 2
        continue
      }
      if byte == 0x0A, !multiLine { return nil }
      if byte == quote {
        guard multiLine else { return i + 1 }
        if i + 2 < bytes.count, bytes[i + 1] == quote, bytes[i + 2] == quote {
          // Up to two quotes just before the closing three belong to the string.
          var end = i + 3
          while end < bytes.count, end < i + 5, bytes[end] == quote { end += 1 }
          return end
        }
      }
      i += 1
    }
    return nil
  }

  /// A byte of a bare key: ASCII letters, digits, `_` and `-`.
  static func isBareKeyByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }
}
