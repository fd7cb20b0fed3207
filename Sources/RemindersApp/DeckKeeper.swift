import Foundation
import RemindersCore
import RemindersStore

/// The deck's keeping: every change a learner makes to the cards and recall items, each made
/// whole under the deck's lock, with its rules (a duplicate front, a collection's own spelling,
/// FSRS's catch-up before an answer, the recall items a removed card leaves). The command line
/// and the desktop app both change the deck through it and only through it.
public struct DeckKeeper {
  public let workspace: Workspace

  public init(workspace: Workspace) { self.workspace = workspace }

  /// Which card or recall item a change is for, found in the deck as it is under the lock: by a
  /// whole id, or by the prefix the learner typed (the command line's `DeckLookup`).
  public typealias Locate = (Deck) throws -> Int

  /// A change made, and the deck as it stands after it (what the new card's id is said as, or
  /// a label among the others).
  public struct Changed<Value> {
    public var value: Value
    public var deck: Deck
  }

  /// What `add` did.
  public enum Added {
    case added(Card)
    /// Not added: the card already in its collection with this front.
    case duplicate(of: Card)
  }

  /// Adds a new card, due today. A card whose front is already in its collection is not added
  /// unless `duplicate`; a collection named with another case is the deck's own spelling.
  public func add(
    front: String, back: String, collection: String?, note: String?, tags: [String], duplicate: Bool,
    now: Date
  ) throws -> Changed<Added> {
    let clock = workspace.dayClock
    var card = ReviewLadder.newCard(
      id: "", front: front, back: back, collection: DeckKeeper.optional(collection),
      at: now, clock: clock)
    card.note = DeckKeeper.optional(note)
    card.tags = tags
    return try workspace.updateDeck { stored -> Changed<Added> in
      if let name = card.collection { card.collection = stored.deck.collection(matching: name) ?? name }
      if !duplicate,
        let twin = stored.deck.cards.first(where: {
          $0.front == card.front && $0.collection == card.collection
        })
      {
        return Changed(value: .duplicate(of: twin), deck: stored.deck)
      }
      var ids = CardID(beside: stored.deck.cards.lazy.map(\.id))
      card.id = ids.make()
      stored.deck.cards.append(card)
      return Changed(value: .added(card), deck: stored.deck)
    }
  }

  /// Changes a card's sides, collection or note (nil: left as it is; an empty collection or
  /// note: none). A collection named with another case is the deck's own spelling.
  public func edit(
    _ locate: Locate, front: String? = nil, back: String? = nil, collection: String? = nil,
    note: String? = nil
  ) throws -> Changed<Card> {
    try workspace.updateDeck { stored -> Changed<Card> in
      let index = try locate(stored.deck)
      if let front { stored.deck.cards[index].front = front }
      if let back { stored.deck.cards[index].back = back }
      if let collection {
        stored.deck.cards[index].collection = DeckKeeper.optional(collection).map {
          stored.deck.collection(matching: $0) ?? $0
        }
      }
      if let note { stored.deck.cards[index].note = DeckKeeper.optional(note) }
      return Changed(value: stored.deck.cards[index], deck: stored.deck)
    }
  }

  /// What `remove` did: the card, the deck as it was before (the card is said as it was known
  /// there), and how many of its open recall items went with it.
  public struct Removed {
    public var card: Card
    public var deckBefore: Deck
    public var recallsDropped: Int
  }

  /// Removes a card, and its open recall items (its answered ones stay in the record).
  public func remove(_ locate: Locate) throws -> Removed {
    try workspace.updateDeck { stored -> Removed in
      let index = try locate(stored.deck)
      let before = stored.deck
      let card = stored.deck.cards.remove(at: index)
      let recalls = stored.deck.recalls.count
      stored.deck.recalls.removeAll { $0.cardID == card.id && $0.isOpen }
      return Removed(card: card, deckBefore: before, recallsDropped: recalls - stored.deck.recalls.count)
    }
  }

  /// Suspends a card or takes it back (idempotent); the value says whether it already was so.
  public func setSuspended(_ suspended: Bool, _ locate: Locate) throws -> Changed<(card: Card, already: Bool)>
  {
    try workspace.updateDeck {
      stored -> Changed<(card: Card, already: Bool)> in
      let index = try locate(stored.deck)
      let already = stored.deck.cards[index].suspended == suspended
      stored.deck.cards[index].suspended = suspended
      return Changed(value: (stored.deck.cards[index], already), deck: stored.deck)
    }
  }

  /// Answers a card outside a session (`cards answer`): under FSRS a card answered under the
  /// ladder first gets the state its log gives it; an answer to a card that is not due moves
  /// nothing (docs/planning.md, relearning).
  public func answer(_ locate: Locate, rating: FSRSRating, now: Date) throws -> Changed<Deck.AnswerOutcome> {
    let clock = workspace.dayClock
    let configuration = workspace.configuration
    return try workspace.updateDeck { stored -> Changed<Deck.AnswerOutcome> in
      let index = try locate(stored.deck)
      let scheduler = configuration.studyScheduler
      let kind = AnswerKind.of(
        stored.deck.cards[index], at: now, clock: clock, scheduler: scheduler, inSession: false)
      let outcome = stored.deck.answer(
        cardID: stored.deck.cards[index].id, rating: rating, at: now, clock: clock, scheduler: scheduler,
        recallAfterWrong: configuration.schedule.recallAfterWrong, recallID: UUID().uuidString.lowercased(),
        kind: kind)!
      return Changed(value: outcome, deck: stored.deck)
    }
  }

  /// Adds a recall item: a topic to recall at `dueAt`.
  public func addRecall(topic: String, note: String?, dueAt: Date) throws -> Changed<RecallItem> {
    let item = RecallItem(id: UUID().uuidString.lowercased(), topic: topic, note: note, dueAt: dueAt)
    return try workspace.updateDeck { stored -> Changed<RecallItem> in
      stored.deck.recalls.append(item)
      return Changed(value: item, deck: stored.deck)
    }
  }

  /// Marks a recall item done at `now` (idempotent); the value says whether it already was.
  public func finishRecall(_ locate: Locate, now: Date) throws -> Changed<(item: RecallItem, already: Bool)> {
    try workspace.updateDeck {
      stored -> Changed<(item: RecallItem, already: Bool)> in
      let index = try locate(stored.deck)
      let already = !stored.deck.recalls[index].isOpen
      if !already { stored.deck.recalls[index].doneAt = now }
      return Changed(value: (stored.deck.recalls[index], already), deck: stored.deck)
    }
  }

  /// Removes a recall item; the deck is as it was before (the item is said as it was known).
  public func removeRecall(_ locate: Locate) throws -> Changed<RecallItem> {
    try workspace.updateDeck { stored -> Changed<RecallItem> in
      let index = try locate(stored.deck)
      let before = stored.deck
      let item = stored.deck.recalls.remove(at: index)
      return Changed(value: item, deck: before)
    }
  }

  /// An empty text means none (a collection or a note given as "").
  public static func optional(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }
}
