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
      let words = invocation.words
      guard let upkeep = CalendarUpkeep.keeper(invocation) else {
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
        // Events the server would not take: the calendar is not in step, and the exit says so.
        if !report.rejected.isEmpty && !dryRun {
          try StandardStreams.flush()
          throw ExitCode(ExitStatus.failure)
        }
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
        throw CommandFailure(invocation.words.calendarNotSet, code: ExitStatus.usage)
      }
      let state = CalendarStateFile(stateDir: invocation.paths.stateDir).load(url: settings.url)
      let text = CalendarText(language: invocation.language, clock: invocation.clock)
      for line in text.status(state, settings: settings, feed: invocation.configuration.exportPath) {
        print(VisibleCharacters.of(line))
      }
    }
  }
}

/// The calendar of config `[calendar]` over this machine's helper program, `reminders-caldav`,
/// found beside this binary.
enum CalendarUpkeep {
  /// nil when config `[calendar]` names no calendar.
  static func keeper(_ invocation: Invocation) -> CalendarKeeper? {
    guard let settings = invocation.configuration.calendar else { return nil }
    return CalendarKeeper(workspace: invocation.workspace, environment: invocation.environment) {
      password, seconds in
      let executable = (try? FileIO.linkTarget(of: "/proc/self/exe")) ?? CommandLine.arguments[0]
      guard let helper = CalendarHelperServer.locate(executable: executable) else {
        throw CalendarFault.unreachable(.helperMissing(beside: executable))
      }
      return try CalendarHelperServer(
        helper: helper, settings: settings, password: password, seconds: seconds)
    }
  }
}
