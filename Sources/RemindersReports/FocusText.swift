import Foundation
import RemindersApp
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersMessages
import RemindersStore
import RemindersTerminal

/// What the focus commands say, in the session's language.
public struct FocusText {
  public let language: Language
  public let clock: DayClock

  public init(language: Language, clock: DayClock) {
    self.language = language
    self.clock = clock
  }

  public var words: any Catalogue { language.words }

  public func hhmmss(_ instant: Date) -> String {
    let s = clock.secondsOfDay(at: instant)
    return String(format: "%02d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
  }

  public func phaseName(_ kind: FocusPhaseKind) -> String {
    switch kind {
    case .focus: words.phaseName(.focus)
    case .shortBreak: words.phaseName(.shortBreak)
    case .longBreak: words.phaseName(.longBreak)
    }
  }

  public var noSession: String { words.focusNotRunning }

  public func started(_ session: FocusSession, at now: Date) -> String {
    let end = session.phases(now: now, through: now)[0].end
    return words.focusStarted(length: FocusScreen.clock(Int(session.settings.focus)), until: hhmmss(end))
  }

  /// `Focus · cycle 1 of 4 · 25:00 left, until 09:25:00 · paused · task: …`.
  public func phaseLine(_ session: FocusSession, _ status: FocusStatus, at now: Date) -> String {
    guard let phase = status.current else { return noSession }
    let left = FocusScreen.clock(Int(status.timeLeft.rounded(.up)))
    var parts = [phaseName(phase.kind), words.cycle(phase.cycle, of: session.settings.cycles)]
    if status.paused {
      parts.append(words.pausedWithLeft(left))
    } else {
      parts.append(words.left(left, until: hhmmss(now.addingTimeInterval(status.timeLeft))))
    }
    if let task = session.task { parts.append(words.task(VisibleCharacters.of(task))) }
    return parts.joined(separator: " · ")
  }

  public func status(_ session: FocusSession?, at now: Date) -> String {
    guard let session else { return noSession }
    let status = session.status(at: now)
    guard status.current != nil else {
      return words.focusNotRunning(lastEnded: hhmmss(status.lastEnded?.end ?? session.start))
    }
    return phaseLine(session, status, at: now)
  }

  public func statusJSON(_ session: FocusSession?, at now: Date) -> String {
    func time(_ date: Date) -> OrderedJSON { .string(Timestamp.format(date, in: clock)) }
    guard let session else {
      return OrderedJSON.object([("running", .bool(false)), ("session", .null)]).rendered()
    }
    let status = session.status(at: now)
    guard let phase = status.current else {
      return OrderedJSON.object([
        ("running", .bool(false)), ("session", .string(session.id)),
        ("endedAt", status.lastEnded.map { time($0.end) } ?? .null),
      ]).rendered()
    }
    return OrderedJSON.object([
      ("running", .bool(true)), ("session", .string(session.id)), ("start", time(session.start)),
      ("phase", .int(phase.number)), ("kind", .string(phase.kind.rawValue)), ("cycle", .int(phase.cycle)),
      ("cycles", session.settings.cycles.map { .int($0) } ?? .null), ("paused", .bool(status.paused)),
      ("timeLeft", .int(Int(status.timeLeft.rounded(.up)))),
      ("phaseEnd", status.paused ? .null : time(now.addingTimeInterval(status.timeLeft))),
      ("task", session.task.map { .string($0) } ?? .null),
    ]).rendered()
  }

  public func stopped(minutesToday: Int) -> String {
    words.focusStopped(today: words.focusToday(minutes: minutesToday))
  }

  public func ended(_ session: FocusSession, at now: Date, minutesToday: Int) -> String {
    guard session.status(at: now).isOver else { return words.focusGoesOn }
    return words.focusOver(today: words.focusToday(minutes: minutesToday))
  }
}
