import Foundation

/// One flashcard and where it stands on the review ladder.
public struct Card: Equatable, Sendable {
  public var id: String
  public var front: String
  public var back: String
  public var collection: String?
  public var note: String?
  public var tags: [String]
  /// 0…6, an index into `ReviewLadder.intervals`.
  public var stepIndex: Int
  /// The day-zone date on which the card is next due.
  public var nextReviewDate: Day
  public var createdAt: Date
  public var lastReviewedAt: Date?
  /// A suspended card is never due and never counted (docs/planning.md).
  public var suspended: Bool
  /// The card's FSRS-6 state (docs/scheduling.md); nil until FSRS first reviews or replays it. Set it
  /// with `setFSRS(_:clock:)`, which keeps `nextReviewDate` on the due instant's day.
  public var fsrs: FSRSCard?

  public init(
    id: String, front: String, back: String, collection: String? = nil, note: String? = nil,
    tags: [String] = [], stepIndex: Int, nextReviewDate: Day, createdAt: Date, lastReviewedAt: Date? = nil,
    suspended: Bool = false, fsrs: FSRSCard? = nil
  ) {
    self.id = id
    self.front = front
    self.back = back
    self.collection = collection
    self.note = note
    self.tags = tags
    self.stepIndex = stepIndex
    self.nextReviewDate = nextReviewDate
    self.createdAt = createdAt
    self.lastReviewedAt = lastReviewedAt
    self.suspended = suspended
    self.fsrs = fsrs
  }

  /// Whether the card is due on `day` (`nextReviewDate <= day`, and not suspended).
  public func isDue(on day: Day) -> Bool { !suspended && nextReviewDate <= day }
}
