import Foundation

/// How an answer that moves its card's schedule moves it: by the ladder, or to the FSRS state
/// the answer gave. Decided when the answer is given, so that a journal replays it the same
/// whatever the settings, the zone or the deck are when it is folded.
public enum AnswerMove: Equatable, Sendable {
  /// By the ladder (correct unless again), on the day-zone day the answer was given.
  case ladder(today: Day)
  /// To FSRS's state after the answer (`FSRSScheduler.review`), due on `dueDay` in the day zone.
  case fsrs(FSRSCard, dueDay: Day)

  /// The move an answer rated `rating` at `instant` makes under `scheduler`: the ladder's, on
  /// the answer's day; or FSRS's review of the card's state at the answer's second.
  public static func of(
    _ card: Card, rating: FSRSRating, at instant: Date, clock: DayClock, scheduler: StudyScheduler
  ) -> AnswerMove {
    guard let fsrs = scheduler.fsrs else { return .ladder(today: clock.day(of: instant)) }
    let next = fsrs.review(card, rating: rating, at: instant, clock: clock)
    return .fsrs(next.fsrs!, dueDay: next.nextReviewDate)
  }

  /// `card` after an answer rated `rating` at `instant`. Under FSRS the ladder's step stays (a
  /// switch back finds it as it was), and `lastReviewedAt` is the state's last review — the
  /// answer's whole second, as the log holds it — so the card never looks behind its log.
  public func apply(to card: Card, rating: FSRSRating, at instant: Date) -> Card {
    switch self {
    case .ladder(let today):
      return ReviewLadder.answer(card, correct: rating != .again, at: instant, today: today)
    case .fsrs(let state, let dueDay):
      var next = card
      next.fsrs = state
      next.nextReviewDate = dueDay
      next.lastReviewedAt = state.lastReview ?? instant
      return next
    }
  }
}
