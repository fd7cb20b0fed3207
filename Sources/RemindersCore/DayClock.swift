import Foundation

/// Calendar days and wall-clock times in the learner's day zone.
///
/// Every date computation of the product goes through one `DayClock`: the zone is a parameter,
/// never the machine's, and the calendar is the proleptic Gregorian one of `Day`.
public struct DayClock: Sendable {
  public let zone: TimeZone

  public init(zone: TimeZone) { self.zone = zone }

  /// The zone's offset from UTC, in seconds, at `instant`.
  public func offset(at instant: Date) -> Int { zone.secondsFromGMT(for: instant) }

  /// The day-zone calendar day that `instant` falls on.
  public func day(of instant: Date) -> Day {
    let local = Self.floorSeconds(instant) + offset(at: instant)
    return Day(number: Self.floorDiv(local, 86400))
  }

  /// Seconds since local midnight of the wall clock at `instant` (0…86399).
  public func secondsOfDay(at instant: Date) -> Int {
    let local = Self.floorSeconds(instant) + offset(at: instant)
    return local - Self.floorDiv(local, 86400) * 86400
  }

  /// The wall-clock time at `instant`, to the minute (seconds dropped): `HH:MM` as text.
  public func wallTime(at instant: Date) -> WallTime {
    let minutes = secondsOfDay(at: instant) / 60
    return WallTime(hour: minutes / 60, minute: minutes % 60)!
  }

  /// The instant the wall clock shows `time` on `day`.
  ///
  /// A wall time that does not exist (the spring-forward gap) moves forward to the first instant
  /// that does, i.e. the transition itself; a wall time that occurs twice (the fall-back overlap)
  /// means its first occurrence.
  public func instant(on day: Day, at time: WallTime) -> Date {
    instant(on: day, secondsOfDay: time.seconds)
  }

  /// The first instant of `day` (midnight, or the first instant after a gap at midnight).
  public func startOfDay(_ day: Day) -> Date { instant(on: day, secondsOfDay: 0) }

  func instant(on day: Day, secondsOfDay: Int) -> Date {
    let local = day.number * 86400 + secondsOfDay
    let early = offset(at: Date(timeIntervalSince1970: TimeInterval(local - 86400)))
    let late = offset(at: Date(timeIntervalSince1970: TimeInterval(local + 86400)))
    var found: Int?
    for candidate in Set([early, late]) {
      let t = local - candidate
      if offset(at: Date(timeIntervalSince1970: TimeInterval(t))) == candidate {
        found = min(found ?? t, t)
      }
    }
    if let found { return Date(timeIntervalSince1970: TimeInterval(found)) }
    // In a gap: the transition lies between the two readings; find its first second.
    var lo = min(local - early, local - late)
    var hi = max(local - early, local - late)
    let before = offset(at: Date(timeIntervalSince1970: TimeInterval(lo)))
    while hi - lo > 1 {
      let mid = lo + (hi - lo) / 2
      if offset(at: Date(timeIntervalSince1970: TimeInterval(mid))) == before { lo = mid } else { hi = mid }
    }
    return Date(timeIntervalSince1970: TimeInterval(hi))
  }

  static func floorSeconds(_ instant: Date) -> Int { Int(instant.timeIntervalSince1970.rounded(.down)) }

  static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
}
