import Foundation

/// What a review session shows, in docs/commands.md's order: the day's cards (`Deck.studyCards`:
/// the cards due that are not new, most overdue first, then the day's new cards in the order
/// they were added), then the recall items whose time has come (earliest first).
public struct ReviewQueue: Equatable, Sendable {
  public enum Item: Equatable, Sendable {
    case card(Card)
    case recall(RecallItem)
  }

  public var cards: [Card]
  public var recalls: [RecallItem]

  /// The queue of `deck` at `now`, new cards within `limits`: `collection` keeps one collection
  /// (its share of the day's cards; recall items belong to no collection and are left out
  /// then); `limit` stops after that many cards; `shuffle` reorders the cards due and, after
  /// them, the new ones with the generator given (the caller seeds it).
  public init(
    deck: Deck, now: Date, clock: DayClock, limits: NewCardLimits = .standard, collection: String? = nil,
    limit: Int? = nil, shuffle: inout some RandomNumberGenerator, shuffled: Bool = false
  ) {
    let today = clock.day(of: now)
    var due = deck.studyCards(on: today, limits: limits, clock: clock).filter {
      collection == nil || $0.collection == collection
    }
    if shuffled {
      let split = due.partition { $0.isNew }
      due[..<split].shuffle(using: &shuffle)
      due[split...].shuffle(using: &shuffle)
    }
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
