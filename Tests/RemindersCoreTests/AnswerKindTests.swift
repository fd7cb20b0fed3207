import Foundation
import RemindersCore
import Testing

/// docs/planning.md#answers-that-do-not-move-the-schedule with the ladder: only a card's first
/// answer of the day (day zone) moves its schedule; a later one is `relearn` in a session and
/// `early` outside; so is one to a card due on a later day.
@Suite struct AnswerKindTests {
  /// (zone, card's next review date, its last answer or nil, the answer's instant, in a session,
  /// the kind).
  @Test(arguments: [
    // Due and not answered: the first answer of the day moves the schedule.
    ("Asia/Tokyo", "2026-11-21", nil, "2026-11-21T10:00:00+09:00", true, AnswerKind.scheduling),
    ("Asia/Tokyo", "2026-11-21", nil, "2026-11-21T10:00:00+09:00", false, .scheduling),
    (
      "Asia/Tokyo", "2026-11-01", "2026-10-31T09:00:00+09:00", "2026-11-21T10:00:00+09:00", false, .scheduling
    ),
    // Answered earlier that day: relearning in a session, early outside.
    ("Asia/Tokyo", "2026-11-21", "2026-11-21T08:00:00+09:00", "2026-11-21T10:00:00+09:00", true, .relearn),
    ("Asia/Tokyo", "2026-11-21", "2026-11-21T08:00:00+09:00", "2026-11-21T10:00:00+09:00", false, .early),
    // Due on a later day (as after any answer by the ladder): not due.
    ("Asia/Tokyo", "2026-11-22", "2026-11-21T08:00:00+09:00", "2026-11-21T23:59:59+09:00", true, .relearn),
    ("Asia/Tokyo", "2026-11-22", "2026-11-21T08:00:00+09:00", "2026-11-21T23:59:59+09:00", false, .early),
    ("Asia/Tokyo", "2026-11-28", nil, "2026-11-21T10:00:00+09:00", false, .early),
    // Across the day-zone midnight the next day begins: the card is due and not answered on it.
    ("Asia/Tokyo", "2026-11-22", "2026-11-21T23:58:00+09:00", "2026-11-22T00:00:00+09:00", true, .scheduling),
    (
      "Asia/Tokyo", "2026-11-22", "2026-11-21T23:58:00+09:00", "2026-11-22T00:00:00+09:00", false, .scheduling
    ),
    // The same two instants are one day in Los Angeles (07:58 and 08:00 of the 21st there).
    (
      "America/Los_Angeles", "2026-11-21", "2026-11-21T23:58:00+09:00", "2026-11-22T00:00:00+09:00", true,
      .relearn
    ),
    (
      "America/Los_Angeles", "2026-11-21", "2026-11-21T23:58:00+09:00", "2026-11-22T00:00:00+09:00", false,
      .early
    ),
    // An answer on the day before the last one (a replay with `--now` in the past): not today.
    ("UTC", "2026-11-21", "2026-11-22T08:00:00Z", "2026-11-21T10:00:00Z", false, .scheduling),
  ])
  func ladderRule(zone: String, due: String, last: String?, at: String, inSession: Bool, kind: AnswerKind) {
    var card = Fixture.card("a", due: due, step: 2)
    card.lastReviewedAt = last.map(Fixture.t)
    #expect(
      AnswerKind.ladder(card, at: Fixture.t(at), clock: Fixture.clock(zone), inSession: inSession) == kind)
  }

  /// Suspension does not enter the rule (a suspended card is only never due and never counted).
  @Test func suspendedCardsFollowTheSameRule() {
    var card = Fixture.card("a", due: "2026-11-21")
    card.suspended = true
    #expect(
      AnswerKind.ladder(card, at: Fixture.t("2026-11-21T10:00:00Z"), clock: Fixture.utc, inSession: false)
        == .scheduling)
  }

  /// An answer that moves nothing is logged with its flag and leaves the card exactly as it was;
  /// a correct one still completes the recall item the first wrong answer added, a wrong one adds
  /// no second; undo takes it back.
  @Test(arguments: [AnswerKind.relearn, .early])
  func answersThatMoveNothing(kind: AnswerKind) {
    var deck = Deck(cards: [Fixture.card("a", due: "2026-11-21", step: 3)])
    let first = Fixture.t("2026-11-21T10:00:00+09:00")
    let wrong = deck.answer(
      cardID: "a", correct: false, at: first, clock: Fixture.tokyo, recallAfterWrong: 10800, recallID: "r1")!
    #expect(wrong.card.stepIndex == 0 && wrong.recall?.id == "r1")
    let card = deck.cards[0]

    let later = first.addingTimeInterval(60)
    let again = deck.answer(
      cardID: "a", correct: false, at: later, clock: Fixture.tokyo, recallAfterWrong: 10800, recallID: "r2",
      kind: kind)!
    #expect(deck.cards[0] == card && again.card == card && again.previous == card)
    #expect(again.recall == nil && deck.recalls.map(\.id) == ["r1"])
    #expect(deck.reviewLog.last == ReviewEntry(cardID: "a", at: later, correct: false, kind: kind))
    #expect(deck.reviewLog.last?.kind == kind)

    let right = deck.answer(
      cardID: "a", correct: true, at: later.addingTimeInterval(60), clock: Fixture.tokyo,
      recallAfterWrong: 10800, recallID: "r3", kind: kind)!
    #expect(deck.cards[0] == card)
    #expect(right.completed == ["r1"] && !deck.recalls[0].isOpen)
    #expect(deck.reviewLog.map(\.kind) == [.scheduling, kind, kind])

    let undone = deck.undo(right)
    #expect(undone)
    #expect(deck.recalls[0].isOpen && deck.reviewLog.count == 2 && deck.cards[0] == card)
  }

  /// A wrong answer that moves nothing adds a recall item when the card has no open one (the
  /// learner forgot it: the reminder is worth having), and none with `recall.after_wrong` off.
  @Test func anEarlyWrongAnswerAddsARecallOnlyWhenNoneIsOpen() {
    var deck = Deck(cards: [Fixture.card("a", due: "2026-11-25", step: 3)])
    let at = Fixture.t("2026-11-21T10:00:00+09:00")
    let off = deck.answer(
      cardID: "a", correct: false, at: at, clock: Fixture.tokyo, recallAfterWrong: nil, recallID: "r0",
      kind: .early)!
    #expect(off.recall == nil)
    let on = deck.answer(
      cardID: "a", correct: false, at: at, clock: Fixture.tokyo, recallAfterWrong: 10800, recallID: "r1",
      kind: .early)!
    #expect(on.recall?.id == "r1" && deck.cards[0].stepIndex == 3)
    #expect(deck.cards[0].nextReviewDate.description == "2026-11-25")
  }

  @Test func entriesSayTheirKind() {
    let at = Fixture.t("2026-11-21T10:00:00Z")
    #expect(ReviewEntry(cardID: "a", at: at, correct: true).kind == .scheduling)
    #expect(ReviewEntry(cardID: "a", at: at, correct: true, relearn: true).kind == .relearn)
    #expect(ReviewEntry(cardID: "a", at: at, correct: true, early: true).kind == .early)
    #expect(AnswerKind.scheduling.movesSchedule && !AnswerKind.relearn.movesSchedule)
  }
}
