/// One row of an Anki collection's review log (`revlog`), as the optimizer reads it.
public struct AnkiRevlogEntry: Equatable, Sendable {
  /// What kind of entry it is (`revlog.type`).
  public enum Kind: Int, Sendable {
    case learning = 0
    case review = 1
    case relearning = 2
    /// In a filtered deck; with `factor` 0, a cram review that moved nothing.
    case filtered = 3
    /// Set by hand: "Set due date", "Forget" (with `factor` 0: a reset to new).
    case manual = 4
    /// Moved by FSRS's rescheduling.
    case rescheduled = 5
  }

  /// When, in milliseconds since 1970 (`revlog.id`, unique).
  public var id: Int64
  /// The card (`revlog.cid`).
  public var card: Int64
  /// The button pressed, 1 (again) to 4 (easy); 0 for an entry no one answered (`revlog.ease`).
  public var ease: Int
  /// `revlog.type`; nil for a kind this version does not know (left out).
  public var kind: Kind?
  /// `revlog.factor`: the ease factor (or FSRS's difficulty) set by the entry.
  public var factor: Int

  public init(id: Int64, card: Int64, ease: Int, kind: Kind?, factor: Int) {
    self.id = id
    self.card = card
    self.ease = ease
    self.kind = kind
    self.factor = factor
  }
}

extension FSRSTrainingSet {
  /// The items of an Anki review log, built as Anki builds them for its "Optimize"
  /// (docs/anki.md#fitting-fsrs-to-ankis-history): each card's entries from the first answer of
  /// its last run of learning answers (a card with none — imported, or reset and answered only
  /// as a review since — is left out); entries set by hand, rescheduled or crammed left out; the
  /// gap between two answers counted in Anki's days, whole 86,400-second spans back from
  /// `nextDayAt` (the start of Anki's next day); one item for each answer on a later day than the
  /// one before, the items in the order of their entries. `log` is in the order of card, then id.
  public init(ankiLog log: [AnkiRevlogEntry], nextDayAt: Int64) {
    var cards: [[FSRSTrainingReview]] = []
    var keyed: [(id: Int64, card: Int, position: Int)] = []
    var reviewCount = 0
    var start = 0
    while start < log.count {
      var end = start
      while end < log.count && log[end].card == log[start].card { end += 1 }
      defer { start = end }
      let entries = log[start..<end]
      guard let from = Self.lastLearningRun(entries) else { continue }
      let kept = entries[from...].filter { entry in
        guard let kind = entry.kind else { return false }
        return
          !(kind == .manual || entry.ease == 0 || (kind == .filtered && entry.factor == 0)
          || kind == .rescheduled)
      }
      func daysBack(_ entry: AnkiRevlogEntry) -> Int64 {
        max(0, (nextDayAt - entry.id / 1000) / 86_400)
      }
      var reviews: [FSRSTrainingReview] = []
      var positions: [(Int64, Int)] = []
      for (position, entry) in kept.enumerated() {
        let elapsed = position == 0 ? 0 : Int(daysBack(kept[position - 1]) - daysBack(entry))
        guard let rating = FSRSRating(rawValue: entry.ease) else { break }
        reviews.append(FSRSTrainingReview(rating: rating, elapsedDays: elapsed))
        if position > 0 && elapsed > 0 { positions.append((entry.id, position)) }
      }
      guard !positions.isEmpty else { continue }
      let card = cards.count
      cards.append(reviews)
      reviewCount += kept.count
      keyed += positions.map { (id: $0.0, card: card, position: $0.1) }
    }
    keyed.sort { ($0.id, $0.card, $0.position) < ($1.id, $1.card, $1.position) }
    self.init(
      cards: cards,
      items: keyed.map { FSRSTrainingItem(card: $0.card, reviews: cards[$0.card][...($0.position)]) },
      reviewCount: reviewCount)
  }

  /// Where a card's usable history starts: the first answer of its last run of learning answers,
  /// found from the latest entry back (cram entries skipped). A reset to new ("Forget") after
  /// which the card was answered, but not in learning, leaves nothing; so does a card never
  /// answered in learning.
  static func lastLearningRun(_ entries: ArraySlice<AnkiRevlogEntry>) -> Int? {
    var first: Int?
    for index in entries.indices.reversed() {
      let entry = entries[index]
      if entry.kind == .filtered && entry.factor == 0 { continue }
      let graded = (1...4).contains(entry.ease)
      if graded && entry.kind == .learning {
        first = index
      } else if first != nil {
        break
      } else if entry.kind == .manual && entry.factor == 0 {
        return nil
      }
    }
    return first
  }
}
