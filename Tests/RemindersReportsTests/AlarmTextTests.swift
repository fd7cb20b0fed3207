import Foundation
import RemindersCore
import RemindersMessages
import RemindersReports
import RemindersStore
import RemindersTestSupport
import Testing

@testable import RemindersApp

/// What the alarm commands print, in both languages: days Monday first, times on the day
/// clock, an alarm's name shown with nothing a terminal would act on.
@Suite struct AlarmTextTests {
  static let tokyo = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)
  static let newYork = DayClock(zone: TimeZone(identifier: "America/New_York")!)
  /// A Saturday.
  static let now = FakeClock.parse("2026-11-21T09:00:00+09:00")
  static let station = GeoPoint(latitude: 35.681236, longitude: 139.767125)!

  static func locale(_ language: Language, _ clock: DayClock = tokyo, zone: String = "Asia/Tokyo")
    -> AlarmText
  {
    AlarmText(locale: ReportLocale(language: language, clock: clock, zoneName: zone))
  }

  static let gym = Alarm(
    id: "a1", name: "Gym\u{1B}[2J", time: WallTime(hour: 7, minute: 0)!, days: .weekdays([1, 3, 5]),
    place: station, radius: 200, setAt: FakeClock.parse("2026-11-01T00:00:00+09:00"))
  static let home = Alarm(
    id: "a2", name: "Home", time: WallTime(hour: 18, minute: 30)!,
    days: .once(Day(year: 2026, month: 11, day: 21)!),
    place: GeoPoint(latitude: 35.6, longitude: 139.7)!, radius: 1500, enabled: false,
    setAt: FakeClock.parse("2026-11-01T00:00:00+09:00"))

  @Test(arguments: [
    (AlarmDays.weekdays([1, 3, 5]), "every Mon, Wed, Fri", "毎週 月・水・金"),
    // Sunday is 0, but the week starts on Monday.
    (.weekdays([0, 6]), "every Sat, Sun", "毎週 土・日"),
    (.weekdays([0, 1, 2, 3, 4, 5, 6]), "every day", "毎日"),
    (.once(Day(year: 2026, month: 11, day: 21)!), "on 2026-11-21", "2026-11-21 のみ"),
  ])
  func days(days: AlarmDays, english: String, japanese: String) {
    #expect(Self.locale(.en).days(days) == english)
    #expect(Self.locale(.ja).days(days) == japanese)
  }

  @Test func addedAndEdited() {
    #expect(
      Self.locale(.en).added(Self.gym, now: Self.now)
        == "Set alarm a1 \"Gym<U+001B>[2J\": every Mon, Wed, Fri at 07:00, place 35.681236,139.767125, radius 200 m; next ring: 2026-11-23 Mon 07:00."
    )
    #expect(
      Self.locale(.ja).added(Self.gym, now: Self.now)
        == "アラーム a1 「Gym<U+001B>[2J」を設定しました: 毎週 月・水・金 07:00、場所 35.681236,139.767125、半径 200 m。次の鳴動: 2026-11-23 (月) 07:00。"
    )
    #expect(
      Self.locale(.en).edited(Self.home, now: Self.now)
        == "Changed alarm a2 \"Home\" (disabled): on 2026-11-21 at 18:30, place 35.6,139.7, radius 1.5 km; next ring: none."
    )
    #expect(
      Self.locale(.ja).edited(Self.home, now: Self.now)
        == "アラーム a2 「Home」を変更しました（無効）: 2026-11-21 のみ 18:30、場所 35.6,139.7、半径 1.5 km。次の鳴動: なし。"
    )
  }

  /// Seven o'clock the morning after New York's clocks go back is 25 hours after seven the day before.
  @Test func nextRingAcrossTheFallBack() {
    var alarm = Self.gym
    alarm.days = .weekdays([0, 1, 2, 3, 4, 5, 6])
    let now = FakeClock.parse("2026-10-31T07:30:00-04:00")
    #expect(Self.locale(.en, Self.newYork).next(alarm, now: now) == "next ring: 2026-11-01 Sun 07:00")
    #expect(Self.locale(.ja, Self.newYork).next(alarm, now: now) == "次の鳴動: 2026-11-01 (日) 07:00")
    #expect(
      Self.locale(.en, DayClock(zone: TimeZone(identifier: "UTC")!)).stamp(now) == "2026-10-31 Sat 11:30")
  }

  @Test func deletedStoppedAndNotRinging() {
    let en = Self.locale(.en)
    let ja = Self.locale(.ja)
    #expect(en.deleted(Self.gym) == "Deleted alarm a1 \"Gym<U+001B>[2J\".")
    #expect(ja.deleted(Self.gym) == "アラーム a1 「Gym<U+001B>[2J」を削除しました。")
    #expect(en.ringEnded(Self.gym) == "Its ring under way has stopped.")
    #expect(ja.ringEnded(Self.gym) == "鳴っていたアラーム「Gym<U+001B>[2J」は止まりました。")
    #expect(
      en.stopped(Self.gym, distance: 42.4) == "Stopped alarm a1 \"Gym<U+001B>[2J\" (42 m from its place).")
    #expect(ja.stopped(Self.gym, distance: 1234) == "アラーム a1 「Gym<U+001B>[2J」を止めました（場所から 1.2 km）。")
    #expect(en.lines(.notRinging(Self.home)) == ["Alarm a2 \"Home\" is not ringing."])
    #expect(ja.lines(.notRinging(Self.home)) == ["アラーム a2 「Home」は鳴っていません。"])
    #expect(en.lines(.nothingRings) == ["No alarm is ringing."])
    #expect(ja.lines(.nothingRings) == ["鳴っているアラームはありません。"])
    #expect(en.lines(.stopped([], ringingOn: [])) == [])
  }

  static func board(location: LocationCache.Entry?) -> AlarmBoard {
    AlarmBoard(
      now: now,
      rows: [
        AlarmBoard.Row(
          alarm: gym,
          next: (Day(year: 2026, month: 11, day: 23)!, FakeClock.parse("2026-11-23T07:00:00+09:00")),
          ringing: nil,
          missed: [(Day(year: 2026, month: 11, day: 20)!, FakeClock.parse("2026-11-20T07:00:00+09:00"))],
          distance: 1234.56),
        AlarmBoard.Row(alarm: home, next: nil, ringing: nil, missed: [], distance: nil),
      ], location: location)
  }

  static let here = LocationCache.Entry(
    point: GeoPoint(latitude: 35.68, longitude: 139.76)!, accuracy: 30,
    at: FakeClock.parse("2026-11-21T08:55:00+09:00"))

  @Test func table() {
    #expect(
      Self.locale(.en).table(AlarmBoard(now: Self.now, rows: [], location: nil))
        == "No alarms (reminders alarm add sets one).\n")
    #expect(
      Self.locale(.ja).table(AlarmBoard(now: Self.now, rows: [], location: nil))
        == "アラームはありません（reminders alarm add で設定します）。\n")
    #expect(
      Self.locale(.en).table(Self.board(location: Self.here)) == """
        ID  NAME            TIME   DAYS                 PLACE                 RADIUS  STATE                        NEXT RING             FROM HERE
        a1  Gym<U+001B>[2J  07:00  every Mon, Wed, Fri  35.681236,139.767125  200 m   missed 2026-11-20 Fri 07:00  2026-11-23 Mon 07:00  1.2 km
        a2  Home            18:30  on 2026-11-21        35.6,139.7            1.5 km  disabled                     -                     -
        Distances are from where you were at 2026-11-21 Sat 08:55 (accurate to ±30 m).

        """)
    #expect(
      Self.locale(.ja).table(Self.board(location: Self.here)) == """
        ID  名前            時刻   曜日・日付       場所                  半径    状態                                       次の鳴動               ここから
        a1  Gym<U+001B>[2J  07:00  毎週 月・水・金  35.681236,139.767125  200 m   鳴らせませんでした: 2026-11-20 (金) 07:00  2026-11-23 (月) 07:00  1.2 km
        a2  Home            18:30  2026-11-21 のみ  35.6,139.7            1.5 km  無効                                       -                      -
        距離は 2026-11-21 (土) 08:55 の位置（精度 ±30 m）からです。

        """)
    // Without a location there is no distance column.
    #expect(
      Self.locale(.en).table(Self.board(location: nil)).split(separator: "\n").first
        == "ID  NAME            TIME   DAYS                 PLACE                 RADIUS  STATE                        NEXT RING"
    )
  }

  @Test func json() {
    let expected = """
      {
        "now": "2026-11-21T09:00:00+09:00",
        "zone": "Asia/Tokyo",
        "location": {
          "latitude": 35.68,
          "longitude": 139.76,
          "accuracy": 30,
          "at": "2026-11-21T08:55:00+09:00"
        },
        "alarms": [
          {
            "id": "a1",
            "name": "Gym\\u001b[2J",
            "at": "07:00",
            "days": [
              "mon",
              "wed",
              "fri"
            ],
            "date": null,
            "place": {
              "latitude": 35.681236,
              "longitude": 139.767125
            },
            "radius": 200,
            "enabled": true,
            "nextRing": "2026-11-23T07:00:00+09:00",
            "ringing": null,
            "missed": [
              "2026-11-20T07:00:00+09:00"
            ],
            "distance": 1234.6
          },
          {
            "id": "a2",
            "name": "Home",
            "at": "18:30",
            "days": null,
            "date": "2026-11-21",
            "place": {
              "latitude": 35.6,
              "longitude": 139.7
            },
            "radius": 1500,
            "enabled": false,
            "nextRing": null,
            "ringing": null,
            "missed": [],
            "distance": null
          }
        ]
      }

      """
    #expect(Self.locale(.en).json(Self.board(location: Self.here)) == expected)
    #expect(Self.locale(.ja).json(Self.board(location: Self.here)) == expected)
  }
}
