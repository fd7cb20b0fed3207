import Foundation
import RemindersAnki
import RemindersCore
import RemindersDelivery
import RemindersStore

/// `reminders run`, the timer's job every minute, in its order: the review journal folded, the
/// plan's sources read, what is due delivered, ended focus phases logged, then the feed and the
/// CalDAV calendar kept (only when their plans changed, or a check is due).
public struct MinuteJob {
  public let workspace: Workspace

  public init(workspace: Workspace) { self.workspace = workspace }

  /// What the job says on its way, each as it happens, for the caller to show.
  public enum Step {
    /// Anki's collection could not be read for the counts (a path that is no collection was
    /// said already, as a notice).
    case ankiUnavailable(AnkiStatus)
    /// What delivery did.
    case delivered(DeliveryReport)
    /// The feed of `export.path` could not be written; tried again when the inputs change.
    case feedFailed(Error)
    /// The calendar's sync, when one was due or tried.
    case calendar(CalendarPublisher.Report, keeper: CalendarKeeper)
    /// The calendar's sync failed before it reached its server.
    case calendarFailed(Error)
  }

  /// Runs the job at `now`: delivery to `world`, the calendar through `calendar` (nil: config
  /// `[calendar]` names none). Only a failure of delivery throws: the feed's and the calendar's
  /// are steps, and `run` exits 0 past them.
  public func run(
    now: Date, world: DeliveryRun.World, calendar: CalendarKeeper?, step: (Step) -> Void
  ) throws {
    // Answers a review session appended beside the deck reach deck.json within a minute of the
    // session's end (readers apply the journal meanwhile).
    try workspace.deckStore.foldJournalUnlessReviewing(clock: workspace.dayClock)
    let sources = try workspace.planSources(writeCache: true, now: now)
    if let anki = sources.anki, case .unavailable(let why) = anki.freshness, !why.isNotACollection {
      step(.ankiUnavailable(anki))
    }
    step(.delivered(try workspace.deliveryRun.deliver(sources.input, now: now, world: world)))
    // Focus phases that ended reach the deck's focus log within a minute, view or no view.
    try FocusKeeper(workspace: workspace).settleLog(now: now)
    // After delivery, never before it; nothing of either is read otherwise.
    if let path = workspace.configuration.exportPath {
      do {
        try FeedKeeper(workspace: workspace).keep(path: path, now: now)
      } catch {
        step(.feedFailed(error))
      }
    }
    guard let calendar else { return }
    do {
      step(.calendar(try calendar.sync(now: now, trigger: .run), keeper: calendar))
    } catch {
      step(.calendarFailed(error))
    }
  }
}
