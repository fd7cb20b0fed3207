import Foundation
import RemindersAnki
import RemindersCore
import RemindersDelivery
import RemindersStore

extension Workspace {
  /// The planner of this workspace: its schedule, its day clock, its language's words.
  public var planner: Planner {
    Planner(schedule: configuration.schedule, clock: dayClock, words: language.words)
  }

  /// The delivery run of this workspace: what `run` does each minute and `preview` walks.
  public var deliveryRun: DeliveryRun { DeliveryRun(planner: planner, reviewIn: configuration.reviewIn) }
}

/// Reads the deck and the ledger and asks the planner: the shared first half of `preview`,
/// `export`, the calendar and the feed, and of a wrong answer's recall time.
public struct PlanReader {
  public let workspace: Workspace

  public init(workspace: Workspace) { self.workspace = workspace }

  /// The days `preview` and `export` may look ahead: today included, at most ten years.
  public static let days = 1...3660

  /// A plan and what it was made of.
  public struct Reading {
    public var plan: [Reminder]
    /// Where Anki's counts in it come from.
    public var anki: AnkiStatus?
    /// The deck has no card and no recall item (the first steps are shown).
    public var nothingToStudy: Bool
  }

  /// What `run`, started every minute from `now` on, would deliver until the start of day
  /// today+`days`: the delivery runs themselves, walked with a desktop that only records.
  public func plan(now: Date, days: Int) throws -> [Reminder] { try reading(now: now, days: days).plan }

  /// The reminders a calendar holds (the feed, the fallback's kin, the CalDAV calendar): the plan
  /// without the focus timer's phase ends, which are for this desktop, now (a calendar on another
  /// device would get an alarm every 25 minutes of a session left running), without alarms (a
  /// calendar's alarm is dismissed anywhere, and an alarm stops only at its place) and without
  /// drips (a card pop-up is answered on the desktop).
  public func calendarPlan(now: Date, days: Int) throws -> [Reminder] {
    try reading(now: now, days: days, focusEnds: false).plan.filter {
      $0.kind != .focus && $0.kind != .alarm && $0.kind != .card
    }
  }

  /// `plan`, and where Anki's counts in it come from.
  public func reading(now: Date, days: Int, focusEnds: Bool = true) throws -> Reading {
    let sources = try workspace.planSources(writeCache: false, now: now)
    var input = sources.input
    // A paused focus session is shown as if it resumed now: its phase ends are then known.
    if var focus = input.focus, focus.session.endOpenPause(at: now) { input.focus = focus }
    let ledger = try workspace.ledgerStore.load()
    let end = workspace.dayClock.day(of: now).adding(days: days)
    return Reading(
      plan: try workspace.deliveryRun.preview(
        input, ledger: ledger, now: now, until: end, focusEnds: focusEnds),
      anki: sources.anki,
      nothingToStudy: input.hasNothingToStudy)
  }

  /// The reminder that will really bring `recall` (a wrong answer's) back: the same walk
  /// `preview` makes, over the deck as it now stands, until three days after it is due.
  public func reminder(bringing recall: RecallItem, now: Date) throws -> Reminder? {
    let clock = workspace.dayClock
    let deck = try workspace.deckStore.load(
      replaying: workspace.configuration.studyScheduler.fsrs, clock: clock)
    let ledger = try workspace.ledgerStore.load()
    let end = clock.day(of: max(recall.dueAt, now)).adding(days: 3)
    let plan = try workspace.deliveryRun.preview(
      PlanInput(
        deck: deck, clock: clock, limits: workspace.configuration.newCards, today: clock.day(of: now)),
      ledger: ledger, now: now, until: end)
    return plan.first { $0.recallItemIDs.contains(recall.id) }
  }
}
