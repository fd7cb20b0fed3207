import Foundation
import RemindersCore
import RemindersMessages

/// The alarms as `alarms.json` keeps them, with the fields this version does not know.
public struct StoredAlarms: Equatable, Sendable {
  public var alarms: [Alarm]
  /// Unknown fields at the top, kept on rewrite.
  var root: [String: JSONValue] = [:]
  /// Unknown fields of each alarm, by its id, kept on rewrite.
  var fields: [String: [String: JSONValue]] = [:]

  public init(alarms: [Alarm] = []) { self.alarms = alarms }
}

/// `$XDG_DATA_HOME/reminders/alarms.json` (docs/alarms.md): the alarms, written atomically (mode 0600)
/// and changed under `<state>/alarms.lock`.
///
/// Read strictly: a file that does not parse (torn, or written by hand) or a field of the wrong
/// type is `StoreError.corrupt` naming the file and the line and column or the field (exit 65),
/// and such a file is never overwritten. Unknown fields, at the top and in each alarm, are kept.
public struct AlarmStore: Sendable {
  public let path: String
  public let lockPath: String

  public init(path: String, lockPath: String) {
    self.path = path
    self.lockPath = lockPath
  }

  /// The alarms; none when there is no file.
  public func load() throws -> StoredAlarms {
    guard let bytes = try FileIO.read(path) else { return StoredAlarms() }
    return try AlarmStore.decode(bytes, path: path)
  }

  /// Under the lock: reads the file, lets `change` edit the alarms, and writes them back when
  /// they changed. A file that cannot be read stops it before `change` runs.
  public func update<T>(clock: DayClock, _ change: (inout StoredAlarms) throws -> T) throws -> T {
    let lock = try FileLock(path: lockPath, seconds: 10)
    defer { withExtendedLifetime(lock) {} }
    let before = try load()
    var stored = before
    let result = try change(&stored)
    if stored != before {
      try FileIO.writeAtomically(AlarmStore.encode(stored, clock: clock), to: path)
    }
    return result
  }

  static let rootKeys: Set<String> = ["version", "alarms"]
  static let alarmKeys: Set<String> = [
    "id", "name", "at", "days", "date", "place", "radius", "enabled", "setAt",
  ]

  public static func encode(_ stored: StoredAlarms, clock: DayClock) -> [UInt8] {
    var root: [JSONWriter.Member] = [
      ("version", { w in w.raw("1") }),
      (
        "alarms",
        { w in
          w.objectLines(stored.alarms) { _, alarm in
            var f = stored.fields[alarm.id] ?? [:]
            f["id"] = .string(alarm.id)
            f["name"] = .string(alarm.name)
            f["at"] = .string(alarm.time.description)
            switch alarm.days {
            case .weekdays(let days):
              f["days"] = .array(days.map { .string(AlarmDays.names[$0]) })
              f["date"] = .null
            case .once(let day):
              f["days"] = .null
              f["date"] = .string(day.description)
            }
            f["place"] = .object([
              "latitude": .number(GeoPoint.format(alarm.place.latitude)),
              "longitude": .number(GeoPoint.format(alarm.place.longitude)),
            ])
            f["radius"] = .number(AlarmStore.number(alarm.radius))
            f["enabled"] = .bool(alarm.enabled)
            f["setAt"] = .string(Timestamp.format(alarm.setAt, in: clock))
            return f
          }
        }
      ),
    ]
    for (key, value) in stored.root where !rootKeys.contains(key) {
      root.append((key, { w in w.value(value) }))
    }
    var w = JSONWriter()
    w.document(root)
    return w.out
  }

  /// A whole number as such (`100`), else up to six decimals.
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : GeoPoint.format(value)
  }

  public static func decode(_ bytes: [UInt8], path: String) throws -> StoredAlarms {
    let root = try JSONValue.document(bytes, path: path)
    func bad(_ field: String, _ expected: ValueExpectation) -> StoreError {
      .corrupt(path: path, at: nil, reason: .field(field, expected: expected))
    }
    guard case .object(let top) = root else {
      throw StoreError.corrupt(path: path, at: nil, reason: .notADocument(.alarms))
    }
    guard case .number("1")? = top["version"] else { throw bad("version", .version(expected: 1, got: nil)) }
    var stored = StoredAlarms()
    stored.root = top.filter { !rootKeys.contains($0.key) }
    let list: [JSONValue]
    switch top["alarms"] {
    case nil: list = []
    case .array(let items)?: list = items
    default: throw bad("alarms", .alarmList)
    }
    var seen: Set<String> = []
    for (i, item) in list.enumerated() {
      let field = "alarms[\(i)]"
      guard case .object(let f) = item else { throw bad(field, .object) }
      func string(_ key: String) throws -> String {
        guard case .string(let text)? = f[key] else { throw bad("\(field).\(key)", .string) }
        return text
      }
      func number(_ value: JSONValue?, _ key: String) throws -> Double {
        guard case .number(let text)? = value, let n = Double(text), n.isFinite else {
          throw bad("\(field).\(key)", .number)
        }
        return n
      }
      let id = try string("id")
      guard !id.isEmpty, !id.contains(":"), !id.contains(where: \.isWhitespace) else {
        throw bad("\(field).id", .alarmID)
      }
      guard seen.insert(id.lowercased()).inserted else {
        throw bad("\(field).id", .uniqueAlarmID)
      }
      let name = try string("name")
      guard let time = WallTime(try string("at")) else { throw bad("\(field).at", .wallTime) }
      let days: AlarmDays
      switch (f["days"], f["date"]) {
      case (.array(let names)?, nil), (.array(let names)?, .null?):
        let words = names.compactMap { value -> String? in
          if case .string(let text) = value { return text }
          return nil
        }
        guard words.count == names.count,
          let parsed = AlarmDays.weekdays(parsing: words.joined(separator: ","))
        else { throw bad("\(field).days", .weekdays) }
        days = parsed
      case (nil, .string(let text)?), (.null?, .string(let text)?):
        guard let day = Day(iso: text) else { throw bad("\(field).date", .date) }
        days = .once(day)
      default:
        throw bad(field, .daysOrDate)
      }
      guard case .object(let p)? = f["place"],
        let place = GeoPoint(
          latitude: try number(p["latitude"], "place.latitude"),
          longitude: try number(p["longitude"], "place.longitude"))
      else { throw bad("\(field).place", .place) }
      let radius = try number(f["radius"], "radius")
      guard Alarm.radiusRange.contains(radius) else {
        throw bad("\(field).radius", .radius(from: 1, to: 100000))
      }
      guard case .bool(let enabled)? = f["enabled"] else { throw bad("\(field).enabled", .trueOrFalse) }
      guard let setAt = Timestamp.parse(try string("setAt")) else {
        throw bad("\(field).setAt", .time)
      }
      stored.alarms.append(
        Alarm(
          id: id, name: name, time: time, days: days, place: place, radius: radius, enabled: enabled,
          setAt: setAt))
      let unknown = f.filter { !alarmKeys.contains($0.key) }
      if !unknown.isEmpty { stored.fields[id] = unknown }
    }
    return stored
  }
}

/// The last location a place check had (`$XDG_CACHE_HOME/reminders/location.json`, mode 0600):
/// `alarm list` shows distances from it for a while, since it never waits for GeoClue.
public struct LocationCache: Sendable {
  public let path: String

  public init(cacheDir: String) { path = cacheDir + "/location.json" }

  public struct Entry: Equatable, Sendable {
    public var point: GeoPoint
    public var accuracy: Double
    public var at: Date
    public init(point: GeoPoint, accuracy: Double, at: Date) {
      self.point = point
      self.accuracy = accuracy
      self.at = at
    }
  }

  /// The cached location when it is at most `maxAge` seconds old at `now` (and not from the
  /// future); nil otherwise, or when the file is missing or unreadable (it is only a cache).
  public func load(now: Date, maxAge: TimeInterval) -> Entry? {
    guard let bytes = try? FileIO.read(path),
      case .object(let f)? = try? JSONValue.document(bytes, path: path),
      case .number(let lat)? = f["latitude"], case .number(let lon)? = f["longitude"],
      case .number(let acc)? = f["accuracy"], case .string(let when)? = f["at"],
      let point = GeoPoint(latitude: Double(lat) ?? .nan, longitude: Double(lon) ?? .nan),
      let accuracy = Double(acc), let at = Timestamp.parse(when),
      at <= now.addingTimeInterval(60), now.timeIntervalSince(at) <= maxAge
    else { return nil }
    return Entry(point: point, accuracy: accuracy, at: at)
  }

  /// Keeps `entry`; a cache that cannot be written is no error.
  public func save(_ entry: Entry, clock: DayClock) {
    var w = JSONWriter()
    w.value(
      .object([
        "latitude": .number(GeoPoint.format(entry.point.latitude)),
        "longitude": .number(GeoPoint.format(entry.point.longitude)),
        "accuracy": .number(AlarmStore.number((entry.accuracy * 100).rounded() / 100)),
        "at": .string(Timestamp.format(entry.at, in: clock)),
      ]))
    w.raw("\n")
    try? FileIO.writeAtomically(w.out, to: path, links: .replace)
  }
}
