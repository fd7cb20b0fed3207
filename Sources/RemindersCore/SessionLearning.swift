import Foundation

/// Under FSRS, the cards of a review session that wait in a learning or relearning step
/// (docs/scheduling.md#the-session-under-fsrs), soonest first: a card whose answer (or the deck,
/// at the session's start) leaves it in such a step, due later the same day-zone day. The session
/// shows one again once its due instant has passed; when nothing else is left, the soonest at
/// once if it is due within `learnAhead` (Anki's learn-ahead limit); and when only cards due
/// beyond that remain, the session ends and says how many come back, and when the first does.
public struct SessionLearning: Equatable, Sendable {
  /// A card waiting, and when it is due.
  public struct Return: Equatable, Sendable {
    public var cardID: String
    public var due: Date

    public init(cardID: String, due: Date) {
      self.cardID = cardID
      self.due = due
    }
  }

  /// The cards waiting, soonest first (by id when two are due at once).
  public private(set) var returns: [Return] = []
  /// `study.learn_ahead`, in seconds.
  public let learnAhead: Int

  public init(learnAhead: Int) { self.learnAhead = learnAhead }

  /// When `card` waits in the session at `now`: it is in a learning or relearning step, due after
  /// `now` on `now`'s day-zone day; nil otherwise (a review card, one due now, one due tomorrow).
  public static func due(of card: Card, at now: Date, clock: DayClock) -> Date? {
    stepDue(of: card, on: clock.day(of: now), clock: clock).flatMap { $0 > now ? $0 : nil }
  }

  /// When `card`'s learning or relearning step is due, if that is on `day` (its due passed or
  /// not); nil for a card in review, new, or in a step due another day.
  public static func stepDue(of card: Card, on day: Day, clock: DayClock) -> Date? {
    guard let state = card.fsrs, state.state == .learning || state.state == .relearning,
      clock.day(of: state.due) == day
    else { return nil }
    return state.due
  }

  /// Notes `card` as the session leaves it at `now`: waiting when it is in a step due later
  /// today (`due(of:at:clock:)`), else no longer waiting.
  public mutating func note(_ card: Card, at now: Date, clock: DayClock) {
    returns.removeAll { $0.cardID == card.id }
    guard let due = Self.due(of: card, at: now, clock: clock) else { return }
    let entry = Return(cardID: card.id, due: due)
    let at = returns.firstIndex { ($0.due, $0.cardID) > (due, card.id) } ?? returns.endIndex
    returns.insert(entry, at: at)
  }

  /// The card to show at `now`: the soonest whose due instant has passed; when `nothingElse` is
  /// left in the session, the soonest due within `learnAhead`. Nil: none yet.
  public func next(at now: Date, nothingElse: Bool) -> Return? {
    guard let first = returns.first else { return nil }
    if first.due <= now { return first }
    if nothingElse, first.due <= now.addingTimeInterval(TimeInterval(learnAhead)) { return first }
    return nil
  }

  /// Takes `id` out of the waiting cards (it is shown now, or gone from the deck).
  public mutating func remove(_ id: String) { returns.removeAll { $0.cardID == id } }

  /// What the session ends with while cards still wait: how many, and when the first is due.
  public var comesBack: (count: Int, first: Date)? { returns.first.map { (returns.count, $0.due) } }
}
