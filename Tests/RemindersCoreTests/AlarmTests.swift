import Foundation
import RemindersCore
import Testing

/// Alarms that stop only at their place (docs/alarms.md): the distance and the gate, when an alarm
/// rings in Tokyo, New York (across both 2026 daylight-saving changes) and UTC, and what the
/// planner makes of its rings.
@Suite struct AlarmTests {
  static let tokyoStation = GeoPoint(latitude: 35.681236, longitude: 139.767125)!

  /// A point `metres` north of `point` (a degree of latitude is 111,195 m on the mean sphere).
  static func north(of point: GeoPoint, _ metres: Double) -> GeoPoint {
    GeoPoint(
      latitude: point.latitude + metres / (GeoPoint.earthRadius * .pi / 180), longitude: point.longitude)!
  }

  @Test(
    arguments: [
      // Tokyo Station to the Imperial Palace's east garden gate, Paris to London, a pole to the equator.
      ("35.681236,139.767125", "35.685175,139.752799", 1_366.0, 5.0),
      ("48.8566,2.3522", "51.5074,-0.1278", 343_560, 400),
      ("90,0", "0,0", 10_007_557, 10),
      ("35.681236,139.767125", "35.681236,139.767125", 0, 0.001),
      // Across the antimeridian: 0.2 degrees of longitude on the equator.
      ("0,179.9", "0,-179.9", 22_239, 2),
    ])
  func greatCircleDistance(from: String, to: String, metres: Double, tolerance: Double) {
    let a = GeoPoint(from)!
    let b = GeoPoint(to)!
    #expect(abs(a.distance(to: b) - metres) <= tolerance, "\(a) → \(b): \(a.distance(to: b))")
    #expect(abs(a.distance(to: b) - b.distance(to: a)) < 1e-6)
  }

  @Test(
    arguments: [
      ("35.681236,139.767125", "35.681236,139.767125"), (" 35.5 , -139 ", "35.5,-139"),
      ("-90,180", "-90,180"),
      ("0.0000001,0", "0,0"),
    ])
  func placesParse(text: String, shown: String) {
    #expect(GeoPoint(text)?.description == shown)
  }

  @Test(arguments: [
    "", "35", "35,139,1", "91,0", "0,181", "nan,0", "1e1,2", "inf,0", "35;139", "a,b", "35.6 N,139",
  ])
  func badPlacesAreRefused(text: String) {
    #expect(GeoPoint(text) == nil)
  }

  /// Allowed only when the distance is at most the radius and the accuracy at most the radius.
  @Test(
    arguments: [
      (50.0, 1.0, true), (90, 1, true), (99.9, 99.9, true), (110, 1, false), (1000, 1, false),
      (50, 300, false), (0, 100, true), (0, 100.5, false), (10, -1, false), (10, .nan, false),
    ])
  func theGate(metres: Double, accuracy: Double, allowed: Bool) {
    let here = AlarmTests.north(of: AlarmTests.tokyoStation, metres)
    let gate = PlaceGate(place: AlarmTests.tokyoStation, radius: 100, here: here, accuracy: accuracy)
    #expect(gate.isAllowed == allowed, "\(metres) m, ±\(accuracy) m: \(gate)")
    if metres > 100 {
      guard case .tooFar(let d, _) = gate else {
        Issue.record("expected too far, got \(gate)")
        return
      }
      #expect(abs(d - metres) < 0.5)
    } else if !allowed {
      guard case .tooCoarse = gate else {
        Issue.record("expected too coarse, got \(gate)")
        return
      }
    }
  }

  @Test func theRefusalsSaySpecWords() {
    let en = Language.en.words
    let ja = Language.ja.words
    #expect(en.alarmNotStoppable == "You have not arrived at this place, so the alarm cannot be stopped")
    #expect(ja.alarmNotStoppable == "この場所に到着していないため、アラームを停止できません")
    #expect(en.alarmNotEditable == "You have not arrived at this place, so the alarm cannot be edited")
    #expect(ja.alarmNotEditable == "この場所に到着していないため、編集できません")
    #expect(en.locationFailed == "Could not get your location. Check your settings.")
    #expect(ja.locationFailed == "位置情報の取得に失敗しました。設定を確認してください")
    let far = PlaceGate.tooFar(distance: 1_234, accuracy: 5)
    #expect(en.gateDetail(far, radius: 100) == "1.2 km to go")
    #expect(ja.gateDetail(far, radius: 100) == "目的地まで 1.2 km")
    #expect(en.gateDetail(.tooFar(distance: 150, accuracy: 5), radius: 100) == "150 m to go")
    #expect(
      en.distance(999.4) == "999 m" && en.distance(999.6) == "1.0 km" && en.distance(123_456) == "123 km")
    let coarse = PlaceGate.tooCoarse(distance: 20, accuracy: 300)
    #expect(ja.gateDetail(coarse, radius: 100) == "位置の精度が ±300 m で、半径 100 m には粗すぎます")
  }

  static func alarm(
    _ time: String = "07:00", days: AlarmDays = .weekdays([1, 2, 3, 4, 5]),
    setAt: String = "2026-01-01T00:00:00Z",
    enabled: Bool = true
  ) -> Alarm {
    Alarm(
      id: "a1b2c3d4", name: "Office", time: Fixture.wall(time), days: days, place: tokyoStation,
      enabled: enabled,
      setAt: Fixture.t(setAt))
  }

  /// Its rings are wall-clock times in the day zone, the days of the week in that zone, with the
  /// daylight-saving rules of docs/planning.md#days-and-the-day-zone.
  @Test(
    arguments: [
      ("Asia/Tokyo", "07:00", "2026-11-20T08:00:00+09:00", "2026-11-23T07:00:00+09:00"),  // Fri → Mon
      ("UTC", "07:00", "2026-11-23T06:59:00Z", "2026-11-23T07:00:00Z"),
      ("UTC", "07:00", "2026-11-23T07:00:00Z", "2026-11-23T07:00:00Z"),
      // Spring forward in New York (Sunday 2026-03-08): a Monday alarm is untouched, a daily one at
      // 02:30 rings at 03:00 EDT that Sunday.
      ("America/New_York", "02:30", "2026-03-08T00:00:00-05:00", "2026-03-08T03:00:00-04:00"),
      // Fall back (Sunday 2026-11-01): 01:30 means its first occurrence, EDT.
      ("America/New_York", "01:30", "2026-11-01T00:00:00-04:00", "2026-11-01T01:30:00-04:00"),
    ])
  func nextRing(zone: String, time: String, from: String, expected: String) throws {
    let clock = Fixture.clock(zone)
    let everyDay = AlarmTests.alarm(time, days: .weekdays(Array(0...6)))
    let weekdays = AlarmTests.alarm(time)
    let alarm = zone == "America/New_York" ? everyDay : weekdays
    let next = try #require(alarm.nextRing(from: Fixture.t(from), clock: clock))
    #expect(next.at == Fixture.t(expected), "\(Fixture.format(next.at, clock) ?? "")")
    #expect(next.day == clock.day(of: next.at))
  }

  @Test func anAlarmRingsOnlyAfterItWasSet() {
    let clock = Fixture.tokyo
    let alarm = AlarmTests.alarm(setAt: "2026-11-23T07:30:00+09:00")
    // Set at 07:30 on a Monday for 07:00: Tuesday first.
    #expect(
      alarm.nextRing(from: Fixture.t("2026-11-23T07:30:00+09:00"), clock: clock)?.day
        == Fixture.day("2026-11-24"))
    #expect(alarm.lastRing(atOrBefore: Fixture.t("2026-11-23T23:00:00+09:00"), clock: clock) == nil)
    #expect(
      AlarmTests.alarm(enabled: false).nextRing(from: Fixture.t("2026-11-23T00:00:00+09:00"), clock: clock)
        == nil)
  }

  @Test func aOneTimeAlarmRingsTheNextTimeTheClockShowsIt() {
    let clock = Fixture.tokyo
    #expect(
      Alarm.nextDay(
        showing: Fixture.wall("07:00"), after: Fixture.t("2026-11-21T06:59:00+09:00"), clock: clock)
        == Fixture.day("2026-11-21"))
    #expect(
      Alarm.nextDay(
        showing: Fixture.wall("07:00"), after: Fixture.t("2026-11-21T07:00:00+09:00"), clock: clock)
        == Fixture.day("2026-11-21"))
    #expect(
      Alarm.nextDay(
        showing: Fixture.wall("07:00"), after: Fixture.t("2026-11-21T07:00:01+09:00"), clock: clock)
        == Fixture.day("2026-11-22"))
    let once = AlarmTests.alarm(days: .once(Fixture.day("2026-11-22")))
    #expect(
      once.rings(
        from: Fixture.t("2026-11-20T00:00:00+09:00"), until: Fixture.t("2026-12-01T00:00:00+09:00"),
        clock: clock
      ).map(\.day) == [Fixture.day("2026-11-22")])
  }

  @Test(arguments: [
    ("mon,tue", [1, 2]), ("SUN", [0]), ("fri, sat ,sun", [0, 5, 6]),
  ])
  func weekdaysParse(text: String, days: [Int]) {
    #expect(AlarmDays.weekdays(parsing: text) == .weekdays(days))
  }

  @Test(arguments: ["", "mon,,tue", "monday", "mon,mon", "月"])
  func badWeekdaysAreRefused(text: String) {
    #expect(AlarmDays.weekdays(parsing: text) == nil)
  }

  @Test func ringIDsRoundTrip() {
    let id = ReminderID("alarm:a1b2c3d4:2026-11-23")
    #expect(id == .alarm(id: "a1b2c3d4", day: Fixture.day("2026-11-23")))
    #expect(id.description == "alarm:a1b2c3d4:2026-11-23")
    #expect(id.kind == .alarm && !id.canSnooze && id.alarmID == "a1b2c3d4" && id.day == nil)
    let second = ReminderID("alarm:a1b2c3d4:2026-11-23:2")
    #expect(second == .alarm(id: "a1b2c3d4", day: Fixture.day("2026-11-23"), ring: 2))
    #expect(second.description == "alarm:a1b2c3d4:2026-11-23:2" && second.alarmID == "a1b2c3d4")
    for text in [
      "alarm::2026-11-23", "alarm:a:b:2026-11-23", "alarm:a1:2026-13-01", "alarm:a1", "alarm:a1:2026-11-23:1",
      "alarm:a1:2026-11-23:0", "alarm:a1:2026-11-23:02", "alarm:a1:2026-11-23:x", "alarm:a1:2026-11-23:2:3",
    ] {
      #expect(ReminderID(text) == .other(text))
    }
  }

  // MARK: The planner

  static func planner(_ clock: DayClock, quiet: [String] = ["06:00-09:00"]) -> Planner {
    Fixture.planner(Fixture.schedule(window: ("09:00", "18:00"), quiet: quiet), clock)
  }

  /// At its time whatever the window (09:00–18:00) and quiet hours (06:00–09:00) say, urgency
  /// critical; a missed one at the next run of its day, `catch-up`; never on a later day.
  @Test(
    arguments: [
      ("2026-11-23T06:00:00+09:00", "2026-11-23T07:00:00+09:00", nil as String?),
      ("2026-11-23T07:00:00+09:00", "2026-11-23T07:00:00+09:00", nil),
      ("2026-11-23T07:02:00+09:00", "2026-11-23T07:00:00+09:00", nil),
      ("2026-11-23T07:03:00+09:00", "2026-11-23T07:03:00+09:00", "2026-11-23T07:00:00+09:00"),
      ("2026-11-23T23:59:00+09:00", "2026-11-23T23:59:00+09:00", "2026-11-23T07:00:00+09:00"),
      // Tuesday just after midnight: Monday's ring is missed; Tuesday's comes at 07:00.
      ("2026-11-24T00:00:00+09:00", "2026-11-24T07:00:00+09:00", nil),
    ])
  func ringsWhateverTheWindowSays(now: String, fireAt: String, deferredFrom: String?) throws {
    let clock = Fixture.tokyo
    var input = Fixture.input()
    input.alarms = [AlarmTests.alarm()]
    let plan = AlarmTests.planner(clock).plan(input, ledger: DeliveryLedger(), now: Fixture.t(now), days: 1)
    let ring = try #require(plan.first)
    #expect(ring.kind == .alarm && ring.critical && ring.title == "Alarm: Office")
    #expect(ring.fireAt == Fixture.t(fireAt))
    #expect(ring.deferredFrom == deferredFrom.map(Fixture.t))
    #expect(ring.reason == (deferredFrom == nil ? nil : .catchUp))
  }

  /// Once a day: a ring in the ledger is not planned again; the next day's is.
  @Test func onceADay() {
    let clock = Fixture.newYork
    var input = Fixture.input()
    input.alarms = [AlarmTests.alarm(days: .weekdays(Array(0...6)))]
    let ledger = DeliveryLedger(entries: [
      .init(
        reminderID: "alarm:a1b2c3d4:2026-11-23", deliveredAt: Fixture.t("2026-11-23T07:00:00-05:00"),
        channel: .popup,
        notificationID: 3, recallItemIDs: [], title: "Alarm: Office")
    ])
    let plan = AlarmTests.planner(clock).plan(
      input, ledger: ledger, now: Fixture.t("2026-11-23T07:30:00-05:00"), days: 3)
    #expect(plan.map(\.id.description) == ["alarm:a1b2c3d4:2026-11-24", "alarm:a1b2c3d4:2026-11-25"])
  }

  /// Set anew (time, days or enabled again) after it rang on a day: the ring from before does not
  /// count, and the new one rings that day under the next number, once; `alarm list`'s next ring
  /// and the missed rings agree with the planner. Rung, stopped at 07:05 and edited at noon.
  @Test(
    arguments: [
      // The new time later today: it rings today at 18:00 as ring 2.
      ("18:00", AlarmDays.weekdays(Array(0...6)), "2026-11-23T18:00:00-05:00", "alarm:a1b2c3d4:2026-11-23:2"),
      // A one-time alarm moved to 18:00: not silent for good.
      ("18:00", .once(Fixture.day("2026-11-23")), "2026-11-23T18:00:00-05:00", "alarm:a1b2c3d4:2026-11-23:2"),
      // A time already passed today: tomorrow, the first ring of that day.
      ("06:00", .weekdays(Array(0...6)), "2026-11-24T06:00:00-05:00", "alarm:a1b2c3d4:2026-11-24"),
    ])
  func anAlarmEditedAfterItRangRingsAtItsNewTime(time: String, days: AlarmDays, at: String, id: String)
    throws
  {
    let clock = Fixture.newYork
    var ledger = DeliveryLedger(entries: [
      .init(
        reminderID: "alarm:a1b2c3d4:2026-11-23", deliveredAt: Fixture.t("2026-11-23T07:00:00-05:00"),
        channel: .popup, notificationID: 3, recallItemIDs: [], title: "Alarm: Office")
    ])
    ledger.stopRinging(
      "alarm:a1b2c3d4:2026-11-23", at: Fixture.t("2026-11-23T07:05:00-05:00"), because: "stopped")
    let alarm = AlarmTests.alarm(time, days: days, setAt: "2026-11-23T12:00:00-05:00")
    var input = Fixture.input()
    input.alarms = [alarm]
    let planner = AlarmTests.planner(clock)
    let noon = Fixture.t("2026-11-23T12:00:00-05:00")
    let first = try #require(
      planner.plan(input, ledger: ledger, now: noon, days: 2).first { $0.kind == .alarm })
    #expect(first.id.description == id && first.fireAt == Fixture.t(at))
    #expect(alarm.nextRing(from: noon, clock: clock)?.at == Fixture.t(at))
    // Rung: it is not planned again, and nothing of that day is missed.
    ledger.record(
      .init(
        reminderID: first.id, deliveredAt: first.fireAt, channel: .popup, notificationID: 4,
        recallItemIDs: [],
        title: "Alarm: Office"))
    let after = first.fireAt.addingTimeInterval(600)
    #expect(!planner.plan(input, ledger: ledger, now: after, days: 1).contains { $0.id == first.id })
    let missed = alarm.missed(at: first.fireAt.addingTimeInterval(2 * 86400), ledger: ledger, clock: clock)
    #expect(!missed.contains { clock.day(of: $0.at) == clock.day(of: first.fireAt) })
    #expect(ledger.entries.count == 2)
  }

  /// Focus holds daily and recall reminders, never an alarm.
  @Test func focusDoesNotHoldAnAlarm() throws {
    let clock = Fixture.utc
    var input = Fixture.input()
    input.alarms = [AlarmTests.alarm("10:00")]
    let session = FocusSession(
      id: "f1", start: Fixture.t("2026-11-23T09:50:00Z"),
      settings: FocusSettings(
        focus: 1500, shortBreak: 300, longBreak: 900, longEvery: 4, cycles: 1, holdReminders: true))
    input.focus = FocusInput(session: session, earlierMinutes: 0, earlierDay: Fixture.day("2026-11-23"))
    let plan = AlarmTests.planner(clock, quiet: []).plan(
      input, ledger: DeliveryLedger(), now: Fixture.t("2026-11-23T09:55:00Z"), days: 1)
    let ring = try #require(plan.first { $0.kind == .alarm })
    #expect(ring.fireAt == Fixture.t("2026-11-23T10:00:00Z") && ring.reason == nil)
  }

  @Test func missedRingsAreTheUnrungOfEarlierDays() {
    let clock = Fixture.tokyo
    let alarm = AlarmTests.alarm(setAt: "2026-11-19T00:00:00+09:00")  // Thu
    let ledger = DeliveryLedger(entries: [
      .init(
        reminderID: "alarm:a1b2c3d4:2026-11-20", deliveredAt: Fixture.t("2026-11-20T07:00:00+09:00"),
        channel: .popup,
        notificationID: 3, recallItemIDs: [], title: "Alarm: Office")
    ])
    // Tuesday 08:00: Thursday missed, Friday rang, Monday missed; today's (07:00) is caught up, not missed.
    let missed = alarm.missed(at: Fixture.t("2026-11-24T08:00:00+09:00"), ledger: ledger, clock: clock)
    #expect(missed.map(\.day.description) == ["2026-11-19", "2026-11-23"])
  }

  /// A ring stops once; its entry goes later (`run` drops entries stopped over 8 days ago).
  @Test func stoppingARing() {
    var ledger = DeliveryLedger(entries: [
      .init(
        reminderID: "alarm:a1b2c3d4:2026-11-23", deliveredAt: Fixture.t("2026-11-23T07:00:00+09:00"),
        channel: .popup,
        notificationID: 3, recallItemIDs: [], title: "Alarm: Office", onScreen: true,
        sound: SoundProcess(pid: 10, group: 9, startTicks: 5))
    ])
    #expect(ledger.ringing.count == 1)
    let before = ledger.stopRinging(
      "alarm:a1b2c3d4:2026-11-23", at: Fixture.t("2026-11-23T07:05:00+09:00"), because: "stopped at its place"
    )
    #expect(before?.sound == SoundProcess(pid: 10, group: 9, startTicks: 5))
    #expect(ledger.ringing.isEmpty)
    #expect(
      ledger.stopRinging(
        "alarm:a1b2c3d4:2026-11-23", at: Fixture.t("2026-11-23T07:06:00+09:00"), because: "again") == nil)
    let entry = ledger.entries["alarm:a1b2c3d4:2026-11-23"]
    #expect(entry?.onScreen == false && entry?.sound == nil && entry?.closedBecause == "stopped at its place")
    ledger.dropAlarmEntries(stoppedBefore: Fixture.t("2026-11-23T07:05:00+09:00"))
    #expect(ledger.entries.count == 1)
    ledger.dropAlarmEntries(stoppedBefore: Fixture.t("2026-11-23T07:05:01+09:00"))
    #expect(ledger.entries.isEmpty)
  }
}
