import Foundation

/// The spaced-repetition ladder: T = [0, 1, 2, 4, 7, 15, 30] days.
public enum ReviewLadder {
  public static let intervals = [0, 1, 2, 4, 7, 15, 30]
  public static let topStep = intervals.count - 1

  /// A new card: step 0, due on the day it is added.
  public static func newCard(
    id: String, front: String, back: String, collection: String?, at instant: Date, clock: DayClock
  ) -> Card {
    Card(
      id: id, front: front, back: back, collection: collection, stepIndex: 0,
      nextReviewDate: clock.day(of: instant), createdAt: instant)
  }

  /// The card after an answer given at `instant`: correct climbs one step (capped at the top)
  /// and is due `T[newStep]` days after today; wrong drops to step 0, due tomorrow.
  public static func answer(_ card: Card, correct: Bool, at instant: Date, clock: DayClock) -> Card {
    answer(card, correct: correct, at: instant, today: clock.day(of: instant))
  }

  /// The same, with "today" (the day-zone date of the answer) given: how a journal replays an
  /// answer with the day it was given on, whatever the zone is when it is replayed.
  public static func answer(_ card: Card, correct: Bool, at instant: Date, today: Day) -> Card {
    var next = card
    if correct {
      next.stepIndex = min(max(card.stepIndex, 0) + 1, topStep)
      next.nextReviewDate = today.adding(days: intervals[next.stepIndex])
    } else {
      next.stepIndex = 0
      next.nextReviewDate = today.adding(days: 1)
    }
    next.lastReviewedAt = instant
    return next
  }
}
