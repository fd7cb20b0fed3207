import Foundation
import RemindersCore
import RemindersMessages

extension Configuration {
  /// Parses and validates config text. Errors name `path` and the key (or line and column).
  public static func parse(_ source: String, path: String, home: String) throws -> Configuration {
    try parse(Array(source.utf8), path: path, home: home)
  }

  /// Validates the settings of a config file's one parse (`TOMLDocument`): every command's
  /// configuration, and what `reminders config` checks a change against. Errors name `path` and
  /// the key.
  public static func parse(_ document: TOMLDocument, path: String, home: String) throws -> Configuration {
    let table = document.root
    func fail(_ key: String, _ problem: ConfigProblem) -> StoreError {
      .badConfig(path: path, key: key, at: nil, problem: problem)
    }

    // The first unknown key in the order of names, whatever order the file writes them in.
    for key in table.keys.sorted() where !(knownKeys[""]!.contains(key)) {
      throw fail(ErrorText.key(key), .unknownKey)
    }
    for (name, keys) in knownKeys where !name.isEmpty {
      guard let value = table[name] else { continue }
      guard value.isTable else { throw fail(name, .notTable(name)) }
      for key in value.keys.sorted() where !keys.contains(key) {
        throw fail("\(name).\(ErrorText.key(key))", .unknownKey)
      }
    }
    func lookup(_ dotted: String) -> TOMLDocument.Value? {
      let parts = dotted.split(separator: ".").map(String.init)
      if parts.count == 1 { return table[parts[0]] }
      return table[parts[0]]?[parts[1]]
    }
    func text(_ dotted: String) throws -> String? {
      guard let value = lookup(dotted) else { return nil }
      guard let s = value.string else { throw fail(dotted, .notString) }
      return s
    }
    /// A file path: not empty; `~/` is the home folder.
    func filePath(_ dotted: String) throws -> String? {
      guard let value = try text(dotted) else { return nil }
      guard !value.isEmpty else { throw fail(dotted, .emptyPath) }
      return value.hasPrefix("~/") ? home + value.dropFirst(1) : value
    }
    func wallTime(_ dotted: String, _ standard: WallTime) throws -> WallTime {
      guard let s = try text(dotted) else { return standard }
      guard let t = WallTime(s) else {
        throw fail(dotted, .time(got: ErrorText.quoted(s), orOff: false))
      }
      return t
    }
    func duration(_ dotted: String, _ standard: Int?, allowOff: Bool) throws -> Int? {
      guard let s = try text(dotted) else { return standard }
      if allowOff, s == "off" { return nil }
      guard let seconds = DurationSyntax.parse(s) else {
        throw fail(dotted, .duration(got: ErrorText.quoted(s), orOff: allowOff))
      }
      return seconds
    }

    var config = Configuration.standard
    if let lang = try text("language") {
      guard let setting = LanguageSetting(rawValue: lang) else {
        throw fail("language", .language(got: ErrorText.quoted(lang)))
      }
      config.language = setting
    }
    if let zone = try text("time.zone") {
      guard TimeZone(identifier: zone) != nil, zone.contains("/") || zone == "UTC" else {
        throw fail("time.zone", .timeZone(got: ErrorText.quoted(zone)))
      }
      config.zoneIdentifier = zone
    }
    var schedule = Schedule.standard
    schedule.dailyTime = try wallTime("daily.time", schedule.dailyTime)
    schedule.windowStart = try wallTime("window.start", schedule.windowStart)
    schedule.windowEnd = try wallTime("window.end", schedule.windowEnd)
    guard schedule.windowStart < schedule.windowEnd else {
      throw fail(
        "window.end", .windowEnd(end: "\(schedule.windowEnd)", start: "\(schedule.windowStart)"))
    }
    if let hours = lookup("quiet.hours") {
      guard let array = hours.array else {
        throw fail("quiet.hours", .quietHoursList)
      }
      schedule.quietHours = try array.enumerated().map { i, item in
        guard let s = item.string, let range = QuietRange(s) else {
          throw fail("quiet.hours[\(i)]", .quietRange(got: ErrorText.shown(item)))
        }
        return range
      }
    }
    schedule.recallCoalesce = try duration("recall.coalesce", schedule.recallCoalesce, allowOff: true) ?? 0
    schedule.recallAfterWrong = try duration("recall.after_wrong", schedule.recallAfterWrong, allowOff: true)
    if let persist = lookup("daily.persist") {
      guard let flag = persist.bool else { throw fail("daily.persist", .notFlag) }
      schedule.dailyPersist = flag
    }
    if let again = try text("daily.again"), again != "off" {
      guard let time = WallTime(again) else {
        throw fail("daily.again", .time(got: ErrorText.quoted(again), orOff: true))
      }
      schedule.dailyAgain = time
    }
    schedule.snoozeAfter =
      try duration("snooze.after", schedule.snoozeAfter, allowOff: false) ?? schedule.snoozeAfter
    guard schedule.hasAllowedMinute else {
      throw fail("quiet.hours", .quietCoversWindow)
    }
    guard schedule.dailyTimeFitsWindow else {
      throw fail(
        "daily.time", .dailyAfterWindow(time: "\(schedule.dailyTime)", windowEnd: "\(schedule.windowEnd)"))
    }
    config.schedule = schedule
    config.fallbackPath = try filePath("fallback.path")
    if let terminal = lookup("review.terminal") {
      guard let array = terminal.array, !array.isEmpty,
        case let words = array.compactMap(\.string), words.count == array.count, !words[0].isEmpty
      else {
        throw fail("review.terminal", .terminalCommand)
      }
      config.reviewTerminal = words
    }
    if let place = try text("review.in") {
      guard let value = ReviewPlace(rawValue: place) else {
        throw fail("review.in", .reviewPlace)
      }
      config.reviewIn = value
    }
    if let drip = try duration("review.drip", nil, allowOff: true) {
      guard drip >= 60 else { throw fail("review.drip", .dripTooShort) }
      config.schedule.drip = drip
    }
    config.dictionaryPath = try filePath("dictionary.path") ?? config.dictionaryPath
    if let candidates = lookup("cards.candidates") {
      guard let n = candidates.int, (1...5).contains(n) else {
        throw fail("cards.candidates", .wholeNumber(from: 1, to: 5, example: 3))
      }
      config.candidates = n
    }
    config.learnAhead =
      try duration("study.learn_ahead", config.learnAhead, allowOff: false) ?? config.learnAhead
    if let after = lookup("review.relearn_after") {
      guard let n = after.int, n >= 0 else {
        throw fail("review.relearn_after", .zeroOrMore(example: 3))
      }
      config.relearnAfter = n
    }
    for (key, standard) in [("minutes", 25.0), ("break", 5), ("long_break", 15)] {
      guard let value = lookup("focus.\(key)") else { continue }
      guard let minutes = value.int.map(Double.init) ?? value.double, minutes.isFinite, minutes > 0,
        minutes <= 1440
      else {
        throw fail("focus.\(key)", .minutes(example: Int(standard)))
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
        throw fail("focus.long_every", .oneOrMore)
      }
      config.focus.longEvery = n
    }
    if let hold = lookup("focus.hold_reminders") {
      guard let flag = hold.bool else { throw fail("focus.hold_reminders", .notFlag) }
      config.focus.holdReminders = flag
    }
    if table["anki"] != nil {
      config.anki = try ankiSettings(text: text, lookup: lookup, fail: fail, home: home)
    }
    if let sound = lookup("alarm.sound") {
      guard let array = sound.array, case let words = array.compactMap(\.string), words.count == array.count,
        words.first.map({ !$0.isEmpty }) ?? true
      else {
        throw fail("alarm.sound", .soundCommand)
      }
      config.alarmSound = words
    }
    if let timeout = try duration("alarm.location_timeout", nil, allowOff: false) {
      guard (1...600).contains(timeout) else {
        throw fail("alarm.location_timeout", .locationTimeout)
      }
      config.locationTimeout = timeout
    }
    config.newCards = try newCardLimits(lookup: lookup, fail: fail)
    (config.studyScheduler, config.fsrsSettings, config.fsrsFitted, config.fsrsParametersSet) =
      try studyScheduler(
        table: table, text: text, fail: fail)
    if table["calendar"] != nil {
      config.calendar = try calendarSettings(text: text, filePath: filePath, lookup: lookup, fail: fail)
    }
    config.exportPath = try filePath("export.path")
    return config
  }
}

/// A value of the document as the settings read it: of one kind, or nil.
extension TOMLDocument.Value {
  var string: String? { if case .string(let s) = self { s } else { nil } }
  var int: Int? { if case .integer(let n) = self { Int(exactly: n) } else { nil } }
  var double: Double? { if case .float(let x) = self { x } else { nil } }
  var bool: Bool? { if case .boolean(let b) = self { b } else { nil } }
  var array: [TOMLDocument.Value]? { if case .array(let items) = self { items } else { nil } }
  var isTable: Bool { if case .table = self { true } else { false } }
  /// A table's keys, in the file's order (none for any other value).
  var keys: [String] { if case .table(let pairs) = self { pairs.map(\.0) } else { [] } }
}
