import Foundation
import RemindersCore
import RemindersICalendar
import RemindersStore

/// The CalDAV calendar as `run` and `calendar sync` keep it: the plan's events, the inputs they
/// are made of, the password and the server, put together for `CalendarPublisher`.
public struct CalendarKeeper {
  public let workspace: Workspace
  public let settings: CalendarSettings
  /// The environment `password_command` runs in.
  let environment: [String: String]
  /// Opens the server the requests go to (the helper program in production).
  let connect: Connect

  /// Opens the calendar's server, given the password and the seconds the sync may still take.
  public typealias Connect = (_ password: String?, _ seconds: TimeInterval) throws -> any CalendarServer

  /// nil when config `[calendar]` names no calendar.
  public init?(workspace: Workspace, environment: [String: String], connect: @escaping Connect) {
    guard let settings = workspace.configuration.calendar else { return nil }
    self.workspace = workspace
    self.settings = settings
    self.environment = environment
    self.connect = connect
  }

  /// The calendar's events are the feed's: the same UIDs, titles and alarms.
  var feed: ICalendarFeed {
    ICalendarFeed(name: workspace.language.words.feedName, language: workspace.language)
  }

  /// Syncs the calendar with the plan of `now` when `trigger` makes it due.
  public func sync(now: Date, trigger: CalendarPublisher.Trigger) throws -> CalendarPublisher.Report {
    let workspace = workspace
    let publisher = CalendarPublisher(
      settings: settings, stateDir: workspace.paths.stateDir, clock: workspace.dayClock, feed: feed)
    let (settings, environment) = (settings, environment)
    return try publisher.sync(
      now: now, trigger: trigger,
      fingerprint: CalendarKeeper.fingerprint(workspace, now: now),
      configKey: CalendarInputs.identity(workspace.paths.config),
      plan: { try PlanReader(workspace: workspace).calendarPlan(now: now, days: settings.days) },
      password: { seconds throws -> String? in
        guard let command = settings.passwordCommand else { return nil }
        return try CalendarPublisher.password(command: command, environment: environment, seconds: seconds)
      },
      connect: connect)
  }

  /// When the last sync's failure is tried again; nil when it did not fail.
  public var retryAt: Date? {
    CalendarStateFile(stateDir: workspace.paths.stateDir).load(url: settings.url).failure?.retryAt
  }

  /// What the calendar's and the feed's plans are made of, as of `now`: the files' identities,
  /// the zone and the day.
  static func fingerprint(_ workspace: Workspace, now: Date) -> String {
    CalendarInputs.fingerprint(
      paths: workspace.paths, zoneName: workspace.zoneName, today: workspace.dayClock.day(of: now))
  }
}

/// The iCalendar feed of config `export.path`, kept fresh by `run` (docs/calendar.md).
public struct FeedKeeper {
  public let workspace: Workspace

  public init(workspace: Workspace) { self.workspace = workspace }

  /// The days of plan a feed holds unless told (`export --days`; the feed of `export.path`).
  public static let standardDays = 14

  /// Rewrites the feed at `path` when the plan's inputs changed and its events differ from what
  /// was last written (or the file is gone). A write that failed is tried again when the inputs
  /// change, not every minute.
  public func keep(path: String, now: Date) throws {
    let stateFile = FeedStateFile(stateDir: workspace.paths.stateDir)
    let fingerprint = CalendarKeeper.fingerprint(workspace, now: now)
    let last = stateFile.load()
    if let last, last.feed == path, last.fingerprint == fingerprint,
      FileIO.exists(path) || last.revision == FeedStateFile.failed
    {
      return
    }
    let plan = try PlanReader(workspace: workspace).calendarPlan(now: now, days: FeedKeeper.standardDays)
    let feed = ICalendarFeed(name: workspace.language.words.feedName, language: workspace.language)
    let revision = feed.revision(of: plan)
    if let last, last.feed == path, last.revision == revision, FileIO.exists(path) {
      try stateFile.save(feed: path, fingerprint: fingerprint, revision: revision)
      return
    }
    do {
      try FileIO.writeAtomically(feed.render(plan, stamp: now), to: path)
    } catch {
      try? stateFile.save(feed: path, fingerprint: fingerprint, revision: FeedStateFile.failed)
      throw error
    }
    try stateFile.save(feed: path, fingerprint: fingerprint, revision: revision)
  }
}
