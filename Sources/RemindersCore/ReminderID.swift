/// The id of a reminder: what de-duplication, the ledger and the calendar's UIDs key on.
///
/// Written as text in the ledger, `preview --json` and the calendar: `daily:YYYY-MM-DD`,
/// `daily-again:YYYY-MM-DD`, `recall:<first item id>`, and `snooze:<n>:<id>` for the n-th return
/// of a snoozed reminder, `focus:<session>:<phase>` for the end of a focus session's phase, and
/// `alarm:<alarm>:YYYY-MM-DD` for an alarm's ring on a day (`alarm:<alarm>:YYYY-MM-DD:<n>` for the
/// n-th, after the alarm was set anew on a day it had rung), and `card:<session>` for the pop-ups of a
/// review in the pop-up, `drip:YYYY-MM-DD:<n>` for the n-th drip of a day. An id of a kind this version does not
/// know (written by a newer one) is kept as it was read, so that it still counts as delivered and survives a rewrite.
public enum ReminderID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The daily review reminder of a day.
  case daily(Day)
  /// A recall pop-up, named after the first recall item it delivers.
  case recall(firstItem: String)
  /// The one more pop-up of `daily.again` on a day (docs/delivery.md).
  case dailyAgain(Day)
  /// The `n`-th return of a snoozed reminder (the original's id, never itself a return).
  indirect case snoozed(ReminderID, n: Int)
  /// The end of phase `phase` (from 1) of the focus session `session` (docs/focus-and-stats.md).
  case focus(session: String, phase: Int)
  /// The ring of alarm `id` on `day` (docs/alarms.md): one a day; it comes back until it is stopped.
  /// `ring` counts from 1: an alarm whose time or days were edited, or that was enabled again,
  /// after it rang on a day rings anew that day under the next number.
  case alarm(id: String, day: Day, ring: Int = 1)
  /// The pop-ups of a review in the pop-up (`card:<session>`): one a session, replaced in place
  /// card by card, recorded so that a watch started again closes the one it left.
  case cards(session: String)
  /// The `n`-th (from 1) drip of `day` (`review.drip`, docs/delivery.md): one card's pop-up.
  case drip(Day, n: Int)
  /// An id this version does not know, as read.
  case other(String)

  /// Parses the text form; anything that is not a daily or recall id is `.other`.
  public init(_ text: some StringProtocol) {
    if text.hasPrefix("daily:"), let day = Day(iso: text.dropFirst(6)) {
      self = .daily(day)
    } else if text.hasPrefix("daily-again:"), let day = Day(iso: text.dropFirst(12)) {
      self = .dailyAgain(day)
    } else if text.hasPrefix("recall:"), text.count > 7 {
      self = .recall(firstItem: String(text.dropFirst(7)))
    } else if text.hasPrefix("snooze:"), let colon = text.dropFirst(7).firstIndex(of: ":"),
      let n = Int(text[text.index(text.startIndex, offsetBy: 7)..<colon]), n > 0,
      case let original = ReminderID(text[text.index(after: colon)...]), original.canSnooze
    {
      self = .snoozed(original, n: n)
    } else if text.hasPrefix("focus:"), case let parts = text.dropFirst(6).split(separator: ":"),
      parts.count == 2,
      !parts[0].isEmpty, let phase = Int(parts[1]), phase > 0, String(phase) == parts[1]
    {
      self = .focus(session: String(parts[0]), phase: phase)
    } else if text.hasPrefix("alarm:"),
      case let parts = text.dropFirst(6).split(separator: ":", omittingEmptySubsequences: false),
      parts.count == 2 || parts.count == 3, !parts[0].isEmpty, let day = Day(iso: parts[1]),
      case let ring = parts.count == 3 ? Int(parts[2]) ?? 0 : 1, ring > 0,
      parts.count == 2 || (ring > 1 && String(ring) == parts[2])
    {
      self = .alarm(id: String(parts[0]), day: day, ring: ring)
    } else if text.hasPrefix("drip:"), case let parts = text.dropFirst(5).split(separator: ":"),
      parts.count == 2, let day = Day(iso: parts[0]), let n = Int(parts[1]), n > 0, String(n) == parts[1]
    {
      self = .drip(day, n: n)
    } else if text.hasPrefix("card:"), text.count > 5 {
      self = .cards(session: String(text.dropFirst(5)))
    } else {
      self = .other(String(text))
    }
  }

  public init(stringLiteral value: String) { self.init(value) }

  public var description: String {
    switch self {
    case .daily(let day): "daily:\(day)"
    case .dailyAgain(let day): "daily-again:\(day)"
    case .recall(let item): "recall:\(item)"
    case .snoozed(let original, let n): "snooze:\(n):\(original)"
    case .focus(let session, let phase): "focus:\(session):\(phase)"
    case .alarm(let id, let day, let ring): ring == 1 ? "alarm:\(id):\(day)" : "alarm:\(id):\(day):\(ring)"
    case .cards(let session): "card:\(session)"
    case .drip(let day, let n): "drip:\(day):\(n)"
    case .other(let text): text
    }
  }

  /// The day of a daily reminder.
  public var day: Day? {
    if case .daily(let day) = self { return day }
    return nil
  }

  /// The reminder a return stands for (itself for any other).
  public var original: ReminderID {
    if case .snoozed(let original, _) = self { return original }
    return self
  }

  /// What a reminder of this id is about; nil for an id this version does not know.
  public var kind: ReminderKind? {
    switch self {
    case .daily, .dailyAgain: .dailyReview
    case .recall: .recall
    case .snoozed(let original, _): original.kind
    case .focus: .focus
    case .alarm: .alarm
    case .cards, .drip: .card
    case .other: nil
    }
  }

  /// Whether a pop-up of this id may be snoozed: every reminder of the deck (not a focus phase's
  /// end, which the learner's own timer says).
  public var canSnooze: Bool {
    switch self {
    case .daily, .dailyAgain, .recall, .snoozed: true
    case .focus, .alarm, .cards, .drip, .other: false
    }
  }

  /// The day a daily-review kind of reminder is about (daily, daily again, or a return of one).
  public var reviewDay: Day? {
    switch self {
    case .daily(let day), .dailyAgain(let day): day
    case .snoozed(let original, _): original.reviewDay
    case .recall, .focus, .alarm, .cards, .drip, .other: nil
    }
  }

  /// The alarm a ring is of.
  public var alarmID: String? {
    if case .alarm(let id, _, _) = self { return id }
    return nil
  }

  /// By text, so that lists of ids sort as they read.
  public static func < (a: ReminderID, b: ReminderID) -> Bool { a.description < b.description }
}
