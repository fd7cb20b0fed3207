import Foundation
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersTestSupport
import Testing

/// `run` and the drips of `review.drip` (docs/delivery.md), row by row against a server, a
/// ledger and a calendar in memory; the same on real servers is in CLITests (DesktopContract).
@Suite struct DripRunTests {
  let first: ReminderID = .drip(Fixture.day("2026-11-21"), n: 1)

  /// Every 45 minutes, the daily reminder at 08:00.
  func bench() -> Bench {
    let bench = Bench(planner: DeliveryRun(planner: Fixture.planner(drip: 2700)))
    bench.watched = true
    return bench
  }

  func drips(_ bench: Bench) -> [FakeSender.Shown] { bench.sender.shown.filter { $0.popup.kind == .card } }

  /// Shown once, at its time: the card's front under its collection and the day's count, to show
  /// its answer or leave for later; it expires as the server likes; the ledger knows its card.
  @Test func shownOnceWithItsCard() throws {
    let bench = bench()
    try bench.deliver(Fixture.input(recalls: false), at: "2026-11-21T08:00:00+09:00")
    #expect(drips(bench).isEmpty && bench.dripCardReads == 0)
    try bench.deliver(Fixture.input(recalls: false), at: "2026-11-21T08:45:00+09:00")
    try bench.deliver(Fixture.input(recalls: false), at: "2026-11-21T08:46:00+09:00")
    let shown = drips(bench)
    #expect(shown.count == 1)
    #expect(shown.first?.popup.title == "Card to review (2 due today) · TOEIC")
    #expect(shown.first?.popup.body == "front 1")
    #expect(
      shown.first?.popup.actions == ["default", "Show answer", "show", "Show answer", "later", "Later"])
    #expect(shown.first?.popup.expireTimeout == -1 && shown.first?.replacing == nil)
    let entry = bench.ledger.durable.entries[first]
    #expect(entry?.cardID == "1" && entry?.onScreen == true && entry?.pending == false)
    #expect(bench.calendar.events.isEmpty && bench.dripCardReads == 1)
  }

  /// None without a watch to act on it, during a review, on a server without actions, or with
  /// no desktop (never to the calendar): nothing recorded, so it comes when it can. Without a
  /// watch the run does not even connect.
  @Test(arguments: ["unwatched", "reviewing", "no actions", "no desktop", "no card"])
  func notShownWhereItCannotBeAnswered(situation: String) throws {
    let bench = bench()
    try bench.deliver(Fixture.input(recalls: false), at: "2026-11-21T08:00:00+09:00")
    let connects = bench.connects
    switch situation {
    case "unwatched": bench.watched = false
    case "reviewing": bench.reviewing = true
    case "no actions": bench.sender.actions = false
    case "no desktop": bench.reachable = SendFailure(.noBus)
    default: bench.dripCard = nil
    }
    try bench.deliver(Fixture.input(recalls: false), at: "2026-11-21T08:45:00+09:00")
    #expect(drips(bench).isEmpty && bench.calendar.events.isEmpty)
    #expect(bench.ledger.durable.entries[first] == nil)
    if situation == "unwatched" || situation == "reviewing" { #expect(bench.connects == connects) }
    // Once it can, it comes (caught up).
    bench.watched = true
    bench.reviewing = false
    bench.sender.actions = true
    bench.reachable = nil
    bench.dripCard = Fixture.card("2", due: "2026-11-21", collection: "JLPT")
    try bench.deliver(Fixture.input(recalls: false), at: "2026-11-21T09:10:00+09:00")
    #expect(drips(bench).map(\.popup.body) == ["front 2"])
  }

  /// Held by do-not-disturb (its card not even read), then shown once when it ends.
  @Test func heldByDoNotDisturb() throws {
    let bench = bench()
    bench.dnd = .on
    try bench.deliver(Fixture.input(recalls: false), at: "2026-11-21T08:45:00+09:00")
    #expect(drips(bench).isEmpty && bench.dripCardReads == 0)
    #expect(bench.ledger.durable.held[first.description] != nil)
    bench.dnd = .off
    let report = try bench.deliver(Fixture.input(recalls: false), at: "2026-11-21T09:20:00+09:00")
    #expect(drips(bench).count == 1)
    #expect(report.shown.first { $0.id == first }?.reason == .desktopDND)
  }

  /// Never two on screen: a drip still shown when the next is due is replaced in place, and
  /// taken off screen in the ledger.
  @Test func theNextReplacesOneStillOnScreen() throws {
    let bench = bench()
    try bench.deliver(Fixture.input(recalls: false), at: "2026-11-21T08:45:00+09:00")
    let id = try #require(bench.ledger.durable.entries[first]?.notificationID)
    try bench.deliver(Fixture.input(recalls: false), at: "2026-11-21T09:30:00+09:00")
    let shown = drips(bench)
    #expect(shown.count == 2 && shown.last?.replacing == id)
    #expect(bench.ledger.durable.entries[first]?.onScreen == false)
    #expect(bench.ledger.durable.entries[first]?.closedBecause == "replaced by the next drip")
    #expect(bench.ledger.durable.entries[.drip(Fixture.day("2026-11-21"), n: 2)]?.onScreen == true)
  }

  /// `preview` lists drips as the planner says them, without reading a card or a watch.
  @Test func previewListsThem() throws {
    let run = DeliveryRun(planner: Fixture.planner(window: ("08:00", "10:00"), drip: 2700))
    let plan = try run.preview(
      Fixture.input(recalls: false), ledger: DeliveryLedger(), now: Fixture.t("2026-11-21T07:00:00+09:00"),
      until: Fixture.day("2026-11-22"))
    #expect(plan.map(\.id.description) == ["daily:2026-11-21", "drip:2026-11-21:1", "drip:2026-11-21:2"])
    #expect(plan.last?.body == "The front of the first card due then")
  }
}
