import Foundation

/// What the planner reads of a deck.
public struct PlanInput: Sendable {
  public var dueIndex: DueIndex
  public var streak: Streak
  /// The open recall items, kept in order of due time (then id), however they are given: the
  /// planner finds the items near a moment by a binary search instead of reading them all.
  public var recalls: [RecallItem] {
    didSet {
      recalls.sort(by: PlanInput.byDueTime)
      recallsDelivered = 0
    }
  }
  /// How many of the first `recalls` a ledger is known to hold (`skipDeliveredRecalls`): the
  /// planner reads the items from there on. A ledger never forgets a recall item it delivered,
  /// so for a walk that starts from that ledger they stay delivered to its end.
  public private(set) var recallsDelivered = 0
  /// The focus session of `<state>/focus.json`, when there is one (not part of the deck).
  public var focus: FocusInput? = nil
  /// The Anki collection of config `[anki]`, as last read, when there is one (docs/anki.md).
  public var anki: AnkiDue? = nil
  /// The alarms of `alarms.json` (not part of the deck either); nil when that file could not be
  /// read, so that no ring is ended for it (docs/alarms.md).
  public var alarms: [Alarm]? = []

  public init(dueIndex: DueIndex, streak: Streak, recalls: [RecallItem]) {
    self.dueIndex = dueIndex
    self.streak = streak
    self.recalls = recalls.sorted(by: PlanInput.byDueTime)
  }

  /// Nothing to study, ever, as things stand: no card that falls due (suspended ones never do),
  /// no open recall item, and no Anki collection read. A learner's first minutes: `status`,
  /// `preview` and `doctor` then say how to begin.
  public var hasNothingToStudy: Bool {
    dueIndex.counts.isEmpty && dueIndex.fresh.isEmpty && recalls.isEmpty && anki == nil
  }

  /// Notes how many of the first recall items `ledger` holds (delivered long ago, most of them,
  /// and read by each plan of a walk otherwise): for a walk over many steps from `ledger` on.
  public mutating func skipDeliveredRecalls(in ledger: DeliveryLedger) {
    recallsDelivered = recalls.firstIndex { !ledger.contains(recallItem: $0.id) } ?? recalls.count
  }

  /// The order of `recalls` (a sort of items already in order costs one pass).
  static func byDueTime(_ a: RecallItem, _ b: RecallItem) -> Bool {
    a.dueAt != b.dueAt ? a.dueAt < b.dueAt : a.id < b.id
  }

  /// The plan input of a whole deck, on and after `today`, with the day's new cards within `limits`.
  public init(deck: Deck, clock: DayClock, limits: NewCardLimits, today: Day) {
    self.init(
      dueIndex: DueIndex(deck: deck, limits: limits, since: today, clock: clock),
      streak: Streak(log: deck.reviewLog, clock: clock), recalls: deck.recalls.filter(\.isOpen))
  }
}
