/// A calendar day in the proleptic Gregorian calendar, independent of any zone.
///
/// Stored as the number of days since 1970-01-01 so that day arithmetic is integer arithmetic;
/// the year, month and day are derived (Howard Hinnant's `civil_from_days`).
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Days since 1970-01-01 (negative before it).
  public let number: Int

  public init(number: Int) { self.number = number }

  /// The day with this year, month (1…12) and day of month; `nil` when no such date exists.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), day >= 1, day <= Day.daysInMonth(year: year, month: month) else {
      return nil
    }
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    self.number = era * 146097 + doe - 719468
  }

  /// Parses `YYYY-MM-DD` exactly (ten characters); `nil` for anything else.
  public init?(iso text: some StringProtocol) {
    guard
      let parsed = text.utf8.withContiguousStorageIfAvailable({ Day.parse($0) })
        ?? Day.parse(Array(text.utf8))
    else { return nil }
    self = parsed
  }

  /// Parses `YYYY-MM-DD` from raw UTF-8 bytes.
  public static func parse<C: Collection>(_ bytes: C) -> Day? where C.Element == UInt8, C.Index == Int {
    guard bytes.count == 10 else { return nil }
    let b = bytes.startIndex
    guard bytes[b + 4] == UInt8(ascii: "-"), bytes[b + 7] == UInt8(ascii: "-") else { return nil }
    guard let y = Day.digits(bytes, b, 4), let m = Day.digits(bytes, b + 5, 2),
      let d = Day.digits(bytes, b + 8, 2)
    else { return nil }
    return Day(year: y, month: m, day: d)
  }

  static func digits<C: Collection>(_ bytes: C, _ start: Int, _ count: Int) -> Int?
  where C.Element == UInt8, C.Index == Int {
    var value = 0
    for i in start..<(start + count) {
      let c = bytes[i]
      guard c >= 48, c <= 57 else { return nil }
      value = value * 10 + Int(c - 48)
    }
    return value
  }

  public var components: (year: Int, month: Int, day: Int) {
    let z = number + 719468
    let era = (z >= 0 ? z : z - 146096) / 146097
    let doe = z - era * 146097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
  }

  /// 0 = Sunday … 6 = Saturday.
  public var weekday: Int { ((number % 7) + 11) % 7 }

  public func adding(days: Int) -> Day { Day(number: number + days) }

  public static func - (lhs: Day, rhs: Day) -> Int { lhs.number - rhs.number }

  public static func < (lhs: Day, rhs: Day) -> Bool { lhs.number < rhs.number }

  /// `YYYY-MM-DD`.
  public var description: String {
    let c = components
    return Day.pad(c.year, 4) + "-" + Day.pad(c.month, 2) + "-" + Day.pad(c.day, 2)
  }

  static func pad(_ value: Int, _ width: Int) -> String {
    let s = String(value)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
  }

  static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

  static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

/// A wall-clock time of day, to the minute (`HH:MM`, 00:00…23:59).
public struct WallTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Minutes since midnight, 0…1439.
  public let minutes: Int

  public init?(hour: Int, minute: Int) {
    guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
    minutes = hour * 60 + minute
  }

  /// Parses `HH:MM` (also `H:MM`); `nil` for `25:00`, `8`, `08:60` and the like.
  public init?(_ text: String) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let h = Int(parts[0]), let m = Int(parts[1])
    else { return nil }
    self.init(hour: h, minute: m)
  }

  public var hour: Int { minutes / 60 }
  public var minute: Int { minutes % 60 }
  public var seconds: Int { minutes * 60 }

  public var description: String { Day.pad(hour, 2) + ":" + Day.pad(minute, 2) }

  public static func < (lhs: WallTime, rhs: WallTime) -> Bool { lhs.minutes < rhs.minutes }
}
