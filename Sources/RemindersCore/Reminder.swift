import Foundation

/// What a reminder is about.
public enum ReminderKind: String, Sendable, Equatable {
  case dailyReview = "daily-review"
  case recall = "recall"
  /// The end of a focus session's phase (docs/focus-and-stats.md).
  case focus = "focus"
  /// The ring of an alarm set for a place (docs/alarms.md).
  case alarm = "alarm"
  /// A card, or a recall item, studied in the pop-up itself (docs/delivery.md).
  case card = "card"
}

/// `review.in`: where a click on a daily or recall pop-up starts the review.
public enum ReviewPlace: String, Sendable, Equatable {
  /// In the pop-up itself, a card at a time (when the watch runs and the server has actions).
  case popup
  /// In a terminal (`review.terminal`).
  case terminal
  /// In the desktop app's Study page (`reminders-desktop --study`), where it is installed; else
  /// in a terminal.
  case app
}

/// One pop-up to show: when, what it says, and why it moved.
public struct Reminder: Equatable, Sendable {
  /// `daily:YYYY-MM-DD`, `recall:<first item id>`, `focus:<session>:<phase>`, ….
  public var id: ReminderID
  public var kind: ReminderKind
  public var fireAt: Date
  public var title: String
  public var body: String
  /// Daily reminders: cards due on the day.
  public var dueCount: Int?
  /// Daily reminders: cards due per collection (`""` for cards without one).
  public var collections: [String: Int]
  /// Daily reminders: the streak as of the day.
  public var streak: Int?
  /// Recall reminders: the topics, in order.
  public var topics: [String]
  /// Recall reminders: the ids of the recall items this pop-up delivers.
  public var recallItemIDs: [String]
  /// The time it was planned for, when it moved.
  public var deferredFrom: Date?
  public var reason: DeferralReason?
  /// Whether it asks for critical urgency (such reminders are not held by do-not-disturb).
  public var critical: Bool
  /// Daily reminders: whether it counts cards of an Anki collection (its review action then
  /// starts Anki, docs/anki.md).
  public var fromAnki: Bool
  /// Drips (kind `card`): the card the pop-up shows, chosen when it is delivered.
  public var cardID: String? = nil

  /// Whether it is a drip (`review.drip`): one card's pop-up, shown by `run`.
  public var isDrip: Bool {
    if case .drip = id { return true }
    return false
  }

  public init(
    id: ReminderID, kind: ReminderKind, fireAt: Date, title: String, body: String, dueCount: Int? = nil,
    collections: [String: Int] = [:], streak: Int? = nil, topics: [String] = [], recallItemIDs: [String] = [],
    deferredFrom: Date? = nil, reason: DeferralReason? = nil, critical: Bool = false, fromAnki: Bool = false
  ) {
    self.id = id
    self.kind = kind
    self.fireAt = fireAt
    self.title = title
    self.body = body
    self.dueCount = dueCount
    self.collections = collections
    self.streak = streak
    self.topics = topics
    self.recallItemIDs = recallItemIDs
    self.deferredFrom = deferredFrom
    self.reason = reason
    self.critical = critical
    self.fromAnki = fromAnki
  }
}
