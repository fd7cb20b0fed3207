import Foundation
import RemindersCore
import Testing

@Suite struct AllowedTimeTests {
  /// Window 08:00–18:00 (end exclusive) and quiet hours, applied until the time is allowed.
  @Test(
    arguments: [
      // (zone, quiet, asked, expected, reason)
      ("Asia/Tokyo", [], "2026-11-21T07:00:00+09:00", "2026-11-21T08:00:00+09:00", "outside-window"),
      ("Asia/Tokyo", [], "2026-11-21T12:15:00+09:00", "2026-11-21T12:15:00+09:00", nil),
      (
        "Asia/Tokyo", ["12:00-13:00"], "2026-11-21T12:15:00+09:00", "2026-11-21T13:00:00+09:00", "quiet-hours"
      ),
      ("Asia/Tokyo", ["12:00-13:00"], "2026-11-21T13:00:00+09:00", "2026-11-21T13:00:00+09:00", nil),
      ("Asia/Tokyo", [], "2026-11-21T19:30:00+09:00", "2026-11-22T08:00:00+09:00", "outside-window"),
      ("Asia/Tokyo", [], "2026-11-21T18:00:00+09:00", "2026-11-22T08:00:00+09:00", "outside-window"),
      ("Asia/Tokyo", [], "2026-11-21T17:59:59+09:00", "2026-11-21T17:59:59+09:00", nil),
      ("UTC", ["12:00-13:00", "12:30-14:00"], "2026-11-21T12:10:00Z", "2026-11-21T14:00:00Z", "quiet-hours"),
      ("UTC", ["17:00-09:00"], "2026-11-21T17:30:00Z", "2026-11-22T09:00:00Z", "quiet-hours"),
      ("UTC", ["17:00-09:00"], "2026-11-21T07:00:00Z", "2026-11-21T09:00:00Z", "outside-window"),
      ("America/New_York", [], "2026-03-08T06:00:00-05:00", "2026-03-08T08:00:00-04:00", "outside-window"),
      ("America/New_York", [], "2026-10-31T20:00:00-04:00", "2026-11-01T08:00:00-05:00", "outside-window"),
    ] as [(String, [String], String, String, String?)])
  func adjust(zone: String, quiet: [String], asked: String, expected: String, reason: String?) throws {
    let allowed = AllowedTime(schedule: Fixture.schedule(quiet: quiet), clock: Fixture.clock(zone))
    let result = try #require(allowed.adjust(Fixture.t(asked)))
    #expect(result.at == Fixture.t(expected))
    #expect(result.reason?.rawValue == reason)
  }

  /// A quiet range that wraps midnight, with a window that reaches into it.
  @Test(arguments: [
    ("2026-11-21T23:00:00+09:00", "2026-11-22T07:00:00+09:00"),
    ("2026-11-21T03:00:00+09:00", "2026-11-21T07:00:00+09:00"),
    ("2026-11-21T22:00:00+09:00", "2026-11-22T07:00:00+09:00"),
    ("2026-11-21T21:59:00+09:00", "2026-11-21T21:59:00+09:00"),
    ("2026-11-21T07:00:00+09:00", "2026-11-21T07:00:00+09:00"),
  ])
  func wrappingQuietRange(asked: String, expected: String) {
    let schedule = Fixture.schedule(window: ("06:00", "23:30"), quiet: ["22:00-07:00"])
    let allowed = AllowedTime(schedule: schedule, clock: Fixture.tokyo)
    #expect(allowed.adjust(Fixture.t(asked))?.at == Fixture.t(expected))
  }

  @Test func quietHoursCoveringTheWindowHaveNoAllowedTime() {
    let schedule = Fixture.schedule(quiet: ["07:00-19:00"])
    #expect(!schedule.hasAllowedMinute)
    #expect(
      AllowedTime(schedule: schedule, clock: Fixture.utc).adjust(Fixture.t("2026-11-21T10:00:00Z")) == nil)
  }

  @Test(arguments: [("22:00-07:00", true), ("12:00-13:00", false)])
  func quietRangeParsing(text: String, wraps: Bool) { #expect(QuietRange(text)?.wraps == wraps) }

  @Test(arguments: ["12:00", "12:00-12:00", "12:00-25:00", "noon-1pm", "12:00-13:00-14:00"])
  func malformedQuietRanges(text: String) { #expect(QuietRange(text) == nil) }
}

@Suite struct DailyReminderTests {
  let cards = [
    Fixture.card("1", due: "2026-11-20", collection: "TOEIC"),
    Fixture.card("2", due: "2026-11-21", collection: "TOEIC"),
    Fixture.card("3", due: "2026-11-21", collection: "JLPT"),
    Fixture.card("4", due: "2026-11-22", collection: "JLPT"),
    Fixture.card("5", due: "2026-11-30"),
  ]

  /// One per day at daily.time, counting cards due on that day (overdue included), in each zone.
  @Test(arguments: ["Asia/Tokyo", "America/New_York", "UTC"])
  func onePerDayWithTheDueCount(zone: String) {
    let clock = Fixture.clock(zone)
    let now = clock.instant(on: Fixture.day("2026-11-21"), at: Fixture.wall("06:00"))
    let plan = Fixture.planner(Fixture.schedule(), clock).plan(
      Fixture.input(cards: cards), ledger: DeliveryLedger(), now: now, days: 2)
    #expect(plan.map(\.id) == ["daily:2026-11-21", "daily:2026-11-22"])
    #expect(plan[0].fireAt == clock.instant(on: Fixture.day("2026-11-21"), at: Fixture.wall("08:00")))
    #expect(plan.map(\.dueCount) == [3, 4])
    #expect(plan[0].collections == ["TOEIC": 2, "JLPT": 1])
    #expect(plan[1].collections == ["TOEIC": 2, "JLPT": 2])
    #expect(plan[0].title == "Today's reviews: 3 cards")
    #expect(plan[0].reason == nil && plan[0].deferredFrom == nil)
  }

  @Test func noReminderOnADayWithNothingDue() {
    let plan = Fixture.planner(Fixture.schedule(), Fixture.utc).plan(
      Fixture.input(cards: [Fixture.card("1", due: "2026-11-22")]), ledger: DeliveryLedger(),
      now: Fixture.t("2026-11-21T06:00:00Z"), days: 2)
    #expect(plan.map(\.id) == ["daily:2026-11-22"])
  }

  @Test func japaneseTitleAndStreak() {
    let input = Fixture.input(cards: cards, answerDays: ["2026-11-18", "2026-11-19", "2026-11-20"])
    let plan = Fixture.planner(Fixture.schedule(), Fixture.tokyo, .ja).plan(
      input, ledger: DeliveryLedger(), now: Fixture.t("2026-11-21T06:00:00+09:00"), days: 1)
    #expect(plan.first?.title == "今日の復習 3枚")
    #expect(plan.first?.streak == 3)
    // The fixture's cards were never answered: all three are new.
    #expect(plan.first?.body == "うち新規 3枚。JLPT 1枚、TOEIC 2枚。連続記録 3日。")
  }

  /// A daily time before the window moves to its start; a daily time inside quiet hours to their end.
  @Test func dailyTimeMovedByWindowAndQuietHours() {
    let early = Fixture.planner(Fixture.schedule(daily: "07:00"), Fixture.tokyo).plan(
      Fixture.input(cards: cards), ledger: DeliveryLedger(), now: Fixture.t("2026-11-21T06:00:00+09:00"),
      days: 1)
    #expect(early.first?.fireAt == Fixture.t("2026-11-21T08:00:00+09:00"))
    #expect(early.first?.reason == .outsideWindow)
    #expect(early.first?.deferredFrom == Fixture.t("2026-11-21T07:00:00+09:00"))
    let quiet = Fixture.planner(Fixture.schedule(quiet: ["07:30-09:00"]), Fixture.tokyo).plan(
      Fixture.input(cards: cards), ledger: DeliveryLedger(), now: Fixture.t("2026-11-21T06:00:00+09:00"),
      days: 1)
    #expect(quiet.first?.fireAt == Fixture.t("2026-11-21T09:00:00+09:00"))
    #expect(quiet.first?.reason == .quietHours)
  }

  /// Missed at 08:00: caught up at 10:00 on its own day; expired at 19:00 (after the window).
  @Test(
    arguments: [
      ("2026-11-21T08:00:00+09:00", "2026-11-21T08:00:00+09:00", nil),
      ("2026-11-21T08:01:30+09:00", "2026-11-21T08:00:00+09:00", nil),  // within a timer tick or two: on time
      ("2026-11-21T10:00:00+09:00", "2026-11-21T10:00:00+09:00", "catch-up"),
      ("2026-11-21T17:59:00+09:00", "2026-11-21T17:59:00+09:00", "catch-up"),
      ("2026-11-21T19:00:00+09:00", nil, nil),
      ("2026-11-22T07:00:00+09:00", nil, nil),
    ] as [(String, String?, String?)])
  func catchUpAndExpiry(now: String, fireAt: String?, reason: String?) {
    let plan = Fixture.planner(Fixture.schedule(), Fixture.tokyo).plan(
      Fixture.input(cards: cards), ledger: DeliveryLedger(), now: Fixture.t(now), days: 1)
    let today = plan.first { $0.id == "daily:2026-11-21" }
    #expect(today?.fireAt == fireAt.map(Fixture.t))
    #expect(today?.reason?.rawValue == reason)
    if reason != nil { #expect(today?.deferredFrom == Fixture.t("2026-11-21T08:00:00+09:00")) }
  }

  /// A catch-up that lands in quiet hours waits for their end, still on its own day.
  @Test func catchUpRespectsQuietHours() {
    let plan = Fixture.planner(Fixture.schedule(quiet: ["12:00-13:00"]), Fixture.tokyo).plan(
      Fixture.input(cards: cards), ledger: DeliveryLedger(), now: Fixture.t("2026-11-21T12:10:00+09:00"),
      days: 1)
    #expect(plan.first?.fireAt == Fixture.t("2026-11-21T13:00:00+09:00"))
    #expect(plan.first?.reason == .catchUp)
  }

  @Test func heldByDoNotDisturbIsMarkedSo() {
    let ledger = DeliveryLedger(held: ["daily:2026-11-21": Fixture.t("2026-11-21T08:00:00+09:00")])
    let plan = Fixture.planner(Fixture.schedule(), Fixture.tokyo).plan(
      Fixture.input(cards: cards), ledger: ledger, now: Fixture.t("2026-11-21T09:30:00+09:00"), days: 1)
    #expect(plan.first?.reason == .desktopDND)
  }

  /// Across both 2026 DST changes in New York, daily.time stays 08:00 on the wall clock.
  @Test(arguments: [
    ("2026-03-07", "2026-03-07T13:00:00Z"), ("2026-03-08", "2026-03-08T12:00:00Z"),
    ("2026-10-31", "2026-10-31T12:00:00Z"), ("2026-11-01", "2026-11-01T13:00:00Z"),
  ])
  func dailyAcrossDST(day: String, utc: String) {
    let clock = Fixture.newYork
    let now = clock.startOfDay(Fixture.day(day))
    let plan = Fixture.planner(Fixture.schedule(), clock).plan(
      Fixture.input(cards: [Fixture.card("1", due: "2026-01-01")]), ledger: DeliveryLedger(), now: now,
      days: 1)
    #expect(plan.map(\.fireAt) == [Fixture.t(utc)])
  }

  /// A daily time inside the spring-forward gap fires at the first instant after it; in the overlap, the first.
  @Test(arguments: [
    ("2026-03-08", "02:30", "2026-03-08T07:00:00Z"), ("2026-11-01", "01:30", "2026-11-01T05:30:00Z"),
  ])
  func dailyTimeInGapOrOverlap(day: String, time: String, utc: String) {
    let schedule = Fixture.schedule(daily: time, window: ("00:30", "23:00"))
    let plan = Fixture.planner(schedule, Fixture.newYork).plan(
      Fixture.input(cards: [Fixture.card("1", due: "2026-01-01")]), ledger: DeliveryLedger(),
      now: Fixture.newYork.startOfDay(Fixture.day(day)), days: 1)
    #expect(plan.map(\.fireAt) == [Fixture.t(utc)])
  }

  @Test func deliveredDailyIsNotPlannedAgain() {
    let ledger = DeliveryLedger(entries: [
      .init(
        reminderID: "daily:2026-11-21", deliveredAt: Fixture.t("2026-11-21T08:00:00+09:00"), channel: .popup,
        notificationID: 3, recallItemIDs: [], title: "")
    ])
    let plan = Fixture.planner(Fixture.schedule(), Fixture.tokyo).plan(
      Fixture.input(cards: cards), ledger: ledger, now: Fixture.t("2026-11-21T08:00:30+09:00"), days: 2)
    #expect(plan.map(\.id) == ["daily:2026-11-22"])
  }

  /// Preview covers now until the start of day today+N.
  @Test(arguments: [1, 2, 7])
  func horizon(days: Int) {
    let plan = Fixture.planner(Fixture.schedule(), Fixture.utc).plan(
      Fixture.input(cards: [Fixture.card("1", due: "2026-11-01")]), ledger: DeliveryLedger(),
      now: Fixture.t("2026-11-21T06:00:00Z"), days: days)
    #expect(plan.count == days)
    #expect(plan.last?.id == .daily(Fixture.day("2026-11-21").adding(days: days - 1)))
  }
}

@Suite struct RecallReminderTests {
  func item(_ id: String, _ at: String, topic: String? = nil) -> RecallItem {
    RecallItem(id: id, topic: topic ?? "topic \(id)", dueAt: Fixture.t(at))
  }

  /// 07:00 moves to the window start, 12:15 out of quiet 12:00–13:00, 19:30 to tomorrow's start.
  @Test func recallItemsAdjusted() {
    let items = [
      item("a", "2026-11-21T07:00:00+09:00"), item("b", "2026-11-21T12:15:00+09:00"),
      item("c", "2026-11-21T19:30:00+09:00"),
    ]
    let plan = Fixture.planner(Fixture.schedule(quiet: ["12:00-13:00"]), Fixture.tokyo).plan(
      Fixture.input(recalls: items), ledger: DeliveryLedger(), now: Fixture.t("2026-11-21T06:00:00+09:00"),
      days: 2)
    #expect(plan.map(\.id) == ["recall:a", "recall:b", "recall:c"])
    #expect(
      plan.map { Fixture.format($0.fireAt, Fixture.tokyo)! } == [
        "2026-11-21T08:00:00+09:00", "2026-11-21T13:00:00+09:00", "2026-11-22T08:00:00+09:00",
      ])
    #expect(plan.map { $0.reason?.rawValue } == ["outside-window", "quiet-hours", "outside-window"])
    #expect(plan.map(\.deferredFrom) == items.map(\.dueAt))
  }

  /// Within recall.coalesce of the earliest in the group: one pop-up at the earliest time.
  @Test(arguments: [
    (600, ["14:30", "14:35", "14:40", "14:41"], [["a", "b", "c"], ["d"]]),
    (600, ["14:30", "14:50"], [["a"], ["b"]]),
    (0, ["14:30", "14:30", "14:31"], [["a", "b"], ["c"]]),
    (3600, ["14:30", "14:35", "15:29"], [["a", "b", "c"]]),
  ])
  func coalescing(coalesce: Int, times: [String], groups: [[String]]) {
    let ids = ["a", "b", "c", "d"]
    let items = times.enumerated().map { item(ids[$0.offset], "2026-11-21T\($0.element):00Z") }
    let plan = Fixture.planner(Fixture.schedule(coalesce: coalesce), Fixture.utc).plan(
      Fixture.input(recalls: items), ledger: DeliveryLedger(), now: Fixture.t("2026-11-21T09:00:00Z"), days: 1
    )
    #expect(plan.map(\.recallItemIDs) == groups)
    #expect(plan.map(\.id) == groups.map { ReminderID.recall(firstItem: $0[0]) })
    #expect(plan.map(\.topics) == groups.map { $0.map { "topic \($0)" } })
  }

  /// Six recall items missed while the machine was off arrive as one pop-up, marked catch-up.
  @Test func sixMissedItemsArriveAsOne() {
    let times = ["09:00", "10:00", "11:30", "13:00", "15:45", "17:10"]
    let items = times.enumerated().map { item("m\($0.offset)", "2026-11-20T\($0.element):00+09:00") }
    let now = Fixture.t("2026-11-21T09:12:00+09:00")
    let plan = Fixture.planner(Fixture.schedule(), Fixture.tokyo).plan(
      Fixture.input(recalls: items), ledger: DeliveryLedger(), now: now, days: 1)
    #expect(plan.count == 1)
    #expect(plan[0].fireAt == now)
    #expect(plan[0].reason == .catchUp)
    #expect(plan[0].recallItemIDs == items.map(\.id))
    #expect(plan[0].title == "Time to recall: 6 topics")
    #expect(plan[0].body.split(separator: "\n").count == 6)
  }

  /// Missed recall items never expire, even days later; missed outside the window, they wait for it.
  @Test func missedRecallWaitsForTheWindow() {
    let plan = Fixture.planner(Fixture.schedule(), Fixture.tokyo).plan(
      Fixture.input(recalls: [item("x", "2026-11-10T09:00:00+09:00")]), ledger: DeliveryLedger(),
      now: Fixture.t("2026-11-21T20:00:00+09:00"), days: 2)
    #expect(plan.map(\.fireAt) == [Fixture.t("2026-11-22T08:00:00+09:00")])
    #expect(plan.first?.reason == .catchUp)
  }

  @Test func deliveredItemsAreNotSaidTwice() {
    let items = [item("a", "2026-11-21T14:30:00Z"), item("b", "2026-11-21T14:35:00Z")]
    let ledger = DeliveryLedger(entries: [
      .init(
        reminderID: "recall:a", deliveredAt: Fixture.t("2026-11-21T14:30:00Z"), channel: .calendar,
        notificationID: nil, recallItemIDs: ["a"], title: "")
    ])
    let plan = Fixture.planner(Fixture.schedule(), Fixture.utc).plan(
      Fixture.input(recalls: items), ledger: ledger, now: Fixture.t("2026-11-21T14:31:00Z"), days: 1)
    #expect(plan.map(\.id) == ["recall:b"])
    #expect(plan.map(\.recallItemIDs) == [["b"]])
  }

  @Test func dueIsWhatRunDelivers() {
    let items = [
      item("a", "2026-11-21T14:30:00Z"), item("b", "2026-11-21T14:35:00Z"), item("c", "2026-11-21T16:00:00Z"),
    ]
    let planner = Fixture.planner(Fixture.schedule(), Fixture.utc)
    let input = Fixture.input(cards: [Fixture.card("1", due: "2026-11-21")], recalls: items)
    #expect(planner.due(input, ledger: DeliveryLedger(), now: Fixture.t("2026-11-21T07:59:59Z")).isEmpty)
    #expect(
      planner.due(input, ledger: DeliveryLedger(), now: Fixture.t("2026-11-21T08:00:00Z")).map(\.id) == [
        "daily:2026-11-21"
      ])
    // The coalesced pop-up goes out at the earliest time, carrying the later item with it.
    #expect(
      planner.due(input, ledger: DeliveryLedger(), now: Fixture.t("2026-11-21T14:30:00Z")).map(
        \.recallItemIDs
      ).last == ["a", "b"])
  }

  @Test func singleTopicTitleAndNote() {
    var one = item("a", "2026-11-21T14:30:00Z", topic: "〜てしまう")
    one.note = "regret or completion"
    let plan = Fixture.planner(Fixture.schedule(), Fixture.utc, .ja).plan(
      Fixture.input(recalls: [one]), ledger: DeliveryLedger(), now: Fixture.t("2026-11-21T09:00:00Z"), days: 1
    )
    #expect(plan.first?.title == "思い出す時間です: 〜てしまう")
    #expect(plan.first?.body == "regret or completion")
  }
}
