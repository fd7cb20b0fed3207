import Foundation

/// The cards Anki shows as due in each top-level deck at a moment (docs/anki.md): new cards within
/// the daily limits, learning cards and reviews, as Anki's deck list counts them.
///
/// Written from the rules of Anki's own code (ankitects/anki, `rslib`), not from its text:
/// - the day: `scheduler/timing.rs` (days since `col.crt`, starting at the rollover hour, in the
///   zone's offset at that moment; the older cutoff when `creationOffset` is missing);
/// - which cards count: `storage/deck/due_counts.sql` (new: queue 0; review: queue 2 due on or
///   before today; interday learning: queue 3 likewise; intraday learning: queue 1 due before
///   now + `collapseTime`, preview queue 4 due up to it);
/// - buried cards come back on a new day: `scheduler/bury_and_suspend.rs`
///   (`unbury_if_day_rolled_over`, the queue restored from the type);
/// - the limits: `decks/limits.rs` (a deck's limit for today, else its own, else its preset's,
///   less what was studied today; reviews cap new cards unless `newCardsIgnoreReviewLimit`) and
///   `decks/tree.rs` (children's capped counts added to their parent's and capped again;
///   interday learning takes from the review limit first; `applyAllParentLimits`).
///
/// A card in a filtered deck counts in its home deck by its original due, as if the filtered
/// deck were emptied (`scheduler/filtered/card.rs`): the reminder says what is due, not what a
/// filtered deck gathered.
public struct AnkiDueCounter: Sendable {
  let collection: AnkiCollection
  /// The decks as a tree: top-level decks in name order.
  let roots: [Node]
  /// The cards of each deck (by id), sorted for counting.
  let tallies: [Int64: DeckTally]

  /// A deck in the tree.
  struct Node: Sendable {
    var deck: AnkiCollection.Deck
    var children: [Node]
  }

  public init(_ collection: AnkiCollection) {
    self.collection = collection
    roots = AnkiDueCounter.tree(collection.decks)
    var builders: [Int64: DeckTally.Builder] = [:]
    for group in collection.cards {
      guard let placed = AnkiDueCounter.place(group) else { continue }
      builders[placed.deck, default: DeckTally.Builder()].add(placed)
    }
    tallies = builders.mapValues { $0.build() }
  }

  /// Anki's day number at `instant`, given the day zone's offset then (seconds east of UTC).
  public func day(at instant: Date, utcOffset: Int) -> Int { timing(at: instant, utcOffset: utcOffset).day }

  /// When Anki's next day begins after `instant` (seconds since 1970), given the day zone's
  /// offset then: the next rollover hour, as Anki's `next_day_at` (`timing.rs`).
  public func nextDayAt(_ instant: Date, utcOffset: Int) -> Int64 {
    timing(at: instant, utcOffset: utcOffset).nextDayAt
  }

  func timing(at instant: Date, utcOffset: Int) -> (day: Int, nextDayAt: Int64) {
    AnkiDueCounter.timing(
      now: Int64(instant.timeIntervalSince1970.rounded(.down)), utcOffset: utcOffset,
      creation: collection.creation, creationOffsetMinutesWest: collection.creationOffsetMinutesWest,
      rolloverHour: collection.rolloverHour)
  }

  /// Each top-level deck's due cards at `instant` (in name order), as Anki's deck list shows
  /// them then.
  public func counts(at instant: Date, utcOffset: Int) -> [AnkiDeckCount] {
    let today = day(at: instant, utcOffset: utcOffset)
    let now = Int64(instant.timeIntervalSince1970.rounded(.down))
    let moment = Moment(
      today: Int64(today), learnCutoff: now + Int64(collection.learnAheadSeconds),
      unburied: collection.lastUnburiedDay < today || today + 7 < collection.lastUnburiedDay)
    let parent: Remaining? = collection.applyAllParentLimits ? Remaining.unlimited : nil
    return roots.map { root in
      let counts = sum(root, moment: moment, today: today, parent: parent)
      return AnkiDeckCount(
        name: root.deck.name.first ?? "", new: counts.new, learning: counts.intraday + counts.interday,
        review: counts.review)
    }
  }

  // MARK: The day

  /// Days since the collection's creation at `now`, the day starting at `rolloverHour` local
  /// time, and when the next day starts (`timing.rs`'s days elapsed and `next_day_at`).
  static func timing(
    now: Int64, utcOffset: Int, creation: Int64, creationOffsetMinutesWest: Int?, rolloverHour: Int
  ) -> (day: Int, nextDayAt: Int64) {
    // Anki clamps the hour (`rollover_hour.min(23)`): 24 and above mean 23, not a wrap.
    let rollover = Int64(min(max(rolloverHour, 0), 23)) * 3600
    let offset = Int64(utcOffset)
    if let west = creationOffsetMinutesWest, abs(west) < 24 * 60 {
      // Calendar days between the creation date (in its own offset) and today (in today's),
      // less one while today's rollover has not come yet; the next day at the next rollover.
      let created = floorDiv(creation - Int64(west) * 60, 86_400)
      let local = now + offset
      let today = floorDiv(local, 86_400)
      let passed = local - today * 86_400 >= rollover
      return (
        Int(max(today - created - (passed ? 0 : 1), 0)),
        today * 86_400 + rollover - offset + (passed ? 86_400 : 0)
      )
    }
    // Collections without `creationOffset`: whole days since the rollover of the creation date,
    // both seen in today's offset.
    let createdAtRollover = floorDiv(creation + offset, 86_400) * 86_400 + rollover - offset
    let day = Int(max((now - createdAtRollover) / 86_400, 0))
    return (day, createdAtRollover + Int64(day + 1) * 86_400)
  }

  static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
  }

  // MARK: Which cards count

  /// A card's group as it counts: in its home deck with its original due when it is in a
  /// filtered deck, its queue restored from its type (as leaving the filtered deck does); nil
  /// for suspended cards, which never count.
  static func place(_ group: AnkiCollection.CardGroup) -> Placed? {
    var deck = group.deck
    var due = group.due
    var queue = group.queue
    if group.originalDeck != 0 {
      deck = group.originalDeck
      if group.originalDue != 0 { due = group.originalDue }
      if queue >= 0 { queue = queueFromType(group.type, due: due) }
    }
    var buried = false
    switch queue {
    case Queue.suspended: return nil
    case Queue.schedulerBuried, Queue.userBuried:
      // Back in its queue once Anki unburies (on the first look at a new day).
      buried = true
      queue = queueFromType(group.type, due: due)
    default: break
    }
    return Placed(deck: deck, queue: queue, due: due, count: group.count, buried: buried)
  }

  /// The queue a card's type puts it in: learning cards by timestamp (a due after 10⁹ is a
  /// time, else a day number), reviews, new cards.
  static func queueFromType(_ type: Int, due: Int64) -> Int {
    switch type {
    case CardType.learning, CardType.relearning:
      return due > 1_000_000_000 ? Queue.learning : Queue.dayLearning
    case CardType.new: return Queue.new
    case CardType.review: return Queue.review
    default: return Queue.none
    }
  }

  /// Anki's `queue` column.
  enum Queue {
    static let userBuried = -3
    static let schedulerBuried = -2
    static let suspended = -1
    static let new = 0
    static let learning = 1
    static let review = 2
    static let dayLearning = 3
    static let preview = 4
    /// A type this version does not know: counted nowhere.
    static let none = 99
  }

  /// Anki's `type` column.
  enum CardType {
    static let new = 0
    static let learning = 1
    static let review = 2
    static let relearning = 3
  }

  struct Placed {
    var deck: Int64
    var queue: Int
    var due: Int64
    var count: Int
    var buried: Bool
  }

  /// What a count needs of the moment: Anki's day, the learn-ahead cutoff, and whether cards
  /// buried on an earlier day are back.
  struct Moment {
    var today: Int64
    var learnCutoff: Int64
    var unburied: Bool
  }

  // MARK: The limits

  /// The new and review cards a deck may still show today (`RemainingLimits`).
  struct Remaining {
    var review: Int
    var new: Int
    /// Reviews cap new cards too (unless `newCardsIgnoreReviewLimit`).
    var capNewToReview: Bool

    /// No limit: filtered decks, and decks whose preset is missing.
    static let unlimited = Remaining(review: 9999, new: 9999, capNewToReview: false)

    mutating func cap(to other: Remaining) {
      review = min(review, other.review)
      new = min(new, other.new)
    }
  }

  func remaining(_ deck: AnkiCollection.Deck, today: Int) -> Remaining {
    guard case .normal(let limits) = deck.kind, let preset = collection.presets[limits.presetID] else {
      return .unlimited
    }
    func current(_ onDay: AnkiCollection.DayLimit?, _ own: Int?, _ standard: Int) -> Int {
      if let onDay, onDay.day == today { return onDay.limit }
      return own ?? standard
    }
    var review = current(limits.reviewLimitToday, limits.reviewLimit, preset.reviewsPerDay)
    var new = current(limits.newLimitToday, limits.newLimit, preset.newPerDay)
    let studied = deck.studied.day == today ? deck.studied : AnkiCollection.Studied()
    review -= studied.review
    new -= studied.new
    let ignore = collection.newCardsIgnoreReviewLimit
    if !ignore {
      review -= studied.new
      new = min(new, review)
    }
    return Remaining(review: max(review, 0), new: max(new, 0), capNewToReview: !ignore)
  }

  /// A deck's counts, before or after its limits.
  struct Counts {
    var new = 0
    var review = 0
    var intraday = 0
    var interday = 0

    static func += (lhs: inout Counts, rhs: Counts) {
      lhs.new += rhs.new
      lhs.review += rhs.review
      lhs.intraday += rhs.intraday
      lhs.interday += rhs.interday
    }

    /// Within `remaining`: interday learning first takes from the review limit, reviews take
    /// what is left, new cards their own limit and (when capped) what reviews left. Intraday
    /// learning has no limit.
    func capped(_ remaining: Remaining) -> Counts {
      var out = self
      out.interday = min(interday, remaining.review)
      var reviewsLeft = max(remaining.review - out.interday, 0)
      out.review = min(review, reviewsLeft)
      out.new = min(new, remaining.new)
      if remaining.capNewToReview {
        reviewsLeft = max(reviewsLeft - out.review, 0)
        out.new = min(out.new, reviewsLeft)
      }
      return out
    }
  }

  /// The node's own cards plus its children's capped counts, capped by its own limits (and, with
  /// `applyAllParentLimits`, by every ancestor's).
  func sum(_ node: Node, moment: Moment, today: Int, parent: Remaining?) -> Counts {
    var limits = remaining(node.deck, today: today)
    var passed = parent
    if let parent {
      limits.cap(to: parent)
      passed = limits
    }
    var counts = tallies[node.deck.id]?.counts(moment) ?? Counts()
    for child in node.children { counts += sum(child, moment: moment, today: today, parent: passed) }
    return counts.capped(limits)
  }

  // MARK: The tree

  /// The decks as a tree by name. A deck whose parent is missing is left out, with its
  /// children, until Anki's Check Database adds the parent (Anki's own list skips it too).
  static func tree(_ decks: [AnkiCollection.Deck]) -> [Node] {
    let key = { (parts: ArraySlice<String>) in parts.map { $0.lowercased() }.joined(separator: "\u{1F}") }
    var children: [String: [AnkiCollection.Deck]] = [:]
    for deck in decks where !deck.name.isEmpty {
      children[key(deck.name.dropLast()), default: []].append(deck)
    }
    func nodes(under parent: String) -> [Node] {
      (children[parent] ?? []).sorted { a, b in
        let (x, y) = (a.name.last!.lowercased(), b.name.last!.lowercased())
        return x != y ? x < y : a.id < b.id
      }.map { deck in Node(deck: deck, children: nodes(under: key(deck.name[...]))) }
    }
    return nodes(under: "")
  }
}

/// One top-level Anki deck's due cards, as Anki's deck list shows them.
public struct AnkiDeckCount: Equatable, Sendable {
  public var name: String
  public var new: Int
  public var learning: Int
  public var review: Int

  public init(name: String, new: Int, learning: Int, review: Int) {
    self.name = name
    self.new = new
    self.learning = learning
    self.review = review
  }

  public var total: Int { new + learning + review }
}

/// One deck's cards, sorted by due so that a count at any moment is a few binary searches.
struct DeckTally: Sendable {
  var active = Buckets()
  var buried = Buckets()

  struct Buckets: Sendable {
    var new = 0
    var review = SortedTally()
    var dayLearning = SortedTally()
    var learning = SortedTally()
    var preview = SortedTally()
  }

  func counts(_ moment: AnkiDueCounter.Moment) -> AnkiDueCounter.Counts {
    var out = counts(active, moment)
    if moment.unburied { out += counts(buried, moment) }
    return out
  }

  private func counts(_ b: Buckets, _ m: AnkiDueCounter.Moment) -> AnkiDueCounter.Counts {
    AnkiDueCounter.Counts(
      new: b.new, review: b.review.count(atMost: m.today),
      intraday: b.learning.count(atMost: m.learnCutoff - 1) + b.preview.count(atMost: m.learnCutoff),
      interday: b.dayLearning.count(atMost: m.today))
  }

  struct Builder {
    var active: [Int: [(Int64, Int)]] = [:]
    var buried: [Int: [(Int64, Int)]] = [:]

    mutating func add(_ card: AnkiDueCounter.Placed) {
      if card.buried {
        buried[card.queue, default: []].append((card.due, card.count))
      } else {
        active[card.queue, default: []].append((card.due, card.count))
      }
    }

    func build() -> DeckTally {
      func buckets(_ byQueue: [Int: [(Int64, Int)]]) -> Buckets {
        typealias Q = AnkiDueCounter.Queue
        return Buckets(
          new: (byQueue[Q.new] ?? []).reduce(0) { $0 + $1.1 },
          review: SortedTally(byQueue[Q.review] ?? []),
          dayLearning: SortedTally(byQueue[Q.dayLearning] ?? []),
          learning: SortedTally(byQueue[Q.learning] ?? []), preview: SortedTally(byQueue[Q.preview] ?? []))
      }
      return DeckTally(active: buckets(active), buried: buckets(buried))
    }
  }
}

/// Counts by key, sorted, with running totals: how many have a key up to some value.
struct SortedTally: Sendable {
  var keys: [Int64] = []
  /// `totals[i]`: the count of keys up to and including `keys[i]`.
  var totals: [Int] = []

  init() {}

  init(_ pairs: [(Int64, Int)]) {
    var running = 0
    for (key, count) in pairs.sorted(by: { $0.0 < $1.0 }) {
      running += count
      if keys.last == key {
        totals[totals.count - 1] = running
      } else {
        keys.append(key)
        totals.append(running)
      }
    }
  }

  func count(atMost limit: Int64) -> Int {
    var (lo, hi) = (0, keys.count)
    while lo < hi {
      let mid = (lo + hi) / 2
      if keys[mid] <= limit { lo = mid + 1 } else { hi = mid }
    }
    return lo == 0 ? 0 : totals[lo - 1]
  }
}

/// Anki's part of the daily count (docs/anki.md): the collection as last read, and which top-level
/// decks count (config `anki.decks`; nil: all of them).
public struct AnkiDue: Sendable {
  public let counter: AnkiDueCounter
  public let decks: [String]?

  public init(_ collection: AnkiCollection, decks: [String]?) {
    counter = AnkiDueCounter(collection)
    self.decks = decks
  }

  /// The counted top-level decks' due cards at `instant` (Anki's day in the day zone's offset
  /// then), in name order. Deck names match `decks` whatever their case, as Anki's do.
  public func deckCounts(at instant: Date, clock: DayClock) -> [AnkiDeckCount] {
    let all = counter.counts(at: instant, utcOffset: clock.offset(at: instant))
    guard let decks else { return all }
    let wanted = Set(decks.map { $0.lowercased() })
    return all.filter { wanted.contains($0.name.lowercased()) }
  }

  /// Due cards per top-level deck at `instant`, the decks with none left out: collections as
  /// the daily reminder names them.
  public func collections(at instant: Date, clock: DayClock) -> [String: Int] {
    var out: [String: Int] = [:]
    for deck in deckCounts(at: instant, clock: clock) where deck.total > 0 {
      out[deck.name, default: 0] += deck.total
    }
    return out
  }

  /// The names in `decks` that no top-level deck of the collection has (a deck renamed in Anki).
  public var unknownDecks: [String] {
    guard let decks else { return [] }
    let present = Set(counter.roots.map { ($0.deck.name.first ?? "").lowercased() })
    return decks.filter { !present.contains($0.lowercased()) }
  }
}
