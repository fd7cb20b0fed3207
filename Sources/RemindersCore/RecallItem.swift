import Foundation

/// A request to recall one topic again at a given instant.
public struct RecallItem: Equatable, Sendable {
  public var id: String
  public var topic: String
  public var note: String?
  public var dueAt: Date
  /// The card whose wrong answer added this item, if any.
  public var cardID: String?
  /// When the learner recalled it (`recall done`, a `y` in review, or a later correct answer of
  /// its card): a completed item is never reminded again.
  public var doneAt: Date?

  public init(
    id: String, topic: String, note: String? = nil, dueAt: Date, cardID: String? = nil, doneAt: Date? = nil
  ) {
    self.id = id
    self.topic = topic
    self.note = note
    self.dueAt = dueAt
    self.cardID = cardID
    self.doneAt = doneAt
  }

  /// Still to be reminded of.
  public var isOpen: Bool { doneAt == nil }
}
