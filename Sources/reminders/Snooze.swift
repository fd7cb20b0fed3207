import ArgumentParser
import Foundation
import RemindersCore
import RemindersDelivery
import RemindersStore

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
    if let duration, DurationText.parse(duration) == nil {
      throw ValidationError(.snoozeFor(duration))
    }
  }

  func run() throws {
    let invocation = try Invocation(global)
    let ja = invocation.texts.language == .ja
    let now = time.instant
    let seconds = duration.flatMap(DurationText.parse) ?? invocation.configuration.schedule.snoozeAfter
    let until = now.addingTimeInterval(TimeInterval(seconds))
    let ledgerPath = invocation.paths.ledger
    let (original, returning, onScreen) = try invocation.ledgerFile.transaction {
      t -> (ReminderID, ReminderID, UInt32?) in
      let chosen: ReminderID
      if let id {
        chosen = ReminderID(id)
        guard t.ledger.entries[chosen.original] != nil else {
          throw CommandFailure(
            ja
              ? "\(ledgerPath) に届けたリマインダー '\(id)' はありません（reminders preview --json が ID を示します）"
              : "no delivered reminder '\(id)' in \(ledgerPath) (reminders preview --json shows ids)",
            code: ExitStatus.usage)
        }
      } else {
        guard let last = t.ledger.lastPopup else {
          throw CommandFailure(
            ja ? "スヌーズするポップアップがありません: まだ何も表示していません" : "nothing to snooze: no pop-up was shown yet",
            code: ExitStatus.usage)
        }
        chosen = last.reminderID
      }
      guard let back = t.ledger.snooze(chosen, until: until) else {
        throw CommandFailure(
          ja ? "\(chosen) はスヌーズできません" : "\(chosen) cannot be snoozed", code: ExitStatus.usage)
      }
      let entry = t.ledger.entries[chosen] ?? t.ledger.entries[chosen.original]
      try t.save()
      return (chosen, back, entry.flatMap { $0.onScreen ? $0.notificationID : nil })
    }
    if let onScreen, let sender = try? invocation.desktop.connect() {
      try? sender.close(onScreen)
    }
    // When it will really come back: the plan with the snooze in it.
    let ledger = try invocation.ledgerStore.load()
    let planned = invocation.planner.plan(
      try invocation.planInput(writeCache: false, now: now), ledger: ledger, now: now, days: 8
    ).first { $0.id == returning }
    let stamp = { (date: Date) in Timestamp.format(date, in: invocation.clock) }
    if let planned {
      print(
        ja
          ? "\(original) をスヌーズしました。\(stamp(planned.fireAt)) に戻ります（\(returning)）。"
          : "Snoozed \(original): it comes back at \(stamp(planned.fireAt)) (\(returning)).")
    } else {
      print(
        ja
          ? "\(original) をスヌーズしました。\(stamp(until)) 以降、まだ復習するものがあれば戻ります（\(returning)）。"
          : "Snoozed \(original): it comes back after \(stamp(until)) if there is still something to review (\(returning))."
      )
    }
  }
}
