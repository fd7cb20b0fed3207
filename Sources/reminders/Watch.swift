import ArgumentParser
import Foundation
import RemindersCore
import RemindersDBus
import RemindersStore

#if canImport(Glibc)
  import Glibc
#endif

/// `reminders watch`: follows the pop-ups `run` showed, so that `run` can tell which are still on
/// screen.
struct Watch: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: "Follow the pop-ups `run` shows, so that a daily pop-up still on screen is updated in place.",
    discussion: """
      Runs until the session bus goes away; the reminders-watch.service user unit that `timer install` enables \
      keeps it running. It listens as a bus monitor for NotificationClosed and for the notification server \
      changing, and records in the ledger which pop-ups are no longer on screen. While it runs, `run` replaces \
      today's daily pop-up in place when its count changes (and closes it when no card is left); without it, \
      `run` never touches a pop-up once shown. Exit 69 when there is no bus to watch (or it went away), 77 when \
      the bus refuses to be monitored, 75 when another watch runs for the same state folder.
      """)

  @OptionGroup var global: GlobalOptions

  func run() throws {
    try PopupWatch(invocation: Invocation(global)).run()
  }
}

/// The loop behind `reminders watch`.
///
/// What it vouches for, and how: it holds `<state>/watch.lock` for as long as it runs, and `run`
/// marks a new pop-up as on screen only while that lock is held. At start, after it has begun
/// listening, it takes every pop-up off screen (it may have missed their close while it was not
/// running); then each close it hears takes that pop-up off. Both changes happen under the
/// ledger's lock, which `run` holds from before `Notify` until the ledger records the pop-up, so
/// a close can never slip between the two. When it cannot record a close it exits, and whatever
/// it left on screen is forgotten by the next start.
struct PopupWatch {
  let invocation: Invocation

  func run() throws {
    let held: FileLock
    do {
      held = try FileLock(path: invocation.paths.watchLock, seconds: 2)
    } catch StoreError.locked {
      throw CommandFailure(
        "\(invocation.paths.watchLock): another reminders watch runs for this state folder",
        code: ExitStatus.locked)
    }
    defer { withExtendedLifetime(held) {} }
    let bus: SessionBus
    do {
      bus = try SessionBus.connect(environment: invocation.environment)
      try bus.monitorNotifications()
    } catch  where error.name == .accessDenied {
      // Trying again would not help: the unit does not restart on this code.
      throw CommandFailure(
        "cannot watch notifications: this session bus does not let reminders monitor it (\(error)); "
          + "pop-ups stay as first shown", code: ExitStatus.noPermission)
    } catch {
      throw CommandFailure(
        "cannot watch notifications: \(Desktop.explain(error))", code: ExitStatus.unavailable)
    }
    try change { $0.forgetScreen(at: Date(), because: "reminders watch started") }
    say("Watching notifications on \(bus.address) for \(invocation.paths.ledger).")
    while true {
      let event: NotificationEvent?
      do {
        event = try bus.nextNotificationEvent()
      } catch {
        throw CommandFailure("stopped watching notifications: \(error)", code: ExitStatus.unavailable)
      }
      switch event {
      case .closed(let id, let reason):
        for reminder in try change({ $0.closed(notificationID: id, at: Date(), because: reason.description) })
        {
          say("The pop-up of \(reminder) (notification \(id)) closed: \(reason).")
        }
      case .serverChanged:
        let gone = try change { $0.forgetScreen(at: Date(), because: "the notification server changed") }
        if !gone.isEmpty {
          say("The notification server changed; off screen: \(gone.joined(separator: ", ")).")
        }
      case nil:
        continue
      }
    }
  }

  /// Applies `body` to the ledger under its lock and saves it when something changed; returns
  /// the reminder ids that changed.
  @discardableResult
  private func change(_ body: (inout DeliveryLedger) -> [String]) throws -> [String] {
    let lock = try FileLock(path: invocation.paths.lock, seconds: DeliveryRun.lockSeconds)
    defer { withExtendedLifetime(lock) {} }
    var ledger = try invocation.ledgerStore.load()
    let changed = body(&ledger)
    if !changed.isEmpty { try invocation.ledgerStore.save(ledger, clock: invocation.clock) }
    return changed
  }

  /// One line on stdout (the journal, under systemd), written at once.
  private func say(_ line: String) {
    print(line)
    fflush(nil)
  }
}
