import Foundation

/// One logged answer.
public struct ReviewEntry: Equatable, Sendable {
  public var cardID: String
  public var at: Date
  public var correct: Bool
  /// Given in a review session after the card's first answer of the day: it moved nothing
  /// (`"relearn": true` in the deck; absent means false).
  public var relearn: Bool
  /// Given outside a session to a card that was not due: it moved nothing (`"early": true`).
  public var early: Bool
  /// The answer's FSRS rating when `correct` does not imply it: hard or easy (`"rating"` in the
  /// deck). Nil: good when correct, again when wrong — so every answer given as correct or wrong,
  /// and every older log, reads and writes as before.
  public private(set) var statedRating: FSRSRating?

  public init(cardID: String, at: Date, correct: Bool, relearn: Bool = false, early: Bool = false) {
    self.cardID = cardID
    self.at = at
    self.correct = correct
    self.relearn = relearn
    self.early = early
  }

  /// The entry of an answer rated `rating`: correct unless again; the rating kept only when
  /// `correct` does not say it (hard, easy).
  public init(cardID: String, at: Date, rating: FSRSRating, relearn: Bool = false, early: Bool = false) {
    self.init(cardID: cardID, at: at, correct: rating != .again, relearn: relearn, early: early)
    statedRating = rating == .hard || rating == .easy ? rating : nil
  }

  /// The entry of an answer of `kind`.
  public init(cardID: String, at: Date, correct: Bool, kind: AnswerKind) {
    self.init(cardID: cardID, at: at, correct: correct, relearn: kind == .relearn, early: kind == .early)
  }

  /// The entry of an answer rated `rating`, of `kind`.
  public init(cardID: String, at: Date, rating: FSRSRating, kind: AnswerKind) {
    self.init(cardID: cardID, at: at, rating: rating, relearn: kind == .relearn, early: kind == .early)
  }

  /// The answer's rating: the one stated, else good when correct and again when wrong (how an
  /// answer given as correct or wrong counts for FSRS: docs/scheduling.md).
  public var rating: FSRSRating { statedRating ?? (correct ? .good : .again) }

  /// How the answer counted: whether it moved its card's schedule.
  public var kind: AnswerKind { relearn ? .relearn : early ? .early : .scheduling }
}
