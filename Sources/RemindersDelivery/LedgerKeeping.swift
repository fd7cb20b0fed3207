import Foundation
import RemindersCore
import RemindersStore

/// Where delivery keeps its ledger: a transaction holds the lock for as long as it runs.
public protocol LedgerKeeping {
  func transaction<T>(_ body: (inout LedgerTransaction) throws -> T) throws -> T
}

/// The ledger files under the state folder, changed under its lock.
public struct LedgerFile: LedgerKeeping {
  public let store: LedgerStore
  public let clock: DayClock
  /// How long a change waits for another process to release the lock (then exit 75).
  public var lockSeconds: Int

  public init(store: LedgerStore, clock: DayClock, lockSeconds: Int = 10) {
    self.store = store
    self.clock = clock
    self.lockSeconds = lockSeconds
  }

  public func transaction<T>(_ body: (inout LedgerTransaction) throws -> T) throws -> T {
    try store.transaction(lockSeconds: lockSeconds, clock: clock, body)
  }
}

/// Where reminders go when no pop-up can be shown.
public protocol CalendarSink {
  /// The file, for messages.
  var path: String { get }
  /// Adds `reminders` as events; adding one that is there already changes nothing (same UID).
  func add(_ reminders: [Reminder], stamp: Date) throws
}
