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

  /// Which card a change is for, found in the deck as it is under the lock: by a whole id, or
  /// by the prefix the learner typed (the command line's `DeckLookup`).
  public typealias Locate = (DeckView) throws -> Card

  /// Which recall item a change is for, among the deck's recall items (`Deck.recalls`).
  public typealias LocateRecall = (Deck) throws -> Int

  /// A change made, and the id of the card or recall item it is about as short as the deck
  /// shows it (`IDPrefix.short`: among the others; a removed one as it was known).
  public struct Changed<Value> {
    public var value: Value
    public var shortID: String
  }

  /// What `add` did.
  public enum Added {
    case added(Card)
    /// Not added: the card already in its collection with this front.
    case duplicate(of: Card)
  }

  /// Adds a new card, due today. A card whose front is already in its collection is not added
  /// unless `duplicate`; a collection named with another case is the deck's own spelling.
  ///
  /// Each change is one line of the deck's journal (`DeckStore.change`): a few milliseconds at
  /// any deck size, seen at once by every reader, folded into `deck.json` within a minute.
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
    return try workspace.deckStore.change(clock: clock) { view -> (DeckJournal.Change?, Changed<Added>) in
      if let name = card.collection {
        card.collection = Deck.collection(matching: name, among: view.collectionNames) ?? name
      }
      if !duplicate, let twin = try view.cards(front: card.front, collection: card.collection).first {
        return (nil, Changed(value: .duplicate(of: twin), shortID: try view.shortID(twin.id)))
      }
      var ids = CardID(beside: [], taken: { try view.hasID(startingWith: String($0)) })
      card.id = try ids.make()
      return (.cards([card]), Changed(value: .added(card), shortID: try view.shortID(card.id)))
    }
  }

  /// Changes a card's sides, collection or note (nil: left as it is; an empty collection or
  /// note: none). A collection named with another case is the deck's own spelling.
  public func edit(
    _ locate: Locate, front: String? = nil, back: String? = nil, collection: String? = nil,
    note: String? = nil
  ) throws -> Changed<Card> {
    try workspace.deckStore.change(clock: workspace.dayClock) {
      view -> (DeckJournal.Change?, Changed<Card>) in
      var card = try locate(view)
      if let front { card.front = front }
      if let back { card.back = back }
      if let collection {
        card.collection = DeckKeeper.optional(collection).map {
          Deck.collection(matching: $0, among: view.collectionNames) ?? $0
        }
      }
      if let note { card.note = DeckKeeper.optional(note) }
      return (.cards([card]), Changed(value: card, shortID: try view.shortID(card.id)))
    }
  }

  /// What `remove` did: the card, its id as short as it was among the others, and how many of
  /// its open recall items went with it.
  public struct Removed {
    public var card: Card
    public var shortID: String
    public var recallsDropped: Int
  }

  /// Removes a card, and its open recall items (its answered ones stay in the record).
  public func remove(_ locate: Locate) throws -> Removed {
    try workspace.deckStore.change(clock: workspace.dayClock) { view -> (DeckJournal.Change?, Removed) in
      let card = try locate(view)
      var recalls = view.recallDeck
      let dropped = recalls.dropOpenRecalls(of: card.id)
      return (
        .remove(cards: [card.id], recalls: []),
        Removed(card: card, shortID: try view.shortID(card.id), recallsDropped: dropped)
      )
    }
  }

  /// Suspends a card or takes it back (idempotent); the value says whether it already was so.
  public func setSuspended(_ suspended: Bool, _ locate: Locate) throws -> Changed<(card: Card, already: Bool)>
  {
    try workspace.deckStore.change(clock: workspace.dayClock) {
      view -> (DeckJournal.Change?, Changed<(card: Card, already: Bool)>) in
      var card = try locate(view)
      let already = card.suspended == suspended
      card.suspended = suspended
      return (
        already ? nil : .cards([card]), Changed(value: (card, already), shortID: try view.shortID(card.id))
      )
    }
  }

  /// Answers a card outside a session (`cards answer`): under FSRS a card answered under the
  /// ladder first gets the state its log gives it; an answer to a card that is not due moves
  /// nothing (docs/planning.md, relearning).
  ///
  /// One line of the journal, as a session's answer is; only the first answer under FSRS to a
  /// card whose state lags behind its log (the scheduler was just switched) rewrites the deck,
  /// which stores every card's replayed state (`FSRSCatchUp`).
  public func answer(_ locate: Locate, rating: FSRSRating, now: Date) throws -> Changed<Deck.AnswerOutcome> {
    let clock = workspace.dayClock
    let configuration = workspace.configuration
    let scheduler = configuration.studyScheduler
    let after = configuration.schedule.recallAfterWrong
    let recallID = UUID().uuidString.lowercased()
    let quick = try workspace.deckStore.change(clock: clock) {
      view -> (DeckJournal.Change?, Changed<Deck.AnswerOutcome>?) in
      let card = try locate(view)
      if scheduler.fsrs != nil && card.needsFSRSReplay { return (nil, nil) }
      var deck = Deck(cards: [card], recalls: view.recalls)
      let (outcome, line) = DeckJournal.answer(
        cardAt: 0, of: &deck, rating: rating, at: now, clock: clock, scheduler: scheduler, inSession: false,
        recallAfterWrong: after, recallID: recallID)
      return (line, Changed(value: outcome, shortID: try view.shortID(card.id)))
    }
    if let quick { return quick }
    return try workspace.updateDeck { stored -> Changed<Deck.AnswerOutcome> in
      let card = try locate(DeckView.whole(stored.deck, path: workspace.paths.deck))
      let index = stored.deck.cards.lastIndex { $0.id == card.id }!
      let kind = AnswerKind.of(
        stored.deck.cards[index], at: now, clock: clock, scheduler: scheduler, inSession: false)
      let outcome = stored.deck.answer(
        cardID: stored.deck.cards[index].id, rating: rating, at: now, clock: clock, scheduler: scheduler,
        recallAfterWrong: after, recallID: recallID, kind: kind)!
      return Changed(
        value: outcome, shortID: IDPrefix.short(outcome.card.id, among: stored.deck.cards.lazy.map(\.id)))
    }
  }

  /// Adds a recall item: a topic to recall at `dueAt`.
  public func addRecall(topic: String, note: String?, dueAt: Date) throws -> Changed<RecallItem> {
    let item = RecallItem(id: UUID().uuidString.lowercased(), topic: topic, note: note, dueAt: dueAt)
    return try workspace.deckStore.change(clock: workspace.dayClock) { view in
      (
        .recalls([item]),
        Changed(value: item, shortID: IDPrefix.short(item.id, among: view.recalls.lazy.map(\.id)))
      )
    }
  }

  /// Marks a recall item done at `now` (idempotent); the value says whether it already was.
  public func finishRecall(_ locate: LocateRecall, now: Date) throws -> Changed<
    (item: RecallItem, already: Bool)
  > {
    try workspace.deckStore.change(clock: workspace.dayClock) {
      view -> (DeckJournal.Change?, Changed<(item: RecallItem, already: Bool)>) in
      let deck = view.recallDeck
      var item = deck.recalls[try locate(deck)]
      let already = !item.isOpen
      if !already { item.doneAt = now }
      return (
        already ? nil : .recalls([item]),
        Changed(value: (item, already), shortID: IDPrefix.short(item.id, among: deck.recalls.lazy.map(\.id)))
      )
    }
  }

  /// Removes a recall item; its id is said as short as it was among the others.
  public func removeRecall(_ locate: LocateRecall) throws -> Changed<RecallItem> {
    try workspace.deckStore.change(clock: workspace.dayClock) {
      view -> (DeckJournal.Change?, Changed<RecallItem>) in
      let deck = view.recallDeck
      let item = deck.recalls[try locate(deck)]
      return (
        .remove(cards: [], recalls: [item.id]),
        Changed(value: item, shortID: IDPrefix.short(item.id, among: deck.recalls.lazy.map(\.id)))
      )
    }
  }

  /// An empty text means none (a collection or a note given as "").
  public static func optional(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }
}
