/// The id of a reminder: what de-duplication, the ledger and the calendar's UIDs key on.
///
/// Written as text in the ledger, `preview --json` and the calendar: `daily:YYYY-MM-DD` and
/// `recall:<first item id>`. An id of a kind this version does not know (written by a newer
/// one) is kept as it was read, so that it still counts as delivered and survives a rewrite.
public enum ReminderID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The daily review reminder of a day.
  case daily(Day)
  /// A recall pop-up, named after the first recall item it delivers.
  case recall(firstItem: String)
  /// An id this version does not know, as read.
  case other(String)

  /// Parses the text form; anything that is not a daily or recall id is `.other`.
  public init(_ text: some StringProtocol) {
    if text.hasPrefix("daily:"), let day = Day(iso: text.dropFirst(6)) {
      self = .daily(day)
    } else if text.hasPrefix("recall:"), text.count > 7 {
      self = .recall(firstItem: String(text.dropFirst(7)))
    } else {
      self = .other(String(text))
    }
  }

  public init(stringLiteral value: String) { self.init(value) }

  public var description: String {
    switch self {
    case .daily(let day): "daily:\(day)"
    case .recall(let item): "recall:\(item)"
    case .other(let text): text
    }
  }

  /// The day of a daily reminder.
  public var day: Day? {
    if case .daily(let day) = self { return day }
    return nil
  }

  /// By text, so that lists of ids sort as they read.
  public static func < (a: ReminderID, b: ReminderID) -> Bool { a.description < b.description }
}
