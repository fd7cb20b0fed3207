import ArgumentParser
import Foundation
import RemindersApp
import RemindersCalDAVHelper
import RemindersCore
import RemindersICalendar
import RemindersMessages
import RemindersReports
import RemindersStore
import RemindersTerminal

/// `reminders calendar sync|status`: the CalDAV calendar (docs/calendar.md).
struct CalendarCommand: ParsableCommand {
  static let configuration = CommandConfiguration.described(
    .calendar, name: "calendar", subcommands: [Sync.self, Status.self])

  struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration.described(.calendarSync, name: "sync")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var time: TimeOptions
    @Flag(name: .customLong("dry-run"), help: .catalogue(.calendarDryRun)) var dryRun = false

    func run() throws {
      let invocation = try Invocation(global)
      let words = invocation.messages
      guard let upkeep = CalendarUpkeep(invocation) else {
        throw CommandFailure(words.calendarNotSet, code: ExitStatus.usage)
      }
      let now = time.instant(in: invocation.clock)
      let report = try upkeep.sync(now: now, trigger: .command(dryRun: dryRun))
      let text = CalendarText(language: invocation.language, clock: invocation.clock)
      for line in report.lines { print(text.line(line, dryRun: dryRun)) }
      for line in text.rejected(report) { ExitStatus.say(line) }
      switch report.outcome {
      case .done, .notDue, .waiting:
        print(text.summary(report, dryRun: dryRun))
      case .busy:
        throw CommandFailure(words.calendarBusy, code: ExitStatus.locked)
      case .outOfTime:
        throw CommandFailure(words.calendarOutOfTime, code: ExitStatus.unavailable)
      case .failed(let fault):
        let code = if case .refused = fault { ExitStatus.noPermission } else { ExitStatus.unavailable }
        throw CommandFailure(text.problem(fault, url: upkeep.settings.url, retry: nil), code: code)
      }
    }
  }

  struct Status: ParsableCommand {
    static let configuration = CommandConfiguration.described(.calendarStatus, name: "status")

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let invocation = try Invocation(global)
      guard let settings = invocation.configuration.calendar else {
        throw CommandFailure(invocation.messages.calendarNotSet, code: ExitStatus.usage)
      }
      let state = CalendarStateFile(stateDir: invocation.paths.stateDir).load(url: settings.url)
      let text = CalendarText(language: invocation.language, clock: invocation.clock)
      for line in text.status(state, settings: settings, feed: invocation.configuration.exportPath) {
        print(VisibleText.of(line))
      }
    }
  }
}

/// The calendar and the feed as `run` and `calendar sync` keep them: the plan's events, the
/// inputs they are made of, the password and the server, put together for the app layer.
struct CalendarUpkeep {
  let invocation: Invocation
  let settings: CalendarSettings

  /// nil when config `[calendar]` names no calendar.
  init?(_ invocation: Invocation) {
    guard let settings = invocation.configuration.calendar else { return nil }
    self.invocation = invocation
    self.settings = settings
  }

  var feed: ICalendarFeed {
    ICalendarFeed(name: invocation.messages.feedName, language: invocation.language)
  }

  func sync(now: Date, trigger: CalendarPublisher.Trigger) throws -> CalendarPublisher.Report {
    let publisher = CalendarPublisher(
      settings: settings, stateDir: invocation.paths.stateDir, clock: invocation.clock, feed: feed)
    let settings = settings
    return try publisher.sync(
      now: now, trigger: trigger,
      fingerprint: CalendarUpkeep.fingerprint(invocation, now: now),
      configKey: CalendarInputs.identity(invocation.paths.config),
      plan: { try PlanReader(invocation).calendarPlan(now: now, days: settings.days) },
      password: { () throws -> String? in
        guard let command = settings.passwordCommand else { return nil }
        return try CalendarPublisher.password(
          command: command, environment: ProcessInfo.processInfo.environment)
      },
      connect: { password, seconds in
        let executable = (try? FileIO.linkTarget(of: "/proc/self/exe")) ?? CommandLine.arguments[0]
        guard let helper = CalendarHelperServer.locate(executable: executable) else {
          throw CalendarFault.unreachable(
            "the helper program reminders-caldav is not installed beside \(executable)")
        }
        return try CalendarHelperServer(
          helper: helper, settings: settings, password: password, seconds: seconds)
      })
  }

  static func fingerprint(_ invocation: Invocation, now: Date) -> String {
    CalendarInputs.fingerprint(
      paths: invocation.paths, zoneName: invocation.zoneName, today: invocation.clock.day(of: now))
  }

  /// `run`'s part, after delivery: the feed of `export.path` rewritten when the plan changed,
  /// then the calendar synced when due. Neither changes `run`'s exit code: what fails is said on
  /// stderr (a calendar's failure once, when it is new) and tried again later.
  static func afterDelivery(_ invocation: Invocation, now: Date) {
    if let path = invocation.configuration.exportPath {
      do {
        try keepFeed(invocation, path: path, now: now)
      } catch {
        _ = ExitStatus.report(error, language: { invocation.language })
      }
    }
    guard let upkeep = CalendarUpkeep(invocation) else { return }
    let text = CalendarText(language: invocation.language, clock: invocation.clock)
    do {
      let report = try upkeep.sync(now: now, trigger: .run)
      switch report.outcome {
      case .done:
        if let line = text.runLine(report) { print(line) }
        for line in text.rejected(report) { ExitStatus.say(line) }
      case .failed(let fault) where report.newFailure:
        let state = CalendarStateFile(stateDir: invocation.paths.stateDir).load(url: upkeep.settings.url)
        ExitStatus.say(
          text.problem(fault, url: upkeep.settings.url, retry: state.failure.map { text.time($0.retryAt) }))
      case .outOfTime:
        if let line = text.runLine(report) { print(line) }
        ExitStatus.say(invocation.messages.calendarOutOfTime)
      case .failed, .notDue, .waiting, .busy: break
      }
    } catch {
      _ = ExitStatus.report(error, language: { invocation.language })
    }
  }

  /// Rewrites the feed at `path` when the plan's inputs changed and its events differ from what
  /// was last written (or the file is gone).
  static func keepFeed(_ invocation: Invocation, path: String, now: Date) throws {
    let stateFile = FeedStateFile(stateDir: invocation.paths.stateDir)
    let fingerprint = fingerprint(invocation, now: now)
    let last = stateFile.load()
    // (A write that failed is tried again when the inputs change, not every minute.)
    if let last, last.feed == path, last.fingerprint == fingerprint,
      FileIO.exists(path) || last.revision == FeedStateFile.failed
    {
      return
    }
    let plan = try PlanReader(invocation).calendarPlan(now: now, days: Export.standardDays)
    let feed = ICalendarFeed(name: invocation.messages.feedName, language: invocation.language)
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
