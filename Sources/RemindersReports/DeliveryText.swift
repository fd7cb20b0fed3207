import Foundation
import RemindersApp
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersMessages
import RemindersStore
import RemindersTerminal

/// `run`'s lines: what was delivered on stdout, what fell back or was left on stderr.
public struct RunReportText {
  public let language: Language

  public init(language: Language) { self.language = language }

  public func lines(_ report: DeliveryReport) -> (out: [String], err: [String]) {
    let words = language.words
    var out: [String] = []
    var err: [String] = []
    for event in report.events {
      switch event {
      case .shown(let r):
        out.append(words.shown(r.id.description, title: VisibleCharacters.of(r.title)))
      case .held(let r, let dnd):
        out.append(words.held(r.id.description, place: dnd.probe.map { words.doNotDisturbPlace($0.place) }))
      case .toCalendar(let r, let path, let why):
        out.append(words.toCalendar(r.id.description, title: VisibleCharacters.of(r.title)))
        err.append(words.wentToCalendar(r.id.description, path: path, why: why.text(language)))
      case .updated(let id, let title):
        out.append(words.updated(id.description, title: VisibleCharacters.of(title)))
      case .closed(let id):
        out.append(words.closed(id.description))
      case .rangAgain(let id, let title):
        out.append(words.rangAgain(id.description, title: VisibleCharacters.of(title)))
      case .stoppedRinging(let id, let why):
        out.append(words.stoppedRinging(id.description, because: RingEndReason(why)))
      case .noSound(let id, let why):
        err.append(words.noSound(id.description, why: words.alarmSoundProblem(why)))
      case .leftAsShown(let id, let why):
        err.append(words.leftAsShown(id.description, why: why.text(language)))
      }
    }
    return (out, err)
  }
}

extension RingEndReason {
  /// The catalogue's reason for a ring's end.
  public init(_ end: RingEnd) {
    switch end {
    case .stoppedAtPlace: self = .stoppedAtPlace
    case .alarmDeleted: self = .alarmDeleted
    case .alarmDisabled: self = .alarmDisabled
    case .replaced(let next): self = .replaced(next: next.description)
    }
  }
}

extension SnoozeError {
  /// Why nothing was snoozed, in the catalogue's words.
  public func text(_ words: any DeliveryMessages) -> String {
    switch self {
    case .notDelivered(let id, let ledgerPath): words.noDeliveredReminder(id, in: ledgerPath)
    case .nothingShown: words.nothingToSnooze
    case .cannotSnooze(let chosen): words.cannotSnooze(chosen.description)
    }
  }
}

extension ReminderSnooze.Snoozed {
  /// What `snooze` says it did: when the reminder comes back, or from when it may (not the
  /// return's own id, which is the plan's: `preview` shows it).
  public func text(_ words: any DeliveryMessages, clock: DayClock) -> String {
    let original = original.description
    let stamp = { (date: Date) in Timestamp.human(date, in: clock) }
    if let comesBackAt {
      return words.snoozeComesBack(original, at: stamp(comesBackAt))
    }
    return words.snoozeComesBackIfDue(original, after: stamp(until))
  }
}
