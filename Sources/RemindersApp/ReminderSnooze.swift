import Foundation
import RemindersCore
import RemindersDelivery
import RemindersStore

/// Why a reminder was not snoozed, in the snooze's own terms; the command line words it (a
/// usage error, exit 64).
public enum SnoozeError: Error, Equatable {
  /// The ledger at `ledgerPath` holds no delivered reminder `id`.
  case notDelivered(id: String, ledgerPath: String)
  /// No pop-up was shown yet, so there is no last one.
  case nothingShown
  /// A reminder of a kind that does not come back (a focus timer's phase end, an alarm's ring).
  case cannotSnooze(ReminderID)
}

/// The snooze (docs/delivery.md): what the pop-up's snooze action does, asked from a terminal.
/// The reminder comes back once, moved like any reminder by the window, quiet hours and
/// do-not-disturb; its pop-up is closed when it is still on screen.
public struct ReminderSnooze {
  public let workspace: Workspace
  /// Where a pop-up still on screen is closed.
  let desktop: SessionDesktop

  public init(workspace: Workspace, desktop: SessionDesktop) {
    self.workspace = workspace
    self.desktop = desktop
  }

  /// What was snoozed, and when it comes back.
  public struct Snoozed: Equatable {
    /// The reminder snoozed, as it was named (or the last pop-up's).
    public var original: ReminderID
    /// The id it comes back as.
    public var returning: ReminderID
    /// The earliest it may come back.
    public var until: Date
    /// When the plan with the snooze in it brings it back; nil when it is not planned within a
    /// week (a daily reminder comes back only on its own day and while cards are due).
    public var comesBackAt: Date?
  }

  /// Snoozes the reminder `id` (the last pop-up when nil) for `seconds` (config
  /// `snooze.after` when nil), at `now`.
  public func snooze(_ id: String?, for seconds: Int?, now: Date) throws -> Snoozed {
    let clock = workspace.dayClock
    let until = now.addingTimeInterval(TimeInterval(seconds ?? workspace.configuration.schedule.snoozeAfter))
    let ledgerPath = workspace.paths.ledger
    let ledgerFile = LedgerFile(store: workspace.ledgerStore, clock: clock)
    let (original, returning, onScreen) = try ledgerFile.transaction {
      t -> (ReminderID, ReminderID, UInt32?) in
      let chosen: ReminderID
      if let id {
        chosen = ReminderID(id)
        guard t.ledger.entries[chosen.original] != nil else {
          throw SnoozeError.notDelivered(id: id, ledgerPath: ledgerPath)
        }
      } else {
        guard let last = t.ledger.lastPopup else { throw SnoozeError.nothingShown }
        chosen = last.reminderID
      }
      guard let back = t.ledger.snooze(chosen, until: until) else { throw SnoozeError.cannotSnooze(chosen) }
      let entry = t.ledger.entries[chosen] ?? t.ledger.entries[chosen.original]
      try t.save()
      return (chosen, back, entry.flatMap { $0.onScreen ? $0.notificationID : nil })
    }
    if let onScreen, let sender = try? desktop.connect() {
      try? sender.close(onScreen)
    }
    // When it will really come back: the plan with the snooze in it.
    let ledger = try workspace.ledgerStore.load()
    let planner = Planner(
      schedule: workspace.configuration.schedule, clock: clock, words: workspace.language.words)
    let planned = planner.plan(
      try workspace.planSources(writeCache: false, now: now).input, ledger: ledger, now: now, days: 8
    ).first { $0.id == returning }
    return Snoozed(original: original, returning: returning, until: until, comesBackAt: planned?.fireAt)
  }
}
