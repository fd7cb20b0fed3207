import Foundation
import RemindersApp
import RemindersCore
import RemindersDelivery
import RemindersMessages
import RemindersReports
import RemindersStore
import RemindersTerminal

/// The foreground view of a focus session: full-screen in a terminal (phase, progress bar, time
/// left, drawn each second; `p` pauses and resumes, `q` stops), else one line a phase change on
/// stdout with `p` and `q` read as lines from stdin. At each phase end it delivers on that second,
/// through the same delivery run and ledger as `run`.
struct FocusView {
  let invocation: Invocation
  let keeper: FocusKeeper
  let sessionID: String
  /// The clock shifted by `--now` minus the clock when the session started.
  let time: any TimeSource
  var message: String?

  init(invocation: Invocation, keeper: FocusKeeper, sessionID: String, time: any TimeSource) {
    self.invocation = invocation
    self.keeper = keeper
    self.sessionID = sessionID
    self.time = time
  }

  var now: Date { time.now() }
  var texts: FocusText { FocusText(language: invocation.language, clock: invocation.clock) }

  /// The session, while it is still this view's.
  func session() throws -> FocusSession? {
    guard let stored = try keeper.store.load(), stored.session.id == sessionID else { return nil }
    return stored.session
  }

  mutating func run() throws {
    let environment = invocation.environment
    if Terminal.isInteractive, let terminal = try? Terminal() {
      let color = (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
      do {
        defer { terminal.restore() }
        try fullScreen(terminal, color: color)
      }
    } else {
      try plain()
    }
    if let session = try session() {
      let now = self.now
      let minutes = keeper.minutesToday(session, earlier: try keeper.store.load(), at: now)
      print(texts.ended(session, at: now, minutesToday: minutes))
    }
    fflush(nil)
  }

  /// Delivers what is due when a phase ended since the last look; a failure is shown, not fatal.
  mutating func deliverIfEnded(_ session: FocusSession, seen: inout Int, at now: Date) {
    let ended = session.status(at: now).endedCount
    guard ended != seen else { return }
    seen = ended
    do {
      let report = try keeper.deliverAndLog(now: now, world: invocation.deliveryWorld)
      let err = RunReportText(language: invocation.language).lines(report).err
      message = err.last
    } catch {
      message = ErrorWords(language: invocation.language).line(error)
    }
  }

  /// Milliseconds until the next whole second of running time or the phase's end.
  func wait(_ status: FocusStatus) -> Int32 {
    guard !status.paused, status.current != nil else { return 1000 }
    let fraction = status.timeLeft - floor(status.timeLeft)
    let ms = Int32(((fraction == 0 ? 1 : fraction) * 1000).rounded(.up))
    return max(min(ms, 1000), 1)
  }

  mutating func fullScreen(_ terminal: Terminal, color: Bool) throws {
    let language = invocation.language
    var seen = 0
    while let session = try session() {
      let now = self.now
      deliverIfEnded(session, seen: &seen, at: now)
      let status = session.status(at: now)
      guard let phase = status.current else { break }
      let size = terminal.size
      terminal.draw(
        FocusScreen.render(
          screenState(session, status, phase), width: size.width, height: size.height, language: language,
          color: color))
      switch terminal.next(timeoutMilliseconds: wait(status)) {
      case nil, .resize?:
        continue
      case .end?:
        // The terminal went away: the session goes on, and `run` says its phase ends.
        return
      case .key(let key)?:
        switch key {
        case .character("p"), .character("P"), .character(" "):
          try keeper.togglePause(id: sessionID, now: self.now)
        case .character("q"), .character("Q"), .escape, .controlC:
          try stop(seen: &seen)
          return
        default:
          continue
        }
      }
    }
  }

  mutating func stop(seen: inout Int) throws {
    let at = now
    _ = try keeper.stop(now: at)
    if let session = try session() { deliverIfEnded(session, seen: &seen, at: at) }
  }

  func screenState(_ session: FocusSession, _ status: FocusStatus, _ phase: FocusPhase) -> FocusScreen.State {
    let kind: FocusScreen.State.Phase =
      switch phase.kind {
      case .focus: .focus
      case .shortBreak: .shortBreak
      case .longBreak: .longBreak
      }
    return FocusScreen.State(
      phase: kind, cycle: phase.cycle, cycles: session.settings.cycles,
      timeLeft: Int(status.timeLeft.rounded(.up)),
      length: Int(phase.length.rounded()), paused: status.paused, task: session.task, message: message)
  }

  /// One line a phase change (and a pause or a resume) on stdout; `p` and `q` lines on stdin.
  mutating func plain() throws {
    let input = LineInput()
    var seen = 0
    var said: (number: Int, paused: Bool)?
    while let session = try session() {
      let now = self.now
      deliverIfEnded(session, seen: &seen, at: now)
      let status = session.status(at: now)
      guard let phase = status.current else { break }
      if said?.number != phase.number || said?.paused != status.paused {
        print(texts.phaseLine(session, status, at: now))
        if let message { print(message) }
        message = nil
        fflush(nil)
        said = (phase.number, status.paused)
      }
      switch input.next(timeoutMilliseconds: wait(status)) {
      case .line(let line):
        switch line.trimmingCharacters(in: .whitespaces).lowercased() {
        case "p": try keeper.togglePause(id: sessionID, now: self.now)
        case "q":
          try stop(seen: &seen)
          return
        default: continue
        }
      case .timeout, .end:
        continue
      }
    }
  }
}
