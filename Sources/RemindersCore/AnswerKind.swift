import Foundation

/// How an answer counts for its card's schedule
/// (docs/planning.md#answers-that-do-not-move-the-schedule): whether it moves the schedule, or is
/// only logged.
///
/// The decision is one pure rule per scheduler (`ladder(_:at:clock:inSession:)`,
/// `fsrs(_:at:inSession:)`, or `of(_:at:clock:scheduler:inSession:)` for either); the
/// answer itself (`Deck.answer`) is told the kind and never decides it, so a journal replays an
/// answer exactly as it was given, whatever the deck or the zone is when it is folded.
public enum AnswerKind: Equatable, Sendable {
  /// The card is due: the answer moves its schedule.
  case scheduling
  /// An answer in a review session to a card whose schedule an earlier answer of the day moved
  /// (relearning): logged with `"relearn": true`, the schedule as it was.
  case relearn
  /// An answer outside a session to a card that is not due: logged with `"early": true`, the
  /// schedule as it was.
  case early

  /// Whether the answer moves the card's schedule.
  public var movesSchedule: Bool { self == .scheduling }

  /// The ladder's rule: an answer given at `instant` moves the schedule when the card is due
  /// that day-zone day (`nextReviewDate` on or before it) and was not answered yet that day
  /// (`lastReviewedAt` on an earlier day, or none) — the card's first answer of the day. Any
  /// other answer is `relearn` in a review session and `early` outside one.
  ///
  /// Suspension does not enter: a suspended card answered by `cards answer` moves as any other
  /// (it is only never due and never counted).
  public static func ladder(_ card: Card, at instant: Date, clock: DayClock, inSession: Bool) -> AnswerKind {
    let today = clock.day(of: instant)
    let answeredToday = card.lastReviewedAt.map { clock.day(of: $0) == today } ?? false
    if card.nextReviewDate <= today && !answeredToday { return .scheduling }
    return inSession ? .relearn : .early
  }

  /// FSRS's rule: in a review session every answer moves the state at the moment it is given
  /// (FSRS takes the real elapsed time): the session shows a card of the day, or one back from a
  /// learning step when its due instant has passed or, with nothing else left, within the
  /// learn-ahead limit (docs/scheduling.md#the-session-under-fsrs). Outside a session an answer
  /// moves the state when the card is due — its FSRS `due` instant is `instant` or before; a card
  /// without an FSRS state is new, and due — and is `early` otherwise.
  ///
  /// A card answered under the ladder since its state was last replayed must be replayed first
  /// (`FSRSScheduler.replayStates`), as every command that changes the deck does.
  public static func fsrs(_ card: Card, at instant: Date, inSession: Bool) -> AnswerKind {
    if inSession || card.fsrs?.isDue(at: instant) ?? true { return .scheduling }
    return .early
  }

  /// The rule of `scheduler`.
  public static func of(
    _ card: Card, at instant: Date, clock: DayClock, scheduler: StudyScheduler, inSession: Bool
  ) -> AnswerKind {
    scheduler.fsrs == nil
      ? ladder(card, at: instant, clock: clock, inSession: inSession)
      : fsrs(card, at: instant, inSession: inSession)
  }
}
