import Foundation
import RemindersCore
import RemindersMessages
import RemindersStore

/// A plan as the table or the JSON of `preview`.
public struct PlanReport {
  public let locale: ReportLocale
  public let now: Date
  public let days: Int
  public let reminders: [Reminder]
  /// Where Anki's counts come from, when `[anki]` is configured.
  public var anki: AnkiReport?
  /// Nothing to study yet: the table ends with how to begin.
  public var firstSteps = false

  public init(locale: ReportLocale, now: Date, days: Int, reminders: [Reminder], anki: AnkiReport? = nil) {
    self.locale = locale
    self.now = now
    self.days = days
    self.reminders = reminders
    self.anki = anki
  }

  public var clock: DayClock { locale.clock }
  public var words: any Catalogue { locale.words }

  /// The JSON object of docs/commands.md, keys in its order, two-space indented.
  public func json() -> String {
    let items: [OrderedJSON] = reminders.map { r in
      let daily = r.kind == .dailyReview
      return .object([
        ("id", .string(r.id.description)),
        ("kind", .string(r.kind.rawValue)),
        ("fireAt", .string(Timestamp.format(r.fireAt, in: clock))),
        ("title", .string(r.title)),
        ("body", .string(r.body)),
        ("dueCount", daily || r.kind == .card ? .int(r.dueCount ?? 0) : .null),
        (
          "collections",
          daily ? .object(r.collections.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) }) : .null
        ),
        ("streak", daily ? .int(r.streak ?? 0) : .null),
        ("topics", .array(r.topics.map(OrderedJSON.string))),
        ("deferredFrom", r.deferredFrom.map { .string(Timestamp.format($0, in: clock)) } ?? .null),
        ("reason", r.reason.map { .string($0.rawValue) } ?? .null),
      ])
    }
    var root: [(String, OrderedJSON)] = [
      ("now", .string(Timestamp.format(now, in: clock))),
      ("zone", .string(locale.zoneName)),
      ("reminders", .array(items)),
    ]
    if let anki { root.append(("anki", anki.json)) }
    return OrderedJSON.object(root).rendered() + "\n"
  }

  /// A table: time, kind, title, and why it moved.
  public func table() -> String {
    let today = clock.day(of: now)
    let end = today.adding(days: days)
    var out = words.previewHeading(zone: locale.zoneName, now: stamp(now), until: end.description) + "\n"
    for line in anki?.lines ?? [] { out += line + "\n" }
    guard !reminders.isEmpty else {
      out += words.noRemindersInPeriod + "\n"
      if firstSteps { out += "\n" + words.firstSteps.joined(separator: "\n") + "\n" }
      return out
    }
    var rows = [words.previewColumns]
    for r in reminders {
      rows.append([stamp(r.fireAt), kind(r.kind), r.title, why(r)])
    }
    // Each reminder's row, then what its pop-up says (the daily body, the recall topics) on the
    // line under it, indented: read aloud, the text follows the reminder it belongs to.
    let lines = TextTable.render(rows).split(separator: "\n", omittingEmptySubsequences: false)
    out += lines[0] + "\n"
    for (r, line) in zip(reminders, lines.dropFirst()) {
      out += line + "\n"
      out += "    " + r.body.split(separator: "\n").joined(separator: " / ") + "\n"
    }
    return out
  }

  public func stamp(_ instant: Date) -> String { locale.stamp(instant) }

  public func kind(_ kind: ReminderKind) -> String {
    switch kind {
    case .dailyReview: words.kindName(.dailyReview)
    case .recall: words.kindName(.recall)
    case .focus: words.kindName(.focus)
    case .alarm: words.kindName(.alarm)
    case .card: words.kindName(.card)
    }
  }

  public func why(_ r: Reminder) -> String {
    guard let reason = r.reason else { return "" }
    let label: String
    switch reason {
    case .outsideWindow: label = words.reasonName(.outsideWindow)
    case .quietHours: label = words.reasonName(.quietHours)
    case .desktopDND: label = words.reasonName(.desktopDND)
    case .catchUp: label = words.reasonName(.catchUp)
    case .snoozed: label = words.reasonName(.snoozed)
    case .focus: label = words.reasonName(.focus)
    }
    guard let from = r.deferredFrom else { return label }
    let sameDay = clock.day(of: from) == clock.day(of: r.fireAt)
    let hhmm = clock.wallTime(at: from).description
    let when = sameDay ? hhmm : "\(clock.day(of: from)) \(hhmm)"
    return reason == .snoozed ? words.shownAt(label, when: when) : words.movedFrom(label, when: when)
  }
}
