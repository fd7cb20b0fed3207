import Foundation

extension Card {
  /// The card's FSRS state; a card without one has never been reviewed by FSRS nor answered,
  /// and is what the reference's `Card()` is: new, due when it was made (`createdAt`).
  public var fsrsState: FSRSCard { fsrs ?? .new(due: createdAt) }

  /// Sets the FSRS state and `nextReviewDate` together, so that `nextReviewDate` stays the due
  /// instant's day in the day zone (docs/files.md#the-deck) and every reader of the ladder's date
  /// still works.
  ///
  /// The deck keeps whole seconds. The due instant is rounded *up* to its second: answers are
  /// logged at whole seconds, so a card due at 10:00:30.5 is due for exactly the answers a card
  /// due at 10:00:31 is, and FSRS's next state depends on the answer's instant and the last
  /// review, never on the due instant — replaying the log gives this same card again. The last
  /// review is an answer's instant, taken to its second as the log takes it.
  public mutating func setFSRS(_ state: FSRSCard, clock: DayClock) {
    var stored = state
    stored.due = Date(timeIntervalSince1970: state.due.timeIntervalSince1970.rounded(.up))
    stored.lastReview = state.lastReview.map {
      Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down))
    }
    fsrs = stored
    nextReviewDate = clock.day(of: stored.due)
  }

  /// Whether the card's FSRS state lags behind its answers: it was answered (`lastReviewedAt`)
  /// and has no FSRS state, or one last reviewed before that answer (given under the ladder,
  /// after a switch back). A card never answered stays new and needs nothing.
  public var needsFSRSReplay: Bool { Card.needsFSRSReplay(lastReviewedAt: lastReviewedAt, fsrs: fsrs) }

  /// `needsFSRSReplay` of a card with these fields (for a reader that keeps no `Card`).
  public static func needsFSRSReplay(lastReviewedAt: Date?, fsrs: FSRSCard?) -> Bool {
    guard let answered = lastReviewedAt else { return false }
    guard let lastReview = fsrs?.lastReview else { return true }
    return lastReview < answered
  }
}

extension FSRSScheduler {
  /// The card after an answer rated `rating` at `instant`, as the deck keeps it: the instant
  /// taken to its whole second first (the log's resolution), so that a replay of the log later
  /// gives the same state; the FSRS state and `nextReviewDate` set together.
  public func review(_ card: Card, rating: FSRSRating, at instant: Date, clock: DayClock) -> Card {
    let second = Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded(.down))
    var next = card
    next.setFSRS(review(card.fsrsState, rating: rating, at: second), clock: clock)
    return next
  }

  /// The FSRS state that `answers` (a card's entries of the review log) give it, replayed from
  /// new in the order of their instants: each with its rating (docs/scheduling.md#from-the-ladder-to-fsrs: a
  /// log without ratings is correct as good, wrong as again). Answers that moved nothing (`relearn`,
  /// `early`) are skipped, as they were when given, so the replay gives the state the live
  /// answers gave. No answers: the card's state as it is without one, new and due at `createdAt`.
  public func replay(_ card: Card, answers: [ReviewEntry]) -> FSRSCard {
    replay(
      answers.filter { $0.kind.movesSchedule }.map { (at: $0.at, rating: $0.rating) },
      newCardDue: card.createdAt)
  }

  /// Gives every card that needs it (`Card.needsFSRSReplay`) the state its answers in the
  /// deck's review log give it, with `nextReviewDate` set to its due day; cards never answered
  /// keep no state (they are new), and so does a card whose answers are no longer in the log.
  /// The log is read once, and only for the cards that need it,
  /// so a deck of a million cards already in FSRS costs one look at each card. Returns how many
  /// cards changed.
  @discardableResult
  public func replayStates(of deck: inout Deck, clock: DayClock) -> Int {
    var pending: [String: [ReviewEntry]] = [:]
    for card in deck.cards where card.needsFSRSReplay { pending[card.id] = [] }
    guard !pending.isEmpty else { return 0 }
    for entry in deck.reviewLog where pending[entry.cardID] != nil {
      pending[entry.cardID]!.append(entry)
    }
    var changed = 0
    for i in deck.cards.indices {
      // A card answered with no answer left in the log (a log cut by hand) keeps what it has.
      guard deck.cards[i].needsFSRSReplay, let answers = pending[deck.cards[i].id], !answers.isEmpty else {
        continue
      }
      let before = deck.cards[i]
      deck.cards[i].setFSRS(replay(before, answers: answers), clock: clock)
      if deck.cards[i] != before { changed += 1 }
    }
    return changed
  }
}
