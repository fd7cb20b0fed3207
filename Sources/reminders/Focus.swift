import ArgumentParser
import Foundation
import RemindersApp
import RemindersCore
import RemindersDelivery
import RemindersStore

/// `reminders focus`: the focus timer (docs/focus-and-stats.md).
struct Focus: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "focus",
    abstract: "Start a focus session: focus and break phases, a pop-up at each phase end.",
    discussion:
      "In a terminal the session is shown full-screen (p pauses and resumes, q stops); --detach starts it and returns, and `reminders run` then says each phase end. Minutes may be decimals (0.1 is 6 seconds).",
    subcommands: [FocusStatusCommand.self, FocusStop.self]
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions

  @Option(help: ArgumentHelp("Minutes of a focus phase (default: config focus.minutes, 25).", valueName: "n"))
  var minutes: Double?

  @Option(
    name: .customLong("break"),
    help: ArgumentHelp("Minutes of a break (default: config focus.break, 5).", valueName: "n"))
  var breakMinutes: Double?

  @Option(
    name: .customLong("long-break"),
    help: ArgumentHelp("Minutes of the long break (default: config focus.long_break, 15).", valueName: "n"))
  var longBreak: Double?

  @Option(
    help: ArgumentHelp(
      "The long break follows every n-th completed focus phase (default: config focus.long_every, 4).",
      valueName: "n"))
  var every: Int?

  @Option(help: ArgumentHelp("Stop after n focus phases (default: run until stopped).", valueName: "n"))
  var cycles: Int?

  @Option(help: ArgumentHelp("What you work on (kept in the focus log).", valueName: "text"))
  var task: String?

  @Flag(help: "Start the session and return; `reminders run` delivers its pop-ups.")
  var detach = false

  func validate() throws {
    for (flag, value) in [("--minutes", minutes), ("--break", breakMinutes), ("--long-break", longBreak)] {
      if let value, !(value > 0 && value <= 1440) {
        throw ValidationError("\(flag) takes minutes greater than 0 and at most 1440, not \(value)")
      }
    }
    if let every, every < 1 { throw ValidationError("--every takes a whole number of at least 1") }
    if let cycles, cycles < 1 { throw ValidationError("--cycles takes a whole number of at least 1") }
  }

  func run() throws {
    let invocation = try Invocation(global)
    let now = time.instant
    var settings = invocation.configuration.focus
    if let minutes { settings.focus = (minutes * 60).rounded() }
    if let breakMinutes { settings.shortBreak = (breakMinutes * 60).rounded() }
    if let longBreak { settings.longBreak = (longBreak * 60).rounded() }
    if let every { settings.longEvery = every }
    settings.cycles = cycles
    settings.focus = max(settings.focus, 1)
    settings.shortBreak = max(settings.shortBreak, 1)
    settings.longBreak = max(settings.longBreak, 1)
    let keeper = FocusKeeper(workspace: invocation.workspace)
    let stored = try keeper.start(settings: settings, task: task, now: now)
    let texts = FocusTexts(language: invocation.language, clock: invocation.clock)
    if detach {
      print(texts.started(stored.session, at: now))
      return
    }
    var view = FocusView(
      invocation: invocation, keeper: keeper, sessionID: stored.session.id,
      time: SystemTime(offset: now.timeIntervalSince(Date())))
    try view.run()
  }
}

/// `reminders focus status [--json]`.
struct FocusStatusCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status", abstract: "Where the focus session stands: phase, time left, cycle.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions

  @Flag(help: "Print one JSON object.")
  var json = false

  func run() throws {
    let invocation = try Invocation(global)
    let now = time.instant
    let stored = try invocation.workspace.focusStore.load()
    let texts = FocusTexts(language: invocation.language, clock: invocation.clock)
    print(json ? texts.statusJSON(stored?.session, at: now) : texts.status(stored?.session, at: now))
  }
}

/// `reminders focus stop`.
struct FocusStop: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stop",
    abstract: "End the focus session (its current focus phase is logged if it ran a minute).")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions

  func run() throws {
    let invocation = try Invocation(global)
    let now = time.instant
    let keeper = FocusKeeper(workspace: invocation.workspace)
    let texts = FocusTexts(language: invocation.language, clock: invocation.clock)
    guard let stopped = try keeper.stop(now: now) else {
      print(texts.noSession)
      return
    }
    let report = try invocation.deliverAndLogFocus(keeper, now: now)
    for line in RunReportText(language: invocation.language).lines(report).err { ExitStatus.say(line) }
    print(texts.stopped(minutesToday: keeper.minutesToday(stopped.session, earlier: stopped, at: now)))
  }
}

extension Invocation {
  /// What `run` does at `now` (the pop-ups due, a phase end among them), then the focus log:
  /// the view and `focus stop` deliver through the same ledger, so each pop-up goes out once.
  func deliverAndLogFocus(_ keeper: FocusKeeper, now: Date) throws -> DeliveryReport {
    let report = try deliveryRun.deliver(
      planInput(writeCache: false, now: now), now: now, world: deliveryWorld)
    try keeper.settleLog(now: now)
    return report
  }
}
