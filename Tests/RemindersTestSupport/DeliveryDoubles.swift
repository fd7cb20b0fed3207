import Foundation
import RemindersCore
import RemindersDelivery
import RemindersStore

/// A ledger in memory whose saves can fail: `durable` is what a crash would leave.
public final class FakeLedger: LedgerKeeping {
  public var durable: DeliveryLedger
  public var saves = 0
  /// The saves (counted from 1) that fail as a full disk would.
  public var failingSaves: Set<Int> = []

  public init(_ ledger: DeliveryLedger = DeliveryLedger()) { durable = ledger }

  public struct DiskFull: Error {
    public init() {}
  }

  public func transaction<T>(_ body: (inout LedgerTransaction) throws -> T) throws -> T {
    var transaction = LedgerTransaction(ledger: durable) { [self] ledger in
      saves += 1
      if failingSaves.contains(saves) { throw DiskFull() }
      durable = ledger
    }
    return try body(&transaction)
  }
}

/// A fallback calendar in memory, merged by reminder id as the real one merges by UID.
public final class FakeCalendar: CalendarSink {
  public var path: String { "/calendar.ics" }
  public var events: [ReminderID: Reminder] = [:]
  public var writes = 0
  public var fails = false

  public init() {}

  public struct Unwritable: Error {
    public init() {}
  }

  public func add(_ reminders: [Reminder], stamp: Date) throws {
    if fails { throw Unwritable() }
    writes += 1
    for reminder in reminders { events[reminder.id] = reminder }
  }
}

/// Alarm sounds in memory: which play, which were ended.
public final class FakeSound: AlarmSoundPlaying {
  public var playing: [SoundProcess] = []
  public var started: [ReminderID] = []
  public var stopped: [SoundProcess] = []
  /// Every start fails with this, when set.
  public var problem: String?
  public var nextPID: Int32 = 100

  public init() {}

  public struct NoPlayer: Error, CustomStringConvertible {
    public var description: String
  }

  public func start(for ring: ReminderID) throws -> SoundProcess {
    if let problem { throw NoPlayer(description: problem) }
    nextPID += 1
    let process = SoundProcess(pid: nextPID, group: nextPID - 1, startTicks: 7)
    playing.append(process)
    started.append(ring)
    return process
  }

  public func isPlaying(_ process: SoundProcess) -> Bool { playing.contains(process) }

  public func stop(_ process: SoundProcess) {
    playing.removeAll { $0 == process }
    stopped.append(process)
  }
}
