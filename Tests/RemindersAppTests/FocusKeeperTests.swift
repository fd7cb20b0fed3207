import Foundation
import RemindersCore
import RemindersStore
import RemindersTestSupport
import Testing

@testable import RemindersApp

/// Start, stop and pause of the focus session in `<state>/focus.json`, and which phases count
/// as study time (docs/focus-and-stats.md#the-focus-timer-reminders-focus).
@Suite struct FocusKeeperTests {
  static let settings = FocusSettings(
    focus: 1500, shortBreak: 300, longBreak: 900, longEvery: 4, cycles: 2, holdReminders: true)
  static let nine = FakeClock.parse("2026-11-21T09:00:00+09:00")

  static func keeper(_ files: TestWorkspace) -> FocusKeeper {
    FocusKeeper(workspace: files.workspace, newID: { "s1" })
  }

  /// A start writes the session with the focus minutes the log already holds for today; a
  /// second start while it runs is refused, one after it is over replaces it.
  @Test func start() throws {
    let files = try TestWorkspace()
    try files.workspace.deckStore.update(clock: files.dayClock) {
      FocusLog.append(
        [
          FocusLogEntry(
            start: FakeClock.parse("2026-11-21T07:00:00+09:00"), minutes: 25, task: nil, completed: true),
          FocusLogEntry(
            start: FakeClock.parse("2026-11-20T07:00:00+09:00"), minutes: 40, task: nil, completed: true),
        ], to: &$0, clock: files.dayClock)
    }
    let keeper = Self.keeper(files)
    let stored = try keeper.start(settings: Self.settings, task: "", now: Self.nine)
    #expect(stored.session.id == "s1")
    #expect(stored.session.task == nil)
    #expect(stored.earlierMinutes == 25)
    #expect(stored.earlierDay == Day(iso: "2026-11-21")!)
    #expect(try keeper.store.load() == stored)

    #expect(throws: AppError.focusRunning) {
      try keeper.start(settings: Self.settings, task: nil, now: Self.nine.addingTimeInterval(600))
    }
    // Two cycles: 25 + 5 + 25 minutes, then it is over.
    let later = try keeper.start(
      settings: Self.settings, task: "kanji", now: Self.nine.addingTimeInterval(3300))
    #expect(later.session.start == Self.nine.addingTimeInterval(3300))
    #expect(later.session.task == "kanji")
  }

  /// Pause stops the clock and resume starts it; stop ends a pause that lasts; with no session
  /// running, stop and pause do nothing.
  @Test func pauseAndStop() throws {
    let files = try TestWorkspace()
    let keeper = Self.keeper(files)
    #expect(try keeper.stop(now: Self.nine) == nil)
    #expect(try keeper.togglePause(id: "s1", now: Self.nine) == false)
    _ = try keeper.start(settings: Self.settings, task: nil, now: Self.nine)

    let ten = Self.nine.addingTimeInterval(600)
    #expect(try keeper.togglePause(id: "other", now: ten) == false)
    #expect(try keeper.togglePause(id: "s1", now: ten) == true)
    #expect(try keeper.store.load()?.session.status(at: ten.addingTimeInterval(60)).paused == true)
    #expect(try keeper.togglePause(id: "s1", now: ten.addingTimeInterval(120)) == false)
    #expect(
      try keeper.store.load()?.session.pauses == [FocusPause(start: ten, end: ten.addingTimeInterval(120))])
    // 10 minutes ran, 2 paused: 15 minutes of the first phase are left.
    let status = try #require(try keeper.store.load()).session.status(at: ten.addingTimeInterval(120))
    #expect(status.timeLeft == 900)

    #expect(try keeper.togglePause(id: "s1", now: ten.addingTimeInterval(300)) == true)
    let stopped = try #require(try keeper.stop(now: ten.addingTimeInterval(400)))
    #expect(stopped.session.stoppedAt == ten.addingTimeInterval(400))
    #expect(stopped.session.pauses.last?.end == ten.addingTimeInterval(400))
    #expect(try keeper.stop(now: ten.addingTimeInterval(500)) == nil)
  }

  /// A phase that ran at least a minute counts as study when its end was said (its pop-up is
  /// in the ledger) or it was stopped; one that ended unseen does not; a logged one not again.
  @Test(arguments: [
    (3300.0, false, [Int](), [Int]()), (3300, true, [], [1]), (3300, true, [1], []),
    (1530, false, [], []),  // stopped 30 s into the break: phase 1 ended unseen
    (600, false, [], [1]),  // stopped 10 minutes into phase 1
    (30, false, [], []),  // stopped before a minute ran
  ])
  func studied(at seconds: TimeInterval, said: Bool, logged: [Int], expected: [Int]) throws {
    var session = FocusSession(id: "s1", start: Self.nine, settings: Self.settings)
    if seconds != 3300 { session.stoppedAt = Self.nine.addingTimeInterval(seconds) }
    let stored = StoredFocus(
      session: session, earlierMinutes: 0, earlierDay: Day(iso: "2026-11-21")!, logged: logged)
    var ledger = DeliveryLedger()
    if said {
      ledger.record(
        DeliveryLedger.Entry(
          reminderID: .focus(session: "s1", phase: 1), deliveredAt: Self.nine.addingTimeInterval(1500),
          channel: .popup, notificationID: 1, recallItemIDs: [], title: "Focus done"))
    }
    let phases = FocusKeeper.studied(stored, ledger: ledger, at: Self.nine.addingTimeInterval(seconds))
    #expect(phases.map(\.number) == expected)
  }

  /// The log gets the phases that count, once, and the session notes them.
  @Test func settleLog() throws {
    let files = try TestWorkspace()
    let keeper = Self.keeper(files)
    _ = try keeper.start(settings: Self.settings, task: "kanji", now: Self.nine)
    let stop = Self.nine.addingTimeInterval(600)
    _ = try keeper.stop(now: stop)
    try keeper.settleLog(now: stop)
    try keeper.settleLog(now: stop)
    let log = FocusLog.entries(in: try files.workspace.deckStore.load())
    #expect(log == [FocusLogEntry(start: Self.nine, minutes: 10, task: "kanji", completed: false)])
    #expect(try keeper.store.load()?.logged == [1])
    #expect(keeper.minutesToday(try #require(try keeper.store.load()).session, earlier: nil, at: stop) == 10)
  }

  /// A focus file that does not parse is put aside (and said so); start then goes on.
  @Test func corruptFileIsSetAside() throws {
    let files = try TestWorkspace()
    let keeper = Self.keeper(files)
    try FileManager.default.createDirectory(
      atPath: files.workspace.paths.stateDir, withIntermediateDirectories: true)
    try Data("{\"version\": 1,".utf8).write(to: URL(fileURLWithPath: keeper.store.path))
    _ = try keeper.start(settings: Self.settings, task: nil, now: Self.nine)
    #expect(FileManager.default.fileExists(atPath: keeper.store.path + ".bad"))
    guard case .focusSetAside(_, let aside)? = files.notices.first else {
      Issue.record("expected a notice, got \(files.notices)")
      return
    }
    #expect(aside == keeper.store.path + ".bad")
  }

  /// Focus minutes today: the log's minutes of today when the session started, plus its own
  /// phases today (a session started yesterday brings no minutes of yesterday).
  @Test(arguments: [
    ("2026-11-21", 30, 3300.0, 80), ("2026-11-20", 30, 3300, 50), ("2026-11-21", 0, 1000, 0),
  ])
  func minutesToday(earlierDay: String, earlierMinutes: Int, at seconds: TimeInterval, expected: Int) throws {
    let files = try TestWorkspace()
    let session = FocusSession(id: "s1", start: Self.nine, settings: Self.settings)
    let earlier = StoredFocus(
      session: session, earlierMinutes: earlierMinutes, earlierDay: Day(iso: earlierDay)!)
    let minutes = Self.keeper(files).minutesToday(
      session, earlier: earlier, at: Self.nine.addingTimeInterval(seconds))
    #expect(minutes == expected)
  }
}
