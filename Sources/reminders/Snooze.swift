import ArgumentParser
import Foundation
import RemindersApp
import RemindersCore
import RemindersDelivery
import RemindersMessages

/// `reminders snooze [ID] [--for DURATION]` (docs/delivery.md): what the pop-up's snooze action does,
/// from a terminal.
struct Snooze: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "snooze",
    abstract: "Bring a delivered reminder back later (default: the last pop-up, after snooze.after).",
    discussion: """
      The reminder comes back once, moved like any reminder by the window, quiet hours and do-not-disturb \
      (reason `snoozed`); `preview` shows it. A daily reminder comes back only on its own day and while cards \
      are due, saying the count of then; a recall reminder only while one of its items is open. The pop-up is \
      closed when it is still on screen.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions

  @Argument(
    help: ArgumentHelp("The reminder's id, as `preview --json` and the ledger show it.", valueName: "id"))
  var id: String?
  @Option(
    name: .customLong("for"), help: ArgumentHelp("How long, such as 10m or 1h30m.", valueName: "duration"))
  var duration: String?

  func validate() throws {
    if let duration, DurationText.parse(duration) == nil {
      throw ValidationError("--for takes a duration such as 10m, 1h or 1h30m, not '\(duration)'")
    }
  }

  func run() throws {
    let invocation = try Invocation(global)
    let words = invocation.messages
    let snooze = ReminderSnooze(workspace: invocation.workspace, desktop: invocation.desktop)
    let snoozed: ReminderSnooze.Snoozed
    do {
      snoozed = try snooze.snooze(id, for: duration.flatMap(DurationText.parse), now: time.instant)
    } catch let error as SnoozeError {
      throw CommandFailure(error.text(words), code: ExitStatus.usage)
    }
    let (original, returning) = (snoozed.original.description, snoozed.returning.description)
    let stamp = { (date: Date) in Timestamp.format(date, in: invocation.clock) }
    if let comesBackAt = snoozed.comesBackAt {
      print(words.snoozeComesBack(original, at: stamp(comesBackAt), returning: returning))
    } else {
      print(words.snoozeComesBackIfDue(original, after: stamp(snoozed.until), returning: returning))
    }
  }
}

extension SnoozeError {
  /// Why nothing was snoozed, in the catalogue's words.
  func text(_ words: any DeliveryMessages) -> String {
    switch self {
    case .notDelivered(let id, let ledgerPath): words.noDeliveredReminder(id, in: ledgerPath)
    case .nothingShown: words.nothingToSnooze
    case .cannotSnooze(let chosen): words.cannotSnooze(chosen.description)
    }
  }
}
