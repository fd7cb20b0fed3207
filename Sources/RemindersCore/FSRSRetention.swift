import Foundation

/// The predicted retention `stats` shows under FSRS (docs/scheduling.md#predicted-retention-in-stats):
/// the mean probability of recall of the cards due in the next 7 days, each at the moment it is due.
///
/// A card counts when it is not suspended, has an FSRS memory state (reviewed at least once),
/// and its due day is on or before the forecast's last day (today and the 6 after it; a card
/// already overdue is due today, as the forecast counts it). Its retrievability is taken at its
/// due instant, or now when that has passed: a card can be answered no earlier. New cards have
/// no memory to predict and are left out. No card counted: no figure.
public struct RetentionForecast: Equatable, Sendable {
  public let scheduler: FSRSScheduler
  public let now: Date
  /// The forecast's last day.
  public let lastDay: Day
  /// The sum of the counted cards' retrievabilities, and how many were counted.
  public private(set) var sum = 0.0
  public private(set) var cards = 0

  public init(scheduler: FSRSScheduler, now: Date, clock: DayClock, days: Int = 7) {
    self.scheduler = scheduler
    self.now = now
    lastDay = clock.day(of: now).adding(days: days - 1)
  }

  /// Counts a card whose FSRS state is `state` and whose due day is `dueDay`, if it qualifies.
  public mutating func add(_ state: FSRSCard?, dueDay: Day, suspended: Bool) {
    guard !suspended, let state, !state.isNew, dueDay <= lastDay else { return }
    sum += scheduler.retrievability(of: state, at: max(state.due, now))
    cards += 1
  }

  public mutating func add(_ card: Card) {
    add(card.fsrs, dueDay: card.nextReviewDate, suspended: card.suspended)
  }

  /// The mean retrievability; nil when no card was counted.
  public var average: Double? { cards == 0 ? nil : sum / Double(cards) }
}
