import Foundation

/// The lengths a focus session was started with (docs/focus-and-stats.md), in seconds of running time.
public struct FocusSettings: Equatable, Sendable {
  /// A focus phase.
  public var focus: TimeInterval
  /// A break.
  public var shortBreak: TimeInterval
  /// The break after every `longEvery`-th completed focus phase.
  public var longBreak: TimeInterval
  public var longEvery: Int
  /// How many focus phases the session has; nil: it runs until stopped.
  public var cycles: Int?
  /// Whether daily and recall reminders wait while a focus phase runs.
  public var holdReminders: Bool

  /// 25 minutes of focus, 5 of rest, 15 after every fourth, until stopped, holding reminders.
  public static let standard = FocusSettings(
    focus: 1500, shortBreak: 300, longBreak: 900, longEvery: 4, cycles: nil, holdReminders: true)

  public init(
    focus: TimeInterval, shortBreak: TimeInterval, longBreak: TimeInterval, longEvery: Int, cycles: Int?,
    holdReminders: Bool
  ) {
    self.focus = focus
    self.shortBreak = shortBreak
    self.longBreak = longBreak
    self.longEvery = longEvery
    self.cycles = cycles
    self.holdReminders = holdReminders
  }
}

/// What a phase of a focus session is.
public enum FocusPhaseKind: String, Sendable, Equatable {
  case focus
  case shortBreak = "break"
  case longBreak = "long-break"
}

/// A pause: time stops from `start` until `end` (nil while it lasts).
public struct FocusPause: Equatable, Sendable {
  public var start: Date
  public var end: Date?

  public init(start: Date, end: Date?) {
    self.start = start
    self.end = end
  }
}

/// One phase of a session, as it ran or as it will run if nothing pauses it.
public struct FocusPhase: Equatable, Sendable {
  /// From 1: odd numbers are focus phases, even ones breaks.
  public var number: Int
  public var kind: FocusPhaseKind
  /// When it began and when it ends (or ended): real instants, pauses included.
  public var start: Date
  public var end: Date
  /// Its length in seconds of running time.
  public var length: TimeInterval
  /// The seconds of running time it had when it ended (its length unless stopped).
  public var ran: TimeInterval
  /// Running time of the session at the phase's start.
  public var runningStart: TimeInterval
  /// Whether the session ends with it: the last of `cycles`, or stopped in it.
  public var isLast: Bool
  /// Whether it was stopped before its end.
  public var stopped: Bool

  /// Which focus phase this is or follows (1 for phases 1 and 2, …).
  public var cycle: Int { (number + 1) / 2 }
  /// Whether it ran its whole length.
  public var completed: Bool { !stopped }
}

/// A focus session: phases of focus and break one after the other, each a fixed length of
/// running time (pauses stop the clock, so they push every later phase end back).
///
/// Pure: the state is the start, the settings, the pauses and the stop; `now` is a parameter.
/// Lengths are real seconds, so a phase across a daylight-saving change lasts as long as any
/// other; only the display is in the day zone.
public struct FocusSession: Equatable, Sendable {
  /// Short and unique: the middle part of the pop-ups' ids `focus:<session>:<phase>`.
  public var id: String
  public var start: Date
  public var settings: FocusSettings
  public var task: String?
  public var pauses: [FocusPause]
  public var stoppedAt: Date?

  public init(
    id: String, start: Date, settings: FocusSettings, task: String? = nil, pauses: [FocusPause] = [],
    stoppedAt: Date? = nil
  ) {
    self.id = id
    self.start = start
    self.settings = settings
    self.task = task
    self.pauses = pauses
    self.stoppedAt = stoppedAt
  }

  /// What phase `number` is: focus when odd; a break after it, long after every
  /// `longEvery`-th focus phase (a focus phase followed by a break always ran its whole length).
  public func kind(ofPhase number: Int) -> FocusPhaseKind {
    if number % 2 == 1 { return .focus }
    let completedFocus = number / 2
    return completedFocus % max(settings.longEvery, 1) == 0 ? .longBreak : .shortBreak
  }

  public func length(of kind: FocusPhaseKind) -> TimeInterval {
    switch kind {
    case .focus: settings.focus
    case .shortBreak: settings.shortBreak
    case .longBreak: settings.longBreak
    }
  }

  /// The number of the session's last phase (no break after the last focus phase); nil without
  /// `cycles`.
  public var lastPhase: Int? { settings.cycles.map { 2 * max($0, 1) - 1 } }

  /// The pause that has not ended (the session is paused until it does), by its index.
  public var openPause: Int? { pauses.lastIndex { $0.end == nil } }

  /// Ends the open pause at `end` (never before it began); false when none is open.
  @discardableResult
  public mutating func endOpenPause(at end: Date) -> Bool {
    guard let open = openPause else { return false }
    pauses[open].end = max(end, pauses[open].start)
    return true
  }

  /// Whether a pause lasts at `now`.
  public func isPaused(at now: Date) -> Bool {
    pauses.contains { $0.start <= now && ($0.end.map { $0 > now } ?? true) }
  }

  /// Seconds of running time from the start until `t`: pauses and the time after a stop left out.
  public func running(at t: Date) -> TimeInterval {
    let t = min(t, stoppedAt ?? t)
    guard t > start else { return 0 }
    var paused: TimeInterval = 0
    for pause in pauses where pause.start < t {
      paused += min(pause.end ?? t, t).timeIntervalSince(max(pause.start, start))
    }
    return t.timeIntervalSince(start) - paused
  }

  /// The instant the running time reaches `seconds`, as far as is known at `now`: a pause that
  /// lasts at `now` counts as if it ended then (the session resumes at once).
  public func instant(running seconds: TimeInterval, now: Date) -> Date {
    var t = start.addingTimeInterval(seconds)
    for pause in pauses.sorted(by: { $0.start < $1.start }) {
      guard running(at: pause.start) < seconds else { break }
      let end = pause.end ?? max(now, pause.start)
      t = t.addingTimeInterval(end.timeIntervalSince(pause.start))
    }
    return t
  }

  /// Running seconds of one round of phases: `longEvery` focus phases, the short breaks between
  /// them and the long break after the last. Every round is the same, which is what lets the
  /// questions below be answered without walking the session from its start.
  var roundLength: TimeInterval {
    let every = max(settings.longEvery, 1)
    return Double(every) * settings.focus + Double(every - 1) * settings.shortBreak + settings.longBreak
  }

  /// Running time of the session at the start of phase `number`, by arithmetic on the round.
  public func runningStart(ofPhase number: Int) -> TimeInterval {
    let perRound = 2 * max(settings.longEvery, 1)
    let (rounds, index) = (max(number, 1) - 1).quotientAndRemainder(dividingBy: perRound)
    // Within a round, the first `index` phases are focus phases and short breaks by turns (the
    // long break is the round's last phase, never among them).
    let focusBefore = (index + 1) / 2
    let breaksBefore = index / 2
    return Double(rounds) * roundLength + Double(focusBefore) * settings.focus
      + Double(breaksBefore) * settings.shortBreak
  }

  /// The phase whose running time holds `seconds` (its start at or before, its end after), as if
  /// the session never ended; phase 1 for a session of no length.
  public func phaseNumber(atRunning seconds: TimeInterval) -> Int {
    let every = max(settings.longEvery, 1)
    let round = roundLength
    guard round > 0, seconds > 0 else { return 1 }
    let rounds = (seconds / round).rounded(.down)
    let inRound = min(max(seconds - rounds * round, 0), round)
    let pair = settings.focus + settings.shortBreak
    // Focus and short break pairs before it; the last pair of a round is focus and long break.
    let pairs = pair > 0 ? min(Int((inRound / pair).rounded(.down)), every - 1) : every - 1
    let inPair = inRound - Double(pairs) * pair
    let index: Int
    if inPair < settings.focus {
      index = 2 * pairs
    } else {
      index = pairs < every - 1 ? 2 * pairs + 1 : 2 * every - 1
    }
    return Int(rounds) * 2 * every + index + 1
  }

  /// The phases from the first, as known at `now`, until the one that starts after `horizon`
  /// or the session's last one.
  public func phases(now: Date, through horizon: Date) -> [FocusPhase] {
    phases(now: now, from: start, through: horizon)
  }

  /// The phases as known at `now`, from the one that ended last at or before `from` (or the
  /// first) until the one that starts after `horizon` or the session's last one: the part of
  /// `phases(now:through:)` that a question about `from`…`horizon` needs, found in time
  /// proportional to that span, not to the session's age. `from` is at most `horizon`.
  public func phases(now: Date, from: Date, through horizon: Date) -> [FocusPhase] {
    var out: [FocusPhase] = []
    forEachPhase(now: now, from: from, through: horizon) { phase in
      out.append(phase)
      return true
    }
    return out
  }

  /// `phases(now:from:through:)` one phase at a time, in order, until `body` returns false: a
  /// caller that needs only the first few phases of a long span pays only for those.
  public func forEachPhase(now: Date, from: Date, through horizon: Date, _ body: (FocusPhase) -> Bool) {
    var yielded = false
    let stopRunning = stoppedAt.map { running(at: $0) }
    // The phase before the one running at `from`: it ended at or before `from`. A stopped
    // session runs no later than its stop, so this is never past the phase it was stopped in.
    var number = max(phaseNumber(atRunning: running(at: from)) - 1, 1)
    if let lastPhase { number = min(number, lastPhase) }
    var runningStart = runningStart(ofPhase: number)
    var begin = instant(running: runningStart, now: now)
    while true {
      let kind = kind(ofPhase: number)
      let length = length(of: kind)
      guard begin <= horizon || !yielded else { break }
      let runningEnd = runningStart + length
      if let stopRunning, let stoppedAt, stopRunning < runningEnd {
        _ = body(
          FocusPhase(
            number: number, kind: kind, start: begin, end: stoppedAt, length: length,
            ran: max(stopRunning - runningStart, 0), runningStart: runningStart, isLast: true, stopped: true))
        return
      }
      let last = number == lastPhase || stopRunning == runningEnd
      let end = instant(running: runningEnd, now: now)
      yielded = true
      let more = body(
        FocusPhase(
          number: number, kind: kind, start: begin, end: end, length: length,
          ran: length, runningStart: runningStart, isLast: last, stopped: false))
      if last || !more { return }
      runningStart = runningEnd
      begin = end
      number += 1
    }
  }

  /// The span during which a focus phase runs and holds reminders at `t`, as known at `now`
  /// (the part of `runningSpans` of a focus phase that holds `t`); nil when none does.
  public func focusHold(at t: Date, now: Date) -> DateInterval? {
    for phase in phases(now: now, from: t, through: t) where phase.kind == .focus {
      if let span = runningSpans(of: phase).first(where: { $0.start <= t && t < $0.end }) { return span }
    }
    return nil
  }

  /// When `phase` actually runs: its span without the pauses in it (a pause that lasts runs on
  /// forever), so that a paused session holds nothing while it is paused.
  public func runningSpans(of phase: FocusPhase) -> [DateInterval] {
    var spans: [DateInterval] = []
    var from = phase.start
    for pause in pauses.sorted(by: { $0.start < $1.start }) {
      let pauseEnd = pause.end ?? .distantFuture
      guard pauseEnd > from, pause.start < phase.end else { continue }
      if pause.start > from { spans.append(DateInterval(start: from, end: pause.start)) }
      from = max(from, pauseEnd)
      if from >= phase.end { return spans }
    }
    if phase.end > from { spans.append(DateInterval(start: from, end: phase.end)) }
    return spans
  }

  /// Where the session stands at `now`, from the phases around `now` only.
  public func status(at now: Date) -> FocusStatus {
    let phases = phases(now: now, from: now, through: now)
    let lastEnded = phases.last { $0.end <= now }
    guard let current = phases.first(where: { $0.end > now }) else {
      return FocusStatus(
        session: self, at: now, current: nil, timeLeft: 0, paused: false, lastEnded: lastEnded)
    }
    let left = current.length - (running(at: now) - current.runningStart)
    return FocusStatus(
      session: self, at: now, current: current, timeLeft: max(left, 0), paused: isPaused(at: now),
      lastEnded: lastEnded)
  }

  /// The focus phases that ran at least a minute by `now`: what the focus log keeps; those
  /// ending after `from` (all, when nil).
  public func loggable(at now: Date, from: Date? = nil) -> [FocusPhase] {
    phases(now: now, from: min(from ?? start, now), through: now).filter {
      $0.end <= now && $0.kind == .focus && $0.ran >= 60
    }
  }

  /// Whole minutes of focus of the phases that ran at least a minute and ended by `end` on `day`
  /// (by their start).
  public func focusMinutes(on day: Day, through end: Date, clock: DayClock) -> Int {
    phases(now: end, from: min(clock.startOfDay(day), end), through: end).filter {
      $0.kind == .focus && $0.end <= end && $0.ran >= 60 && clock.day(of: $0.start) == day
    }.reduce(0) { $0 + Int($1.ran / 60) }
  }
}

/// A session at one moment.
public struct FocusStatus: Equatable, Sendable {
  /// The session and the moment, for `ended`.
  public var session: FocusSession
  public var at: Date
  /// The phase running (or paused) now; nil when the session is over.
  public var current: FocusPhase?
  /// Seconds of running time left in `current`.
  public var timeLeft: TimeInterval
  public var paused: Bool
  /// The phase that ended last by now; nil before the first ends.
  public var lastEnded: FocusPhase?

  public init(
    session: FocusSession, at: Date, current: FocusPhase?, timeLeft: TimeInterval, paused: Bool,
    lastEnded: FocusPhase?
  ) {
    self.session = session
    self.at = at
    self.current = current
    self.timeLeft = timeLeft
    self.paused = paused
    self.lastEnded = lastEnded
  }

  /// How many phases ended by now (phases are numbered from 1 without gaps).
  public var endedCount: Int { lastEnded?.number ?? 0 }

  /// The phases that ended by now, in order: a walk over the whole session, so only for what
  /// needs every phase (the focus log).
  public var ended: [FocusPhase] { session.phases(now: at, through: at).filter { $0.end <= at } }

  public var isOver: Bool { current == nil }
}

/// The focus phases of a session that hold daily and recall reminders (`hold_reminders`), as
/// known at `now`: asked instant by instant, so that an endless session is never listed.
public struct FocusHold: Equatable, Sendable {
  public var session: FocusSession
  public var now: Date

  public init(session: FocusSession, now: Date) {
    self.session = session
    self.now = now
  }

  /// The running span of the focus phase that holds `t`; nil when none does.
  public func span(holding t: Date) -> DateInterval? { session.focusHold(at: t, now: now) }
}

/// What the planner needs of the focus session in `<state>/focus.json`.
public struct FocusInput: Equatable, Sendable {
  public var session: FocusSession
  /// The focus minutes the deck's log held for the session's first day when it started.
  public var earlierMinutes: Int
  public var earlierDay: Day

  public init(session: FocusSession, earlierMinutes: Int, earlierDay: Day) {
    self.session = session
    self.earlierMinutes = earlierMinutes
    self.earlierDay = earlierDay
  }

  /// Whole minutes of focus on `day` as known at `end`: what the log held for the session's
  /// first day when it started, plus the session's own phases on `day` (the focus minutes of
  /// docs/commands.md#reminders-status and docs/focus-and-stats.md).
  /// Every session that ran on `day` started on it or ran into it, and the last one started
  /// after the others ended, so the log and this session together are the day's focus.
  public func minutes(on day: Day, through end: Date, clock: DayClock) -> Int {
    (earlierDay == day ? earlierMinutes : 0) + session.focusMinutes(on: day, through: end, clock: clock)
  }
}
