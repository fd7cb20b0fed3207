import Foundation
import RemindersCore
import RemindersDesktop
import RemindersStore

extension DeliveryRun {
  /// What `run`, started every minute from `now` on, would deliver before the start of day
  /// `end`: the runs themselves, walked at each moment something falls due, against a copy of
  /// the ledger and a desktop that only records. Nothing is sent or written.
  ///
  /// `atLeast`: the walk stops after the step that brings the reminders shown to that many
  /// (`status` wants only the next one; the rest of the horizon would cost a step each).
  /// `focusEnds` false: the walk does not stop at the focus session's phase ends (a calendar
  /// shows none; an endless session has one every few minutes to the horizon), which are then
  /// missing from what it returns, or there only when due with another; the session still holds
  /// the other reminders as it would.
  public func preview(
    _ input: PlanInput, ledger: DeliveryLedger, now: Date, until end: Day, atLeast wanted: Int = .max,
    focusEnds: Bool = true
  ) throws -> [Reminder] {
    var input = input
    input.skipDeliveredRecalls(in: ledger)
    let recorder = RecordingSender()
    var world = World(
      ledger: InMemoryLedger(), desktop: { .reachable(recorder, doNotDisturb: .off) }, isWatched: { false },
      calendar: NoCalendar())
    world.previewsDrips = true
    var transaction = LedgerTransaction.inMemory(ledger)
    var shown: [Reminder] = []
    var at = now
    var unsaid: Set<ReminderID> = []
    while shown.count < wanted,
      let next = nextReminder(
        input, ledger: transaction.ledger, after: at, until: end, skipping: unsaid, focusEnds: focusEnds)
    {
      at = max(at, next.fireAt)
      let delivered = try step(input, transaction: &transaction, now: at, world: world).shown
      shown += delivered
      // Each step delivers at least the reminder it was woken for. One that delivers nothing
      // (the plan and the run disagree: files edited by hand or by an older version) must
      // neither loop nor end the walk, nor cost a step a minute to the horizon: the walk leaves
      // it out and goes on from the next minute, when the timer starts `run` again.
      if delivered.isEmpty {
        unsaid.insert(next.id)
        at = at.addingTimeInterval(60)
      }
    }
    return shown
  }

  /// The first reminder not yet delivered from `now` until the start of `end`. Planned over a
  /// window that doubles until it finds one, so that a walk over many days costs about one
  /// day's planning a step, not the whole horizon's.
  func nextReminder(
    _ input: PlanInput, ledger: DeliveryLedger, after now: Date, until end: Day,
    skipping unsaid: Set<ReminderID> = [], focusEnds: Bool = true
  ) -> Reminder? {
    let today = planner.clock.day(of: now)
    var days = 2
    while true {
      let windowEnd = min(end, today.adding(days: days))
      if let first = planner.next(input, ledger: ledger, now: now, until: windowEnd, focusEnds: focusEnds) {
        if !unsaid.contains(first.id) { return first }
        if let other = planner.plan(input, ledger: ledger, now: now, until: windowEnd).first(where: {
          !unsaid.contains($0.id) && (focusEnds || $0.kind != .focus)
        }) {
          return other
        }
      }
      if windowEnd >= end { return nil }
      days *= 2
    }
  }
}

extension DoNotDisturbReading {
  /// Not in do-not-disturb, as far as anyone asked.
  static let off = DoNotDisturbReading(state: .off, probe: nil, server: nil)
}

/// A sender that shows nothing and remembers what it was given: `preview`'s desktop.
public final class RecordingSender: NotificationSender {
  public private(set) var shown: [Popup] = []

  public init() {}

  public func show(_ popup: Popup, replacing: UInt32?) throws(SendFailure) -> UInt32 {
    shown.append(popup)
    return UInt32(shown.count)
  }

  public func close(_ id: UInt32) throws(SendFailure) {}

  /// The pop-ups `preview` walks are its texts; actions change nothing it shows.
  public func supportsActions() -> Bool { false }
}

/// A ledger that lives only in memory.
struct InMemoryLedger: LedgerKeeping {
  func transaction<T>(_ body: (inout LedgerTransaction) throws -> T) throws -> T {
    var transaction = LedgerTransaction.inMemory(DeliveryLedger())
    return try body(&transaction)
  }
}

/// A calendar that is never written: `preview`'s desktop never fails.
struct NoCalendar: CalendarSink {
  var path: String { "" }
  func add(_ reminders: [Reminder], stamp: Date) throws {}
}
