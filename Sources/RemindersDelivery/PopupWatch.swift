import Foundation
import RemindersCore
import RemindersDBus
import RemindersStore

/// Where the watch hears about notifications: a bus monitor, or a test's list of events.
public protocol NotificationEventSource {
  /// The next event; nil when none came for a while (the loop just asks again).
  func nextEvent() throws -> NotificationEvent?
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

  public init(ledger: any LedgerKeeping) { self.ledger = ledger }

  /// What the watch noticed, for its log.
  public enum Note: Equatable {
    case closed([ReminderID], notification: UInt32, reason: NotificationEvent.CloseReason)
    case serverChanged(offScreen: [ReminderID])
  }

  /// Nothing vouches for what is on screen before the watch listened: no pop-up counts as shown.
  public func start(at now: Date) throws {
    _ = try change { $0.forgetScreen(at: now, because: "reminders watch started") }
  }

  /// Applies one event; returns what it changed, nil when nothing of ours changed.
  public func handle(_ event: NotificationEvent, at now: Date) throws -> Note? {
    switch event {
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
  public func follow(
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
