import Foundation

/// What a review session shows, in docs/commands.md's order: the cards due on `day` (not suspended),
/// most overdue first (oldest `nextReviewDate`, then `createdAt`), then the recall items whose
/// time has come (earliest first).
public struct ReviewQueue: Equatable, Sendable {
  public enum Item: Equatable, Sendable {
    case card(Card)
    case recall(RecallItem)
  }

  public var cards: [Card]
  public var recalls: [RecallItem]

  /// The queue of `deck` at `now`: `collection` keeps one collection (its cards only: recall
  /// items belong to no collection and are left out then); `limit` stops after that many
  /// cards; `shuffle` reorders the cards with the generator given (the caller seeds it).
  public init(
    deck: Deck, now: Date, clock: DayClock, collection: String? = nil, limit: Int? = nil,
    shuffle: inout some RandomNumberGenerator, shuffled: Bool = false
  ) {
    let today = clock.day(of: now)
    var due = deck.cards.filter { $0.isDue(on: today) && (collection == nil || $0.collection == collection) }
    due.sort {
      $0.nextReviewDate != $1.nextReviewDate
        ? $0.nextReviewDate < $1.nextReviewDate
        : ($0.createdAt != $1.createdAt ? $0.createdAt < $1.createdAt : $0.id < $1.id)
    }
    if shuffled { due.shuffle(using: &shuffle) }
    if let limit { due = Array(due.prefix(max(limit, 0))) }
    cards = due
    recalls =
      collection == nil
      ? deck.recalls.filter { $0.isOpen && $0.dueAt <= now }.sorted {
        $0.dueAt != $1.dueAt ? $0.dueAt < $1.dueAt : $0.id < $1.id
      } : []
  }

  public var items: [Item] { cards.map(Item.card) + recalls.map(Item.recall) }
  public var isEmpty: Bool { cards.isEmpty && recalls.isEmpty }
}

/// A recall item answered in review: `y` completes it; `n` asks for it again after
/// `recall.after_wrong` (or completes it when that is off).
extension Deck {
  /// The recall item `id` as the learner answered it at `now`; returns the item as it was, or
  /// nil when the deck no longer holds it.
  @discardableResult
  public mutating func recallAnswered(id: String, recalled: Bool, at now: Date, againAfter: Int?)
    -> RecallItem?
  {
    guard let i = recalls.firstIndex(where: { $0.id == id }) else { return nil }
    let previous = recalls[i]
    if !recalled, let delay = againAfter {
      recalls[i].dueAt = now.addingTimeInterval(TimeInterval(delay))
    } else {
      recalls[i].doneAt = now
    }
    return previous
  }

  /// Puts a recall item back as it was (undo).
  public mutating func restore(_ item: RecallItem) {
    guard let i = recalls.firstIndex(where: { $0.id == item.id }) else { return }
    recalls[i] = item
  }
}
