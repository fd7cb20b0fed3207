import ArgumentParser
import Foundation
import RemindersApp
import RemindersCore
import RemindersDelivery
import RemindersMessages
import RemindersReports
import RemindersStore

/// `reminders run`: the timer's job.
struct Run: ParsableCommand {
  static let configuration = CommandConfiguration.described(.run, name: "run")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions

  func run() throws {
    let invocation = try Invocation(global)
    try Run.deliver(
      invocation: invocation, now: time.instant(in: invocation.clock),
      sharedState: time.now != nil && global.stateDir == nil)
  }

  /// How far ahead of the clock a `--now` may be before a run that records in the learner's own
  /// state says so: a few minutes (a script's clock, a run started a little early) are nothing.
  static let aheadGrace: TimeInterval = 5 * 60

  /// `sharedState`: `--now` was given and `--state-dir` was not, so what this run records is in
  /// the learner's own ledger; a `--now` past `aheadGrace` ahead of the clock, at which something
  /// was delivered (recorded: it will not come again at its own time), is then said in one line
  /// on stderr, and the run goes on as any other (docs/commands.md).
  static func deliver(invocation: Invocation, now: Date, sharedState: Bool = false) throws {
    let calendarText = CalendarText(language: invocation.language, clock: invocation.clock)
    let ahead = sharedState && now.timeIntervalSinceNow > aheadGrace
    try MinuteJob(workspace: invocation.workspace).run(
      now: now, world: invocation.deliveryWorld, calendar: CalendarUpkeep.keeper(invocation),
      quietKey: MinuteJob.quietKey(paths: invocation.paths, environment: invocation.environment)
    ) { step in
      switch step {
      case .ankiUnavailable(let anki):
        if let line = invocation.ankiReport(anki, now: now)?.freshness { ExitStatus.say("Anki: " + line) }
      case .delivered(let report):
        let lines = RunReportText(language: invocation.language).lines(report)
        for line in lines.out { print(line) }
        for line in lines.err { ExitStatus.say(line) }
        if ahead, report.recordsADelivery {
          ExitStatus.say(
            invocation.words.nowAheadRecorded(
              Timestamp.human(now, in: invocation.clock), ledger: invocation.paths.ledger))
        }
      case .feedFailed(let error), .calendarFailed(let error), .foldFailed(let error):
        _ = ExitStatus.report(error, language: { invocation.language })
      case .calendar(let report, let keeper):
        // A failure is said once, when it is new; it is tried again later.
        switch report.outcome {
        case .done:
          if let line = calendarText.runLine(report) { print(line) }
          for line in calendarText.rejected(report) { ExitStatus.say(line) }
        case .failed(let fault) where report.newFailure:
          ExitStatus.say(
            calendarText.problem(
              fault, url: keeper.settings.url, retry: keeper.retryAt.map { calendarText.time($0) }))
        case .outOfTime:
          if let line = calendarText.runLine(report) { print(line) }
          ExitStatus.say(invocation.words.calendarOutOfTime)
        case .failed, .notDue, .waiting, .busy: break
        }
      }
    }
  }

  /// The timer's hot path: `reminders run` with only the global options and `--now`, with valid
  /// values, read without the argument parser.
  ///
  /// The timer starts `run` every minute, and the parser's reflection costs more than the rest
  /// of a run with nothing to deliver. Anything else (help, an unknown flag, a bad value) returns
  /// nil and goes through the parser, which reports it.
  static func fastPath(_ arguments: [String]) -> (() throws -> Void)? {
    let raw = RawArguments(arguments)
    guard arguments.first == "run", raw.others == ["run"],
      raw.globals.allSatisfy({ $0.key.problem(with: $0.value) == nil })
    else { return nil }
    var now = Date()
    if let text = raw.now {
      guard let parsed = Timestamp.parse(text) else { return nil }
      now = parsed
    }
    let values = raw.globals
    let sharedState = raw.now != nil && values[.stateDir] == nil
    let environment = ProcessInfo.processInfo.environment
    // Nothing can fall due before the next change, and nothing changed: nothing else is read.
    if let paths = try? Paths(
      environment: environment, config: values[.config], deck: values[.deck], stateDir: values[.stateDir]),
      MinuteJob.isQuiet(paths: paths, environment: environment, now: now)
    {
      return {}
    }
    return {
      try deliver(
        invocation: Invocation(values, environment: environment), now: now, sharedState: sharedState)
    }
  }
}
