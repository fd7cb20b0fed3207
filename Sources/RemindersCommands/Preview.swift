import ArgumentParser
import Foundation
import RemindersAnki
import RemindersApp
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

  func validate() throws { try PlanDays.check(days) }

  func run() throws {
    let invocation = try Invocation(global)
    let now = time.instant(in: invocation.clock)
    let reading = try PlanReader(workspace: invocation.workspace).reading(now: now, days: days)
    var report = PlanReport(
      locale: invocation.locale, now: now, days: days, reminders: reading.plan,
      anki: invocation.ankiReport(reading.anki, now: now))
    report.firstSteps = reading.nothingToStudy && invocation.configuration.anki == nil
    print(json ? report.json() : report.table(), terminator: "")
  }
}

/// `--days` of `preview` and `export`: today included, at most ten years (`PlanReader.days`).
enum PlanDays {
  static func check(_ days: Int) throws {
    guard PlanReader.days.contains(days) else { throw ValidationError(.planDays) }
  }
}
