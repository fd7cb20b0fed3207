import Foundation

/// `study.new_per_day` and `study.new_per_collection`: how many cards never answered a day brings
/// (docs/scheduling.md).
///
/// A word list of 300 cards imported at once must not make every daily reminder say 300: the
/// day's cards are those due that are not new, plus new cards up to these limits.
public struct NewCardLimits: Hashable, Sendable {
  /// New cards a day, in all collections together; 0: none.
  public var perDay: Int
  /// A collection's own limit (its name as written in the config); never raises `perDay`.
  public var perCollection: [String: Int]

  /// 20 a day, as most study apps start.
  public static let standard = NewCardLimits(perDay: 20, perCollection: [:])

  public init(perDay: Int, perCollection: [String: Int] = [:]) {
    self.perDay = max(perDay, 0)
    self.perCollection = perCollection.mapValues { max($0, 0) }
  }

  /// The limit of `collection` (`""` for cards without one): its own limit, names compared
  /// ignoring case as `--collection` compares them, and never more than `perDay`.
  public func limit(for collection: String) -> Int {
    guard !perCollection.isEmpty else { return perDay }
    if let exact = perCollection[collection] { return min(exact, perDay) }
    let folded = collection.lowercased()
    for (name, n) in perCollection where name.lowercased() == folded { return min(n, perDay) }
    return perDay
  }

  /// The order of the day's new cards: the order they were added, `createdAt` and then the
  /// card's place in the deck (the cards of one `cards import` share their `createdAt` to the
  /// second, and are appended in the file's order; ids are random, so they say nothing of order).
  public struct Order: Comparable, Hashable, Sendable {
    public var createdAt: Date
    /// The card's index among the deck's cards.
    public var position: Int
    public var id: String

    public init(createdAt: Date, position: Int, id: String) {
      self.createdAt = createdAt
      self.position = position
      self.id = id
    }

    public static func < (a: Order, b: Order) -> Bool {
      a.createdAt != b.createdAt ? a.createdAt < b.createdAt : a.position < b.position
    }
  }

  /// The new cards a day takes, the one rule every reader of the day's cards uses.
  ///
  /// `candidates` are the new cards due that day, in `Order`; `answered` counts, per collection,
  /// the new cards first answered that day (they used up part of its limits). Walks the
  /// candidates in order, taking each while both the day's and its collection's limits allow.
  public func take<Candidate>(
    _ candidates: some Sequence<Candidate>, collection: (Candidate) -> String, answered: [String: Int]
  ) -> [Candidate] {
    var total = perDay - answered.values.reduce(0, +)
    guard total > 0 else { return [] }
    var left: [String: Int] = [:]
    var taken: [Candidate] = []
    for candidate in candidates {
      let name = collection(candidate)
      let remaining = left[name] ?? (limit(for: name) - (answered[name] ?? 0))
      guard remaining > 0 else {
        left[name] = 0
        continue
      }
      taken.append(candidate)
      left[name] = remaining - 1
      total -= 1
      if total == 0 { break }
    }
    return taken
  }
}

extension Card {
  /// A card is new until its first answer: no answer recorded, still on the ladder's first step
  /// and without a memory state of FSRS.
  public var isNew: Bool { Card.isNew(lastReviewedAt: lastReviewedAt, stepIndex: stepIndex, fsrs: fsrs) }

  /// The rule of `isNew`, for a reader that has the fields but not the card.
  public static func isNew(lastReviewedAt: Date?, stepIndex: Int, fsrs: FSRSCard?) -> Bool {
    lastReviewedAt == nil && stepIndex == 0 && (fsrs?.isNew ?? true)
  }

  /// Where the card, the `position`th of its deck, stands in the order of the day's new cards.
  public func newOrder(at position: Int) -> NewCardLimits.Order {
    NewCardLimits.Order(createdAt: createdAt, position: position, id: id)
  }
}

extension Deck {
  /// The cards to study on `day` (docs/scheduling.md): the cards not new that are due, most
  /// overdue first (oldest `nextReviewDate`, then `createdAt`, then `id`), then the day's new cards in the
  /// order they were added, within `limits` less the new cards first answered on `day`.
  public func studyCards(on day: Day, limits: NewCardLimits, clock: DayClock) -> [Card] {
    var due: [Card] = []
    var fresh: [(order: NewCardLimits.Order, card: Card)] = []
    for (position, card) in cards.enumerated() where card.isDue(on: day) {
      if card.isNew { fresh.append((card.newOrder(at: position), card)) } else { due.append(card) }
    }
    due.sort {
      $0.nextReviewDate != $1.nextReviewDate
        ? $0.nextReviewDate < $1.nextReviewDate
        : ($0.createdAt != $1.createdAt ? $0.createdAt < $1.createdAt : $0.id < $1.id)
    }
    fresh.sort { $0.order < $1.order }
    let answered = firstAnswers(since: day, clock: clock).reduce(into: [String: Int]()) { out, entry in
      if let n = entry.value[day.number] { out[entry.key] = n }
    }
    return due + limits.take(fresh, collection: { $0.card.collection ?? "" }, answered: answered).map(\.card)
  }

  /// How many new cards were first answered on each day from `since` on, per collection (`""`
  /// for cards without one) and day number.
  ///
  /// Only cards answered on or after `since` can have been first answered then, so the log is
  /// searched for those alone: a million cards cost one pass over the cards and one over the log.
  public func firstAnswers(since: Day, clock: DayClock) -> [String: [Int: Int]] {
    var recent: [String: String] = [:]
    for card in cards where !card.isNew {
      if let last = card.lastReviewedAt, clock.day(of: last) >= since {
        recent[card.id] = card.collection ?? ""
      }
    }
    return FirstAnswers.count(
      recent: recent, log: reviewLog.lazy.map { ($0.cardID, $0.at) }, since: since, clock: clock)
  }
}

/// The new cards first answered on recent days, from the review log.
public enum FirstAnswers {
  /// `recent`: the cards (id → collection) answered on or after `since`; `log`: every answer
  /// (card id, instant). Counts, by collection and day number, those of `recent` whose first
  /// answer falls on or after `since`.
  public static func count(
    recent: [String: String], log: some Sequence<(String, Date)>, since: Day, clock: DayClock
  ) -> [String: [Int: Int]] {
    guard !recent.isEmpty else { return [:] }
    var first: [String: Date] = [:]
    for (id, at) in log where recent[id] != nil { note(&first, id: id, at: at) }
    return count(recent: recent, first: first, since: since, clock: clock)
  }

  /// Keeps in `first` the earliest answer of card `id` seen so far.
  public static func note(_ first: inout [String: Date], id: String, at: Date) {
    if let known = first[id], known <= at { return }
    first[id] = at
  }

  /// The same, from each card's first answer already found.
  public static func count(
    recent: [String: String], first: [String: Date], since: Day, clock: DayClock
  ) -> [String: [Int: Int]] {
    var out: [String: [Int: Int]] = [:]
    for (id, collection) in recent {
      guard let at = first[id] else { continue }
      let day = clock.day(of: at)
      if day >= since { out[collection, default: [:]][day.number, default: 0] += 1 }
    }
    return out
  }
}
