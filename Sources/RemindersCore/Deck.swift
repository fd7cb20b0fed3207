import Foundation

/// One flashcard and where it stands on the review ladder.
public struct Card: Equatable, Sendable {
  public var id: String
  public var front: String
  public var back: String
  public var collection: String?
  public var note: String?
  public var tags: [String]
  /// 0…6, an index into `ReviewLadder.intervals`.
  public var stepIndex: Int
  /// The day-zone date on which the card is next due.
  public var nextReviewDate: Day
  public var createdAt: Date
  public var lastReviewedAt: Date?
  /// A suspended card is never due and never counted (docs/planning.md).
  public var suspended: Bool
  /// The card's FSRS-6 state (SPEC §10.3); nil until FSRS first reviews or replays it. Set it
  /// with `setFSRS(_:clock:)`, which keeps `nextReviewDate` on the due instant's day.
  public var fsrs: FSRSCard?

  public init(
    id: String, front: String, back: String, collection: String? = nil, note: String? = nil,
    tags: [String] = [], stepIndex: Int, nextReviewDate: Day, createdAt: Date, lastReviewedAt: Date? = nil,
    suspended: Bool = false, fsrs: FSRSCard? = nil
  ) {
    self.id = id
    self.front = front
    self.back = back
    self.collection = collection
    self.note = note
    self.tags = tags
    self.stepIndex = stepIndex
    self.nextReviewDate = nextReviewDate
    self.createdAt = createdAt
    self.lastReviewedAt = lastReviewedAt
    self.suspended = suspended
    self.fsrs = fsrs
  }

  /// Whether the card is due on `day` (`nextReviewDate <= day`, and not suspended).
  public func isDue(on day: Day) -> Bool { !suspended && nextReviewDate <= day }
}

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

/// One logged answer.
public struct ReviewEntry: Equatable, Sendable {
  public var cardID: String
  public var at: Date
  public var correct: Bool
  /// Given in a review session after the card's first answer of the day: it moved nothing
  /// (`"relearn": true` in the deck; absent means false).
  public var relearn: Bool
  /// Given outside a session to a card that was not due: it moved nothing (`"early": true`).
  public var early: Bool
  /// The answer's FSRS rating when `correct` does not imply it: hard or easy (`"rating"` in the
  /// deck). Nil: good when correct, again when wrong — so every answer given as correct or wrong,
  /// and every older log, reads and writes as before.
  public private(set) var statedRating: FSRSRating?

  public init(cardID: String, at: Date, correct: Bool, relearn: Bool = false, early: Bool = false) {
    self.cardID = cardID
    self.at = at
    self.correct = correct
    self.relearn = relearn
    self.early = early
  }

  /// The entry of an answer rated `rating`: correct unless again; the rating kept only when
  /// `correct` does not say it (hard, easy).
  public init(cardID: String, at: Date, rating: FSRSRating, relearn: Bool = false, early: Bool = false) {
    self.init(cardID: cardID, at: at, correct: rating != .again, relearn: relearn, early: early)
    statedRating = rating == .hard || rating == .easy ? rating : nil
  }

  /// The entry of an answer of `kind`.
  public init(cardID: String, at: Date, correct: Bool, kind: AnswerKind) {
    self.init(cardID: cardID, at: at, correct: correct, relearn: kind == .relearn, early: kind == .early)
  }

  /// The entry of an answer rated `rating`, of `kind`.
  public init(cardID: String, at: Date, rating: FSRSRating, kind: AnswerKind) {
    self.init(cardID: cardID, at: at, rating: rating, relearn: kind == .relearn, early: kind == .early)
  }

  /// The answer's rating: the one stated, else good when correct and again when wrong (how an
  /// answer given as correct or wrong counts for FSRS, SPEC §10.3).
  public var rating: FSRSRating { statedRating ?? (correct ? .good : .again) }

  /// How the answer counted: whether it moved its card's schedule.
  public var kind: AnswerKind { relearn ? .relearn : early ? .early : .scheduling }
}

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

/// The spaced-repetition ladder: T = [0, 1, 2, 4, 7, 15, 30] days.
public enum ReviewLadder {
  public static let intervals = [0, 1, 2, 4, 7, 15, 30]
  public static let topStep = intervals.count - 1

  /// A new card: step 0, due on the day it is added.
  public static func newCard(
    id: String, front: String, back: String, collection: String?, at instant: Date, clock: DayClock
  ) -> Card {
    Card(
      id: id, front: front, back: back, collection: collection, stepIndex: 0,
      nextReviewDate: clock.day(of: instant), createdAt: instant)
  }

  /// The card after an answer given at `instant`: correct climbs one step (capped at the top)
  /// and is due `T[newStep]` days after today; wrong drops to step 0, due tomorrow.
  public static func answer(_ card: Card, correct: Bool, at instant: Date, clock: DayClock) -> Card {
    answer(card, correct: correct, at: instant, today: clock.day(of: instant))
  }

  /// The same, with "today" (the day-zone date of the answer) given: how a journal replays an
  /// answer with the day it was given on, whatever the zone is when it is replayed.
  public static func answer(_ card: Card, correct: Bool, at instant: Date, today: Day) -> Card {
    var next = card
    if correct {
      next.stepIndex = min(max(card.stepIndex, 0) + 1, topStep)
      next.nextReviewDate = today.adding(days: intervals[next.stepIndex])
    } else {
      next.stepIndex = 0
      next.nextReviewDate = today.adding(days: 1)
    }
    next.lastReviewedAt = instant
    return next
  }
}

/// How an answer that moves its card's schedule moves it: by the ladder, or to the FSRS state
/// the answer gave. Decided when the answer is given, so that a journal replays it the same
/// whatever the settings, the zone or the deck are when it is folded.
public enum AnswerMove: Equatable, Sendable {
  /// By the ladder (correct unless again), on the day-zone day the answer was given.
  case ladder(today: Day)
  /// To FSRS's state after the answer (`FSRSScheduler.review`), due on `dueDay` in the day zone.
  case fsrs(FSRSCard, dueDay: Day)

  /// The move an answer rated `rating` at `instant` makes under `scheduler`: the ladder's, on
  /// the answer's day; or FSRS's review of the card's state at the answer's second.
  public static func of(
    _ card: Card, rating: FSRSRating, at instant: Date, clock: DayClock, scheduler: StudyScheduler
  ) -> AnswerMove {
    guard let fsrs = scheduler.fsrs else { return .ladder(today: clock.day(of: instant)) }
    let next = fsrs.review(card, rating: rating, at: instant, clock: clock)
    return .fsrs(next.fsrs!, dueDay: next.nextReviewDate)
  }

  /// `card` after an answer rated `rating` at `instant`. Under FSRS the ladder's step stays (a
  /// switch back finds it as it was), and `lastReviewedAt` is the state's last review — the
  /// answer's whole second, as the log holds it — so the card never looks behind its log.
  public func apply(to card: Card, rating: FSRSRating, at instant: Date) -> Card {
    switch self {
    case .ladder(let today):
      return ReviewLadder.answer(card, correct: rating != .again, at: instant, today: today)
    case .fsrs(let state, let dueDay):
      var next = card
      next.fsrs = state
      next.nextReviewDate = dueDay
      next.lastReviewedAt = state.lastReview ?? instant
      return next
    }
  }
}

extension Deck {
  /// What an answer changed: the card before and after it, the recall item it added, if any,
  /// and the open recall items of the card that a correct answer completed — all that `undo`
  /// needs to put the deck back as it was.
  public struct AnswerOutcome: Equatable, Sendable {
    public var previous: Card
    public var card: Card
    public var entry: ReviewEntry
    public var recall: RecallItem?
    public var completed: [String]
  }

  /// Records an answer: appends to the review log; an answer of `kind` `.scheduling` moves the
  /// card by the ladder, any other leaves the card as it was (SPEC §10.2). A correct answer
  /// completes the card's open recall items (the learner has recalled it, relearning or not); a
  /// wrong one with `recallAfterWrong` set adds a recall item for the card's front — an answer
  /// that moves nothing only when the card has no open one (relearning never adds a second).
  ///
  /// `kind` is decided by the caller (`AnswerKind.ladder`), never here. `recallID` names the
  /// recall item it may add (the caller makes ids; the core makes none). Returns `nil` when no
  /// card has `cardID`.
  public mutating func answer(
    cardID: String, correct: Bool, at instant: Date, clock: DayClock, recallAfterWrong: Int?,
    recallID: String, kind: AnswerKind = .scheduling
  ) -> AnswerOutcome? {
    answer(
      cardID: cardID, correct: correct, at: instant, today: clock.day(of: instant),
      recallAfterWrong: recallAfterWrong, recallID: recallID, kind: kind)
  }

  /// The same, with "today" given (see `ReviewLadder.answer(_:correct:at:today:)`).
  public mutating func answer(
    cardID: String, correct: Bool, at instant: Date, today: Day, recallAfterWrong: Int?, recallID: String,
    kind: AnswerKind = .scheduling
  ) -> AnswerOutcome? {
    guard let index = cards.firstIndex(where: { $0.id == cardID }) else { return nil }
    return answer(
      cardAt: index, correct: correct, at: instant, today: today, recallAfterWrong: recallAfterWrong,
      recallID: recallID, kind: kind)
  }

  /// The same for the card at `index` of `cards`: what a review session calls, having found its
  /// cards once (a search of a million cards would cost more than the answer).
  public mutating func answer(
    cardAt index: Int, correct: Bool, at instant: Date, today: Day, recallAfterWrong: Int?, recallID: String,
    kind: AnswerKind = .scheduling
  ) -> AnswerOutcome {
    answer(
      cardAt: index, rating: correct ? .good : .again, at: instant, move: .ladder(today: today),
      recallAfterWrong: recallAfterWrong, recallID: recallID, kind: kind)
  }

  /// An answer rated `rating` to the card with `cardID`, moved by `scheduler` when `kind` moves
  /// the schedule (see `AnswerMove.of`). Returns `nil` when no card has `cardID`.
  public mutating func answer(
    cardID: String, rating: FSRSRating, at instant: Date, clock: DayClock, scheduler: StudyScheduler,
    recallAfterWrong: Int?, recallID: String, kind: AnswerKind
  ) -> AnswerOutcome? {
    guard let index = cards.firstIndex(where: { $0.id == cardID }) else { return nil }
    return answer(
      cardAt: index, rating: rating, at: instant,
      move: AnswerMove.of(cards[index], rating: rating, at: instant, clock: clock, scheduler: scheduler),
      recallAfterWrong: recallAfterWrong, recallID: recallID, kind: kind)
  }

  /// Records an answer rated `rating` to the card at `index`: the log entry (correct unless
  /// again, the rating when correct does not say it), the card moved by `move` when `kind`
  /// moves the schedule, and the recall items as `answer(cardID:correct:…)` says.
  public mutating func answer(
    cardAt index: Int, rating: FSRSRating, at instant: Date, move: AnswerMove, recallAfterWrong: Int?,
    recallID: String, kind: AnswerKind
  ) -> AnswerOutcome {
    let cardID = cards[index].id
    let previous = cards[index]
    let card = kind.movesSchedule ? move.apply(to: previous, rating: rating, at: instant) : previous
    let correct = rating != .again
    cards[index] = card
    let entry = ReviewEntry(cardID: cardID, at: instant, rating: rating, kind: kind)
    reviewLog.append(entry)
    var recall: RecallItem?
    var completed: [String] = []
    if correct {
      // The learner has recalled it: the recall items its wrong answers added are done.
      for i in recalls.indices where recalls[i].cardID == cardID && recalls[i].isOpen {
        recalls[i].doneAt = instant
        completed.append(recalls[i].id)
      }
    } else if let delay = recallAfterWrong,
      kind.movesSchedule || !recalls.contains(where: { $0.cardID == cardID && $0.isOpen })
    {
      let item = RecallItem(
        id: recallID, topic: card.front, dueAt: instant.addingTimeInterval(TimeInterval(delay)),
        cardID: card.id)
      recalls.append(item)
      recall = item
    }
    return AnswerOutcome(previous: previous, card: card, entry: entry, recall: recall, completed: completed)
  }

  /// Takes back the answer `outcome` recorded: the card as it was, its log entry gone, the
  /// recall item it added gone, the items it completed open again. Returns false (and changes
  /// nothing) when the deck no longer holds that answer's card or log entry.
  @discardableResult
  public mutating func undo(_ outcome: AnswerOutcome, cardAt index: Int? = nil) -> Bool {
    undo(
      previous: outcome.previous, entry: outcome.entry, recallAdded: outcome.recall?.id,
      completed: outcome.completed, cardAt: index)
  }

  /// `undo(_:)` from what it needs: the card before the answer, its log entry, the recall item
  /// it added, and the recall items it completed.
  ///
  /// `cardAt`: where the card is in `cards`, when the caller knows (else it is searched for).
  @discardableResult
  public mutating func undo(
    previous: Card, entry: ReviewEntry, recallAdded: String?, completed: [String], cardAt known: Int? = nil
  ) -> Bool {
    // The log entry is near the end, so it is looked for first.
    guard let logIndex = reviewLog.lastIndex(of: entry),
      let index = known.flatMap({ cards.indices.contains($0) && cards[$0].id == previous.id ? $0 : nil })
        ?? cards.firstIndex(where: { $0.id == previous.id })
    else { return false }
    cards[index] = previous
    reviewLog.remove(at: logIndex)
    if let recallAdded { recalls.removeAll { $0.id == recallAdded } }
    for i in recalls.indices where completed.contains(recalls[i].id) { recalls[i].doneAt = nil }
    return true
  }

  /// Puts `items` in the deck as they are, replacing those with the same id.
  public mutating func setRecalls(_ items: [RecallItem]) {
    for item in items {
      if let i = recalls.firstIndex(where: { $0.id == item.id }) {
        recalls[i] = item
      } else {
        recalls.append(item)
      }
    }
  }
}

/// Consecutive days with at least one logged answer.
public struct Streak: Sendable {
  /// Day numbers on which at least one answer was logged.
  public let answerDays: Set<Int>
  /// When the latest answer was given (`review.drip` counts its period from it); nil: none.
  public let lastAnswer: Date?

  public init(answerDays: Set<Int>, lastAnswer: Date? = nil) {
    self.answerDays = answerDays
    self.lastAnswer = lastAnswer
  }

  public init(log: [ReviewEntry], clock: DayClock) {
    answerDays = Set(log.map { clock.day(of: $0.at).number })
    lastAnswer = log.lazy.map(\.at).max()
  }

  /// The streak as of `day`: the run of answer days ending on `day`, or on the day before when
  /// nothing was answered on `day` yet.
  public func length(asOf day: Day) -> Int {
    var cursor = day.number
    if !answerDays.contains(cursor) { cursor -= 1 }
    var count = 0
    while answerDays.contains(cursor) {
      count += 1
      cursor -= 1
    }
    return count
  }
}

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
    for card in cards { add(card) }
  }

  /// The index of a whole deck, knowing which new cards were first answered from `since` on.
  public init(deck: Deck, limits: NewCardLimits, since: Day, clock: DayClock) {
    self.init(limits: limits, since: since)
    for card in deck.cards { add(card) }
    firstAnswered = deck.firstAnswers(since: since, clock: clock)
  }

  /// Counts one card: by its day when it is not new, else among the new ones of its day.
  public mutating func add(_ card: Card) {
    guard !card.suspended else { return }
    if card.isNew {
      addNew(collection: card.collection, day: card.nextReviewDate, order: card.newOrder)
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

/// What the planner reads of a deck.
public struct PlanInput: Sendable {
  public var dueIndex: DueIndex
  public var streak: Streak
  /// The open recall items, kept in order of due time (then id), however they are given: the
  /// planner finds the items near a moment by a binary search instead of reading them all.
  public var recalls: [RecallItem] {
    didSet { recalls.sort(by: PlanInput.byDueTime) }
  }
  /// The focus session of `<state>/focus.json`, when there is one (not part of the deck).
  public var focus: FocusInput? = nil
  /// The Anki collection of config `[anki]`, as last read, when there is one (docs/anki.md).
  public var anki: AnkiDue? = nil
  /// The alarms of `alarms.json` (not part of the deck either); nil when that file could not be
  /// read, so that no ring is ended for it (docs/alarms.md).
  public var alarms: [Alarm]? = []

  public init(dueIndex: DueIndex, streak: Streak, recalls: [RecallItem]) {
    self.dueIndex = dueIndex
    self.streak = streak
    self.recalls = recalls.sorted(by: PlanInput.byDueTime)
  }

  /// Nothing to study, ever, as things stand: no card that falls due (suspended ones never do),
  /// no open recall item, and no Anki collection read. A learner's first minutes: `status`,
  /// `preview` and `doctor` then say how to begin.
  public var hasNothingToStudy: Bool {
    dueIndex.counts.isEmpty && dueIndex.fresh.isEmpty && recalls.isEmpty && anki == nil
  }

  /// The order of `recalls` (a sort of items already in order costs one pass).
  static func byDueTime(_ a: RecallItem, _ b: RecallItem) -> Bool {
    a.dueAt != b.dueAt ? a.dueAt < b.dueAt : a.id < b.id
  }

  /// The plan input of a whole deck, on and after `today`, with the day's new cards within `limits`.
  public init(deck: Deck, clock: DayClock, limits: NewCardLimits, today: Day) {
    self.init(
      dueIndex: DueIndex(deck: deck, limits: limits, since: today, clock: clock),
      streak: Streak(log: deck.reviewLog, clock: clock), recalls: deck.recalls.filter(\.isOpen))
  }
}

/// Finding a card or recall item by its id or a unique prefix of it (docs/commands.md).
public enum IDPrefix {
  /// The shortest prefix a command accepts (a whole id may be shorter).
  public static let minimumLength = 4

  /// The indices of `ids` that `query` names, ignoring case: the one id equal to it, else every
  /// id it is a prefix of (none when it is shorter than `minimumLength`).
  public static func matches(_ query: String, in ids: [String]) -> [Int] {
    let wanted = query.lowercased()
    if let exact = ids.firstIndex(where: { $0.lowercased() == wanted }) { return [exact] }
    guard query.count >= minimumLength else { return [] }
    return ids.indices.filter { ids[$0].lowercased().hasPrefix(wanted) }
  }

  /// How many characters of an id text shows: `shown` at least, more when another id of the
  /// deck shares them (cards made in one minute share their first eight), so that what is shown
  /// always names the one id when typed back.
  public static let shown = 8

  /// The shortest prefix of each of `ids`, at least `shown` characters, that no other id of
  /// `ids` starts with (ignoring case); the whole id when another id starts with all of it.
  public static func short(_ ids: [String]) -> [String: String] {
    let sorted = ids.map { ($0, Array($0.lowercased())) }.sorted { $0.1.lexicographicallyPrecedes($1.1) }
    func common(_ a: [Character], _ b: [Character]) -> Int {
      var n = 0
      while n < a.count, n < b.count, a[n] == b[n] { n += 1 }
      return n
    }
    var out: [String: String] = [:]
    for (i, (id, lower)) in sorted.enumerated() {
      var shared = 0
      if i > 0 { shared = max(shared, common(lower, sorted[i - 1].1)) }
      if i + 1 < sorted.count { shared = max(shared, common(lower, sorted[i + 1].1)) }
      out[id] = String(id.prefix(max(shown, shared + 1)))
    }
    return out
  }

  /// The short form of `id` among `ids` (`short`), read in one pass.
  public static func short(_ id: String, among ids: some Sequence<String>) -> String {
    let lower = Array(id.lowercased())
    var shared = 0
    for other in ids where other != id {
      let o = Array(other.lowercased())
      var n = 0
      while n < lower.count, n < o.count, lower[n] == o[n] { n += 1 }
      shared = max(shared, n)
    }
    return String(id.prefix(max(shown, shared + 1)))
  }

  /// The shortest length, at least `floor`, at which the prefixes of `ids` all differ (or the
  /// longest id's length): enough to tell the matches of an ambiguous prefix apart.
  public static func distinguishingLength(_ ids: [String], floor: Int = 8) -> Int {
    let longest = ids.map(\.count).max() ?? 0
    var length = min(floor, longest)
    while length < longest && Set(ids.map { $0.lowercased().prefix(length) }).count < ids.count {
      length += 1
    }
    return length
  }
}

/// The deck's collections by name, as a person types them (docs/commands.md): names match
/// ignoring case, and a name that matches none is answered with the nearest.
extension Deck {
  /// The names of the cards' collections, each once, sorted.
  public var collectionNames: [String] { Set(cards.compactMap(\.collection)).sorted() }

  /// `query` as the deck spells it: itself when a card has that collection, else the one
  /// collection equal to it ignoring case; nil when none is (or several are, differing by case
  /// only: then only the exact spelling names one).
  public func collection(matching query: String) -> String? {
    let names = collectionNames
    if names.contains(query) { return query }
    let folded = names.filter { $0.lowercased() == query.lowercased() }
    return folded.count == 1 ? folded[0] : nil
  }

  /// The collection whose name is fewest edits from `query`, ignoring case (the first in order
  /// among equals); nil when the deck has none.
  public func nearestCollection(to query: String) -> String? {
    EditDistance.nearest(to: query, among: collectionNames)
  }
}

/// How far apart two names are, for "did you mean": the fewest insertions, deletions,
/// substitutions of characters and swaps of two neighbours (`reveiw` is one from `review`),
/// ignoring case.
public enum EditDistance {
  public static func between(_ a: String, _ b: String) -> Int {
    let (a, b) = (Array(a.lowercased()), Array(b.lowercased()))
    // Three rows of the table: the one before the previous is what a swap costs from.
    var before: [Int] = []
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var row = [i + 1]
      for (j, y) in b.enumerated() {
        var cost = Swift.min(previous[j] + (x == y ? 0 : 1), previous[j + 1] + 1, row[j] + 1)
        if i > 0, j > 0, x == b[j - 1], a[i - 1] == y { cost = Swift.min(cost, before[j - 1] + 1) }
        row.append(cost)
      }
      before = previous
      previous = row
    }
    return previous[b.count]
  }

  /// The name of `names` nearest to `query`: the fewest edits, then the length nearest the
  /// query's (a swap keeps it), then the first; nil when there is none.
  public static func nearest(to query: String, among names: [String]) -> String? {
    names.min {
      (between($0, query), abs($0.count - query.count)) < (between($1, query), abs($1.count - query.count))
    }
  }
}
