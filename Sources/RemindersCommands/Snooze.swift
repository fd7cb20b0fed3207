import ArgumentParser
import Foundation
import RemindersApp
import RemindersCore
import RemindersDelivery
import RemindersMessages
import RemindersReports

/// `reminders snooze [ID] [--for DURATION]` (docs/delivery.md): what the pop-up's snooze action does,
/// from a terminal.
struct Snooze: ParsableCommand {
  static let configuration = CommandConfiguration.described(.snooze, name: "snooze")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions

  @Argument(
    help: .catalogue(.snoozeID, valueName: "id"))
  var id: String?
  @Option(
    name: .customLong("for"), help: .catalogue(.snoozeFor, valueName: "duration"))
  var duration: String?

  func validate() throws {
    if let duration, DurationSyntax.parse(duration) == nil {
      throw ValidationError(.snoozeFor(duration))
    }
  }

  func run() throws {
    let invocation = try Invocation(global)
    let words = invocation.words
    let snooze = ReminderSnooze(workspace: invocation.workspace, desktop: invocation.desktop)
    let snoozed: ReminderSnooze.Snoozed
    do {
      snoozed = try snooze.snooze(
        id, for: duration.flatMap(DurationSyntax.parse), now: time.instant(in: invocation.clock))
    } catch let error as SnoozeError {
      throw CommandFailure(error.text(words), code: ExitStatus.usage)
    }
    print(snoozed.text(words, clock: invocation.clock))
  }
}
