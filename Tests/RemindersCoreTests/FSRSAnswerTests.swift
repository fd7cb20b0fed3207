import Foundation
import RemindersCore
import Testing

/// Answers under FSRS (docs/scheduling.md#answering-under-fsrs): the pure rule that decides whether
/// an answer moves the state, and live answers given through `Deck.answer` against the replay of the log they
/// leave.
@Suite struct FSRSAnswerTests {
  static let tokyo = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)
  /// 2026-11-21 08:00:00 +09:00.
  static let t0 = Date(timeIntervalSince1970: 1_795_734_000)

  static func card(fsrsDue: TimeInterval?, ladderDay: Int = 5) -> Card {
    Card(
      id: "c", front: "f", back: "b", stepIndex: 1, nextReviewDate: tokyo.day(of: t0).adding(days: ladderDay),
      createdAt: t0.addingTimeInterval(-86_400),
      lastReviewedAt: fsrsDue == nil ? nil : t0.addingTimeInterval(-60),
      fsrs: fsrsDue.map {
        FSRSCard(
          state: .learning, step: 1, stability: 2.3, difficulty: 5, due: t0.addingTimeInterval($0),
          lastReview: t0.addingTimeInterval(-60))
      })
  }

  /// (the card's FSRS due, seconds after the answer — nil: no state, a new card; in a session;
  /// the kind). The ladder's date (five days on) does not enter: only the due instant does.
  @Test(
    arguments: [
      (nil, true, AnswerKind.scheduling),
      (nil, false, .scheduling),
      // Due: its instant has passed, or is the answer's.
      (-540.0, true, .scheduling),
      (-540.0, false, .scheduling),
      (0.0, false, .scheduling),
      // A learning step not yet over: in a session (which shows it when its step is over, or
      // early with nothing else left) it moves as given; outside one, early.
      (1.0, true, .scheduling),
      (540.0, true, .scheduling),
      (540.0, false, .early),
      // Due on a later day.
      (3 * 86_400.0, false, .early),
    ] as [(TimeInterval?, Bool, AnswerKind)])
  func theFSRSRule(due: TimeInterval?, inSession: Bool, kind: AnswerKind) {
    let card = Self.card(fsrsDue: due)
    #expect(AnswerKind.fsrs(card, at: Self.t0, inSession: inSession) == kind)
    #expect(
      AnswerKind.of(card, at: Self.t0, clock: Self.tokyo, scheduler: .fsrs(.standard), inSession: inSession)
        == kind)
  }

  /// `of` under the ladder is the ladder's rule, whatever the FSRS state says.
  @Test func theLadderIgnoresTheState() {
    let card = Self.card(fsrsDue: -540)
    #expect(
      AnswerKind.of(card, at: Self.t0, clock: Self.tokyo, scheduler: .ladder, inSession: false) == .early)
    #expect(AnswerKind.ladder(card, at: Self.t0, clock: Self.tokyo, inSession: false) == .early)
  }

  /// A rating is kept only when `correct` does not say it; correct and wrong read as good and
  /// again.
  @Test func entriesKeepTheRatingCorrectDoesNotImply() {
    for rating in FSRSRating.allCases {
      let entry = ReviewEntry(cardID: "c", at: Self.t0, rating: rating)
      #expect(entry.rating == rating)
      #expect(entry.correct == (rating != .again))
      #expect(entry.statedRating == (rating == .hard || rating == .easy ? rating : nil))
    }
    #expect(ReviewEntry(cardID: "c", at: Self.t0, correct: true).rating == .good)
    #expect(ReviewEntry(cardID: "c", at: Self.t0, correct: false).rating == .again)
    #expect(
      ReviewEntry(cardID: "c", at: Self.t0, rating: .good)
        == ReviewEntry(cardID: "c", at: Self.t0, correct: true))
  }

  /// Under the ladder a rating is an answer as before: hard, good and easy climb, again drops;
  /// the rating is logged.
  @Test func theLadderTakesRatingsAsCorrectOrWrong() {
    for rating in FSRSRating.allCases {
      var deck = Deck(cards: [Self.card(fsrsDue: nil, ladderDay: 0)])
      let outcome = deck.answer(
        cardID: "c", rating: rating, at: Self.t0, clock: Self.tokyo, scheduler: .ladder,
        recallAfterWrong: nil,
        recallID: "r", kind: .scheduling)!
      #expect(outcome.card.stepIndex == (rating == .again ? 0 : 2))
      #expect(outcome.card.fsrs == nil)
      #expect(outcome.entry.rating == rating)
    }
  }

  /// Answers given live under FSRS — the kind decided by the rule at each instant, inside and
  /// outside a session, every rating, over days — leave a log whose replay gives every card the
  /// state the live answers gave it; the answers that moved nothing are logged as such, and the
  /// card's `nextReviewDate` is its due's day. Whole-second instants, as the log keeps them.
  @Test func liveAnswersAndTheReplayOfTheirLogAgree() {
    let scheduler = FSRSScheduler.standard
    var generator = SplitMix(seed: 20_261_126)
    let ids = ["a", "b", "c", "d", "e"]
    var deck = Deck(
      cards: ids.map {
        Card(
          id: $0, front: $0, back: $0, stepIndex: 0, nextReviewDate: Self.tokyo.day(of: Self.t0),
          createdAt: Self.t0.addingTimeInterval(-3600))
      })
    var at = Self.t0
    var kinds: [AnswerKind: Int] = [:]
    for _ in 0..<600 {
      // Mostly seconds to minutes apart (learning steps), sometimes days.
      let gap =
        generator.next() % 5 == 0
        ? Double(generator.next() % 20 + 1) * 86_400 : Double(generator.next() % 900)
      at = at.addingTimeInterval(gap)
      let index = Int(generator.next() % UInt64(ids.count))
      let rating = FSRSRating.allCases[Int(generator.next() % 4)]
      let inSession = generator.next() % 2 == 0
      let kind = AnswerKind.fsrs(deck.cards[index], at: at, inSession: inSession)
      kinds[kind, default: 0] += 1
      let outcome = deck.answer(
        cardID: ids[index], rating: rating, at: at, clock: Self.tokyo, scheduler: .fsrs(scheduler),
        recallAfterWrong: 600, recallID: "r\(at.timeIntervalSince1970)", kind: kind)!
      #expect(outcome.entry.kind == kind && outcome.entry.rating == rating)
      if !kind.movesSchedule { #expect(outcome.card == outcome.previous) }
    }
    #expect(kinds.count == 2, "every kind FSRS gives (scheduling, early): \(kinds)")
    for card in deck.cards {
      let state = scheduler.replay(card, answers: deck.reviewLog.filter { $0.cardID == card.id })
      var replayed = card
      replayed.setFSRS(state, clock: Self.tokyo)
      #expect(replayed == card)
      #expect(card.nextReviewDate == Self.tokyo.day(of: card.fsrs!.due))
      #expect(card.lastReviewedAt == card.fsrs!.lastReview)
      #expect(!card.needsFSRSReplay)
    }
    // And the deck's replay of every card from scratch changes nothing.
    var fresh = deck
    for i in fresh.cards.indices { fresh.cards[i].fsrs = nil }
    scheduler.replayStates(of: &fresh, clock: Self.tokyo)
    #expect(fresh == deck)
  }

  /// The replay skips answers that moved nothing and takes each stated rating.
  @Test func theReplaySkipsWhatMovedNothing() {
    let scheduler = FSRSScheduler.standard
    let card = Self.card(fsrsDue: nil)
    let entries = [
      ReviewEntry(cardID: "c", at: Self.t0, rating: .hard),
      ReviewEntry(cardID: "c", at: Self.t0.addingTimeInterval(30), rating: .again, relearn: true),
      ReviewEntry(cardID: "c", at: Self.t0.addingTimeInterval(40), rating: .easy, early: true),
      ReviewEntry(cardID: "c", at: Self.t0.addingTimeInterval(600), rating: .easy),
    ]
    let expected = scheduler.review(
      scheduler.review(.new(due: card.createdAt), rating: .hard, at: Self.t0), rating: .easy,
      at: Self.t0.addingTimeInterval(600))
    #expect(scheduler.replay(card, answers: entries) == expected)
  }
}
