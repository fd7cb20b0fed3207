import Foundation
import RemindersCore
import TOMLKit

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
    "": ["language", "time", "daily", "window", "quiet", "recall", "fallback"],
    "time": ["zone"], "daily": ["time"], "window": ["start", "end"], "quiet": ["hours"],
    "recall": ["coalesce", "after_wrong"], "fallback": ["path"],
  ]

  /// Reads the config at `path`; a missing file means the defaults.
  public static func load(path: String, home: String) throws -> Configuration {
    guard let bytes = try FileIO.read(path) else { return .standard }
    return try parse(String(decoding: bytes, as: UTF8.self), path: path, home: home)
  }

  /// Parses and validates config text. Errors name `path` and the key (or line and column).
  public static func parse(_ source: String, path: String, home: String) throws -> Configuration {
    let table: TOMLTable
    do {
      table = try TOMLTable(string: source)
    } catch let error as TOMLParseError {
      let at = error.source.begin
      throw StoreError.badConfig(
        path: path, key: nil, at: TextPosition(line: Int(at.line), column: Int(at.column)),
        reason: error.description)
    }
    func fail(_ key: String, _ reason: String) -> StoreError {
      .badConfig(path: path, key: key, at: nil, reason: reason)
    }

    for key in table.keys where !(knownKeys[""]!.contains(key)) { throw fail(key, "unknown key") }
    for (name, keys) in knownKeys where !name.isEmpty {
      guard let value = table[name] else { continue }
      guard let sub = value.table else { throw fail(name, "expected a table [\(name)]") }
      for key in sub.keys where !keys.contains(key) { throw fail("\(name).\(key)", "unknown key") }
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
    func wallTime(_ dotted: String, _ standard: WallTime) throws -> WallTime {
      guard let s = try text(dotted) else { return standard }
      guard let t = WallTime(s) else {
        throw fail(dotted, "expected a time HH:MM from 00:00 to 23:59, got \"\(s)\"")
      }
      return t
    }
    func duration(_ dotted: String, _ standard: Int?, allowOff: Bool) throws -> Int? {
      guard let s = try text(dotted) else { return standard }
      if allowOff, s == "off" { return nil }
      guard let seconds = DurationText.parse(s) else {
        throw fail(
          dotted, "expected a duration such as 10m, 3h or 1h30m\(allowOff ? ", or off" : ""), got \"\(s)\"")
      }
      return seconds
    }

    var config = Configuration.standard
    if let lang = try text("language") {
      guard let setting = LanguageSetting(rawValue: lang) else {
        throw fail("language", "expected ja, en or auto, got \"\(lang)\"")
      }
      config.language = setting
    }
    if let zone = try text("time.zone") {
      guard TimeZone(identifier: zone) != nil, zone.contains("/") || zone == "UTC" else {
        throw fail("time.zone", "unknown time zone \"\(zone)\" (expected an IANA name such as Asia/Tokyo)")
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
            "expected a range \"HH:MM-HH:MM\" with different ends, got \(item.debugDescription)")
        }
        return range
      }
    }
    schedule.recallCoalesce = try duration("recall.coalesce", schedule.recallCoalesce, allowOff: true) ?? 0
    schedule.recallAfterWrong = try duration("recall.after_wrong", schedule.recallAfterWrong, allowOff: true)
    guard schedule.hasAllowedMinute else {
      throw fail("quiet.hours", "the quiet hours cover the whole window, so no reminder could ever fire")
    }
    guard schedule.dailyTimeFitsWindow else {
      throw fail(
        "daily.time",
        "\(schedule.dailyTime) is at or after window.end \(schedule.windowEnd), so the daily reminder could never fire on its day"
      )
    }
    config.schedule = schedule
    if let fallback = try text("fallback.path") {
      guard !fallback.isEmpty else { throw fail("fallback.path", "expected a file path") }
      config.fallbackPath = fallback.hasPrefix("~/") ? home + fallback.dropFirst(1) : fallback
    }
    return config
  }
}
