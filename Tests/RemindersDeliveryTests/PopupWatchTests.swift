import Foundation
import RemindersCore
import RemindersDBus
import RemindersDelivery
import Testing

/// What `reminders watch` does with each notification event. The real monitor against dunst is
/// in RemindersDBusTests and CLITests/RunTests.
@Suite struct PopupWatchTests {
  let t0 = Fixture.t("2026-11-21T08:00:00+09:00")
  let t1 = Fixture.t("2026-11-21T08:05:00+09:00")

  func ledger() -> FakeLedger {
    FakeLedger(
      DeliveryLedger(entries: [
        .init(
          reminderID: "daily:2026-11-21", deliveredAt: t0, channel: .popup, notificationID: 7,
          recallItemIDs: [],
          title: "t", onScreen: true),
        .init(
          reminderID: "recall:a", deliveredAt: t0, channel: .popup, notificationID: 8, recallItemIDs: ["a"],
          title: "t", onScreen: true),
      ]))
  }

  @Test(arguments: [
    (NotificationEvent.closed(id: 7, reason: .dismissed), ["daily:2026-11-21"] as [ReminderID], 1),
    (.closed(id: 99, reason: .expired), [], 0),
    (.serverChanged, ["daily:2026-11-21", "recall:a"], 1),
  ])
  func eventsTakePopUpsOffScreen(event: NotificationEvent, offScreen: [ReminderID], saves: Int) throws {
    let keeper = ledger()
    let note = try PopupWatch(ledger: keeper).handle(event, at: t1)
    #expect(keeper.saves == saves)
    let gone = keeper.durable.entries.values.filter { !$0.onScreen }.map(\.reminderID).sorted()
    #expect(gone == offScreen)
    switch note {
    case .closed(let ids, _, _)?, .serverChanged(let ids)?: #expect(ids == offScreen)
    case nil: #expect(offScreen.isEmpty)
    }
  }

  @Test func startingForgetsTheScreen() throws {
    let keeper = ledger()
    try PopupWatch(ledger: keeper).start(at: t1)
    #expect(
      keeper.durable.entries.values.allSatisfy {
        !$0.onScreen && $0.closedBecause == "reminders watch started"
      })
  }

  /// A close the watch cannot record stops it (the unit starts it again, which forgets the screen).
  @Test func aCloseThatCannotBeRecordedIsAnError() {
    let keeper = ledger()
    keeper.failingSaves = [1]
    #expect(throws: FakeLedger.DiskFull.self) {
      try PopupWatch(ledger: keeper).handle(.closed(id: 7, reason: .expired), at: t1)
    }
  }
}
