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
    let settings = invocation.configuration.focus.starting(
      minutes: minutes, breakMinutes: breakMinutes, longBreakMinutes: longBreak, every: every, cycles: cycles)
    let keeper = FocusKeeper(workspace: invocation.workspace)
    let stored = try keeper.start(settings: settings, task: task, now: now)
    let texts = FocusText(language: invocation.language, clock: invocation.clock)
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
    let texts = FocusText(language: invocation.language, clock: invocation.clock)
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
    let texts = FocusText(language: invocation.language, clock: invocation.clock)
    guard
      let stopped = try FocusKeeper(workspace: invocation.workspace).stop(
        now: now, world: invocation.deliveryWorld)
    else {
      print(texts.noSession)
      return
    }
    for line in RunReportText(language: invocation.language).lines(stopped.report).err {
      ExitStatus.say(line)
    }
    print(texts.stopped(minutesToday: stopped.minutesToday))
  }
}
