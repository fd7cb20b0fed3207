import Foundation
import RemindersCore
import RemindersMessages
import RemindersStore
import RemindersTestSupport
import Testing

@testable import RemindersApp

/// The review session under `study.scheduler = "fsrs"` (docs/scheduling.md#the-session-under-fsrs):
/// the four ratings, and the cards an answer leaves in a learning step, which come back in the
/// session when due, or at once when nothing else is left and they are due within the limit.
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

  /// docs/scheduling.md#the-session-under-fsrs with a fake clock: c1 rated again (its first
  /// learning step, a minute) waits while c2 and c3 are shown; once its minute has passed it comes
  /// back before anything else. Then only cards in a step remain, ten minutes off: within the
  /// learn-ahead limit, the soonest is shown at once (c1 before c3, due at the same instant), and
  /// every answer moves the state at its moment. The session ends with nothing due today: the
  /// count has dropped to zero, each card counted once, and the log replays to the same states.
  @Test func learningCardsComeBackWhenDueAndAtOnceWhenAlone() throws {
    let clock = FakeClock(ReviewSessionTests.morning)
    let deck = Deck(cards: [
      ReviewSessionTests.card("c1", due: "2026-11-21", step: 0),
      ReviewSessionTests.card("c2", due: "2026-11-21", step: 0),
      ReviewSessionTests.card("c3", due: "2026-11-21", step: 0),
    ])
    var (session, files) = try Self.fsrsSession(deck, after: 1, clock: clock)
    let start = clock.now()
    let first = try answer(&session, .rated(.again))
    #expect(first.entry.kind == .scheduling && first.card.fsrs?.step == 0)
    #expect(first.card.fsrs?.due == start.addingTimeInterval(60))
    #expect(session.learning.returns.map(\.cardID) == ["c1"])
    clock.advance(by: 10)
    #expect(currentID(session) == "c2")
    _ = try answer(&session, .rated(.easy))
    // 20 s on, c1's minute is not over: c3 comes first.
    clock.advance(by: 10)
    #expect(currentID(session) == "c3")
    clock.advance(by: 50)
    _ = try answer(&session, .rated(.good))
    #expect(currentID(session) == "c1", "its step is over: it comes back before anything else")
    let back = try answer(&session, .rated(.good))
    #expect(back.entry.kind == .scheduling && back.card.fsrs?.step == 1)
    #expect(back.card.fsrs?.due == start.addingTimeInterval(670))
    // Only cards in a step are left, ten minutes off: the soonest at once, answered early.
    #expect(currentID(session) == "c1")
    let early = try answer(&session, .rated(.good))
    #expect(early.entry.kind == .scheduling && early.card.fsrs?.state == .review)
    #expect(currentID(session) == "c3")
    _ = try answer(&session, .rated(.good))
    #expect(session.isFinished)
    #expect(session.items.count == 6)
    #expect(session.remembered == 2 && session.forgot == 1, "each card counted once")
    let summary = session.summary(at: clock.now())
    #expect(summary.waiting == 0 && summary.comesBack(Language.ja.words, clock: session.dayClock) == nil)

    let today = files.workspace.dayClock.day(of: clock.now())
    let stored = try files.deck()
    #expect(stored.cards == session.deck.cards)
    #expect(stored.studyCards(on: today, limits: .standard, clock: files.workspace.dayClock).isEmpty)
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
    #expect(folded.reviewLog.allSatisfy { $0.kind == .scheduling })
    #expect(folded.reviewLog.map(\.cardID) == ["c1", "c2", "c3", "c1", "c1", "c3"])
  }

  /// Steps longer than the learn-ahead limit (30 minutes and an hour): the session ends with the
  /// cards still in a step and says how many come back and when; a session started before then
  /// has nothing to show and says the same.
  @Test func cardsBeyondTheLimitEndTheSessionAndSayWhen() throws {
    let clock = FakeClock(ReviewSessionTests.morning)
    var configuration = Configuration.standard
    configuration.studyScheduler = .fsrs(try FSRSScheduler(learningSteps: [.seconds(1800), .seconds(3600)]))
    let files = try TestWorkspace(configuration: configuration)
    var session = try ReviewSessionTests.session(
      Deck(cards: [
        ReviewSessionTests.card("c1", due: "2026-11-21", step: 0),
        ReviewSessionTests.card("c2", due: "2026-11-21", step: 0),
      ]), files, clock: clock)
    _ = try answer(&session, .rated(.good))
    _ = try answer(&session, .rated(.again))
    #expect(session.isFinished)
    let summary = session.summary(at: clock.now())
    #expect(summary.waiting == 2)
    #expect(summary.comesBack(Language.ja.words, clock: session.dayClock) == "2枚は 09:30 にもう一度。")
    #expect(summary.comesBack(Language.en.words, clock: session.dayClock) == "2 cards come back at 09:30.")
    session.close()

    clock.advance(by: 300)
    var later = try ReviewSession(
      workspace: files.workspace, time: clock, collection: nil, limit: nil, shuffle: false)
    #expect(later.isFinished)
    #expect(try later.next() == .learning(2, at: FakeClock.parse("2026-11-21T09:30:00+09:00")))
    later.close()
    // Within the limit of the first one's due (09:30), it is shown at once.
    clock.advance(by: 900)
    var near = try ReviewSession(
      workspace: files.workspace, time: clock, collection: nil, limit: nil, shuffle: false)
    #expect(currentID(near) == "c2")
    near.close()
  }

  /// Undo takes back a card's return with the answer that let it in: c1 waits again, and c2,
  /// whose answer is undone, is shown again.
  @Test func undoPutsAReturnBackToWaiting() throws {
    let clock = FakeClock(ReviewSessionTests.morning)
    let deck = Deck(cards: [
      ReviewSessionTests.card("c1", due: "2026-11-21", step: 0),
      ReviewSessionTests.card("c2", due: "2026-11-21", step: 0),
    ])
    var (session, files) = try Self.fsrsSession(deck, after: 1, clock: clock)
    defer { withExtendedLifetime(files) {} }
    _ = try answer(&session, .rated(.again))
    clock.advance(by: 90)
    _ = try answer(&session, .rated(.easy))
    #expect(currentID(session) == "c1")
    #expect(try undone(&session) == "front c2")
    #expect(currentID(session) == "c2")
    #expect(session.learning.returns.map(\.cardID) == ["c1"])
    #expect(session.items.count == 2)
    // With nothing before it to take back, undo goes on to c1's answer.
    #expect(try undone(&session) == "front c1")
    #expect(currentID(session) == "c1" && session.learning.returns.isEmpty)
  }

  func undone(_ session: inout ReviewSession) throws -> String? {
    guard case .undone(let name)? = try session.handle(.undo).first else { return nil }
    return name
  }

  func currentID(_ session: ReviewSession) -> String? {
    guard case .card(let card)? = session.current else { return nil }
    return card.id
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
