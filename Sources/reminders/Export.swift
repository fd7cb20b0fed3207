import ArgumentParser
import Foundation
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
  var days: Int = 14

  @Option(help: .catalogue(.exportOutput, valueName: "path"))
  var output: String?

  func validate() throws {
    try PlanReader.checkDays(days)
    try CommandLinePath.check(output, option: "--output")
  }

  func run() throws {
    let invocation = try Invocation(global)
    if let output, output != "-" { try CommandLinePath.requireFolder(of: output, words: invocation.messages) }
    let now = time.instant(in: invocation.clock)
    // The focus timer's phase ends are for this desktop, now: a subscribed calendar on another
    // device would get an alarm every 25 minutes of a session left running. Nor do alarms go
    // there: a calendar's alarm is dismissed anywhere, and an alarm stops only at its place.
    let plan = try PlanReader(invocation).plan(now: now, days: days).filter {
      $0.kind != .focus && $0.kind != .alarm && $0.kind != .card
    }
    let feed = ICalendarFeed(name: invocation.messages.feedName, language: invocation.language).render(
      plan, stamp: now)
    let path = output ?? invocation.paths.defaultFeed
    if path == "-" {
      try StandardStreams.write(feed)
      return
    }
    try FileIO.writeAtomically(feed, to: path)
    print(invocation.messages.wroteEvents(plan.count, to: path))
  }
}
