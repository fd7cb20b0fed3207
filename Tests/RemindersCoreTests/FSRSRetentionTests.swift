import Foundation
import RemindersCore
import Testing

/// The predicted retention `stats` shows under FSRS (docs/scheduling.md#predicted-retention-in-stats).
@Suite struct FSRSRetentionTests {
  static let tokyo = FSRSDeckTests.tokyo
  static let t0 = FSRSDeckTests.t0

  /// Predicted retention: cards with a memory state due within the 7 days (overdue ones too),
  /// each at its due instant or now when that has passed; new, suspended and later cards are
  /// not counted.
  @Test func predictedRetention() {
    let scheduler = FSRSScheduler.standard
    let now = Self.t0
    let reviewed = scheduler.review(.new(due: now), rating: .good, at: now - 20 * 86_400)
    var forecast = RetentionForecast(scheduler: scheduler, now: now, clock: Self.tokyo)
    #expect(forecast.average == nil)
    func card(_ state: FSRSCard?, suspended: Bool = false) -> Card {
      var card = FSRSDeckTests.card("x")
      if let state { card.setFSRS(state, clock: Self.tokyo) }
      card.suspended = suspended
      return card
    }
    var later = reviewed
    later.due = now + 3 * 86_400
    var tooLate = reviewed
    tooLate.due = now + 7 * 86_400
    for c in [
      card(reviewed), card(later), card(tooLate), card(.new(due: now)), card(nil),
      card(later, suspended: true),
    ] {
      forecast.add(c)
    }
    #expect(forecast.cards == 2)
    let expected =
      (scheduler.retrievability(of: reviewed, at: now) + scheduler.retrievability(of: later, at: later.due))
      / 2
    #expect(forecast.average == expected)
    #expect(expected > 0 && expected < 1)
  }
}
