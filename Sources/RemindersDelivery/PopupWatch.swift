import Foundation
import RemindersCore
import RemindersDesktop
import RemindersStore

/// Where the watch hears about notifications: a bus monitor (RemindersDesktopDBus), or a test's
/// list of events.
public protocol NotificationEventSource {
  /// The next event; nil when none came for a while (the loop just asks again). Throws
  /// `WatchFailure.stopped` when no more can come.
  func nextEvent() throws -> NotificationEvent?
}

/// Why the watch cannot hear notification events, or no longer does.
public enum WatchFailure: Error, Equatable, CustomStringConvertible {
  /// The bus does not let this user monitor it; as the bus said it.
  case notAllowed(String)
  /// No bus to listen on, or it did not answer.
  case unreachable(SendFailure)
  /// The events stopped coming: the bus went away; as the bus said it.
  case stopped(String)

  public var description: String {
    switch self {
    case .notAllowed(let why), .stopped(let why): why
    case .unreachable(let failure): failure.description
    }
  }
}

/// The rules behind `reminders watch`: what each notification event means for the ledger.
///
/// What it vouches for, and how: the watch holds `<state>/watch.lock` for as long as it runs, and
/// `run` marks a new pop-up as on screen only while that lock is held. At start, after it has
/// begun listening, it takes every pop-up off screen (it may have missed their close while it was
/// not running); then each close it hears takes that pop-up off. Both changes happen under the
/// ledger's lock, which `run` holds from before `Notify` until the ledger records the pop-up, so
/// a close can never slip between the two.
public struct PopupWatch {
  public let ledger: any LedgerKeeping
  /// What the watch does for an action; nil: actions are not acted on (the pop-ups carry none).
  public let actions: (any ActionTaker)?
  /// `snooze.after`, in seconds.
  public let snoozeAfter: Int
  /// Activation tokens by notification, until the action they came before.
  var tokens: [UInt32: String] = [:]

  public init(ledger: any LedgerKeeping, actions: (any ActionTaker)? = nil, snoozeAfter: Int = 600) {
    self.ledger = ledger
    self.actions = actions
    self.snoozeAfter = snoozeAfter
  }

  /// What the watch noticed, for its log.
  public enum Note: Equatable {
    case closed([ReminderID], notification: UInt32, reason: NotificationEvent.CloseReason)
    case serverChanged(offScreen: [ReminderID])
    /// `default` or `review`: the review started in a terminal with `command`.
    case reviewStarted(ReminderID, command: [String])
    /// `default` or `review`, and no review could be started (no terminal, or it would not start).
    case reviewNotStarted(ReminderID, because: String)
    /// `snooze`: it comes back as `returning` at `until` (before window and quiet hours).
    case snoozed(ReminderID, returning: ReminderID, until: Date)
  }

  /// Nothing vouches for what is on screen before the watch listened: no pop-up counts as shown.
  public func start(at now: Date) throws {
    _ = try change { $0.forgetScreen(at: now, because: "reminders watch started") }
  }

  /// Applies one event; returns what it changed, nil when nothing of ours changed.
  public mutating func handle(_ event: NotificationEvent, at now: Date) throws -> Note? {
    switch event {
    case .activationToken(let id, let token):
      tokens[id] = token
      return nil
    case .action(let id, let key):
      let token = tokens.removeValue(forKey: id)
      guard let actions, let entry = try ledger.transaction({ $0.ledger.entry(notificationID: id) }) else {
        return nil
      }
      let reminder = entry.reminderID
      switch key {
      case "default", "review":
        let note: Note
        do {
          // A daily pop-up that counts Anki's cards opens Anki, where they are studied (docs/anki.md).
          let command =
            entry.fromAnki && reminder.kind == .dailyReview
            ? try actions.startAnki(activationToken: token)
            : try actions.startReview(recallsOnly: reminder.kind == .recall, activationToken: token)
          note = .reviewStarted(reminder, command: command)
        } catch {
          note = .reviewNotStarted(reminder, because: "\(error)")
        }
        actions.close(id)
        return note
      case "snooze":
        let until = now.addingTimeInterval(TimeInterval(snoozeAfter))
        let returning = try ledger.transaction { t -> ReminderID? in
          guard let back = t.ledger.snooze(reminder, until: until) else { return nil }
          try t.save()
          return back
        }
        actions.close(id)
        return returning.map { .snoozed(reminder, returning: $0, until: until) }
      default:
        return nil
      }
    case .closed(let id, let reason):
      let gone = try change { $0.closed(notificationID: id, at: now, because: reason.description) }
      return gone.isEmpty ? nil : .closed(gone, notification: id, reason: reason)
    case .serverChanged:
      let gone = try change { $0.forgetScreen(at: now, because: "the notification server changed") }
      return gone.isEmpty ? nil : .serverChanged(offScreen: gone)
    }
  }

  /// Follows `events` until reading them fails (that error is thrown); `clock` is read at each
  /// event, `say` hears each note.
  public mutating func follow(
    _ events: any NotificationEventSource, clock: () -> Date, say: (Note) -> Void
  ) throws -> Never {
    while true {
      guard let event = try events.nextEvent() else { continue }
      if let note = try handle(event, at: clock()) { say(note) }
    }
  }

  /// Applies `body` to the ledger under its lock, saving only when something changed.
  private func change(_ body: (inout DeliveryLedger) -> [ReminderID]) throws -> [ReminderID] {
    try ledger.transaction { transaction in
      let changed = body(&transaction.ledger)
      if !changed.isEmpty { try transaction.save() }
      return changed
    }
  }
}

/// What the watch does when the learner acts on a pop-up: the one seam between its rules and the
/// desktop (a terminal started, a pop-up closed).
public protocol ActionTaker {
  /// Starts `reminders review` in a terminal, detached; returns the command line it started.
  /// Throws when there is no terminal to start, or it could not be started.
  func startReview(recallsOnly: Bool, activationToken: String?) throws -> [String]
  /// Starts Anki (config `anki.command`), detached; returns the command line it started. Throws
  /// when it could not be started.
  func startAnki(activationToken: String?) throws -> [String]
  /// Closes pop-up `id` (never fails: a pop-up already gone is fine).
  func close(_ id: UInt32)
}
