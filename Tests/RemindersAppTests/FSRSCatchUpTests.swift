import Foundation
import RemindersCore
import Testing

@testable import RemindersApp

/// The switch to FSRS at the next change of the deck (docs/scheduling.md#from-the-ladder-to-fsrs).
@Suite struct FSRSCatchUpTests {
  static let utc = DayClock(zone: TimeZone(identifier: "UTC")!)
  static let t0 = Date(timeIntervalSince1970: 1_795_734_000)

  static var deck: Deck {
    Deck(
      cards: [
        Card(
          id: "a", front: "f", back: "b", stepIndex: 1, nextReviewDate: utc.day(of: t0).adding(days: 1),
          createdAt: t0, lastReviewedAt: t0),
        Card(id: "n", front: "f", back: "b", stepIndex: 0, nextReviewDate: utc.day(of: t0), createdAt: t0),
      ],
      reviewLog: [ReviewEntry(cardID: "a", at: t0, correct: true)])
  }

  @Test func theLadderLeavesTheDeckAsItIs() {
    var deck = Self.deck
    #expect(FSRSCatchUp(scheduler: .ladder, clock: Self.utc).apply(to: &deck) == 0)
    #expect(deck == Self.deck)
  }

  @Test func fsrsReplaysTheAnsweredCards() {
    var deck = Self.deck
    #expect(FSRSCatchUp(scheduler: .fsrs(.standard), clock: Self.utc).apply(to: &deck) == 1)
    let expected = FSRSScheduler.standard.review(.new(due: Self.t0), rating: .good, at: Self.t0)
    #expect(deck.cards[0].fsrs == expected)
    // Good on the first of two learning steps: due in 10 minutes, so today.
    #expect(deck.cards[0].nextReviewDate == Self.utc.day(of: Self.t0))
    #expect(deck.cards[0].stepIndex == 1)
    #expect(deck.cards[1] == Self.deck.cards[1])
  }
}
