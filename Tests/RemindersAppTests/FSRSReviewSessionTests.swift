import Foundation
import RemindersCore
import RemindersStore
import RemindersTestSupport
import Testing

@testable import RemindersApp

/// The review session under `study.scheduler = "fsrs"` (docs/scheduling.md#answering-under-fsrs):
/// the four ratings, and a forgotten card's return, which moves the state only once its learning
/// step is over.
@Suite struct FSRSReviewSessionTests {
  static func fsrsSession(_ deck: Deck, after: Int, clock: FakeClock) throws -> (ReviewSession, TestWorkspace)
  {
    var configuration = Configuration.standard
    configuration.relearnAfter = after
    configuration.studyScheduler = .fsrs(.standard)
    let files = try TestWorkspace(configuration: configuration)
    return (try ReviewSessionTests.session(deck, files, clock: clock), files)
  }

  func answer(_ session: inout ReviewSession, _ command: ReviewCommand) throws -> Deck.AnswerOutcome {
    guard case .answered(let outcome)? = try session.handle(command).first else {
      Issue.record("expected an answer")
      throw CancellationError()
    }
    return outcome
  }

  /// c1 rated again (first learning step, 1 minute) comes back after the one other card; shown
  /// again 30 s later its step is not over: relearning, nothing moves. Forgotten again, it comes
  /// back at the end, two minutes on: due, so good moves it to its next step. The deck, once
  /// folded, gives the same states as the replay of its log.
  @Test func aReturnMovesTheStateOnlyWhenItsStepIsOver() throws {
    let clock = FakeClock(ReviewSessionTests.morning)
    let deck = Deck(cards: [
      ReviewSessionTests.card("c1", due: "2026-11-21", step: 0),
      ReviewSessionTests.card("c2", due: "2026-11-21", step: 0),
    ])
    var (session, files) = try Self.fsrsSession(deck, after: 1, clock: clock)
    let first = try answer(&session, .rated(.again))
    #expect(first.entry.kind == .scheduling && first.card.fsrs?.step == 0)
    #expect(first.card.fsrs?.due == clock.now().addingTimeInterval(60))
    #expect(first.recall != nil)
    clock.advance(by: 10)
    let c2 = try answer(&session, .rated(.easy))
    #expect(c2.card.fsrs?.state == .review && c2.entry.rating == .easy)
    clock.advance(by: 20)
    guard case .card(let back)? = session.current else {
      Issue.record("c1 should come back")
      return
    }
    #expect(back.id == "c1")
    let early = try answer(&session, .forgot)
    #expect(early.entry.kind == .relearn && early.card == first.card && early.recall == nil)
    clock.advance(by: 120)
    let late = try answer(&session, .rated(.good))
    #expect(late.entry.kind == .scheduling)
    #expect(late.card.fsrs?.step == 1 && late.card.fsrs?.state == .learning)
    #expect(late.card.fsrs?.due == clock.now().addingTimeInterval(600))
    #expect(session.isFinished)
    // Counted once each: the answers that moved a state.
    #expect(session.remembered == 2 && session.forgot == 1)

    // What the journal replays is what the session holds; the log replays to the same states.
    let stored = try files.deck()
    #expect(stored.cards == session.deck.cards)
    _ = try files.workspace.deckStore.foldJournal(clock: files.workspace.dayClock)
    let folded = try files.deck()
    #expect(folded.cards == session.deck.cards)
    for card in folded.cards {
      var replayed = card
      replayed.setFSRS(
        FSRSScheduler.standard.replay(card, answers: folded.reviewLog.filter { $0.cardID == card.id }),
        clock: files.workspace.dayClock)
      #expect(replayed == card)
    }
    #expect(folded.reviewLog.map(\.kind) == [.scheduling, .scheduling, .relearn, .scheduling])
    #expect(folded.reviewLog.map(\.rating) == [.again, .easy, .again, .good])
  }

  /// Under the ladder the ratings are answers as before: hard, good and easy are correct.
  @Test func theLadderTakesRatings() throws {
    let clock = FakeClock(ReviewSessionTests.morning)
    var configuration = Configuration.standard
    configuration.relearnAfter = 0
    let files = try TestWorkspace(configuration: configuration)
    var session = try ReviewSessionTests.session(
      Deck(cards: [ReviewSessionTests.card("c1", due: "2026-11-21", step: 2)]), files, clock: clock)
    let outcome = try answer(&session, .rated(.hard))
    #expect(outcome.card.stepIndex == 3 && outcome.card.fsrs == nil && outcome.entry.rating == .hard)
    #expect(session.remembered == 1)
  }
}
