import Foundation
import RemindersCore
import RemindersDelivery
import RemindersMessages
import RemindersStore
import RemindersTestSupport
import Testing

@testable import RemindersApp

/// `reminders snooze` (docs/delivery.md) on files in a temporary folder and a fake desktop: the
/// reminder comes back once, moved by the window and quiet hours; the last pop-up when none is
/// named; its pop-up closed when still on screen.
@Suite struct ReminderSnoozeTests {
  static let recall = ReminderID.recall(firstItem: "r1")

  /// A workspace whose deck has one open recall item, delivered at `shown` as pop-up 5 (still on
  /// screen), with the window and quiet hours given.
  static func files(shown: String, window: (String, String) = ("08:00", "18:00"), quiet: [String] = [])
    throws -> TestWorkspace
  {
    var configuration = Configuration.standard
    configuration.schedule.windowStart = WallTime(window.0)!
    configuration.schedule.windowEnd = WallTime(window.1)!
    configuration.schedule.quietHours = quiet.map { QuietRange($0)! }
    let files = try TestWorkspace(configuration: configuration)
    let at = FakeClock.parse(shown)
    try files.save(Deck(recalls: [RecallItem(id: "r1", topic: "〜てしまう", dueAt: at)]))
    try record(
      DeliveryLedger.Entry(
        reminderID: recall, deliveredAt: at, channel: .popup, notificationID: 5, recallItemIDs: ["r1"],
        title: "Recall", onScreen: true), in: files)
    return files
  }

  static func record(_ entry: DeliveryLedger.Entry, in files: TestWorkspace) throws {
    try files.workspace.ledgerStore.update(lockSeconds: 1, clock: files.dayClock) { $0.record(entry) }
  }

  /// When it comes back: after the snooze, moved into the window and out of quiet hours.
  @Test(
    arguments: [
      ("2026-11-21T09:00:00+09:00", 600, [], "2026-11-21T09:10:00+09:00"),
      ("2026-11-21T09:00:00+09:00", nil, [], "2026-11-21T09:10:00+09:00"),
      ("2026-11-21T11:55:00+09:00", 600, ["12:00-13:00"], "2026-11-21T13:00:00+09:00"),
      ("2026-11-21T17:55:00+09:00", 600, [], "2026-11-22T08:00:00+09:00"),
      ("2026-11-21T17:55:00+09:00", 3600, ["08:00-09:30"], "2026-11-22T09:30:00+09:00"),
    ] as [(String, Int?, [String], String)])
  func comesBack(now: String, seconds: Int?, quiet: [String], expected: String) throws {
    let files = try Self.files(shown: now, quiet: quiet)
    let desktop = FakeDesktop()
    let snooze = ReminderSnooze(workspace: files.workspace, desktop: desktop.desktop)
    let at = FakeClock.parse(now)
    let snoozed = try snooze.snooze(nil, for: seconds, now: at)
    #expect(snoozed.original == Self.recall)
    #expect(snoozed.returning == .snoozed(Self.recall, n: 1))
    #expect(snoozed.until == at.addingTimeInterval(TimeInterval(seconds ?? 600)))
    #expect(snoozed.comesBackAt == FakeClock.parse(expected))
    #expect(desktop.connection.sender.closed == [5])
    let entry = try files.workspace.ledgerStore.load().entries[Self.recall]
    #expect(entry?.snoozes == 1 && entry?.snoozedUntil == snoozed.until)
  }

  /// Once: snoozed again, the new return takes the place of the first, and only it is planned.
  @Test func comesBackOnce() throws {
    let files = try Self.files(shown: "2026-11-21T09:00:00+09:00")
    let desktop = FakeDesktop()
    let snooze = ReminderSnooze(workspace: files.workspace, desktop: desktop.desktop)
    let first = try snooze.snooze(nil, for: 600, now: FakeClock.parse("2026-11-21T09:01:00+09:00"))
    let second = try snooze.snooze(
      first.returning.description, for: 1800, now: FakeClock.parse("2026-11-21T09:02:00+09:00"))
    #expect(second.original == first.returning)
    #expect(second.returning == .snoozed(Self.recall, n: 2))
    #expect(second.comesBackAt == FakeClock.parse("2026-11-21T09:32:00+09:00"))
    let planner = Planner(schedule: .standard, clock: files.dayClock, words: Language.en.words)
    let plan = planner.plan(
      try files.workspace.planSources(writeCache: false, now: FakeClock.parse("2026-11-21T09:02:00+09:00"))
        .input,
      ledger: try files.workspace.ledgerStore.load(), now: FakeClock.parse("2026-11-21T09:02:00+09:00"),
      days: 8)
    #expect(plan.filter { $0.reason == .snoozed }.map(\.id) == [second.returning])
  }

  /// Without an id, the pop-up shown (or replaced) last; a pop-up no longer on screen is not
  /// closed again.
  @Test func fromTheLastPopup() throws {
    let files = try Self.files(shown: "2026-11-21T09:00:00+09:00")
    try files.save(
      Deck(recalls: [
        RecallItem(id: "r1", topic: "a", dueAt: FakeClock.parse("2026-11-21T09:00:00+09:00")),
        RecallItem(id: "r2", topic: "b", dueAt: FakeClock.parse("2026-11-21T10:00:00+09:00")),
      ]))
    try Self.record(
      DeliveryLedger.Entry(
        reminderID: .recall(firstItem: "r2"), deliveredAt: FakeClock.parse("2026-11-21T10:00:00+09:00"),
        channel: .popup, notificationID: 6, recallItemIDs: ["r2"], title: "Recall", onScreen: false),
      in: files)
    let desktop = FakeDesktop()
    let snoozed = try ReminderSnooze(workspace: files.workspace, desktop: desktop.desktop)
      .snooze(nil, for: 600, now: FakeClock.parse("2026-11-21T10:01:00+09:00"))
    #expect(snoozed.original == .recall(firstItem: "r2"))
    #expect(desktop.connection.sender.closed.isEmpty)
    #expect(desktop.connects == 0)
  }

  /// A daily reminder comes back only while cards are due: with none, it is not planned.
  @Test func aDailyWithNothingDueIsNotPlanned() throws {
    let files = try TestWorkspace()
    let day = Day(iso: "2026-11-21")!
    try Self.record(
      DeliveryLedger.Entry(
        reminderID: .daily(day), deliveredAt: FakeClock.parse("2026-11-21T08:00:00+09:00"), channel: .popup,
        notificationID: 3, recallItemIDs: [], title: "Daily"), in: files)
    let snoozed = try ReminderSnooze(workspace: files.workspace, desktop: FakeDesktop().desktop)
      .snooze("daily:2026-11-21", for: 600, now: FakeClock.parse("2026-11-21T09:00:00+09:00"))
    #expect(snoozed.returning == .snoozed(.daily(day), n: 1))
    #expect(snoozed.comesBackAt == nil)
  }

  @Test func refusals() throws {
    let files = try TestWorkspace()
    let snooze = ReminderSnooze(workspace: files.workspace, desktop: FakeDesktop().desktop)
    let now = FakeClock.parse("2026-11-21T09:00:00+09:00")
    #expect(throws: SnoozeError.nothingShown) { try snooze.snooze(nil, for: nil, now: now) }
    #expect(throws: SnoozeError.notDelivered(id: "recall:zz", ledgerPath: files.workspace.paths.ledger)) {
      try snooze.snooze("recall:zz", for: nil, now: now)
    }
    let focus = ReminderID.focus(session: "s1", phase: 1)
    try Self.record(
      DeliveryLedger.Entry(
        reminderID: focus, deliveredAt: now, channel: .popup, notificationID: 3, recallItemIDs: [],
        title: "Focus"), in: files)
    #expect(throws: SnoozeError.cannotSnooze(focus)) {
      try snooze.snooze(focus.description, for: nil, now: now)
    }
    #expect(throws: SnoozeError.nothingShown) { try snooze.snooze(nil, for: nil, now: now) }
    #expect(try files.workspace.ledgerStore.load().entries[focus]?.snoozes == 0)
  }
}
