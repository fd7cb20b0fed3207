import Foundation
import RemindersCore
import RemindersDelivery
import RemindersStore

extension FocusKeeper {
  /// What `run` does at `now` (the pop-ups due, a phase end among them), then the focus log:
  /// the terminal's view, `focus stop` and the minute job deliver through the same ledger, so
  /// each pop-up goes out once.
  public func deliverAndLog(now: Date, world: DeliveryRun.World) throws -> DeliveryReport {
    let report = try workspace.deliveryRun.deliver(
      workspace.planSources(writeCache: false, now: now).input, now: now, world: world)
    try settleLog(now: now)
    return report
  }

  /// What `stop(now:world:)` did: the session as it stood, what was delivered, and the minutes
  /// of focus today with it.
  public struct Stopped {
    public var stored: StoredFocus
    public var report: DeliveryReport
    public var minutesToday: Int
  }

  /// Stops the running session at `now` and delivers what its end brings; nil when none runs.
  ///
  /// The deck and the ledger are read first: one that cannot be read stops this before the
  /// session is changed (the stop's pop-up and its focus log need them), so a failure leaves
  /// every file as it was.
  public func stop(now: Date, world: DeliveryRun.World) throws -> Stopped? {
    // (The deck's digest, not `planSources`, which would say a focus file it leaves out twice.)
    let clock = workspace.dayClock
    _ = try workspace.deckStore.planInput(
      clock: clock, limits: workspace.configuration.newCards, today: clock.day(of: now))
    _ = try workspace.ledgerStore.load()
    guard let stopped = try stop(now: now) else { return nil }
    let report = try deliverAndLog(now: now, world: world)
    return Stopped(
      stored: stopped, report: report, minutesToday: minutesToday(stopped.session, earlier: stopped, at: now))
  }
}

extension FocusSettings {
  /// These settings with the lengths and counts a session is started with (`reminders focus
  /// --minutes … --break … --long-break … --every … --cycles …`, in minutes; nil: as set), no
  /// phase shorter than a second.
  public func starting(
    minutes: Double?, breakMinutes: Double?, longBreakMinutes: Double?, every: Int?, cycles: Int?
  ) -> FocusSettings {
    var settings = self
    if let minutes { settings.focus = (minutes * 60).rounded() }
    if let breakMinutes { settings.shortBreak = (breakMinutes * 60).rounded() }
    if let longBreakMinutes { settings.longBreak = (longBreakMinutes * 60).rounded() }
    if let every { settings.longEvery = every }
    settings.cycles = cycles
    settings.focus = max(settings.focus, 1)
    settings.shortBreak = max(settings.shortBreak, 1)
    settings.longBreak = max(settings.longBreak, 1)
    return settings
  }
}
