import Foundation
import RemindersCore

/// Fixed instants and zones for table-driven tests.
enum Fixture {
  static let tokyo = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)
  static let newYork = DayClock(zone: TimeZone(identifier: "America/New_York")!)
  static let utc = DayClock(zone: TimeZone(identifier: "UTC")!)
  static let losAngeles = DayClock(zone: TimeZone(identifier: "America/Los_Angeles")!)

  static func clock(_ name: String) -> DayClock { DayClock(zone: TimeZone(identifier: name)!) }

  /// An instant from RFC 3339 text (test input, so a bad literal is a test bug).
  static func t(_ text: String) -> Date {
    guard let date = Timestamp.parse(text) else { fatalError("bad test timestamp \(text)") }
    return date
  }

  static func day(_ text: String) -> Day { Day(iso: text)! }

  static func wall(_ text: String) -> WallTime { WallTime(text)! }

  static func card(_ id: String, due: String, collection: String? = nil, step: Int = 0) -> Card {
    Card(
      id: id, front: "front \(id)", back: "back \(id)", collection: collection, stepIndex: step,
      nextReviewDate: day(due), createdAt: t("2026-01-01T00:00:00Z"))
  }

  static func schedule(
    daily: String = "08:00", window: (String, String) = ("08:00", "18:00"), quiet: [String] = [],
    coalesce: Int = 600, afterWrong: Int? = 10800
  ) -> Schedule {
    Schedule(
      dailyTime: wall(daily), windowStart: wall(window.0), windowEnd: wall(window.1),
      quietHours: quiet.map { QuietRange($0)! }, recallCoalesce: coalesce, recallAfterWrong: afterWrong)
  }

  static func planner(_ schedule: Schedule, _ clock: DayClock, _ language: Language = .en) -> Planner {
    Planner(schedule: schedule, clock: clock, words: (language).words)
  }

  static func input(cards: [Card] = [], recalls: [RecallItem] = [], answerDays: [String] = []) -> PlanInput {
    PlanInput(
      dueIndex: DueIndex(cards: cards), streak: Streak(answerDays: Set(answerDays.map { day($0).number })),
      recalls: recalls)
  }

  static func format(_ date: Date?, _ clock: DayClock) -> String? {
    date.map { Timestamp.format($0, in: clock) }
  }
}
