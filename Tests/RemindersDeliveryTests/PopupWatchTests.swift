import Foundation
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersTestSupport
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
    var watch = PopupWatch(ledger: keeper)
    let note = try watch.handle(event, at: t1)
    #expect(keeper.saves == saves)
    let gone = keeper.durable.entries.values.filter { !$0.onScreen }.map(\.reminderID).sorted()
    #expect(gone == offScreen)
    switch note {
    case .closed(let ids, _, _)?, .serverChanged(let ids)?: #expect(ids == offScreen)
    case nil: #expect(offScreen.isEmpty)
    default: Issue.record("unexpected note \(String(describing: note))")
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
    var watch = PopupWatch(ledger: keeper)
    #expect(throws: FakeLedger.DiskFull.self) {
      try watch.handle(.closed(id: 7, reason: .expired), at: t1)
    }
  }

  /// A daily pop-up that counted Anki's cards opens Anki (docs/anki.md), with the activation token; a
  /// recall pop-up beside it still opens the review of its recall items.
  @Test func ankiPopUpsOpenAnki() throws {
    let keeper = FakeLedger(
      DeliveryLedger(entries: [
        .init(
          reminderID: "daily:2026-11-21", deliveredAt: t0, channel: .popup, notificationID: 7,
          recallItemIDs: [],
          title: "t", onScreen: true, fromAnki: true),
        .init(
          reminderID: "snooze:1:daily:2026-11-20", deliveredAt: t0, channel: .popup, notificationID: 9,
          recallItemIDs: [], title: "t", onScreen: true, fromAnki: true),
        .init(
          reminderID: "recall:a", deliveredAt: t0, channel: .popup, notificationID: 8, recallItemIDs: ["a"],
          title: "t", onScreen: true),
      ]))
    let actions = FakeActions()
    var watch = PopupWatch(ledger: keeper, actions: actions, reviewIn: .terminal)
    _ = try watch.handle(.activationToken(id: 7, token: "tok-7"), at: t1)
    #expect(
      try watch.handle(.action(id: 7, key: "review"), at: t1)
        == .reviewStarted("daily:2026-11-21", command: ["anki"]))
    #expect(
      try watch.handle(.action(id: 9, key: "default"), at: t1)
        == .reviewStarted("snooze:1:daily:2026-11-20", command: ["anki"]))
    #expect(actions.ankiStarted == ["tok-7", nil])
    #expect(
      try watch.handle(.action(id: 8, key: "default"), at: t1)
        == .reviewStarted("recall:a", command: ["term", "reminders", "review", "--recalls"]))
    #expect(actions.closed == [7, 9, 8])
    actions.fails = true
    #expect(
      try watch.handle(.action(id: 7, key: "default"), at: t1)
        == .reviewNotStarted("daily:2026-11-21", because: .launch(.noTerminal(tried: "term"))))
  }

  /// `default` and `review` close the pop-up and start the review (recall pop-ups: the recall
  /// items only) with the activation token that came just before; without a terminal, a note,
  /// the pop-up still closed, and a pop-up that says why.
  @Test func reviewActions() throws {
    let keeper = ledger()
    let actions = FakeActions()
    var watch = PopupWatch(ledger: keeper, actions: actions, reviewIn: .terminal)
    #expect(try watch.handle(.activationToken(id: 8, token: "tok-1"), at: t1) == nil)
    let note = try watch.handle(.action(id: 8, key: "default"), at: t1)
    #expect(note == .reviewStarted("recall:a", command: ["term", "reminders", "review", "--recalls"]))
    #expect(
      actions.started.count == 1 && actions.started[0].recallsOnly && actions.started[0].token == "tok-1")
    #expect(
      try watch.handle(.action(id: 7, key: "review"), at: t1)
        == .reviewStarted("daily:2026-11-21", command: ["term", "reminders", "review"]))
    #expect(actions.started.last?.token == nil)
    #expect(actions.closed == [8, 7])
    #expect(actions.told.isEmpty)
    actions.fails = true
    #expect(
      try watch.handle(.action(id: 7, key: "default"), at: t1)
        == .reviewNotStarted("daily:2026-11-21", because: .launch(.noTerminal(tried: "term"))))
    // The pop-up closed, and one in its place says why.
    #expect(actions.closed == [8, 7, 7])
    #expect(actions.told == [.launch(.noTerminal(tried: "term"))])
    // Not ours, an unknown key, or no actions at all: nothing.
    #expect(try watch.handle(.action(id: 99, key: "default"), at: t1) == nil)
    #expect(try watch.handle(.action(id: 7, key: "open-url"), at: t1) == nil)
    var plain = PopupWatch(ledger: keeper)
    #expect(try plain.handle(.action(id: 7, key: "default"), at: t1) == nil)
    #expect(keeper.saves == 0)
  }

  /// With `review.in = "app"`, a click and "Review now" both ask for the review in the app (the
  /// launcher falls back to a terminal where the app is not installed); "Review here" still
  /// studies in the pop-up; under `"terminal"` nothing asks for the app.
  @Test func reviewInTheApp() throws {
    let keeper = ledger()
    let actions = FakeActions()
    var watch = PopupWatch(ledger: keeper, actions: actions, reviewIn: .app)
    _ = try watch.handle(.activationToken(id: 7, token: "tok-7"), at: t1)
    #expect(
      try watch.handle(.action(id: 7, key: "default"), at: t1)
        == .reviewStarted("daily:2026-11-21", command: ["term", "reminders", "review"]))
    _ = try watch.handle(.action(id: 8, key: "review"), at: t1)
    #expect(actions.inApp == [true, true])
    #expect(actions.started.map(\.token) == ["tok-7", nil])
    var terminal = PopupWatch(ledger: keeper, actions: actions, reviewIn: .terminal)
    _ = try terminal.handle(.action(id: 7, key: "default"), at: t1)
    #expect(actions.inApp == [true, true, false])
  }

  /// The app's command: the first program there, with its arguments; none: nil (the terminal).
  @Test func appCommandResolves() throws {
    let environment = ["PATH": "/nonexistent:/usr/bin"]
    let missing = AppCommand(
      programs: ["/nonexistent/reminders-desktop", "no-such-app-here"], arguments: ["--study"])
    #expect(missing.resolve(environment: environment) == nil)
    let found = AppCommand(
      programs: ["/nonexistent/reminders-desktop", "true"], arguments: ["--study", "--lang", "ja"])
    #expect(found.resolve(environment: environment) == ["/usr/bin/true", "--study", "--lang", "ja"])
    let path = AppCommand(programs: ["/bin/sh"], arguments: [])
    #expect(path.resolve(environment: environment) == ["/bin/sh"])
  }

  /// `snooze` records the return at now + snooze.after, saved, and closes the pop-up; a second
  /// snooze of the same pop-up is return 2.
  @Test func snoozeAction() throws {
    let keeper = ledger()
    let actions = FakeActions()
    var watch = PopupWatch(ledger: keeper, actions: actions, snoozeAfter: 900)
    let until = t1.addingTimeInterval(900)
    #expect(
      try watch.handle(.action(id: 7, key: "snooze"), at: t1)
        == .snoozed("daily:2026-11-21", returning: .snoozed("daily:2026-11-21", n: 1), until: until))
    #expect(keeper.durable.entries["daily:2026-11-21"]?.snoozedUntil == until)
    #expect(keeper.durable.entries["daily:2026-11-21"]?.snoozes == 1)
    #expect(actions.closed == [7] && actions.started.isEmpty)
    #expect(
      try watch.handle(.action(id: 7, key: "snooze"), at: t1)
        == .snoozed("daily:2026-11-21", returning: .snoozed("daily:2026-11-21", n: 2), until: until))
  }
}

/// A review in the pop-up that records what the watch told it (the real one, `PopupReview`, is
/// tested in RemindersAppTests and on the real servers in CLITests).
final class RecordingCards: CardPopups {
  var id: UInt32
  var keys: [String] = []
  var ended: [String] = []
  var endsAfter: Int
  init(id: UInt32, endsAfter: Int = 99) {
    self.id = id
    self.endsAfter = endsAfter
  }
  func shows(_ id: UInt32) -> Bool { id == self.id }
  var current: String { "front" }
  func act(_ key: String, at now: Date) throws -> CardStep {
    keys.append(key)
    return keys.count < endsAfter ? .shown : .ended
  }
  func refresh(at now: Date) throws -> CardStep { .ignored }
  func closed(_ id: UInt32) -> Bool { id == self.id }
  func end(because reason: String) { ended.append(reason) }
}

/// `cards`, and a click with `review.in = "popup"`, start the review in the pop-up (never for a
/// daily pop-up of Anki's cards); the card pop-up's actions go to it; its close ends it; a watch
/// started again closes the card pop-up an earlier one left.
@Suite struct PopupWatchCardsTests {
  let t0 = Fixture.t("2026-11-21T08:00:00+09:00")
  let t1 = Fixture.t("2026-11-21T08:05:00+09:00")

  @Test(arguments: [("cards", ReviewPlace.terminal), ("default", .popup), ("cards", .popup)])
  func startsAndRoutes(key: String, reviewIn: ReviewPlace) throws {
    let keeper = PopupWatchTests().ledger()
    let actions = FakeActions()
    var started: [(UInt32, Bool)] = []
    let cards = RecordingCards(id: 7, endsAfter: 3)
    actions.cards = { id, choice, _ in
      started.append((id, choice == .recallsOnly))
      return cards
    }
    var watch = PopupWatch(ledger: keeper, actions: actions, reviewIn: reviewIn)
    #expect(try watch.handle(.action(id: 7, key: key), at: t1) == .cardsStarted("daily:2026-11-21"))
    #expect(started.count == 1 && started[0] == (7, false))
    // The daily's pop-up now shows the cards: not the daily's any more.
    #expect(keeper.durable.entries["daily:2026-11-21"]?.onScreen == false)
    #expect(try watch.handle(.action(id: 7, key: "show"), at: t1) == .cardAction(key: "show", on: "front"))
    #expect(try watch.handle(.action(id: 7, key: "remembered"), at: t1) != nil)
    #expect(try watch.handle(.action(id: 7, key: "show"), at: t1) == .cardsEnded(because: .action("show")))
    #expect(cards.keys == ["show", "remembered", "show"])
    #expect(watch.cards == nil)
    #expect(actions.started.isEmpty)
  }

  @Test func aCloseEndsItAndAnkiGoesToAnki() throws {
    let keeper = FakeLedger(
      DeliveryLedger(entries: [
        .init(
          reminderID: "daily:2026-11-21", deliveredAt: t0, channel: .popup, notificationID: 7,
          recallItemIDs: [],
          title: "t", onScreen: true, fromAnki: true),
        .init(
          reminderID: "recall:a", deliveredAt: t0, channel: .popup, notificationID: 8, recallItemIDs: ["a"],
          title: "t", onScreen: true),
      ]))
    let actions = FakeActions()
    actions.cards = { id, _, _ in RecordingCards(id: id) }
    var watch = PopupWatch(ledger: keeper, actions: actions)
    #expect(
      try watch.handle(.action(id: 7, key: "default"), at: t1)
        == .reviewStarted("daily:2026-11-21", command: ["anki"]))
    #expect(try watch.handle(.action(id: 8, key: "default"), at: t1) == .cardsStarted("recall:a"))
    #expect(
      try watch.handle(.closed(id: 8, reason: .dismissed), at: t1)
        == .cardsEnded(because: .closed(.dismissed)))
    #expect(watch.cards == nil)
  }

  /// A restarted server took the card pop-up with it: the session ends.
  @Test func aNewServerEndsIt() throws {
    let actions = FakeActions()
    let cards = RecordingCards(id: 7)
    actions.cards = { _, _, _ in cards }
    var watch = PopupWatch(ledger: PopupWatchTests().ledger(), actions: actions)
    #expect(try watch.handle(.action(id: 7, key: "cards"), at: t1) == .cardsStarted("daily:2026-11-21"))
    _ = try watch.handle(.serverChanged, at: t1)
    #expect(cards.ended == ["the notification server changed"])
    #expect(watch.cards == nil)
  }

  @Test func aWatchStartedAgainClosesTheCardLeft() throws {
    var ledger = DeliveryLedger()
    ledger.showCards(session: "s1", notificationID: 12, title: "2/5", body: "猫", at: t0)
    ledger.showCards(session: "s0", notificationID: 3, title: "Done", body: "", at: t0)
    ledger.endCards(session: "s0", at: t0, because: "done")
    let keeper = FakeLedger(ledger)
    let actions = FakeActions()
    try PopupWatch(ledger: keeper, actions: actions).start(at: t1)
    #expect(actions.closed == [12])
    #expect(keeper.durable.entries[.cards(session: "s1")]?.onScreen == false)
  }
}

/// The actions on a drip's pop-up (`review.drip`): `show` (or a click, whatever `review.in`
/// says) starts the review of that card alone in its place; `later` closes it. Either way the
/// drip is off screen, from that moment (the next comes a period later).
@Suite struct PopupWatchDripTests {
  let t0 = Fixture.t("2026-11-21T08:45:00+09:00")
  let t1 = Fixture.t("2026-11-21T08:46:00+09:00")
  let drip: ReminderID = "drip:2026-11-21:1"

  func keeper() -> FakeLedger {
    FakeLedger(
      DeliveryLedger(entries: [
        .init(
          reminderID: drip, deliveredAt: t0, channel: .popup, notificationID: 9, recallItemIDs: [],
          title: "Card to review (2 due today)", body: "猫", onScreen: true, cardID: "c7")
      ]))
  }

  @Test(arguments: [("show", ReviewPlace.popup), ("default", .terminal)])
  func showStartsItsCard(key: String, reviewIn: ReviewPlace) throws {
    let keeper = keeper()
    let actions = FakeActions()
    var choices: [CardChoice] = []
    actions.cards = { id, choice, _ in
      choices.append(choice)
      return RecordingCards(id: id)
    }
    var watch = PopupWatch(ledger: keeper, actions: actions, reviewIn: reviewIn)
    #expect(try watch.handle(.action(id: 9, key: key), at: t1) == .cardsStarted(drip))
    #expect(choices == [.drip(card: "c7")] && actions.started.isEmpty)
    let entry = keeper.durable.entries[drip]
    #expect(entry?.onScreen == false && entry?.closedAt == t1)
    #expect(entry?.closedBecause == "replaced by the review in the pop-up")
  }

  @Test func laterClosesIt() throws {
    let keeper = keeper()
    let actions = FakeActions()
    actions.cards = { id, _, _ in RecordingCards(id: id) }
    var watch = PopupWatch(ledger: keeper, actions: actions)
    #expect(try watch.handle(.action(id: 9, key: "later"), at: t1) == .cardsEnded(because: .action("later")))
    #expect(actions.closed == [9] && watch.cards == nil)
    #expect(keeper.durable.entries[drip]?.closedBecause == "later")
    // A key a drip does not have changes nothing.
    #expect(try watch.handle(.action(id: 9, key: "snooze"), at: t1) == nil)
  }
}
