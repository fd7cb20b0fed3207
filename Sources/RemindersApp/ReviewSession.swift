import Foundation
import RemindersCore
import RemindersMessages
import RemindersStore

/// The review session, whichever front end drives it (docs/commands.md#reminders-review): the
/// queue, the place in it, what undo takes back, the counts; every answer durable before `handle`
/// returns.
///
/// A card forgotten in the session comes back in it (docs/commands.md#relearning-in-the-session):
/// it is put into `items` again, `review.relearn_after` items later (`Relearning`), so the header's
/// count (`index + 1` of `items.count`) counts every prompt of the session, the returns included.
/// Its later answers are relearning: logged, the schedule as the first answer of the day left it.
///
/// Under FSRS, a card an answer leaves in a learning or relearning step due later today waits in
/// the session instead (`learning`, docs/scheduling.md#the-session-under-fsrs): it is put into
/// `items` again when its due instant has passed, or at once when nothing else is left and it is
/// due within `study.learn_ahead`; every answer in the session moves the state at the moment it
/// is given.
public struct ReviewSession {
  /// What the learner asked for, whatever key or line or button said it.
  public typealias Command = ReviewCommand

  /// What a command did, for the front end to show.
  public enum Event {
    case answered(Deck.AnswerOutcome)
    /// The card was removed from the deck while the session ran.
    case cardGone
    case recallAnswered(recalled: Bool)
    /// The answer to this card's front or recall item's topic was taken back.
    case undone(String)
    case nothingToUndo
    /// `?`, or a key with no meaning: list the keys.
    case keys
  }

  /// What undo takes back, newest last.
  enum Done {
    /// A card's answer at `index`; a wrong one put the card back into `items` at `returnsAt`
    /// (the ladder's relearning); `counted` in `remembered` or `forgot`; the waiting cards as
    /// they were before it.
    case card(Deck.AnswerOutcome, index: Int, returnsAt: Int?, counted: Bool, learning: SessionLearning)
    case recall(RecallItem, index: Int)
    /// A waiting card put into `items` at `at`; the waiting cards as they were before. Taken back
    /// with the answer before it.
    case placed(at: Int, learning: SessionLearning)
  }

  let deckStore: DeckStore
  public let dayClock: DayClock
  /// Config `recall.after_wrong`: seconds until a forgotten card's or recall item's next ask.
  public let recallAfterWrong: Int?
  /// `study.new_per_day` and `study.new_per_collection`: the day's new cards (docs/scheduling.md).
  public let newCards: NewCardLimits
  /// Config `review.relearn_after`: how many other items come before a forgotten card again.
  public let relearnAfter: Int
  /// Config `study.scheduler`: what moves a card answered (the ladder, or FSRS with its keys 1–4).
  public let scheduler: StudyScheduler
  /// Under FSRS, the session's cards waiting in a learning or relearning step.
  public private(set) var learning: SessionLearning
  /// `--now` gives a fixed time (every answer at that moment, to replay a session).
  let time: any TimeSource
  let newID: () -> String
  public let queue: ReviewQueue
  /// What the session shows, in order: the queue's items, and each forgotten card again where it
  /// comes back.
  public private(set) var items: [ReviewQueue.Item]
  public let start: Date
  public let collection: String?

  public private(set) var index = 0
  public private(set) var revealed = false
  var history: [Done] = []
  /// The deck as this session has changed it (read once at the start; each change is also
  /// appended to the journal, durable before the next prompt).
  public private(set) var deck = Deck()
  /// Where each card of the session is in `deck.cards`.
  var positions: [String: Int] = [:]
  /// Cards remembered and forgotten by the answers that moved their schedule (a card's first of
  /// the day): relearning answers are not counted again.
  public private(set) var remembered = 0
  public private(set) var forgot = 0
  public private(set) var recallsDone = 0
  /// Held while the session runs: `run` leaves the journal be until it ends.
  var held: FileLock?
  /// The deck file as this session last read it: when another command rewrites it, the next
  /// answer checks that its card is still there (`DeckStore.append(_:clock:ifHolding:seen:)`).
  var deckSeen: DeckStamp?

  /// A session over the deck of `workspace` as it is at `time.now()`; `shuffle` reorders the
  /// cards with `generator`, `newID` names the recall items forgotten cards add. `onlyCard`: the
  /// session shows that card alone, when it is due (a drip's, docs/delivery.md).
  public init(
    workspace: Workspace, time: any TimeSource, collection: String?, limit: Int?, shuffle: Bool,
    recallsOnly: Bool = false, onlyCard: String? = nil, alone: Bool = false,
    generator: inout some RandomNumberGenerator,
    newID: @escaping () -> String = { UUID().uuidString.lowercased() }
  ) throws {
    deckStore = workspace.deckStore
    dayClock = workspace.dayClock
    recallAfterWrong = workspace.configuration.schedule.recallAfterWrong
    newCards = workspace.configuration.newCards
    relearnAfter = workspace.configuration.relearnAfter
    scheduler = workspace.configuration.studyScheduler
    learning = SessionLearning(learnAhead: workspace.configuration.learnAhead)
    self.time = time
    self.newID = newID
    start = time.now()
    held = try deckStore.holdSession(alone: alone)
    // Taken before the read: a rewrite between the two only makes the first answer check.
    deckSeen = deckStore.stamp()
    deck = try deckStore.load().deck
    let read = deck
    self.collection = try collection.map { try read.collection(named: $0, path: workspace.paths.deck) }
    // Under FSRS, cards answered under the ladder get their replayed state in this session's
    // deck; an answer's journal line carries the card it left, so the fold needs no replay.
    FSRSCatchUp(scheduler: scheduler, clock: dayClock).apply(to: &deck)
    queue = ReviewQueue(
      deck: deck, now: start, clock: dayClock, limits: newCards, collection: self.collection, limit: limit,
      shuffle: &generator, shuffled: shuffle)
    items = queue.items.filter { item in
      switch item {
      case .recall: onlyCard == nil
      case .card(let card): !recallsOnly && (onlyCard == nil || card.id == onlyCard)
      }
    }
    let wanted = Set(queue.cards.map(\.id))
    for (i, card) in deck.cards.enumerated() where wanted.contains(card.id) { positions[card.id] = i }
    // Under FSRS, a card of the day still in a step due later today waits for it.
    if scheduler.fsrs != nil {
      let clock = dayClock
      let at = start
      var waiting = learning
      items.removeAll { item in
        guard case .card(let card) = item, SessionLearning.due(of: card, at: at, clock: clock) != nil else {
          return false
        }
        waiting.note(card, at: at, clock: clock)
        return true
      }
      learning = waiting
      placeWaiting(at: start)
    }
  }

  /// Puts the waiting card that is due at `now` (or, when nothing else is left, the soonest due
  /// within the learn-ahead limit) into `items` as the next to show.
  mutating func placeWaiting(at now: Date) {
    guard let next = learning.next(at: now, nothingElse: isFinished), let at = positions[next.cardID] else {
      return
    }
    history.append(.placed(at: index, learning: learning))
    learning.remove(next.cardID)
    items.insert(.card(deck.cards[at]), at: index)
  }

  /// A session with the system's random order.
  public init(
    workspace: Workspace, time: any TimeSource, collection: String?, limit: Int?, shuffle: Bool,
    recallsOnly: Bool = false, onlyCard: String? = nil, alone: Bool = false
  ) throws {
    var generator = SystemRandomNumberGenerator()
    try self.init(
      workspace: workspace, time: time, collection: collection, limit: limit, shuffle: shuffle,
      recallsOnly: recallsOnly, onlyCard: onlyCard, alone: alone, generator: &generator)
  }

  public var now: Date { time.now() }

  /// Ends the session for good: no more items, the review lock let go, and the session's
  /// answers folded into deck.json unless another session runs (docs/files.md). A fold that
  /// fails loses nothing (the answers are in the journal, which every reader applies): the
  /// timer's next `run` folds them.
  public mutating func close() {
    index = items.count
    held = nil
    _ = try? deckStore.foldJournalUnlessReviewing(clock: dayClock, replaying: scheduler.fsrs)
  }
  public var isFinished: Bool { index >= items.count }
  public var current: ReviewQueue.Item? { isFinished ? nil : items[index] }

  /// The card a recall item was made for (a wrong answer's), when the deck still has it.
  public func card(of recall: RecallItem) -> Card? {
    guard let id = recall.cardID else { return nil }
    return positions[id].map { deck.cards[$0] } ?? deck.cards.first { $0.id == id }
  }

  /// Ends the session (q, or the end of input).
  public mutating func quit() { index = items.count }

  public mutating func handle(_ command: Command) throws -> [Event] {
    guard let item = current else { return [] }
    switch (command, item) {
    case (.reveal, .card):
      revealed = true
      return []
    case (.quit, _):
      quit()
      return []
    case (.skip, _):
      index += 1
      revealed = false
      placeWaiting(at: now)
      return []
    case (.undo, _):
      guard let (back, name) = try undo() else { return [.nothingToUndo] }
      index = back
      revealed = false
      return [.undone(name)]
    case (.remembered, .card(let card)), (.forgot, .card(let card)), (.rated, .card(let card)):
      let rating = command.rating!
      let correct = rating != .again
      let at = now
      let outcome = try answer(card, rating: rating, at: at)
      index += 1
      revealed = false
      defer { placeWaiting(at: at) }
      guard let outcome else {
        learning.remove(card.id)
        return [.cardGone]
      }
      var returnsAt: Int?
      let before = learning
      // Counted once a card: under the ladder by the answer that moved it (the day's first);
      // under FSRS, where every answer in the session moves it, by its first in the session.
      let counted =
        outcome.entry.kind.movesSchedule
        && (scheduler.fsrs == nil
          || !history.contains {
            if case .card(let done, _, _, _, _) = $0 { done.card.id == card.id } else { false }
          })
      if scheduler.fsrs != nil {
        learning.note(outcome.card, at: at, clock: dayClock)
      } else if !correct {
        let at = Relearning.returnIndex(forgottenAt: index - 1, after: relearnAfter, count: items.count)
        items.insert(.card(outcome.card), at: at)
        returnsAt = at
      }
      history.append(
        .card(outcome, index: index - 1, returnsAt: returnsAt, counted: counted, learning: before))
      if counted {
        if correct { remembered += 1 } else { forgot += 1 }
      }
      return [.answered(outcome)]
    case (.remembered, .recall(let recall)), (.forgot, .recall(let recall)), (.rated, .recall(let recall)):
      let recalled = command.rating != .again
      index += 1
      revealed = false
      let answered = try answerRecall(recall, recalled: recalled)
      defer { placeWaiting(at: now) }
      guard let previous = answered else { return [] }
      history.append(.recall(previous, index: index - 1))
      if recalled { recallsDone += 1 }
      return [.recallAnswered(recalled: recalled)]
    case (.reveal, .recall(let recall)) where card(of: recall) != nil:
      // A forgotten card's recall item: its answer, to check oneself against.
      revealed = true
      return []
    case (.help, _), (.unknown, _), (.reveal, .recall):
      return [.keys]
    }
  }

  // MARK: changes, each durable before the next prompt

  /// An answer: appended to the journal (one short line, flushed: the same cost at any deck
  /// size), and applied to this session's deck by the same rule the journal replays.
  mutating func answer(_ card: Card, rating: FSRSRating, at: Date) throws -> Deck.AnswerOutcome? {
    let after = recallAfterWrong
    let recallID = newID()
    // Changed in place (a copy of a million cards would cost more than the answer) and put
    // back if the journal cannot take the line.
    guard let index = positions[card.id] else { return nil }
    // Decided on this session's deck, which holds its own earlier answers; the journal line
    // carries the decision, so a fold replays the answer as it was given.
    // Under FSRS a card due by its instant moves; a forgotten card back before its step has
    // passed is relearning (docs/scheduling.md#answering-under-fsrs).
    let (outcome, line) = DeckJournal.answer(
      cardAt: index, of: &deck, rating: rating, at: at, clock: dayClock, scheduler: scheduler,
      inSession: true,
      recallAfterWrong: after, recallID: recallID)
    let kept: Bool
    do {
      kept = try deckStore.append(line, clock: dayClock, ifHolding: card.id, seen: &deckSeen)
    } catch {
      deck.undo(outcome, cardAt: positions[outcome.card.id])
      throw error
    }
    guard kept else {
      // Removed by another command since the session read the deck: the answer is not kept,
      // and the card neither comes back in this session nor counts.
      deck.undo(outcome, cardAt: positions[outcome.card.id])
      positions[card.id] = nil
      return nil
    }
    return outcome
  }

  mutating func answerRecall(_ item: RecallItem, recalled: Bool) throws -> RecallItem? {
    guard
      let previous = deck.recallAnswered(
        id: item.id, recalled: recalled, at: now, againAfter: recallAfterWrong),
      let after = deck.recalls.first(where: { $0.id == item.id })
    else { return nil }
    do {
      try deckStore.append(.recalls([after]), clock: dayClock)
    } catch {
      deck.restore(previous)
      throw error
    }
    return previous
  }

  /// Takes back the last answer; returns the index of its item, to show it again, and its name.
  mutating func undo() throws -> (Int, String)? {
    // A waiting card put in after the last answer goes back to waiting with it (and one put in
    // before any answer stays: there is nothing to take back).
    guard history.contains(where: { if case .placed = $0 { false } else { true } }) else { return nil }
    while case .placed(let at, let before)? = history.last {
      history.removeLast()
      items.remove(at: at)
      learning = before
    }
    guard let last = history.popLast() else { return nil }
    switch last {
    case .placed: return nil
    case .card(let outcome, let index, let returnsAt, let counted, let before):
      do {
        try deckStore.append(
          .undo(
            previous: outcome.previous, entry: outcome.entry, recallAdded: outcome.recall?.id,
            completed: outcome.completed), clock: dayClock)
      } catch {
        history.append(last)
        throw error
      }
      deck.undo(outcome, cardAt: positions[outcome.card.id])
      // Undo is last in, first out: every return put in after this one was taken out before.
      if let returnsAt { items.remove(at: returnsAt) }
      learning = before
      if counted {
        if outcome.entry.correct { remembered -= 1 } else { forgot -= 1 }
      }
      return (index, outcome.card.front)
    case .recall(let previous, let index):
      let wasDone = deck.recalls.first { $0.id == previous.id }.map { !$0.isOpen } ?? false
      try deckStore.append(.recalls([previous]), clock: dayClock)
      deck.restore(previous)
      if wasDone { recallsDone -= 1 }
      return (index, previous.topic)
    }
  }

  // MARK: what the session says at its ends

  /// What comes next when nothing is due now.
  public enum Next: Equatable, Sendable {
    /// `count` cards of the session's kind are due on `day`.
    case cards(Int, on: Day)
    /// An open recall item comes at that instant.
    case recall(at: Date)
    /// Under FSRS, `count` cards of this session wait in a learning step; the first is due at
    /// that instant, later today.
    case learning(Int, at: Date)
  }

  /// When the next review is, the deck as it is now: the next day a card of the session's kind
  /// is due, or the next recall item (which belongs to no collection) when that comes first;
  /// nil when nothing is to come.
  public func next() throws -> Next? {
    if let (count, first) = learning.comesBack { return .learning(count, at: first) }
    let deck = try deckStore.load(replaying: scheduler.fsrs, clock: dayClock)
    let today = dayClock.day(of: start)
    let kept = deck.cards.filter { !$0.suspended && (collection == nil || $0.collection == collection) }
    let nextDay = kept.filter { $0.nextReviewDate > today }.map(\.nextReviewDate).min()
    let nextRecall =
      collection == nil ? deck.recalls.filter { $0.isOpen && $0.dueAt > start }.map(\.dueAt).min() : nil
    if let nextRecall, nextDay.map({ dayClock.startOfDay($0) > nextRecall }) ?? true {
      return .recall(at: nextRecall)
    }
    guard let nextDay else { return nil }
    return .cards(kept.filter { $0.nextReviewDate == nextDay }.count, on: nextDay)
  }

  /// The figures a session ends with.
  public struct Summary: Equatable, Sendable {
    public var remembered: Int
    public var forgot: Int
    public var recallsDone: Int
    /// Days in a row with reviews, today included when it has one.
    public var streak: Int
    /// Cards due tomorrow.
    public var tomorrow: Int
    /// Under FSRS, the cards still waiting in a learning step when the session ended, and when
    /// the first is due (nil when none waits).
    public var waiting: Int = 0
    public var firstBack: Date? = nil

    public var answered: Int { remembered + forgot }
  }

  /// The session's counts, and the streak and tomorrow's cards of the deck as it stands at
  /// `end`, with other writers' changes too (this session's deck when it cannot be read).
  public func summary(at end: Date) -> Summary {
    let deck = (try? deckStore.load(replaying: scheduler.fsrs, clock: dayClock)) ?? deck
    let today = dayClock.day(of: end)
    let input = PlanInput(deck: deck, clock: dayClock, limits: newCards, today: today)
    // Under FSRS, the session's cards still in a step due today (waiting, or shown and not
    // answered when the session ended).
    let clock = dayClock
    let steps =
      scheduler.fsrs == nil
      ? []
      : positions.values.compactMap {
        SessionLearning.stepDue(of: self.deck.cards[$0], on: today, clock: clock)
      }
    return Summary(
      remembered: remembered, forgot: forgot, recallsDone: recallsDone,
      streak: input.streak.length(asOf: today),
      tomorrow: input.dueIndex.due(on: today.adding(days: 1)).values.reduce(0, +),
      waiting: steps.count, firstBack: steps.min())
  }
}

extension ReviewSession.Summary {
  /// Under FSRS, the cards still waiting in a learning step when the session ended, in words:
  /// `3枚は 14:20 にもう一度。`, the time in the day zone; nil when none waits.
  public func comesBack(_ words: any Catalogue, clock: DayClock) -> String? {
    guard waiting > 0, let firstBack else { return nil }
    return words.comesBack(waiting, at: "\(clock.wallTime(at: firstBack))")
  }
}
