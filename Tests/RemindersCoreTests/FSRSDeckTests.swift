import Foundation
import RemindersCore
import Testing

/// A card's FSRS state in the deck: set with its due day, replayed from the log
/// (docs/scheduling.md#from-the-ladder-to-fsrs).
@Suite struct FSRSDeckTests {
  static let tokyo = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)
  /// 2026-11-21 08:00:00 +09:00.
  static let t0 = Date(timeIntervalSince1970: 1_795_734_000)

  static func card(_ id: String, answered: Date? = nil) -> Card {
    Card(
      id: id, front: "f", back: "b", stepIndex: 2, nextReviewDate: tokyo.day(of: t0), createdAt: t0,
      lastReviewedAt: answered)
  }

  /// The due instant is rounded up to its second, the last review down, and `nextReviewDate` is
  /// the due's day in the day zone.
  @Test func settingTheStateSetsTheDueDay() {
    var card = Self.card("a")
    let lateEvening = Self.t0.addingTimeInterval(15 * 3600 + 59 * 60 + 59.25)  // 23:59:59.25 JST
    card.setFSRS(
      FSRSCard(
        state: .learning, step: 0, stability: 1, difficulty: 5, due: lateEvening,
        lastReview: Self.t0.addingTimeInterval(0.75)),
      clock: Self.tokyo)
    #expect(card.fsrs?.due == Self.t0.addingTimeInterval(16 * 3600))
    #expect(card.fsrs?.lastReview == Self.t0)
    #expect(card.nextReviewDate == Self.tokyo.day(of: Self.t0).adding(days: 1))
    #expect(card.stepIndex == 2)
  }

  /// A review as the deck keeps it: at the answer's whole second, so that replaying the log
  /// (which holds whole seconds) gives the same state; hard on a first step of 61 s lasts 91.5 s,
  /// stored as 92.
  @Test func aReviewIsTheReplayOfItsLog() throws {
    let scheduler = try FSRSScheduler(learningSteps: [.seconds(61)])
    let at = Self.t0.addingTimeInterval(0.6)
    let reviewed = scheduler.review(Self.card("a"), rating: .hard, at: at, clock: Self.tokyo)
    #expect(reviewed.fsrs?.due == Self.t0.addingTimeInterval(92))
    #expect(reviewed.fsrs?.lastReview == Self.t0)
    let good = scheduler.review(Self.card("a"), rating: .good, at: at, clock: Self.tokyo)
    var replayed = Self.card("a", answered: Self.t0)
    replayed.setFSRS(
      scheduler.replay(replayed, answers: [ReviewEntry(cardID: "a", at: Self.t0, correct: true)]),
      clock: Self.tokyo)
    #expect(replayed.fsrs == good.fsrs)
    #expect(replayed.nextReviewDate == good.nextReviewDate)
  }

  /// Which cards a replay concerns: answered without a state, or answered (by the ladder) since
  /// the state's last review; never a card never answered.
  @Test func whichCardsNeedAReplay() {
    #expect(!Self.card("new").needsFSRSReplay)
    #expect(Self.card("answered", answered: Self.t0).needsFSRSReplay)
    var current = Self.card("current", answered: Self.t0)
    current.fsrs = FSRSScheduler.standard.review(.new(due: Self.t0), rating: .good, at: Self.t0)
    #expect(!current.needsFSRSReplay)
    current.lastReviewedAt = Self.t0.addingTimeInterval(86_400)
    #expect(current.needsFSRSReplay)
    #expect(Self.card("new").fsrsState == .new(due: Self.t0))
  }

  /// One pass fills every card that needs it from its own answers, in the order of their
  /// instants; new cards and current ones are left as they are; a second pass changes nothing.
  @Test func replayingADeck() {
    let scheduler = FSRSScheduler.standard
    let day = 86_400.0
    var current = Self.card("current", answered: Self.t0)
    current.setFSRS(scheduler.review(.new(due: Self.t0), rating: .easy, at: Self.t0), clock: Self.tokyo)
    let log = [
      ReviewEntry(cardID: "a", at: Self.t0, correct: false),
      ReviewEntry(cardID: "b", at: Self.t0.addingTimeInterval(5), correct: true),
      ReviewEntry(cardID: "a", at: Self.t0.addingTimeInterval(300), correct: true),
      ReviewEntry(cardID: "current", at: Self.t0, correct: true),
      ReviewEntry(cardID: "a", at: Self.t0.addingTimeInterval(3 * day), correct: true),
      ReviewEntry(cardID: "gone", at: Self.t0, correct: true),
    ]
    var deck = Deck(
      cards: [
        Self.card("a", answered: Self.t0.addingTimeInterval(3 * day)), Self.card("new"),
        Self.card("b", answered: Self.t0.addingTimeInterval(5)), current,
        Self.card("cut", answered: Self.t0),
      ],
      reviewLog: log)
    #expect(scheduler.replayStates(of: &deck, clock: Self.tokyo) == 2)
    let a = [(Self.t0, FSRSRating.again), (Self.t0 + 300, .good), (Self.t0 + 3 * day, .good)].reduce(
      FSRSCard.new(due: Self.t0)
    ) { scheduler.review($0, rating: $1.1, at: $1.0) }
    #expect(deck.cards[0].fsrs == a)
    #expect(deck.cards[0].nextReviewDate == Self.tokyo.day(of: a.due))
    #expect(deck.cards[0].stepIndex == 2)
    #expect(deck.cards[1] == Self.card("new"))
    #expect(deck.cards[2].fsrs == scheduler.review(.new(due: Self.t0), rating: .good, at: Self.t0 + 5))
    #expect(deck.cards[3] == current)
    // Answered, but its answers are no longer in the log: left as it is.
    #expect(deck.cards[4] == Self.card("cut", answered: Self.t0))
    let once = deck
    #expect(scheduler.replayStates(of: &deck, clock: Self.tokyo) == 0)
    #expect(deck == once)
  }
}
