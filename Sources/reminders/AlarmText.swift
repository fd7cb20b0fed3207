import Foundation
import RemindersApp
import RemindersCore
import RemindersDesktop
import RemindersStore

/// What the alarm commands print, in the session's language.
struct AlarmText {
  let invocation: Invocation

  var ja: Bool { invocation.texts.language == .ja }
  var clock: DayClock { invocation.clock }
  var texts: Texts { invocation.texts }

  func stamp(_ instant: Date) -> String {
    PlanReport(invocation: invocation, now: instant, days: 1, reminders: []).stamp(instant)
  }

  /// `every Mon, Tue` / `毎週 月・火`, or `on 2026-11-21` / `2026-11-21 のみ`.
  func days(_ days: AlarmDays) -> String {
    switch days {
    case .weekdays(let list):
      // Monday first, as a week is read.
      let ordered = list.sorted { ($0 + 6) % 7 < ($1 + 6) % 7 }.map(texts.weekdayName)
      if list.count == 7 { return ja ? "毎日" : "every day" }
      return ja ? "毎週 " + ordered.joined(separator: "・") : "every " + ordered.joined(separator: ", ")
    case .once(let day):
      return ja ? "\(day) のみ" : "on \(day)"
    }
  }

  func next(_ alarm: Alarm, now: Date) -> String {
    guard let next = alarm.nextRing(from: now, clock: clock) else {
      return ja ? "次の鳴動: なし" : "next ring: none"
    }
    return ja ? "次の鳴動: \(stamp(next.at))" : "next ring: \(stamp(next.at))"
  }

  func added(_ alarm: Alarm, now: Date) -> String {
    let radius = texts.distance(alarm.radius)
    return ja
      ? "アラーム \(alarm.id) 「\(alarm.name)」を設定しました: \(days(alarm.days)) \(alarm.time)、場所 \(alarm.place)、半径 \(radius)。\(next(alarm, now: now))。"
      : "Set alarm \(alarm.id) \"\(alarm.name)\": \(days(alarm.days)) at \(alarm.time), place \(alarm.place), radius \(radius); \(next(alarm, now: now))."
  }

  func edited(_ alarm: Alarm, now: Date) -> String {
    let radius = texts.distance(alarm.radius)
    let state = alarm.enabled ? "" : (ja ? "（無効）" : " (disabled)")
    return ja
      ? "アラーム \(alarm.id) 「\(alarm.name)」を変更しました\(state): \(days(alarm.days)) \(alarm.time)、場所 \(alarm.place)、半径 \(radius)。\(next(alarm, now: now))。"
      : "Changed alarm \(alarm.id) \"\(alarm.name)\"\(state): \(days(alarm.days)) at \(alarm.time), place \(alarm.place), radius \(radius); \(next(alarm, now: now))."
  }

  func deleted(_ alarm: Alarm) -> String {
    ja ? "アラーム \(alarm.id) 「\(alarm.name)」を削除しました。" : "Deleted alarm \(alarm.id) \"\(alarm.name)\"."
  }

  func ringEnded(_ alarm: Alarm) -> String {
    ja ? "鳴っていたアラーム「\(alarm.name)」は止まりました。" : "Its ring under way has stopped."
  }

  func stopped(_ alarm: Alarm, distance: Double) -> String {
    ja
      ? "アラーム \(alarm.id) 「\(alarm.name)」を止めました（場所から \(texts.distance(distance))）。"
      : "Stopped alarm \(alarm.id) \"\(alarm.name)\" (\(texts.distance(distance)) from its place)."
  }

  func stillRinging(_ alarm: Alarm, refusal: String) -> String {
    ja
      ? "アラーム \(alarm.id) 「\(alarm.name)」は鳴り続けます: \(refusal)"
      : "Alarm \(alarm.id) \"\(alarm.name)\" rings on: \(refusal)"
  }

  func notRinging(_ alarm: Alarm) -> String {
    ja ? "アラーム \(alarm.id) 「\(alarm.name)」は鳴っていません。" : "Alarm \(alarm.id) \"\(alarm.name)\" is not ringing."
  }

  var nothingRings: String { ja ? "鳴っているアラームはありません。" : "No alarm is ringing." }

  /// Why no location came, in words.
  func why(_ error: GeoClueError) -> String { DoctorText(texts.language).why(error) }

  // MARK: alarm list

  func state(_ row: AlarmBoard.Row) -> String {
    if let ringing = row.ringing {
      return ja ? "鳴っています（\(stamp(ringing.deliveredAt)) から）" : "ringing since \(stamp(ringing.deliveredAt))"
    }
    if !row.alarm.enabled { return ja ? "無効" : "disabled" }
    if let missed = row.missed.last {
      return ja ? "鳴らせませんでした: \(stamp(missed.at))" : "missed \(stamp(missed.at))"
    }
    return ja ? "有効" : "enabled"
  }

  func table(_ board: AlarmBoard) -> String {
    guard !board.rows.isEmpty else {
      return ja ? "アラームはありません（reminders alarm add で設定します）。\n" : "No alarms (reminders alarm add sets one).\n"
    }
    var header =
      ja
      ? ["ID", "名前", "時刻", "曜日・日付", "場所", "半径", "状態", "次の鳴動"]
      : ["ID", "NAME", "TIME", "DAYS", "PLACE", "RADIUS", "STATE", "NEXT RING"]
    let distances = board.location != nil
    if distances { header.append(ja ? "ここから" : "FROM HERE") }
    var rows = [header]
    for row in board.rows {
      var cells = [
        row.alarm.id, row.alarm.name, row.alarm.time.description, days(row.alarm.days),
        row.alarm.place.description, texts.distance(row.alarm.radius), state(row),
        row.next.map { stamp($0.at) } ?? "-",
      ]
      if distances { cells.append(row.distance.map(texts.distance) ?? "-") }
      rows.append(cells)
    }
    var out = TextTable.render(rows)
    if let location = board.location {
      let accuracy = texts.distance(location.accuracy)
      out +=
        ja
        ? "距離は \(stamp(location.at)) の位置（精度 ±\(accuracy)）からです。\n"
        : "Distances are from where you were at \(stamp(location.at)) (accurate to ±\(accuracy)).\n"
    }
    return out
  }

  func json(_ board: AlarmBoard) -> String {
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
      ("now", time(board.now)), ("zone", .string(invocation.zoneName)),
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
enum AlarmStoreNumbers {
  static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : GeoPoint.format(value)
  }
}
