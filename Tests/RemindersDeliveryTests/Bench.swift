import Foundation
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersStore
import RemindersTestSupport

/// A desktop, a ledger and a calendar for one table row, and the run over them.
final class Bench {
  let sender = FakeSender()
  let ledger: FakeLedger
  let calendar = FakeCalendar()
  let sound = FakeSound()
  var dnd = DoNotDisturbState.off
  var reachable: SendFailure? = nil
  var watched = false
  /// Whether a review runs (a drip waits), and the card a drip shows.
  var reviewing = false
  var dripCard: Card? = Fixture.card("1", due: "2026-11-20", collection: "TOEIC")
  var dripCardReads = 0
  var connects = 0
  let run: DeliveryRun

  init(
    planner: DeliveryRun = DeliveryRun(planner: Fixture.planner()), ledger: DeliveryLedger = DeliveryLedger()
  ) {
    run = planner
    self.ledger = FakeLedger(ledger)
  }

  var world: DeliveryRun.World {
    DeliveryRun.World(
      ledger: ledger,
      desktop: { [self] in
        connects += 1
        if let reachable { return .unreachable(reachable) }
        return .reachable(
          sender, doNotDisturb: DoNotDisturbReading(state: dnd, probe: .dunst, server: "fake"))
      }, isWatched: { [self] in watched }, calendar: calendar, sound: sound,
      isReviewing: { [self] in reviewing },
      dripCard: { [self] _ in
        dripCardReads += 1
        return dripCard
      })
  }

  @discardableResult
  func deliver(_ input: PlanInput, at now: String) throws -> DeliveryReport {
    try run.deliver(input, now: Fixture.t(now), world: world)
  }
}

enum Fixture {
  static let tokyo = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)

  static func clock(_ name: String) -> DayClock { DayClock(zone: TimeZone(identifier: name)!) }

  static func t(_ text: String) -> Date { Timestamp.parse(text)! }

  static func day(_ text: String) -> Day { Day(iso: text)! }

  static func planner(
    _ clock: DayClock = tokyo, quiet: [String] = [], window: (String, String) = ("08:00", "18:00"),
    drip: Int? = nil
  ) -> Planner {
    var schedule = Schedule(
      dailyTime: WallTime("08:00")!, windowStart: WallTime(window.0)!, windowEnd: WallTime(window.1)!,
      quietHours: quiet.map { QuietRange($0)! }, recallCoalesce: 600, recallAfterWrong: 10800)
    schedule.drip = drip
    return Planner(schedule: schedule, clock: clock, words: Language.en.words)
  }

  static func card(_ id: String, due: String, collection: String? = nil) -> Card {
    Card(
      id: id, front: "front \(id)", back: "back \(id)", collection: collection, stepIndex: 0,
      nextReviewDate: day(due), createdAt: t("2026-01-01T00:00:00Z"))
  }

  /// Two cards due on 2026-11-21 (in two collections), and two recall items due at 13:00 JST.
  static func input(cards: Int = 2, recalls: Bool = true) -> PlanInput {
    let all = [
      card("1", due: "2026-11-20", collection: "TOEIC"), card("2", due: "2026-11-21", collection: "JLPT"),
    ]
    let items =
      recalls
      ? [
        RecallItem(id: "r1", topic: "ephemeral", dueAt: t("2026-11-21T13:00:00+09:00")),
        RecallItem(id: "r2", topic: "ubiquitous", dueAt: t("2026-11-21T13:05:00+09:00")),
      ] : []
    return PlanInput(
      dueIndex: DueIndex(cards: Array(all.prefix(cards))), streak: Streak(answerDays: []), recalls: items)
  }
}
