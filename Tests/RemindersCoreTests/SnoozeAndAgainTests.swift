import Foundation
import Testing

@testable import RemindersCore

/// Snoozed reminders coming back, and `daily.again`
/// (docs/delivery.md#a-pop-up-you-can-act-on-review-now-snooze-dailypersist-dailyagain), as the
/// planner plans them.
@Suite struct SnoozeAndAgainTests {
  let cards = [
    Fixture.card("1", due: "2026-11-21", collection: "TOEIC"), Fixture.card("2", due: "2026-11-21"),
  ]

  /// The text form of the new ids, read back the same; a return of an unknown id is not a return.
  @Test(arguments: [
    ("daily-again:2026-11-21", ReminderID.dailyAgain(Fixture.day("2026-11-21"))),
    ("snooze:1:daily:2026-11-21", .snoozed(.daily(Fixture.day("2026-11-21")), n: 1)),
    ("snooze:12:recall:a:b", .snoozed(.recall(firstItem: "a:b"), n: 12)),
    ("snooze:2:daily-again:2026-11-21", .snoozed(.dailyAgain(Fixture.day("2026-11-21")), n: 2)),
    ("snooze:0:daily:2026-11-21", .other("snooze:0:daily:2026-11-21")),
    ("snooze:1:focus:x", .other("snooze:1:focus:x")),
    ("snooze:x:daily:2026-11-21", .other("snooze:x:daily:2026-11-21")),
  ])
  func ids(text: String, id: ReminderID) {
    #expect(ReminderID(text) == id)
    #expect(id.description == text)
  }

  func delivered(
    _ id: ReminderID, at: String, items: [String] = [], snoozedUntil: String? = nil, snoozes: Int = 0
  )
    -> DeliveryLedger.Entry
  {
    DeliveryLedger.Entry(
      reminderID: id, deliveredAt: Fixture.t(at), channel: .popup, notificationID: 3, recallItemIDs: items,
      title: "t", snoozedUntil: snoozedUntil.map(Fixture.t), snoozes: snoozes)
  }

  /// A snoozed daily comes back at its time with the day's count then, reason `snoozed`, once;
  /// quiet hours move it; the next day it has expired; with no card left it does not come back.
  @Test(arguments: ["Asia/Tokyo", "America/New_York"])
  func dailyReturns(zone: String) {
    let clock = Fixture.clock(zone)
    let day = Fixture.day("2026-11-21")
    let at = { (wall: String) in clock.instant(on: day, at: Fixture.wall(wall)) }
    let planner = Fixture.planner(Fixture.schedule(quiet: ["12:00-13:00"]), clock)
    var ledger = DeliveryLedger(entries: [
      DeliveryLedger.Entry(
        reminderID: .daily(day), deliveredAt: at("11:50"), channel: .popup, notificationID: 3,
        recallItemIDs: [],
        title: "t")
    ])
    let back = ledger.snooze(.daily(day), until: at("12:00"))
    #expect(back == .snoozed(.daily(day), n: 1))
    let input = Fixture.input(cards: cards)
    let plan = planner.plan(input, ledger: ledger, now: at("11:51"), days: 1)
    let snoozed = plan.first { $0.id == back }
    #expect(snoozed?.fireAt == at("13:00"))
    #expect(snoozed?.reason == .snoozed && snoozed?.deferredFrom == at("11:50"))
    #expect(snoozed?.title == "Today's reviews: 2 cards")
    // Delivered: never again.
    ledger.record(
      DeliveryLedger.Entry(
        reminderID: back!, deliveredAt: at("13:00"), channel: .popup, notificationID: 4, recallItemIDs: [],
        title: "t"))
    #expect(!planner.plan(input, ledger: ledger, now: at("13:01"), days: 1).contains { $0.id == back })
    // Snoozed again: return 2. Not delivered by the evening: expired the next day.
    let second = ledger.snooze(back!, until: at("17:00"))
    #expect(second == .snoozed(.daily(day), n: 2))
    #expect(planner.plan(input, ledger: ledger, now: at("16:00"), days: 1).contains { $0.id == second })
    let nextMorning = clock.instant(on: day.adding(days: 1), at: Fixture.wall("07:00"))
    #expect(!planner.plan(input, ledger: ledger, now: nextMorning, days: 1).contains { $0.id == second })
    // Nothing due any more: no return.
    #expect(
      !planner.plan(Fixture.input(), ledger: ledger, now: at("16:00"), days: 1).contains { $0.id == second })
  }

  /// A snoozed recall pop-up lists its items still open, and never expires; with every item done
  /// it does not come back.
  @Test func recallReturns() {
    let clock = Fixture.tokyo
    let items = [
      RecallItem(id: "a", topic: "〜てしまう", dueAt: Fixture.t("2026-11-21T09:00:00+09:00")),
      RecallItem(id: "b", topic: "は vs が", dueAt: Fixture.t("2026-11-21T09:00:00+09:00")),
    ]
    var ledger = DeliveryLedger(entries: [
      delivered(.recall(firstItem: "a"), at: "2026-11-21T09:00:00+09:00", items: ["a", "b"])
    ])
    let back = ledger.snooze(.recall(firstItem: "a"), until: Fixture.t("2026-11-21T17:55:00+09:00"))
    let planner = Fixture.planner(Fixture.schedule(), clock)
    let late = planner.plan(
      Fixture.input(recalls: [items[1]]), ledger: ledger, now: Fixture.t("2026-11-22T10:00:00+09:00"), days: 1
    )
    let found = late.first { $0.id == back }
    #expect(found?.topics == ["は vs が"])
    #expect(found?.fireAt == Fixture.t("2026-11-22T10:00:00+09:00"))
    #expect(found?.reason == .snoozed)
    #expect(
      !planner.plan(Fixture.input(), ledger: ledger, now: Fixture.t("2026-11-21T18:00:00+09:00"), days: 2)
        .contains {
          $0.id == back
        })
  }

  /// `daily.again`: at its time while cards are due, moved by quiet hours, only on its day, once;
  /// Japanese text.
  @Test func dailyAgain() {
    var schedule = Fixture.schedule(quiet: ["17:00-17:30"])
    schedule.dailyAgain = Fixture.wall("17:00")
    let planner = Fixture.planner(schedule, Fixture.tokyo, .ja)
    let input = Fixture.input(cards: cards)
    let plan = planner.plan(
      input, ledger: DeliveryLedger(), now: Fixture.t("2026-11-21T06:00:00+09:00"), days: 1)
    #expect(plan.map(\.id) == [.daily(Fixture.day("2026-11-21")), .dailyAgain(Fixture.day("2026-11-21"))])
    #expect(plan[1].fireAt == Fixture.t("2026-11-21T17:30:00+09:00") && plan[1].reason == .quietHours)
    #expect(plan[1].title == "まだ 2枚 残っています")
    #expect(
      planner.plan(
        Fixture.input(), ledger: DeliveryLedger(), now: Fixture.t("2026-11-21T06:00:00+09:00"), days: 1
      ).isEmpty)
    let ledger = DeliveryLedger(entries: [
      delivered(.dailyAgain(Fixture.day("2026-11-21")), at: "2026-11-21T17:30:00+09:00")
    ])
    #expect(
      !planner.plan(input, ledger: ledger, now: Fixture.t("2026-11-21T17:31:00+09:00"), days: 1).contains {
        $0.id == .dailyAgain(Fixture.day("2026-11-21"))
      })
    #expect(
      !planner.plan(input, ledger: DeliveryLedger(), now: Fixture.t("2026-11-22T00:10:00+09:00"), days: 1)
        .contains { $0.id == .dailyAgain(Fixture.day("2026-11-21")) })
  }

  /// One daily on screen at a time: a run caught up after the hour of `daily.again` (the machine
  /// asleep all day, or `run --now …T21:00`) shows the daily alone, and the daily shown then
  /// stands for both; a daily shown in the morning leaves the evening's word to come.
  @Test func aLateDailyStandsForBoth() {
    var schedule = Fixture.schedule(window: ("08:00", "22:00"))
    schedule.dailyAgain = Fixture.wall("19:00")
    let planner = Fixture.planner(schedule, Fixture.tokyo)
    let input = Fixture.input(cards: cards)
    let day = Fixture.day("2026-11-21")
    let late = planner.due(input, ledger: DeliveryLedger(), now: Fixture.t("2026-11-21T21:00:00+09:00"))
    #expect(late.map(\.id) == [.daily(day)])
    let shownLate = DeliveryLedger(entries: [delivered(.daily(day), at: "2026-11-21T21:00:00+09:00")])
    #expect(planner.due(input, ledger: shownLate, now: Fixture.t("2026-11-21T21:01:00+09:00")).isEmpty)
    let shownInTheMorning = DeliveryLedger(entries: [delivered(.daily(day), at: "2026-11-21T08:00:00+09:00")])
    #expect(
      planner.due(input, ledger: shownInTheMorning, now: Fixture.t("2026-11-21T19:00:00+09:00")).map(\.id)
        == [.dailyAgain(day)])
  }

  /// The snooze label follows `snooze.after`, in both languages.
  @Test func actionLabels() {
    #expect(
      Language.en.words.actions(.dailyReview, snoozeAfter: 600) == [
        "default", "Review now", "review", "Review now", "snooze", "In 10 minutes",
      ])
    #expect(
      Language.ja.words.actions(.recall, snoozeAfter: 5400) == [
        "default", "思い出す", "review", "思い出す", "snooze", "1時間30分後に",
      ])
    #expect(Language.en.words.later(3600) == "In 1 hour")
    // Where the server shows the default action as a choice of its own, the one it duplicates
    // is not sent.
    let words = Language.en.words
    #expect(
      words.actions(.dailyReview, snoozeAfter: 600, cardsHere: true, reviewIn: .popup, defaultShown: true)
        == [
          "default", "Review here", "review", "Review now", "snooze", "In 10 minutes",
        ])
    #expect(
      words.actions(.dailyReview, snoozeAfter: 600, cardsHere: true, reviewIn: .terminal, defaultShown: true)
        == [
          "default", "Review now", "cards", "Review here", "snooze", "In 10 minutes",
        ])
    #expect(
      words.actions(.recall, snoozeAfter: 600, defaultShown: true) == [
        "default", "Recall now", "snooze", "In 10 minutes",
      ])
    #expect(
      words.actions(.dailyReview, snoozeAfter: 600, cardsHere: true, reviewIn: .popup) == [
        "default", "Review here", "cards", "Review here", "review", "Review now", "snooze", "In 10 minutes",
      ])
    #expect(words.dripActions(defaultShown: true) == ["default", "Show answer", "later", "Later"])
  }

  /// `reminders snooze` without an id takes the last pop-up that can be snoozed: not a focus
  /// timer's, shown at the same second.
  @Test func lastPopupSkipsFocus() {
    let ledger = DeliveryLedger(entries: [
      delivered(.daily(Fixture.day("2026-11-21")), at: "2026-11-21T08:15:00+09:00"),
      delivered(.focus(session: "s", phase: 1), at: "2026-11-21T08:15:00+09:00"),
    ])
    #expect(ledger.lastPopup?.reminderID == .daily(Fixture.day("2026-11-21")))
  }
}
