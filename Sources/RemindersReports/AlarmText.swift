import Foundation
import RemindersApp
import RemindersCore
import RemindersDesktop
import RemindersMessages
import RemindersStore
import RemindersTerminal

/// What the alarm commands print, in the session's language: the alarm's values formatted with
/// the report's day clock, the words the catalogue's.
public struct AlarmText {
  public let locale: ReportLocale

  public init(locale: ReportLocale) { self.locale = locale }

  public var clock: DayClock { locale.clock }
  public var words: any Catalogue { locale.words }

  public func stamp(_ instant: Date) -> String { locale.stamp(instant) }

  /// `every Mon, Tue` / `毎週 月・火`, or `on 2026-11-21` / `2026-11-21 のみ`.
  public func days(_ days: AlarmDays) -> String {
    switch days {
    case .weekdays(let list): words.alarmDays(.weekdays(list))
    case .once(let day): words.alarmDays(.once(day: day.description))
    }
  }

  public func next(_ alarm: Alarm, now: Date) -> String {
    words.nextRing(alarm.nextRing(from: now, clock: clock).map { stamp($0.at) })
  }

  public func summary(_ alarm: Alarm, now: Date) -> AlarmWords {
    AlarmWords(
      id: alarm.id, name: VisibleCharacters.of(alarm.name), days: days(alarm.days),
      time: alarm.time.description,
      place: alarm.place.description, radius: DistanceText.format(alarm.radius), next: next(alarm, now: now),
      enabled: alarm.enabled)
  }

  public func added(_ alarm: Alarm, now: Date) -> String { words.alarmAdded(summary(alarm, now: now)) }
  public func edited(_ alarm: Alarm, now: Date) -> String { words.alarmEdited(summary(alarm, now: now)) }
  public func deleted(_ alarm: Alarm) -> String {
    words.alarmDeleted(id: alarm.id, name: VisibleCharacters.of(alarm.name))
  }
  public func ringEnded(_ alarm: Alarm) -> String { words.ringEnded(name: VisibleCharacters.of(alarm.name)) }

  public func stopped(_ alarm: Alarm, distance: Double) -> String {
    words.alarmStopped(
      id: alarm.id, name: VisibleCharacters.of(alarm.name), distance: DistanceText.format(distance))
  }

  public func stillRinging(_ alarm: Alarm, refusal: String) -> String {
    words.stillRinging(id: alarm.id, name: VisibleCharacters.of(alarm.name), refusal: refusal)
  }

  public func notRinging(_ alarm: Alarm) -> String {
    words.notRinging(id: alarm.id, name: VisibleCharacters.of(alarm.name))
  }
  public var nothingRings: String { words.nothingRings }

  /// Why no location came, in words.
  public func why(_ error: GeoClueError) -> String { error.text(locale.language) }

  /// What `alarm stop` did, a line each.
  public func lines(_ stop: AlarmKeeper.Stop) -> [String] {
    switch stop {
    case .notRinging(let alarm): return [notRinging(alarm)]
    case .nothingRings: return [nothingRings]
    case .stopped(let ended, let ringingOn):
      return ended.map { stopped($0.alarm, distance: AlarmKeeper.distance($0.gate)) }
        + ringingOn.map {
          stillRinging($0.alarm, refusal: words.gateDetail($0.gate, radius: $0.alarm.radius))
        }
    }
  }

  // MARK: alarm list

  public func state(_ row: AlarmBoard.Row) -> String {
    if let ringing = row.ringing { return words.alarmState(.ringing(since: stamp(ringing.deliveredAt))) }
    if !row.alarm.enabled { return words.alarmState(.disabled) }
    if let missed = row.missed.last { return words.alarmState(.missed(at: stamp(missed.at))) }
    return words.alarmState(.enabled)
  }

  public func table(_ board: AlarmBoard) -> String {
    guard !board.rows.isEmpty else { return words.noAlarms }
    let distances = board.location != nil
    var rows = [words.alarmTableHeader(distances: distances)]
    for row in board.rows {
      var cells = [
        row.alarm.id, row.alarm.name, row.alarm.time.description, days(row.alarm.days),
        row.alarm.place.description, DistanceText.format(row.alarm.radius), state(row),
        row.next.map { stamp($0.at) } ?? "-",
      ]
      if distances { cells.append(row.distance.map(DistanceText.format) ?? "-") }
      rows.append(cells)
    }
    var out = TextTable.render(rows)
    if let location = board.location {
      out += words.distancesFrom(at: stamp(location.at), accuracy: DistanceText.format(location.accuracy))
    }
    return out
  }

  public func json(_ board: AlarmBoard) -> String {
    func time(_ date: Date) -> OrderedJSON { .string(Timestamp.format(date, in: clock)) }
    func number(_ value: Double) -> OrderedJSON { .number(AlarmStoreNumbers.format(value)) }
    let alarms: [OrderedJSON] = board.rows.map { row in
      let a = row.alarm
      var days: OrderedJSON = .null
      var date: OrderedJSON = .null
      switch a.days {
      case .weekdays(let list): days = .array(list.map { .string(AlarmDays.names[$0]) })
      case .once(let day): date = .string(day.description)
      }
      return .object([
        ("id", .string(a.id)), ("name", .string(a.name)), ("at", .string(a.time.description)), ("days", days),
        ("date", date),
        (
          "place",
          .object([("latitude", number(a.place.latitude)), ("longitude", number(a.place.longitude))])
        ),
        ("radius", number(a.radius)), ("enabled", .bool(a.enabled)),
        ("nextRing", row.next.map { time($0.at) } ?? .null),
        (
          "ringing",
          row.ringing.map { entry in
            .object([
              ("id", .string(entry.reminderID.description)), ("since", time(entry.deliveredAt)),
              ("onScreen", .bool(entry.onScreen)),
            ])
          } ?? .null
        ),
        ("missed", .array(row.missed.map { time($0.at) })),
        ("distance", row.distance.map { number(($0 * 10).rounded() / 10) } ?? .null),
      ])
    }
    let root = OrderedJSON.object([
      ("now", time(board.now)), ("zone", .string(locale.zoneName)),
      (
        "location",
        board.location.map { l in
          .object([
            ("latitude", number(l.point.latitude)), ("longitude", number(l.point.longitude)),
            ("accuracy", number(l.accuracy)), ("at", time(l.at)),
          ])
        } ?? .null
      ),
      ("alarms", .array(alarms)),
    ])
    return root.rendered() + "\n"
  }
}

/// Numbers in the alarm outputs: whole numbers as such, else up to six decimals.
public enum AlarmStoreNumbers {
  public static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : GeoPoint.format(value)
  }
}
