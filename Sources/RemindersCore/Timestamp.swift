import Foundation

/// RFC 3339 timestamps: `2026-11-21T23:59:00+09:00`, `2026-11-21T14:59:00Z`, optional fraction.
public enum Timestamp {
  /// Parses an RFC 3339 date-time with a zone offset (`Z` or `±HH:MM`); `nil` otherwise.
  public static func parse(_ text: some StringProtocol) -> Date? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { parse(bytes: $0) }
  }

  /// Parses from raw UTF-8 bytes without making a String (the deck decoder's hot path).
  public static func parse(bytes b: UnsafeBufferPointer<UInt8>) -> Date? {
    guard b.count >= 20, let day = Day.parse(UnsafeBufferPointer(rebasing: b[0..<10])) else { return nil }
    let sep = b[10]
    guard sep == UInt8(ascii: "T") || sep == UInt8(ascii: "t") || sep == UInt8(ascii: " "),
      b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
      let hh = Day.digits(b, 11, 2), let mm = Day.digits(b, 14, 2), let ss = Day.digits(b, 17, 2),
      hh < 24, mm < 60, ss < 61
    else { return nil }
    var i = 19
    var fraction = 0.0
    if b[i] == UInt8(ascii: ".") {
      i += 1
      var scale = 0.1
      let start = i
      while i < b.count, b[i] >= 48, b[i] <= 57 {
        fraction += Double(b[i] - 48) * scale
        scale /= 10
        i += 1
      }
      guard i > start else { return nil }
    }
    guard i < b.count else { return nil }
    var offset = 0
    switch b[i] {
    case UInt8(ascii: "Z"), UInt8(ascii: "z"):
      guard i + 1 == b.count else { return nil }
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      guard i + 6 == b.count, b[i + 3] == UInt8(ascii: ":"),
        let oh = Day.digits(b, i + 1, 2), let om = Day.digits(b, i + 4, 2), oh < 24, om < 60
      else { return nil }
      offset = (oh * 3600 + om * 60) * (b[i] == UInt8(ascii: "-") ? -1 : 1)
    default:
      return nil
    }
    let seconds = day.number * 86400 + hh * 3600 + mm * 60 + min(ss, 59) - offset
    return Date(timeIntervalSince1970: TimeInterval(seconds) + fraction)
  }

  /// `instant` as people read it, in the day zone: `2026-11-26 08:11` (RFC 3339 is for `--json`
  /// and files).
  public static func human(_ instant: Date, in clock: DayClock) -> String {
    "\(clock.day(of: instant)) \(clock.wallTime(at: instant))"
  }

  /// Formats `instant` as RFC 3339 with the clock's offset at that instant, to the second.
  ///
  /// Where the zone's offset is not whole minutes (local mean time, as zones had before the
  /// 1880s), the instant is written in UTC: RFC 3339 has no seconds in an offset, and dropping
  /// them would move the instant (found by the deck fuzzer, with a review in the year 816).
  public static func format(_ instant: Date, in clock: DayClock) -> String {
    var offset = clock.offset(at: instant)
    if offset % 60 != 0 { offset = 0 }
    let local = DayClock.floorSeconds(instant) + offset
    let day = Day(number: DayClock.floorDiv(local, 86400))
    let sod = local - day.number * 86400
    let sign = offset < 0 ? "-" : "+"
    let abs = Swift.abs(offset)
    return day.description + "T" + Day.pad(sod / 3600, 2) + ":" + Day.pad(sod / 60 % 60, 2) + ":"
      + Day.pad(sod % 60, 2) + sign + Day.pad(abs / 3600, 2) + ":" + Day.pad(abs / 60 % 60, 2)
  }
}

/// A length of time written as `90s`, `10m`, `3h`, `1h30m`, `2d` (units d, h, m, s).
public enum DurationSyntax {
  /// The longest duration accepted: ten years.
  public static let maximum = 3660 * 86400

  /// Seconds for the text; `nil` when it is not a positive duration in that form, or longer than
  /// `maximum`.
  public static func parse(_ text: String) -> Int? {
    var total = 0
    var number: Int?
    var sawUnit = false
    for ch in text.trimmingCharacters(in: .whitespaces) {
      if let digit = ch.wholeNumberValue, ch.isASCII {
        number = (number ?? 0) * 10 + digit
        guard number! < 10_000_000 else { return nil }
        continue
      }
      guard let n = number else { return nil }
      switch ch {
      case "d": total += n * 86400
      case "h": total += n * 3600
      case "m": total += n * 60
      case "s": total += n
      default: return nil
      }
      // Each number is below 10^7 and each unit at most a day, so checking the sum as it grows
      // keeps it far from overflowing, however many parts the text has.
      guard total <= maximum else { return nil }
      number = nil
      sawUnit = true
    }
    guard number == nil, sawUnit, total > 0, total <= maximum else { return nil }
    return total
  }

  /// The shortest text for `seconds` in the same form (`3h`, `1h30m`, `45s`).
  public static func format(_ seconds: Int) -> String {
    var rest = seconds
    var out = ""
    for (unit, size) in [("d", 86400), ("h", 3600), ("m", 60), ("s", 1)] where rest >= size {
      out += String(rest / size) + unit
      rest %= size
    }
    return out.isEmpty ? "0s" : out
  }
}

/// A date and a wall time without an offset (`2026-11-27T08:00`, `2026-11-27 08:00:30`): a
/// moment in the day zone, as a person writes it (`--now`, `--at`).
public struct LocalDateTime: Equatable, Sendable {
  public var day: Day
  /// Seconds since the day's midnight on the wall clock.
  public var secondsOfDay: Int

  /// Parses `YYYY-MM-DD`, `T` or a space, `HH:MM` and optionally `:SS`; nil for anything else.
  public init?(_ text: some StringProtocol) {
    let chars = Array(text)
    guard chars.count == 16 || chars.count == 19, chars[10] == "T" || chars[10] == " ",
      let day = Day(iso: String(chars[0..<10])), let time = WallTime(String(chars[11..<16]))
    else { return nil }
    var seconds = 0
    if chars.count == 19 {
      guard chars[16] == ":", let s = Int(String(chars[17...])), chars[17...].allSatisfy(\.isASCII), s < 60
      else { return nil }
      seconds = s
    }
    self.day = day
    secondsOfDay = time.seconds + seconds
  }

  /// The instant it names in `clock`'s zone (a wall time skipped by a daylight-saving change
  /// is read as the clock reads it there).
  public func instant(in clock: DayClock) -> Date { clock.instant(on: day, secondsOfDay: secondsOfDay) }
}

extension Timestamp {
  /// RFC 3339 with an offset, else a local date and time in `clock`'s zone (`LocalDateTime`).
  public static func parse(_ text: some StringProtocol, localIn clock: DayClock) -> Date? {
    parse(text) ?? LocalDateTime(text)?.instant(in: clock)
  }
}
