import Foundation
import Testing

@testable import RemindersCore

/// What the ledger knows of pop-ups still on screen, as `reminders watch` and `run` change it.
@Suite struct ScreenLedgerTests {
  let t0 = Fixture.t("2026-11-21T08:00:00+09:00")
  let t1 = Fixture.t("2026-11-21T08:05:00+09:00")

  func popup(_ id: ReminderID, _ notification: UInt32?, onScreen: Bool, channel: DeliveryChannel = .popup)
    -> DeliveryLedger.Entry
  {
    .init(
      reminderID: id, deliveredAt: t0, channel: channel, notificationID: notification, recallItemIDs: [],
      title: "Today's reviews: 2 cards", body: "b", onScreen: onScreen)
  }

  @Test func closingAnIdTakesOnlyTheEntriesShownUnderIt() {
    var ledger = DeliveryLedger(entries: [
      popup("daily:2026-11-21", 7, onScreen: true), popup("recall:a", 8, onScreen: true),
      popup("daily:2026-11-20", 7, onScreen: false),
      popup("recall:b", nil, onScreen: false, channel: .calendar),
    ])
    #expect(ledger.closed(notificationID: 9, at: t1, because: "dismissed") == [])
    #expect(ledger.closed(notificationID: 7, at: t1, because: "dismissed") == ["daily:2026-11-21"])
    let closed = ledger.entries["daily:2026-11-21"]!
    #expect(!closed.onScreen && closed.closedAt == t1 && closed.closedBecause == "dismissed")
    // An entry that was not on screen keeps what it had.
    #expect(ledger.entries["daily:2026-11-20"]!.closedAt == nil)
    // Closing again changes nothing.
    #expect(ledger.closed(notificationID: 7, at: t0, because: "expired") == [])
    #expect(ledger.entries["daily:2026-11-21"]!.closedBecause == "dismissed")
    #expect(ledger.entries["recall:a"]!.onScreen)
  }

  @Test func forgettingTheScreenTakesEveryPopUp() {
    var ledger = DeliveryLedger(entries: [
      popup("daily:2026-11-21", 7, onScreen: true), popup("recall:a", 8, onScreen: true),
    ])
    #expect(ledger.forgetScreen(at: t1, because: "watch restarted") == ["daily:2026-11-21", "recall:a"])
    #expect(ledger.entries.values.allSatisfy { !$0.onScreen && $0.closedBecause == "watch restarted" })
    #expect(ledger.forgetScreen(at: t1, because: "again") == [])
  }

  @Test func replacingKeepsTheDeliveryAndChangesTheTexts() {
    var ledger = DeliveryLedger(entries: [popup("daily:2026-11-21", 7, onScreen: true)])
    ledger.replaced(
      "daily:2026-11-21", notificationID: 7, title: "Today's reviews: 1 card", body: "c", at: t1)
    let entry = ledger.entries["daily:2026-11-21"]!
    #expect(entry.deliveredAt == t0 && entry.updatedAt == t1 && entry.onScreen)
    #expect(entry.title == "Today's reviews: 1 card" && entry.body == "c")
    #expect(ledger.contains(reminderID: "daily:2026-11-21"))
  }

  /// The texts `run` compares with the pop-up on screen: the same as the plan's daily reminder,
  /// whatever the ledger holds, and none when no card is left.
  @Test func dailyContentIsThePlannedTextWithoutTheLedger() {
    let clock = Fixture.clock("Asia/Tokyo")
    let planner = Fixture.planner(Fixture.schedule(), clock, .ja)
    let cards = [
      Fixture.card("1", due: "2026-11-21", collection: "TOEIC"),
      Fixture.card("2", due: "2026-11-20", collection: "JLPT"),
      Fixture.card("3", due: "2026-11-22"),
    ]
    let input = Fixture.input(cards: cards, answerDays: ["2026-11-20"])
    let planned = planner.plan(
      input, ledger: DeliveryLedger(), now: Fixture.t("2026-11-21T06:00:00+09:00"), days: 1)[0]
    let content = planner.dailyContent(
      on: Fixture.day("2026-11-21"), at: Fixture.t("2026-11-21T08:00:00Z"), input: input)
    #expect(content?.title == "今日の復習 2枚" && content?.title == planned.title && content?.body == planned.body)
    #expect(content?.count == 2 && content?.collections == ["TOEIC": 1, "JLPT": 1] && content?.streak == 1)
    #expect(
      planner.dailyContent(
        on: Fixture.day("2026-11-22"), at: Fixture.t("2026-11-22T08:00:00Z"), input: input)?.count == 3)
    #expect(
      planner.dailyContent(on: Fixture.day("2026-11-19"), at: Fixture.t("2026-11-19T08:00:00Z"), input: input)
        == nil)
  }
}
