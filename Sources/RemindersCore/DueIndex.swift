import Foundation

/// The day's cards by collection, the one rule every count uses (docs/scheduling.md): cards
/// not new that are due, plus new cards within `NewCardLimits`. All the planner needs of the cards.
///
/// A million cards reduce to a few hundred (day, collection) counts, and for the new cards the
/// first few of each (day, collection) in the order they were added — no day can take more than
/// `limits.perDay` of them — so planning does not hold the cards themselves.
public struct DueIndex: Equatable, Sendable {
  /// Cards not new: collection name (`""` for cards without one) → next review day number → count.
  public private(set) var counts: [String: [Int: Int]] = [:]
  /// New cards: collection → the day number they are due from → the first of them in order,
  /// at most `limits.perDay`.
  public private(set) var fresh: [String: [Int: [NewCardLimits.Order]]] = [:]
  /// New cards first answered on `since` or later: collection → day number → count. Days before
  /// `since` are not known (a plan looks from today on).
  public private(set) var firstAnswered: [String: [Int: Int]] = [:]
  public let limits: NewCardLimits
  /// The first day `firstAnswered` covers; nil: none.
  public let since: Day?

  public init(limits: NewCardLimits = .standard, since: Day? = nil) {
    self.limits = limits
    self.since = since
  }

  /// The index of `cards` (suspended cards never fall due), without answers: for a deck whose
  /// log does not matter.
  public init(cards: [Card], limits: NewCardLimits = .standard) {
    self.init(limits: limits)
    for (position, card) in cards.enumerated() { add(card, at: position) }
  }

  /// The index of a whole deck, knowing which new cards were first answered from `since` on.
  public init(deck: Deck, limits: NewCardLimits, since: Day, clock: DayClock) {
    self.init(limits: limits, since: since)
    for (position, card) in deck.cards.enumerated() { add(card, at: position) }
    firstAnswered = deck.firstAnswers(since: since, clock: clock)
  }

  /// Counts one card, the `position`th of its deck: by its day when it is not new, else among
  /// the new ones of its day.
  public mutating func add(_ card: Card, at position: Int) {
    guard !card.suspended else { return }
    if card.isNew {
      addNew(collection: card.collection, day: card.nextReviewDate, order: card.newOrder(at: position))
    } else {
      add(collection: card.collection, day: card.nextReviewDate)
    }
  }

  /// Counts cards not new.
  public mutating func add(collection: String?, day: Day, count: Int = 1) {
    counts[collection ?? "", default: [:]][day.number, default: 0] += count
  }

  /// Whether a new card of `collection` due from `day`, in `order`, would be kept: a group
  /// already holding `limits.perDay` earlier cards has no use for it (a reader calls this before
  /// making the card's id into a string).
  public func wantsNew(collection: String?, day: Day, createdAt: Date) -> Bool {
    guard limits.perDay > 0 else { return false }
    guard let group = fresh[collection ?? ""]?[day.number], group.count >= limits.perDay else { return true }
    return createdAt <= group[group.count - 1].createdAt
  }

  /// Keeps a new card when it is among the first `limits.perDay` of its collection and day.
  public mutating func addNew(collection: String?, day: Day, order: NewCardLimits.Order) {
    let cap = limits.perDay
    guard cap > 0 else { return }
    var group = fresh[collection ?? ""]?[day.number] ?? []
    if group.count >= cap, let last = group.last, !(order < last) { return }
    var low = 0
    var high = group.count
    while low < high {
      let mid = (low + high) / 2
      if group[mid] < order { low = mid + 1 } else { high = mid }
    }
    group.insert(order, at: low)
    if group.count > cap { group.removeLast() }
    fresh[collection ?? "", default: [:]][day.number] = group
  }

  /// Records new cards first answered on `day` (a reader that counted them itself).
  public mutating func addFirstAnswered(collection: String?, day: Day, count: Int) {
    firstAnswered[collection ?? "", default: [:]][day.number, default: 0] += count
  }

  /// The day's cards, per collection, and how many of them are new.
  public struct DayCards: Equatable, Sendable {
    /// Per collection (only collections with at least one), new ones included.
    public var collections: [String: Int] = [:]
    /// New cards among them, per collection.
    public var new: [String: Int] = [:]

    public var total: Int { collections.values.reduce(0, +) }
    public var newTotal: Int { new.values.reduce(0, +) }
  }

  /// The cards to study on `day`, per collection.
  public func cards(on day: Day) -> DayCards {
    var out = DayCards()
    for (collection, byDay) in counts {
      var n = 0
      for (d, c) in byDay where d <= day.number { n += c }
      if n > 0 { out.collections[collection] = n }
    }
    var candidates: [(order: NewCardLimits.Order, collection: String)] = []
    for (collection, byDay) in fresh {
      for (d, group) in byDay where d <= day.number {
        for order in group { candidates.append((order, collection)) }
      }
    }
    guard !candidates.isEmpty else { return out }
    candidates.sort { $0.order < $1.order }
    var answered: [String: Int] = [:]
    for (collection, byDay) in firstAnswered { if let n = byDay[day.number] { answered[collection] = n } }
    for taken in limits.take(candidates, collection: \.collection, answered: answered) {
      out.collections[taken.collection, default: 0] += 1
      out.new[taken.collection, default: 0] += 1
    }
    return out
  }

  /// Cards to study on `day`, per collection (only collections with at least one).
  public func due(on day: Day) -> [String: Int] { cards(on: day).collections }
}
