import ArgumentParser
import Foundation
import RemindersAnki
import RemindersCore
import RemindersDelivery
import RemindersMessages
import RemindersStore

/// `reminders preview`: the dry run.
struct Preview: ParsableCommand {
  static let configuration = CommandConfiguration.described(.preview, name: "preview")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions

  // Unconditional: `--days -1` is a value to refuse (1 to 3660), not an unknown flag.
  @Option(parsing: .unconditional, help: .catalogue(.previewDays))
  var days: Int = 2

  @Flag(help: .catalogue(.jsonInsteadOfTable))
  var json = false

  func validate() throws { try PlanReader.checkDays(days) }

  func run() throws {
    let invocation = try Invocation(global)
    let now = time.instant
    let (plan, anki) = try PlanReader(invocation).planWithSources(now: now, days: days)
    let report = PlanReport(
      invocation: invocation, now: now, days: days, reminders: plan,
      anki: invocation.ankiReport(anki, now: now))
    print(json ? report.json() : report.table(), terminator: "")
  }
}

/// Reads the deck and the ledger and asks the planner: the shared first half of preview, run
/// and export.
struct PlanReader {
  let invocation: Invocation

  init(_ invocation: Invocation) { self.invocation = invocation }

  /// `--days` of `preview` and `export`: today included, at most ten years.
  static func checkDays(_ days: Int) throws {
    guard (1...3660).contains(days) else {
      throw ValidationError(.planDays)
    }
  }

  /// What `run`, started every minute from `now` on, would deliver until the start of day
  /// today+`days`: the delivery runs themselves, walked with a desktop that only records.
  func plan(now: Date, days: Int) throws -> [Reminder] { try planWithSources(now: now, days: days).plan }

  /// `plan`, and where Anki's counts in it come from.
  func planWithSources(now: Date, days: Int) throws -> (plan: [Reminder], anki: AnkiStatus?) {
    let sources = try invocation.planSources(writeCache: false, now: now)
    var input = sources.input
    // A paused focus session is shown as if it resumed now: its phase ends are then known.
    if var focus = input.focus, focus.session.endOpenPause(at: now) { input.focus = focus }
    let ledger = try invocation.ledgerStore.load()
    let end = invocation.clock.day(of: now).adding(days: days)
    return (try invocation.deliveryRun.preview(input, ledger: ledger, now: now, until: end), sources.anki)
  }
}

/// A plan as the table or the JSON of `preview`.
struct PlanReport {
  let invocation: Invocation
  let now: Date
  let days: Int
  let reminders: [Reminder]
  /// Where Anki's counts come from, when `[anki]` is configured.
  var anki: AnkiReport? = nil

  var clock: DayClock { invocation.clock }
  var words: any Catalogue { invocation.messages }

  /// The JSON object of docs/commands.md, keys in its order, two-space indented.
  func json() -> String {
    let items: [OrderedJSON] = reminders.map { r in
      let daily = r.kind == .dailyReview
      return .object([
        ("id", .string(r.id.description)),
        ("kind", .string(r.kind.rawValue)),
        ("fireAt", .string(Timestamp.format(r.fireAt, in: clock))),
        ("title", .string(r.title)),
        ("body", .string(r.body)),
        ("dueCount", daily ? .int(r.dueCount ?? 0) : .null),
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
      ("zone", .string(invocation.zoneName)),
      ("reminders", .array(items)),
    ]
    if let anki { root.append(("anki", anki.json)) }
    return OrderedJSON.object(root).rendered() + "\n"
  }

  /// A table: time, kind, title, and why it moved.
  func table() -> String {
    let today = clock.day(of: now)
    let end = today.adding(days: days)
    var out = words.previewHeading(zone: invocation.zoneName, now: stamp(now), until: end.description) + "\n"
    for line in anki?.lines ?? [] { out += line + "\n" }
    guard !reminders.isEmpty else {
      out += words.noRemindersInPeriod + "\n"
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

  func stamp(_ instant: Date) -> String {
    let day = clock.day(of: instant)
    return words.stamp(
      day: day.description, weekday: words.weekdayName(day.weekday),
      time: clock.wallTime(at: instant).description)
  }

  func kind(_ kind: ReminderKind) -> String {
    switch kind {
    case .dailyReview: words.kindName(.dailyReview)
    case .recall: words.kindName(.recall)
    case .focus: words.kindName(.focus)
    case .alarm: words.kindName(.alarm)
    }
  }

  func why(_ r: Reminder) -> String {
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
