import ArgumentParser
import Foundation
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
    let keeper = FocusKeeper(invocation: invocation)
    let stored = try keeper.start(settings: settings, task: task, now: now)
    let texts = FocusTexts(language: invocation.texts.language, clock: invocation.clock)
    if detach {
      print(texts.started(stored.session, at: now))
      return
    }
    var view = FocusView(keeper: keeper, sessionID: stored.session.id, skew: now.timeIntervalSince(Date()))
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
    let stored = try FocusStore(stateDir: invocation.paths.stateDir).load()
    let texts = FocusTexts(language: invocation.texts.language, clock: invocation.clock)
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
    let keeper = FocusKeeper(invocation: invocation)
    let texts = FocusTexts(language: invocation.texts.language, clock: invocation.clock)
    guard let stopped = try keeper.stop(now: now) else {
      print(texts.noSession)
      return
    }
    let report = try keeper.deliverAndLog(now: now)
    for line in RunReportText(language: invocation.texts.language).lines(report).err { ExitStatus.say(line) }
    print(texts.stopped(stopped.session, earlier: stopped, at: now))
  }
}

/// The session's file, its delivery and its log, as every focus command and `run` use them.
struct FocusKeeper {
  let invocation: Invocation

  var store: FocusStore { FocusStore(stateDir: invocation.paths.stateDir) }
  var clock: DayClock { invocation.clock }

  /// Starts a session at `now`, in place of the last one once that is over (its log settled
  /// first); a session still running is a usage error (64).
  func start(settings: FocusSettings, task: String?, now: Date) throws -> StoredFocus {
    setAsideIfCorrupt()
    if let old = try store.load() {
      guard old.session.status(at: now).isOver else {
        throw UsageError(
          invocation.texts.language == .ja
            ? "集中セッションが進行中です（reminders focus stop で終了できます）"
            : "a focus session is running (reminders focus stop ends it)")
      }
      try settleLog(now: now)
    }
    let deck = try invocation.deckStore.load()
    let today = clock.day(of: now)
    let earlier = FocusLog.minutes(on: today, in: deck, clock: clock)
    let id = String(UUID().uuidString.lowercased().prefix(8))
    let session = FocusSession(
      id: id, start: now, settings: settings, task: task?.isEmpty == true ? nil : task)
    let stored = StoredFocus(session: session, earlierMinutes: earlier, earlierDay: today)
    try store.update(clock: clock) { focus in
      if let focus, !focus.session.status(at: now).isOver {
        throw UsageError(
          invocation.texts.language == .ja
            ? "集中セッションが進行中です（reminders focus stop で終了できます）"
            : "a focus session is running (reminders focus stop ends it)")
      }
      focus = stored
    }
    return stored
  }

  /// Stops the running session at `now`; nil when none runs.
  func stop(now: Date) throws -> StoredFocus? {
    setAsideIfCorrupt()
    return try store.update(clock: clock) { focus -> StoredFocus? in
      guard var current = focus, !current.session.status(at: now).isOver else { return nil }
      current.session.stoppedAt = now
      if let open = current.session.pauses.lastIndex(where: { $0.end == nil }) {
        current.session.pauses[open].end = now
      }
      focus = current
      return current
    }
  }

  /// Pauses a running session, or resumes a paused one; returns whether it is paused now.
  @discardableResult
  func togglePause(id: String, now: Date) throws -> Bool {
    try store.update(clock: clock) { focus -> Bool in
      guard var current = focus, current.session.id == id, !current.session.status(at: now).isOver else {
        return false
      }
      if let open = current.session.pauses.lastIndex(where: { $0.end == nil }) {
        current.session.pauses[open].end = now
        focus = current
        return false
      }
      current.session.pauses.append(FocusPause(start: now, end: nil))
      focus = current
      return true
    }
  }

  /// A session file that does not parse (torn, or written by a newer version) is renamed to
  /// `focus.json.bad`, never overwritten, and said so: `focus stop` and a new `focus` can then
  /// go on.
  func setAsideIfCorrupt() {
    do {
      _ = try store.load()
    } catch let error as StoreError {
      guard case .corrupt = error else { return }
      let aside = store.path + ".bad"
      guard rename(store.path, aside) == 0 else { return }
      let ja = invocation.texts.language == .ja
      ExitStatus.say(
        StoreErrorText(language: invocation.texts.language).text(error)
          + (ja ? "（\(aside) として脇に置きました）" : " (put aside as \(aside))"))
    } catch {}
  }

  /// What `run` does at `now` (the pop-ups due, a phase end among them), then the focus log:
  /// the view and `focus stop` deliver through the same ledger, so each pop-up goes out once.
  func deliverAndLog(now: Date) throws -> DeliveryReport {
    let report = try invocation.deliveryRun.deliver(
      invocation.planInput(writeCache: false, now: now), now: now, world: invocation.deliveryWorld)
    try settleLog(now: now)
    return report
  }

  /// Appends to the deck's `focusLog` every focus phase that ran at least a minute and is not
  /// logged yet, then notes them in `focus.json`. The deck is written first; an entry whose
  /// start the log holds is not added again, so a crash between the two writes logs none twice.
  func settleLog(now: Date) throws {
    let loaded: StoredFocus?
    do {
      loaded = try store.load()
    } catch StoreError.corrupt {
      return  // said by planInput; `focus stop` puts the file aside
    }
    guard let current = loaded else { return }
    // A phase counts when its end was said (its pop-up is in the ledger) or it was stopped: the
    // phases of a session left running while the machine slept or nobody was there are not
    // study time.
    let ledger = try invocation.ledgerStore.load()
    let pending = current.session.loggable(at: now).filter {
      !current.logged.contains($0.number)
        && ($0.stopped || ledger.contains(reminderID: .focus(session: current.session.id, phase: $0.number)))
    }
    guard !pending.isEmpty else { return }
    let entries = pending.map {
      FocusLogEntry(
        start: $0.start, minutes: Int($0.ran / 60), task: current.session.task, completed: $0.completed)
    }
    try invocation.deckStore.update(clock: clock) { FocusLog.append(entries, to: &$0, clock: clock) }
    try store.update(clock: clock) { focus in
      guard var now = focus, now.session.id == current.session.id else { return }
      now.logged = Array(Set(now.logged + pending.map(\.number))).sorted()
      focus = now
    }
  }
}
