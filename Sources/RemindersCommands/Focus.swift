import ArgumentParser
import Foundation
import RemindersApp
import RemindersCore
import RemindersDelivery
import RemindersReports
import RemindersStore

/// `reminders focus`: the focus timer (docs/focus-and-stats.md).
struct Focus: ParsableCommand {
  static let configuration = CommandConfiguration.described(
    .focus, name: "focus",
    subcommands: [FocusStatusCommand.self, FocusStop.self]
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions

  @Option(help: .catalogue(.focusMinutes, valueName: "n"))
  var minutes: Double?

  @Option(
    name: .customLong("break"),
    help: .catalogue(.focusBreak, valueName: "n"))
  var breakMinutes: Double?

  @Option(
    name: .customLong("long-break"),
    help: .catalogue(.focusLongBreak, valueName: "n"))
  var longBreak: Double?

  @Option(
    help: .catalogue(.focusEvery, valueName: "n"))
  var every: Int?

  @Option(help: .catalogue(.focusCycles, valueName: "n"))
  var cycles: Int?

  @Option(help: .catalogue(.focusTask, valueName: "text"))
  var task: String?

  @Flag(help: .catalogue(.focusDetach))
  var detach = false

  func validate() throws {
    for (flag, value) in [("--minutes", minutes), ("--break", breakMinutes), ("--long-break", longBreak)] {
      if let value, !(value > 0 && value <= 1440) {
        throw ValidationError(.focusMinutes(option: flag, value: "\(value)"))
      }
    }
    if let every, every < 1 { throw ValidationError(.atLeastOne(option: "--every")) }
    if let cycles, cycles < 1 { throw ValidationError(.atLeastOne(option: "--cycles")) }
  }

  func run() throws {
    let invocation = try Invocation(global)
    let now = time.instant(in: invocation.clock)
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
  static let configuration = CommandConfiguration.described(.focusStatus, name: "status")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions

  @Flag(help: .catalogue(.jsonObject))
  var json = false

  func run() throws {
    let invocation = try Invocation(global)
    let now = time.instant(in: invocation.clock)
    let stored = try invocation.workspace.focusStore.load()
    let texts = FocusTexts(language: invocation.language, clock: invocation.clock)
    print(json ? texts.statusJSON(stored?.session, at: now) : texts.status(stored?.session, at: now))
  }
}

/// `reminders focus stop`.
struct FocusStop: ParsableCommand {
  static let configuration = CommandConfiguration.described(.focusStop, name: "stop")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions

  func run() throws {
    let invocation = try Invocation(global)
    let now = time.instant(in: invocation.clock)
    let keeper = FocusKeeper(workspace: invocation.workspace)
    let texts = FocusTexts(language: invocation.language, clock: invocation.clock)
    // The deck and the ledger first: one that cannot be read stops the command before the
    // session is changed (the stop's pop-up and its focus log need them), so a failure leaves
    // every file as it was.
    // (The deck's digest, not `planInput`, which would say a focus file it leaves out twice.)
    _ = try invocation.deckStore.planInput(
      clock: invocation.clock, limits: invocation.configuration.newCards, today: invocation.clock.day(of: now)
    )
    _ = try invocation.workspace.ledgerStore.load()
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
