import Foundation

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
  /// card by the ladder, any other leaves the card as it was (docs/planning.md). A correct answer
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

  /// Removes the open recall items of card `cardID` (its answered ones stay in the record): what
  /// a card's removal takes with it. Returns how many went.
  @discardableResult
  public mutating func dropOpenRecalls(of cardID: String) -> Int {
    let before = recalls.count
    recalls.removeAll { $0.cardID == cardID && $0.isOpen }
    return before - recalls.count
  }
}
