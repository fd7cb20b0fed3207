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
    try Run.deliver(invocation: invocation, now: time.instant(in: invocation.clock))
  }

  static func deliver(invocation: Invocation, now: Date) throws {
    // Answers a review session appended beside the deck reach deck.json within a minute of the
    // session's end (readers apply the journal meanwhile).
    try invocation.deckStore.foldJournalUnlessReviewing(clock: invocation.clock)
    let (input, anki) = try invocation.planSources(writeCache: true, now: now)
    // (A path that is no collection was said already, on its own line.)
    if case .unavailable(let why)? = anki?.freshness, !why.isNotACollection,
      let line = invocation.ankiReport(anki, now: now)?.freshness
    {
      ExitStatus.say("Anki: " + line)
    }
    let report = try invocation.deliveryRun.deliver(input, now: now, world: invocation.deliveryWorld)
    // Focus phases that ended reach the deck's focus log within a minute, view or no view.
    try FocusKeeper(workspace: invocation.workspace).settleLog(now: now)
    let lines = RunReportText(language: invocation.language).lines(report)
    for line in lines.out { print(line) }
    for line in lines.err { ExitStatus.say(line) }
    // After delivery, never before it: the feed of export.path and the CalDAV calendar, each
    // only when its plan changed (or a check is due); nothing of either is read otherwise.
    CalendarUpkeep.afterDelivery(invocation, now: now)
  }

  /// The timer's hot path: `reminders run` with only the global options and `--now`, with valid
  /// values, read without the argument parser.
  ///
  /// The timer starts `run` every minute, and the parser's reflection costs more than the rest
  /// of a run with nothing to deliver. Anything else (help, an unknown flag, a bad value) returns
  /// nil and goes through the parser, which reports it.
  static func fastPath(_ arguments: [String]) -> (() throws -> Void)? {
    guard arguments.first == "run", arguments.count % 2 == 1 else { return nil }
    var values: [GlobalOption: String] = [:]
    var nowText: String?
    for i in stride(from: 1, to: arguments.count, by: 2) {
      let name = arguments[i]
      let value = arguments[i + 1]
      if name == TimeOptions.flag, nowText == nil {
        nowText = value
      } else if let option = GlobalOption(rawValue: name), values[option] == nil,
        option.problem(with: value) == nil
      {
        values[option] = value
      } else {
        return nil
      }
    }
    var now = Date()
    if let nowText {
      guard let parsed = Timestamp.parse(nowText) else { return nil }
      now = parsed
    }
    return {
      try deliver(invocation: Invocation(values, environment: ProcessInfo.processInfo.environment), now: now)
    }
  }
}
