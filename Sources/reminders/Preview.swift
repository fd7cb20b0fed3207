import ArgumentParser
import Foundation
import RemindersAnki
import RemindersCore
import RemindersDelivery
import RemindersMessages
import RemindersReports
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
    let now = time.instant(in: invocation.clock)
    let (plan, anki, empty) = try PlanReader(invocation).planWithSources(now: now, days: days)
    var report = PlanReport(
      locale: invocation.locale, now: now, days: days, reminders: plan,
      anki: invocation.ankiReport(anki, now: now))
    report.firstSteps = empty && invocation.configuration.anki == nil
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

  /// The reminders a calendar holds (the feed, the fallback's kin, the CalDAV calendar): the plan
  /// without the focus timer's phase ends, which are for this desktop, now (a calendar on another
  /// device would get an alarm every 25 minutes of a session left running), without alarms (a
  /// calendar's alarm is dismissed anywhere, and an alarm stops only at its place) and without
  /// drips (a card pop-up is answered on the desktop).
  func calendarPlan(now: Date, days: Int) throws -> [Reminder] {
    try plan(now: now, days: days).filter { $0.kind != .focus && $0.kind != .alarm && $0.kind != .card }
  }

  /// `plan`, and where Anki's counts in it come from.
  func planWithSources(now: Date, days: Int) throws -> (
    plan: [Reminder], anki: AnkiStatus?, nothingToStudy: Bool
  ) {
    let sources = try invocation.planSources(writeCache: false, now: now)
    var input = sources.input
    // A paused focus session is shown as if it resumed now: its phase ends are then known.
    if var focus = input.focus, focus.session.endOpenPause(at: now) { input.focus = focus }
    let ledger = try invocation.ledgerStore.load()
    let end = invocation.clock.day(of: now).adding(days: days)
    return (
      try invocation.deliveryRun.preview(input, ledger: ledger, now: now, until: end), sources.anki,
      input.hasNothingToStudy
    )
  }
}
