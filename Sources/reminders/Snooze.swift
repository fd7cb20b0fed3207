import ArgumentParser
import Foundation
import RemindersApp
import RemindersCore
import RemindersDelivery

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
    let ja = invocation.texts.language == .ja
    let snooze = ReminderSnooze(workspace: invocation.workspace, desktop: invocation.desktop)
    let snoozed: ReminderSnooze.Snoozed
    do {
      snoozed = try snooze.snooze(id, for: duration.flatMap(DurationText.parse), now: time.instant)
    } catch let error as SnoozeError {
      switch error {
      case .notDelivered(let id, let ledgerPath):
        throw CommandFailure(
          ja
            ? "\(ledgerPath) に届けたリマインダー '\(id)' はありません（reminders preview --json が ID を示します）"
            : "no delivered reminder '\(id)' in \(ledgerPath) (reminders preview --json shows ids)",
          code: ExitStatus.usage)
      case .nothingShown:
        throw CommandFailure(
          ja ? "スヌーズするポップアップがありません: まだ何も表示していません" : "nothing to snooze: no pop-up was shown yet",
          code: ExitStatus.usage)
      case .cannotSnooze(let chosen):
        throw CommandFailure(
          ja ? "\(chosen) はスヌーズできません" : "\(chosen) cannot be snoozed", code: ExitStatus.usage)
      }
    }
    let (original, returning) = (snoozed.original, snoozed.returning)
    let stamp = { (date: Date) in Timestamp.format(date, in: invocation.clock) }
    if let comesBackAt = snoozed.comesBackAt {
      print(
        ja
          ? "\(original) をスヌーズしました。\(stamp(comesBackAt)) に戻ります（\(returning)）。"
          : "Snoozed \(original): it comes back at \(stamp(comesBackAt)) (\(returning)).")
    } else {
      print(
        ja
          ? "\(original) をスヌーズしました。\(stamp(snoozed.until)) 以降、まだ復習するものがあれば戻ります（\(returning)）。"
          : "Snoozed \(original): it comes back after \(stamp(snoozed.until)) if there is still something to review (\(returning))."
      )
    }
  }
}
