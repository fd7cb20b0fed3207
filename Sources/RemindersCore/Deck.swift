import Foundation

/// The learner's deck: cards, recall items and the review log.
public struct Deck: Equatable, Sendable {
  public var cards: [Card]
  public var recalls: [RecallItem]
  public var reviewLog: [ReviewEntry]

  public init(cards: [Card] = [], recalls: [RecallItem] = [], reviewLog: [ReviewEntry] = []) {
    self.cards = cards
    self.recalls = recalls
    self.reviewLog = reviewLog
  }
}
