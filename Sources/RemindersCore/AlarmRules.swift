import Foundation

/// A point on the Earth in decimal degrees (WGS 84, as GeoClue reports it).
public struct GeoPoint: Equatable, Sendable, CustomStringConvertible {
  public var latitude: Double
  public var longitude: Double

  /// nil unless the latitude is within ±90 and the longitude within ±180.
  public init?(latitude: Double, longitude: Double) {
    guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else {
      return nil
    }
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Parses `LAT,LON` in decimal degrees, such as `35.681236,139.767125` (blanks around the
  /// comma are allowed).
  public init?(_ text: String) {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2,
      let latitude = GeoPoint.degrees(parts[0]), let longitude = GeoPoint.degrees(parts[1])
    else { return nil }
    self.init(latitude: latitude, longitude: longitude)
  }

  /// A plain decimal number (no exponent, no `inf` or `nan`).
  static func degrees(_ text: Substring) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty,
      trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") })
    else { return nil }
    return Double(trimmed)
  }

  /// The mean radius of the Earth (IUGG), in metres.
  public static let earthRadius = 6_371_008.8

  /// The great-circle distance to `other` in metres (the haversine formula on a sphere of the
  /// mean Earth radius: within 0.5 % of the ellipsoid, far below a GPS fix's accuracy at the
  /// distances a place gate compares).
  public func distance(to other: GeoPoint) -> Double {
    let radians = Double.pi / 180
    let φ1 = latitude * radians
    let φ2 = other.latitude * radians
    let Δφ = (other.latitude - latitude) * radians
    let Δλ = (other.longitude - longitude) * radians
    let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
    return 2 * GeoPoint.earthRadius * asin(min(1, sqrt(a)))
  }

  /// `35.681236,139.767125`: at most six decimals (about 0.1 m), trailing zeros dropped.
  public var description: String { GeoPoint.format(latitude) + "," + GeoPoint.format(longitude) }

  /// Degrees (or any number) with at most six decimals, trailing zeros dropped.
  public static func format(_ degrees: Double) -> String {
    var text = String(format: "%.6f", degrees)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }
}

/// On which days an alarm rings: some weekdays every week, or one date.
public enum AlarmDays: Equatable, Sendable {
  /// Weekdays, 0 = Sunday … 6 = Saturday, sorted and distinct.
  case weekdays([Int])
  /// Once, on this day.
  case once(Day)

  /// The names `--days` takes and `alarm list` shows, Sunday first.
  public static let names = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

  /// Parses `mon,tue,…` (any case; each day at most once).
  public static func weekdays(parsing text: String) -> AlarmDays? {
    var days: Set<Int> = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let day = names.firstIndex(of: part.trimmingCharacters(in: .whitespaces).lowercased()),
        days.insert(day).inserted
      else { return nil }
    }
    return days.isEmpty ? nil : .weekdays(days.sorted())
  }

  /// Whether it rings on `day`.
  public func includes(_ day: Day) -> Bool {
    switch self {
    case .weekdays(let weekdays): weekdays.contains(day.weekday)
    case .once(let date): date == day
    }
  }
}

/// An alarm set for a place (docs/alarms.md): it rings at its time in the day zone whatever else is
/// true, keeps ringing until stopped, and can be stopped, edited or deleted only within `radius`
/// of `place`.
public struct Alarm: Equatable, Sendable {
  public var id: String
  public var name: String
  public var time: WallTime
  public var days: AlarmDays
  public var place: GeoPoint
  /// Metres.
  public var radius: Double
  public var enabled: Bool
  /// When it was set: added, or its time or days changed, or enabled again. It rings only at
  /// times from this instant on (an alarm set at 07:30 for 07:00 rings tomorrow, and one moved
  /// to a time already passed today does not ring at once), and no ring before it is missed.
  public var setAt: Date

  /// The radius when none is given.
  public static let defaultRadius = 100.0
  /// The radii `--radius` accepts, in metres.
  public static let radiusRange = 1.0...100_000

  public init(
    id: String, name: String, time: WallTime, days: AlarmDays, place: GeoPoint,
    radius: Double = defaultRadius,
    enabled: Bool = true, setAt: Date
  ) {
    self.id = id
    self.name = name
    self.time = time
    self.days = days
    self.place = place
    self.radius = radius
    self.enabled = enabled
    self.setAt = setAt
  }

  /// The day a one-time alarm with neither days nor a date rings on: the next time the day
  /// zone's clock shows `time` (today when that is still to come, or now).
  public static func nextDay(showing time: WallTime, after now: Date, clock: DayClock) -> Day {
    let today = clock.day(of: now)
    return clock.instant(on: today, at: time) >= now ? today : today.adding(days: 1)
  }

  /// When it rings on `day`; nil when it does not ring that day (or that ring came before the
  /// alarm was set).
  public func ring(on day: Day, clock: DayClock) -> Date? {
    guard days.includes(day) else { return nil }
    let at = clock.instant(on: day, at: time)
    return at >= setAt ? at : nil
  }

  /// Its first ring at or after `instant`, looking at most `limit` days ahead.
  public func nextRing(from instant: Date, clock: DayClock, limit: Int = 400) -> (day: Day, at: Date)? {
    guard enabled else { return nil }
    let first = clock.day(of: instant)
    if case .once(let date) = days {
      guard let at = ring(on: date, clock: clock), at >= instant else { return nil }
      return (date, at)
    }
    for offset in 0...limit {
      let day = first.adding(days: offset)
      if let at = ring(on: day, clock: clock), at >= instant { return (day, at) }
    }
    return nil
  }

  /// Its latest ring at or before `instant`, looking back at most a week (when it rang, or was
  /// to ring, last).
  public func lastRing(atOrBefore instant: Date, clock: DayClock) -> (day: Day, at: Date)? {
    guard enabled else { return nil }
    let today = clock.day(of: instant)
    for offset in 0...7 {
      let day = today.adding(days: -offset)
      if let at = ring(on: day, clock: clock), at <= instant { return (day, at) }
    }
    return nil
  }

  /// Its rings from `start` up to `end` (exclusive), in order.
  public func rings(from start: Date, until end: Date, clock: DayClock) -> [(day: Day, at: Date)] {
    guard enabled, start < end else { return [] }
    var out: [(Day, Date)] = []
    var day = clock.day(of: start)
    let last = clock.day(of: end)
    while day <= last {
      if let at = ring(on: day, clock: clock), at >= start, at < end { out.append((day, at)) }
      day = day.adding(days: 1)
    }
    return out
  }

  /// The rings of the week before today that nothing rang (the machine was off or asleep all
  /// that day after its time): missed, and never rung later (docs/alarms.md). Today's is not missed:
  /// the next `run` catches it up.
  public func missed(at now: Date, ledger: DeliveryLedger, clock: DayClock) -> [(day: Day, at: Date)] {
    guard enabled else { return [] }
    let today = clock.day(of: now)
    return rings(from: clock.startOfDay(today.adding(days: -7)), until: now, clock: clock).filter {
      $0.day < today && now.timeIntervalSince($0.at) > Planner.catchUpGrace
        && !ledger.contains(reminderID: ringID(on: $0.day, ledger: ledger))
    }
  }

  /// The id of its ring on `day` as it is set now: what the ledger keeps, once a day. A ring of
  /// that day in the ledger from before it was set anew (`setAt`: its time or days edited, or
  /// enabled again) does not count: that ring was of the alarm as it was, and the new one takes
  /// the next number (`alarm:<id>:<day>:2`, …), so that an edited alarm rings at its new time
  /// the same day, and no id is in the ledger twice.
  public func ringID(on day: Day, ledger: DeliveryLedger) -> ReminderID {
    var ring = 1
    while let entry = ledger.entries[.alarm(id: id, day: day, ring: ring)], entry.deliveredAt < setAt {
      ring += 1
    }
    return .alarm(id: id, day: day, ring: ring)
  }
}

/// Whether a location lets the learner touch an alarm (docs/alarms.md): only when the distance to the
/// alarm's place is at most its radius **and** the location is known to at least that accuracy.
public enum PlaceGate: Equatable, Sendable {
  case allowed(distance: Double)
  /// Farther than the radius; `accuracy` is the location's, for the message.
  case tooFar(distance: Double, accuracy: Double)
  /// Near enough, but the location is too coarse to say so.
  case tooCoarse(distance: Double, accuracy: Double)

  public init(place: GeoPoint, radius: Double, here: GeoPoint, accuracy: Double) {
    let distance = place.distance(to: here)
    if distance > radius {
      self = .tooFar(distance: distance, accuracy: accuracy)
    } else if !(accuracy >= 0 && accuracy <= radius) {
      // A NaN or negative accuracy is no accuracy at all.
      self = .tooCoarse(distance: distance, accuracy: accuracy)
    } else {
      self = .allowed(distance: distance)
    }
  }

  public var isAllowed: Bool {
    if case .allowed = self { return true }
    return false
  }
}

/// Why an alarm's ring stopped ringing.
public enum RingEnd: Equatable, Sendable, CustomStringConvertible {
  /// Stopped (or its alarm edited or deleted) by someone at its place.
  case stoppedAtPlace
  /// Its alarm is no longer in the alarm file.
  case alarmDeleted
  /// Its alarm was disabled.
  case alarmDisabled
  /// The next ring of its alarm came while it still rang, and took its place.
  case replaced(by: ReminderID)

  /// As the ledger's `closedBecause` keeps it: a token of the file, never shown (a person reads
  /// the catalogue's `RingEndReason`).
  public var description: String {
    switch self {
    case .stoppedAtPlace: "stopped at its place"
    case .alarmDeleted: "its alarm was deleted"
    case .alarmDisabled: "its alarm was disabled"
    case .replaced(let next): "the next ring of its alarm, \(next), took its place"
    }
  }
}
