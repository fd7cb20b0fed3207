import Foundation
import RemindersCore
import RemindersStore
import RemindersTestSupport
import Testing

@testable import RemindersApp

/// What `status` counts (docs/commands.md#reminders-status), from files in a temporary folder and a
/// fake preview.
@Suite struct HomeScreenTests {
  static let now = FakeClock.parse("2026-11-21T09:00:00+09:00")

  static func card(_ id: String, due: String, collection: String? = nil, suspended: Bool = false) -> Card {
    Card(
      id: id, front: id, back: id, collection: collection, stepIndex: 1, nextReviewDate: Day(iso: due)!,
      createdAt: FakeClock.parse("2026-11-01T09:00:00+09:00"), suspended: suspended)
  }

  @Test func counts() throws {
    let files = try TestWorkspace()
    let deck = Deck(
      cards: [
        Self.card("a", due: "2026-11-20", collection: "kanji"),
        Self.card("b", due: "2026-11-21", collection: "kanji"),
        Self.card("c", due: "2026-11-21"), Self.card("d", due: "2026-11-22"),
        Self.card("e", due: "2026-11-19", suspended: true),
      ],
      recalls: [
        RecallItem(id: "r1", topic: "r1", dueAt: Self.now.addingTimeInterval(-60)),
        RecallItem(id: "r2", topic: "r2", dueAt: Self.now.addingTimeInterval(3600)),
        RecallItem(id: "r3", topic: "r3", dueAt: Self.now.addingTimeInterval(-60), doneAt: Self.now),
      ],
      reviewLog: [
        ReviewEntry(cardID: "a", at: FakeClock.parse("2026-11-19T20:00:00+09:00"), correct: true),
        ReviewEntry(cardID: "a", at: FakeClock.parse("2026-11-20T20:00:00+09:00"), correct: false),
      ])
    try files.save(deck)
    // A focus session that started at 08:00 with 30 minutes logged earlier today: two
    // 25-minute phases have ended by 09:00.
    let session = FocusSession(id: "s1", start: Self.now.addingTimeInterval(-3600), settings: .standard)
    try files.workspace.focusStore.update(clock: files.dayClock) {
      $0 = StoredFocus(session: session, earlierMinutes: 30, earlierDay: Day(iso: "2026-11-21")!)
    }
    let next = Reminder(
      id: .daily(Day(iso: "2026-11-21")!), kind: .dailyReview, fireAt: Self.now.addingTimeInterval(600),
      title: "Today's reviews", body: "")
    var asked: (Date, Day)?
    let screen = try HomeScreen.read(files.workspace, now: Self.now) { _, _, now, until in
      asked = (now, until)
      return [next]
    }
    #expect(screen.collections == ["kanji": 2, "": 1])
    #expect(screen.dueCount == 3)
    #expect(screen.streak == 2)
    #expect((screen.recallsWaiting, screen.recallsLater) == (1, 1))
    #expect(screen.focusMinutesToday == 80)
    #expect(screen.next == next)
    #expect(asked?.0 == Self.now)
    #expect(asked?.1 == Day(iso: "2026-12-05")!)
    #expect(screen.alarmsToday.isEmpty)
    #expect(screen.anki == nil)
  }

  /// An empty home: no deck file, nothing to come.
  @Test func empty() throws {
    let files = try TestWorkspace(zone: "America/New_York")
    let screen = try HomeScreen.read(files.workspace, now: Self.now) { _, _, _, _ in [] }
    #expect(screen.dueCount == 0)
    #expect(screen.streak == 0)
    #expect(screen.focusMinutesToday == 0)
    #expect(screen.next == nil)
  }

  /// An alarm file that cannot be read leaves the alarms out, and says so.
  @Test func unreadableAlarmsAreSaid() throws {
    let files = try TestWorkspace()
    try FileManager.default.createDirectory(
      atPath: files.workspace.paths.dataHome + "/reminders", withIntermediateDirectories: true)
    try Data("{".utf8).write(to: URL(fileURLWithPath: files.workspace.paths.alarms))
    let screen = try HomeScreen.read(files.workspace, now: Self.now) { _, _, _, _ in [] }
    #expect(screen.alarmsToday.isEmpty)
    guard case .alarmsLeftOut? = files.notices.first else {
      Issue.record("expected a notice, got \(files.notices)")
      return
    }
  }
}
