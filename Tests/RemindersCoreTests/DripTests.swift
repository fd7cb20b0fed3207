import Foundation
import Testing

@testable import RemindersCore

/// `review.drip` (docs/delivery.md) as the planner plans it: one card's pop-up a period after the
/// latest of the day's last answer and last drip (the daily time while there is none); moved like any reminder; only on
/// its day and while cards are due; never while one must wait.
@Suite struct DripTests {
  let day = Fixture.day("2026-11-21")
  let cards = [Fixture.card("1", due: "2026-11-21", collection: "N5"), Fixture.card("2", due: "2026-11-20")]

  func planner(
    _ clock: DayClock, quiet: [String] = [], window: (String, String) = ("08:00", "18:00"),
    drip: Int? = 2700
  ) -> Planner {
    var schedule = Fixture.schedule(window: window, quiet: quiet)
    schedule.drip = drip
    return Fixture.planner(schedule, clock)
  }

  func drips(_ plan: [Reminder]) -> [Reminder] { plan.filter { $0.kind == .card } }

  @Test(arguments: [
    ("drip:2026-11-21:1", ReminderID.drip(Fixture.day("2026-11-21"), n: 1)),
    ("drip:2026-11-21:12", .drip(Fixture.day("2026-11-21"), n: 12)),
    ("drip:2026-11-21:0", .other("drip:2026-11-21:0")),
    ("drip:2026-11-21:01", .other("drip:2026-11-21:01")),
    ("drip:2026-11-21", .other("drip:2026-11-21")),
  ])
  func ids(text: String, id: ReminderID) {
    #expect(ReminderID(text) == id)
    #expect(id.description == text)
    if case .drip = id { #expect(id.kind == .card && !id.canSnooze) }
  }

  /// Off by default: no drip at all.
  @Test func offByDefault() {
    let plan = planner(Fixture.tokyo, drip: nil).plan(
      Fixture.input(cards: cards), ledger: DeliveryLedger(), now: Fixture.t("2026-11-21T07:00:00+09:00"),
      days: 1)
    #expect(drips(plan).isEmpty)
  }

  /// The first drip of the day comes a period after the daily time, in every zone; the next
  /// ones a period after the last was shown, until the window closes.
  @Test(arguments: ["Asia/Tokyo", "America/New_York", "Europe/London"])
  func aPeriodAfterTheDailyTime(zone: String) {
    let clock = Fixture.clock(zone)
    let at = { (wall: String) in clock.instant(on: self.day, at: Fixture.wall(wall)) }
    let p = planner(clock, window: ("08:00", "10:00"))
    var ledger = DeliveryLedger()
    var times: [Date] = []
    var now = at("07:00")
    while let next = drips(p.plan(Fixture.input(cards: cards), ledger: ledger, now: now, days: 1)).first {
      #expect(next.id == .drip(day, n: times.count + 1))
      #expect(next.title == "Card to review (2 due today)" && next.dueCount == 2)
      times.append(next.fireAt)
      now = next.fireAt
      ledger.record(
        DeliveryLedger.Entry(
          reminderID: next.id, deliveredAt: now, channel: .popup, notificationID: 9, recallItemIDs: [],
          title: ""))
    }
    #expect(times == [at("08:45"), at("09:30")])
  }

  /// The last answer, the last drip, and a review in the pop-up that ended each restart the
  /// period; a drip not yet confirmed, or a review in the pop-up on screen, hold the next.
  @Test func theLatestOfAnswerDripAndSession() {
    let clock = Fixture.tokyo
    let at = { (wall: String) in clock.instant(on: self.day, at: Fixture.wall(wall)) }
    let p = planner(clock)
    var input = Fixture.input(cards: cards)
    input.streak = Streak(answerDays: [], lastAnswer: at("10:10"))
    func next(_ ledger: DeliveryLedger, _ now: String = "10:00") -> Reminder? {
      drips(p.plan(input, ledger: ledger, now: at(now), days: 1)).first
    }
    #expect(next(DeliveryLedger())?.fireAt == at("10:55"))
    func drip3(closed: String? = nil, pending: Bool = false, onScreen: Bool = false) -> DeliveryLedger.Entry {
      DeliveryLedger.Entry(
        reminderID: .drip(day, n: 3), deliveredAt: at("10:20"), channel: .popup, notificationID: 4,
        recallItemIDs: [], title: "", onScreen: onScreen, closedAt: closed.map(at), pending: pending)
    }
    var ledger = DeliveryLedger(entries: [drip3()])
    #expect(next(ledger)?.fireAt == at("11:05") && next(ledger)?.id == .drip(day, n: 4))
    // Closed by the server (expired) later than it showed: the period counts from then.
    ledger = DeliveryLedger(entries: [drip3(closed: "10:30")])
    #expect(next(ledger)?.fireAt == at("11:15"))
    // A review in the pop-up that ran until 11:00 holds the next while it runs.
    ledger.showCards(session: "s", notificationID: 5, title: "1/2", body: "front 1", at: at("10:40"))
    #expect(next(ledger) == nil)
    ledger.endCards(session: "s", at: at("11:00"), because: "done")
    #expect(next(ledger)?.fireAt == at("11:45"))
    // A drip recorded and not yet known to be shown holds the next.
    #expect(next(DeliveryLedger(entries: [drip3(pending: true)])) == nil)
    // A drip still on screen does not: the next takes its place.
    #expect(next(DeliveryLedger(entries: [drip3(onScreen: true)]))?.id == .drip(day, n: 4))
  }

  /// An answer of the day counts even before the daily reminder's time: with the daily at 17:30
  /// and the window closing at 18:00, a card answered at 10:21 brings a drip at 11:06 (the
  /// daily time alone would put it after the window). Yesterday's last answer counts for nothing.
  @Test func anAnswerBeforeTheDailyTimeCounts() {
    let clock = Fixture.tokyo
    let at = { (wall: String) in clock.instant(on: self.day, at: Fixture.wall(wall)) }
    var schedule = Fixture.schedule(daily: "17:30", window: ("08:00", "18:00"))
    schedule.drip = 2700
    let p = Fixture.planner(schedule, clock)
    var input = Fixture.input(cards: cards)
    input.streak = Streak(answerDays: [], lastAnswer: at("10:21"))
    #expect(
      drips(p.plan(input, ledger: DeliveryLedger(), now: at("10:30"), days: 1)).first?.fireAt == at("11:06"))
    input.streak = Streak(answerDays: [], lastAnswer: at("10:21").addingTimeInterval(-86_400))
    #expect(drips(p.plan(input, ledger: DeliveryLedger(), now: at("10:30"), days: 1)).isEmpty)
    // With the daily time in the morning and nothing answered yet, the first comes a period after it.
    var morning = Fixture.schedule(daily: "09:00", window: ("08:00", "18:00"))
    morning.drip = 2700
    #expect(
      drips(Fixture.planner(morning, clock).plan(input, ledger: DeliveryLedger(), now: at("08:00"), days: 1))
        .first?.fireAt == at("09:45"))
  }

  /// Moved by quiet hours and the window like any reminder; never onto another day; missed
  /// (the machine slept) it comes at once, reason catch-up.
  @Test func movedLikeAnyReminder() {
    let clock = Fixture.tokyo
    let at = { (wall: String) in clock.instant(on: self.day, at: Fixture.wall(wall)) }
    let p = planner(clock, quiet: ["08:30-09:15"], window: ("08:00", "17:30"))
    var input = Fixture.input(cards: cards)
    let first = drips(p.plan(input, ledger: DeliveryLedger(), now: at("07:00"), days: 1)).first
    #expect(
      first?.fireAt == at("09:15") && first?.reason == .quietHours && first?.deferredFrom == at("08:45"))
    // The last answer at 17:00: 17:45 is outside the window, and tomorrow is another day.
    input.streak = Streak(answerDays: [], lastAnswer: at("17:00"))
    #expect(drips(p.plan(input, ledger: DeliveryLedger(), now: at("17:01"), days: 1)).isEmpty)
    // Asleep from 09:00 to 12:00: one drip at once, caught up.
    input.streak = Streak(answerDays: [], lastAnswer: at("09:00"))
    let late = drips(p.plan(input, ledger: DeliveryLedger(), now: at("12:00"), days: 1)).first
    #expect(late?.fireAt == at("12:00") && late?.reason == .catchUp)
  }

  /// Only while the deck has cards due that day: none when every card is done or due later.
  @Test func onlyWhileCardsAreDue() {
    let clock = Fixture.tokyo
    let later = [Fixture.card("1", due: "2026-11-25")]
    let plan = planner(clock).plan(
      Fixture.input(cards: later), ledger: DeliveryLedger(),
      now: clock.instant(on: day, at: Fixture.wall("07:00")),
      days: 1)
    #expect(drips(plan).isEmpty)
  }

  /// Across both daylight-saving changes the period is elapsed time, not wall time.
  @Test(arguments: [
    ("2026-03-08", "01:30", "03:15"),  // New York springs forward at 02:00: 01:30 + 45 min = 03:15 EDT
    ("2026-11-01", "01:30", "01:15"),  // falls back at 02:00: 01:30 EDT + 45 min = 01:15 EST
  ])
  func acrossDaylightSaving(date: String, answered: String, expected: String) {
    let clock = Fixture.newYork
    let d = Fixture.day(date)
    let p = planner(clock, window: ("00:00", "23:59"))
    var input = Fixture.input(cards: [Fixture.card("1", due: date)])
    let answer = clock.instant(on: d, at: Fixture.wall(answered))
    input.streak = Streak(answerDays: [], lastAnswer: answer)
    var schedule = p.schedule
    schedule.dailyTime = Fixture.wall("00:00")
    let planner = Fixture.planner(schedule, clock)
    let next = drips(planner.plan(input, ledger: DeliveryLedger(), now: answer, days: 1)).first
    #expect(next?.fireAt == answer.addingTimeInterval(2700))
    #expect(next.map { clock.wallTime(at: $0.fireAt).description } == expected)
  }
}
