import ArgumentParser
import Foundation
import RemindersApp
import RemindersCore
import RemindersICalendar
import RemindersStore

/// `reminders export`: the iCalendar feed of the plan.
struct Export: ParsableCommand {
  static let configuration = CommandConfiguration.described(.export, name: "export")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions

  // Unconditional: `--days -1` is a value to refuse (1 to 3660), not an unknown flag.
  @Option(parsing: .unconditional, help: .catalogue(.exportDays))
  var days: Int = FeedKeeper.standardDays

  @Option(help: .catalogue(.exportOutput, valueName: "path"))
  var output: String?

  func validate() throws {
    try PlanDays.check(days)
    try CommandLinePath.check(output, option: "--output")
  }

  func run() throws {
    let invocation = try Invocation(global)
    if let output, output != "-" { try CommandLinePath.requireFolder(of: output, words: invocation.words) }
    let now = time.instant(in: invocation.clock)
    let plan = try PlanReader(workspace: invocation.workspace).calendarPlan(now: now, days: days)
    let feed = ICalendarFeed(name: invocation.words.feedName, language: invocation.language).render(
      plan, stamp: now)
    let path = output ?? invocation.paths.defaultFeed
    if path == "-" {
      try StandardStreams.write(feed)
      return
    }
    try FileIO.writeAtomically(feed, to: path)
    print(invocation.words.wroteEvents(plan.count, to: path))
  }
}
