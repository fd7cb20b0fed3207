import Foundation
import RemindersCore
import RemindersDBus
import RemindersDelivery
import RemindersStore

/// A notification server in memory: remembers what it was asked, fails when told to.
final class FakeSender: NotificationSender {
  struct Shown: Equatable {
    var popup: Popup
    var replacing: UInt32?
  }

  var shown: [Shown] = []
  var closed: [UInt32] = []
  /// Every `show` fails with this, when set.
  var failure: SendFailure?
  var nextID: UInt32 = 40

  func show(_ popup: Popup, replacing: UInt32?) throws(SendFailure) -> UInt32 {
    if let failure { throw failure }
    shown.append(Shown(popup: popup, replacing: replacing))
    nextID += 1
    return replacing ?? nextID
  }

  func close(_ id: UInt32) throws(SendFailure) {
    if let failure { throw failure }
    closed.append(id)
  }

  /// Its unique bus name: a restarted server has another, and counts its ids again.
  var server: String? = ":1.7"
  func serverIdentity() -> String? { server }

  /// Whether the server advertises `actions`.
  var actions = true
  func supportsActions() -> Bool { actions }
}

/// A ledger in memory whose saves can fail: `durable` is what a crash would leave.
final class FakeLedger: LedgerKeeping {
  var durable: DeliveryLedger
  var saves = 0
  /// The saves (counted from 1) that fail as a full disk would.
  var failingSaves: Set<Int> = []

  init(_ ledger: DeliveryLedger = DeliveryLedger()) { durable = ledger }

  struct DiskFull: Error {}

  func transaction<T>(_ body: (inout LedgerTransaction) throws -> T) throws -> T {
    var transaction = LedgerTransaction(ledger: durable) { [self] ledger in
      saves += 1
      if failingSaves.contains(saves) { throw DiskFull() }
      durable = ledger
    }
    return try body(&transaction)
  }
}

/// A fallback calendar in memory, merged by reminder id as the real one merges by UID.
final class FakeCalendar: CalendarSink {
  var path: String { "/calendar.ics" }
  var events: [ReminderID: Reminder] = [:]
  var writes = 0
  var fails = false

  struct Unwritable: Error {}

  func add(_ reminders: [Reminder], stamp: Date) throws {
    if fails { throw Unwritable() }
    writes += 1
    for reminder in reminders { events[reminder.id] = reminder }
  }
}

/// Alarm sounds in memory: which play, which were ended.
final class FakeSound: AlarmSoundPlaying {
  var playing: [SoundProcess] = []
  var started: [ReminderID] = []
  var stopped: [SoundProcess] = []
  /// Every start fails with this, when set.
  var problem: String?
  var nextPID: Int32 = 100

  struct NoPlayer: Error, CustomStringConvertible {
    var description: String
  }

  func start(for ring: ReminderID) throws -> SoundProcess {
    if let problem { throw NoPlayer(description: problem) }
    nextPID += 1
    let process = SoundProcess(pid: nextPID, group: nextPID - 1, startTicks: 7)
    playing.append(process)
    started.append(ring)
    return process
  }

  func isPlaying(_ process: SoundProcess) -> Bool { playing.contains(process) }

  func stop(_ process: SoundProcess) {
    playing.removeAll { $0 == process }
    stopped.append(process)
  }
}

/// A desktop, a ledger and a calendar for one table row, and the run over them.
final class Bench {
  let sender = FakeSender()
  let ledger: FakeLedger
  let calendar = FakeCalendar()
  let sound = FakeSound()
  var dnd = DoNotDisturbState.off
  var reachable: SendFailure? = nil
  var watched = false
  var connects = 0
  let run: DeliveryRun

  init(
    planner: DeliveryRun = DeliveryRun(planner: Fixture.planner()), ledger: DeliveryLedger = DeliveryLedger()
  ) {
    run = planner
    self.ledger = FakeLedger(ledger)
  }

  var world: DeliveryRun.World {
    DeliveryRun.World(
      ledger: ledger,
      desktop: { [self] in
        connects += 1
        if let reachable { return .unreachable(reachable) }
        return .reachable(
          sender, doNotDisturb: DoNotDisturbReading(state: dnd, probe: .dunst, server: "fake"))
      }, isWatched: { [self] in watched }, calendar: calendar, sound: sound)
  }

  @discardableResult
  func deliver(_ input: PlanInput, at now: String) throws -> DeliveryReport {
    try run.deliver(input, now: Fixture.t(now), world: world)
  }
}

enum Fixture {
  static let tokyo = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)

  static func clock(_ name: String) -> DayClock { DayClock(zone: TimeZone(identifier: name)!) }

  static func t(_ text: String) -> Date { Timestamp.parse(text)! }

  static func day(_ text: String) -> Day { Day(iso: text)! }

  static func planner(
    _ clock: DayClock = tokyo, quiet: [String] = [], window: (String, String) = ("08:00", "18:00")
  ) -> Planner {
    Planner(
      schedule: Schedule(
        dailyTime: WallTime("08:00")!, windowStart: WallTime(window.0)!, windowEnd: WallTime(window.1)!,
        quietHours: quiet.map { QuietRange($0)! }, recallCoalesce: 600, recallAfterWrong: 10800),
      clock: clock, texts: Texts(language: .en))
  }

  static func card(_ id: String, due: String, collection: String? = nil) -> Card {
    Card(
      id: id, front: "front \(id)", back: "back \(id)", collection: collection, stepIndex: 0,
      nextReviewDate: day(due), createdAt: t("2026-01-01T00:00:00Z"))
  }

  /// Two cards due on 2026-11-21 (in two collections), and two recall items due at 13:00 JST.
  static func input(cards: Int = 2, recalls: Bool = true) -> PlanInput {
    let all = [
      card("1", due: "2026-11-20", collection: "TOEIC"), card("2", due: "2026-11-21", collection: "JLPT"),
    ]
    let items =
      recalls
      ? [
        RecallItem(id: "r1", topic: "ephemeral", dueAt: t("2026-11-21T13:00:00+09:00")),
        RecallItem(id: "r2", topic: "ubiquitous", dueAt: t("2026-11-21T13:05:00+09:00")),
      ] : []
    return PlanInput(
      dueIndex: DueIndex(cards: Array(all.prefix(cards))), streak: Streak(answerDays: []), recalls: items)
  }
}
