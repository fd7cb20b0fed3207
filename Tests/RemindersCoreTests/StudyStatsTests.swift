import Foundation
import RemindersCore
import Testing

/// `reminders stats`: the study record of docs/focus-and-stats.md#the-study-record-reminders-stats,
/// from the log, the focus log and the cards.
@Suite struct StudyStatsTests {
  /// A record with answers on the given days (`count` each, all remembered) and nothing else.
  static func record(_ days: [(String, Int)], cards: [Card] = []) -> StudyRecord {
    var record = StudyRecord(dueIndex: DueIndex(cards: cards))
    for (day, count) in days {
      for _ in 0..<count { record.addAnswer(day: Fixture.day(day).number, correct: true) }
    }
    return record
  }

  static func stats(_ record: StudyRecord, now: String = "2026-11-21T12:00:00+09:00", weeks: Int = 26)
    -> StudyStats
  {
    StudyStats(record: record, now: Fixture.t(now), clock: Fixture.tokyo, weeks: weeks)
  }

  /// Streaks that break and resume: the current run ends today, or yesterday when nothing was
  /// answered yet today; the longest is the longest run there ever was.
  @Test(
    arguments: [
      // (answer days, today, current, longest, days studied)
      ([], "2026-11-21", 0, 0, 0),
      (["2026-11-21"], "2026-11-21", 1, 1, 1),
      (["2026-11-20"], "2026-11-21", 1, 1, 1),
      (["2026-11-19"], "2026-11-21", 0, 1, 1),
      (
        ["2026-11-10", "2026-11-11", "2026-11-12", "2026-11-13", "2026-11-20", "2026-11-21"], "2026-11-21", 2,
        4, 6
      ),
      (["2026-11-10", "2026-11-11", "2026-11-19", "2026-11-20"], "2026-11-21", 2, 2, 4),
      // Broken yesterday, resumed today.
      (["2026-11-17", "2026-11-18", "2026-11-19", "2026-11-21"], "2026-11-21", 1, 3, 4),
      // Across a month and a year.
      (["2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02", "2026-01-04"], "2026-01-05", 1, 4, 5),
      // An answer dated after today (a clock set back) does not make today's streak.
      (["2026-11-22"], "2026-11-21", 0, 1, 1),
    ] as [([String], String, Int, Int, Int)])
  func streaks(days: [String], today: String, current: Int, longest: Int, studied: Int) {
    let stats = Self.stats(Self.record(days.map { ($0, 1) }), now: today + "T20:00:00+09:00")
    #expect(stats.currentStreak == current)
    #expect(stats.longestStreak == longest)
    #expect(stats.daysStudied == studied)
  }

  /// An answer at 23:59 in Tokyo and one at 00:00 fall on two days, whatever zone the machine is
  /// in: the record is made with the day clock, never the machine's zone. In Los Angeles the same
  /// two instants fall on one day.
  @Test func theDayBoundaryIsTheDayZones() {
    let log = [
      ReviewEntry(cardID: "a", at: Fixture.t("2026-11-20T23:59:00+09:00"), correct: true),
      ReviewEntry(cardID: "a", at: Fixture.t("2026-11-21T00:00:00+09:00"), correct: false),
    ]
    let tokyo = StudyRecord(deck: Deck(reviewLog: log), focusLog: [], clock: Fixture.tokyo)
    #expect(tokyo.days[Fixture.day("2026-11-20").number] == DayTally(answered: 1, remembered: 1))
    #expect(tokyo.days[Fixture.day("2026-11-21").number] == DayTally(answered: 1, remembered: 0))
    let stats = StudyStats(
      record: tokyo, now: Fixture.t("2026-11-21T00:30:00+09:00"), clock: Fixture.tokyo, weeks: 1)
    #expect(stats.today == Fixture.day("2026-11-21"))
    #expect(stats.currentStreak == 2 && stats.daysStudied == 2)
    #expect(stats.days.last?.tally.answered == 1)

    let losAngeles = StudyRecord(deck: Deck(reviewLog: log), focusLog: [], clock: Fixture.losAngeles)
    #expect(losAngeles.days == [Fixture.day("2026-11-20").number: DayTally(answered: 2, remembered: 1)])
  }

  /// Focus minutes count on the day-zone day their phase started.
  @Test func focusMinutesTodayThisWeekAndAllTime() {
    // 2026-11-21 is a Saturday: this week runs from Monday 2026-11-16.
    let focus = [
      FocusEntry(start: Fixture.t("2026-11-21T09:00:00+09:00"), minutes: 25, task: "JLPT"),
      FocusEntry(start: Fixture.t("2026-11-21T09:30:00+09:00"), minutes: 25, completed: false),
      FocusEntry(start: Fixture.t("2026-11-16T00:00:00+09:00"), minutes: 50),
      // Sunday 23:59 in Tokyo: last week.
      FocusEntry(start: Fixture.t("2026-11-15T23:59:00+09:00"), minutes: 10),
      FocusEntry(start: Fixture.t("2026-01-05T10:00:00+09:00"), minutes: 100),
    ]
    let record = StudyRecord(deck: Deck(), focusLog: focus, clock: Fixture.tokyo)
    let stats = Self.stats(record)
    #expect(stats.focusToday == 50)
    #expect(stats.focusThisWeek == 100)
    #expect(stats.focusAllTime == 210)
    // Focus alone is not an answer: no day studied, no streak, level 0.
    #expect(stats.daysStudied == 0 && stats.currentStreak == 0)
    #expect(stats.days.last?.tally == DayTally(focusMinutes: 50))
    #expect(stats.days.last?.level == 0)
  }

  @Test func anEmptyHistory() {
    let stats = Self.stats(StudyRecord())
    #expect(stats.allTime == AnswerCount() && stats.recent == AnswerCount())
    #expect(stats.allTime.share == nil)
    #expect(stats.daysStudied == 0 && stats.currentStreak == 0 && stats.longestStreak == 0)
    #expect(stats.focusToday == 0 && stats.focusThisWeek == 0 && stats.focusAllTime == 0)
    #expect(stats.forecast.map(\.due) == [0, 0, 0, 0, 0, 0, 0])
    #expect(stats.forecast.map(\.day.description).first == "2026-11-21")
    #expect(stats.days.allSatisfy { $0.level == 0 && $0.tally == DayTally() })
    #expect(stats.scale.step == 1)
  }

  /// Levels split the busiest day of the heatmap into quarters, rounded up; level 4 is open.
  @Test(
    arguments: [
      // (busiest, answered → expected level)
      (0, [0: 0, 1: 1, 5: 4]),
      (1, [0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 9: 4]),
      (4, [1: 1, 2: 2, 3: 3, 4: 4]),
      (5, [1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3, 7: 4]),
      (34, [1: 1, 9: 1, 10: 2, 18: 2, 19: 3, 27: 3, 28: 4, 34: 4]),
      (100, [0: 0, 1: 1, 25: 1, 26: 2, 50: 2, 51: 3, 75: 3, 76: 4, 100: 4]),
    ] as [(Int, [Int: Int])])
  func levelThresholds(busiest: Int, expected: [Int: Int]) {
    let scale = LevelScale(busiest: busiest)
    for (answered, level) in expected { #expect(scale.level(answered) == level, "\(answered) cards") }
    // The ranges cover every count once, in order.
    #expect(scale.range(of: 0).lower == 0 && scale.range(of: 0).upper == 0)
    for level in 1..<LevelScale.levels {
      let range = scale.range(of: level)
      #expect(scale.level(range.lower) == level)
      if let upper = range.upper {
        #expect(scale.level(upper) == level && scale.level(upper + 1) == level + 1)
      } else {
        #expect(level == LevelScale.levels - 1)
      }
    }
  }

  @Test func levelsFollowTheBusiestDayShown() {
    // 40 cards long ago (outside 2 weeks) does not stretch the scale of a 2-week heatmap.
    let record = Self.record([("2026-01-05", 40), ("2026-11-20", 8), ("2026-11-21", 2)])
    let stats = Self.stats(record, weeks: 2)
    #expect(stats.scale.step == 2)
    #expect(stats.days.suffix(2).map(\.level) == [4, 1])
    #expect(stats.allTime == AnswerCount(answered: 50, remembered: 50))
  }

  /// N columns of Monday-to-Sunday weeks ending with this week; days after today are not shown.
  @Test(
    arguments: [
      // (now, weeks, first day, days shown)
      ("2026-11-21T12:00:00+09:00", 26, "2026-05-25", 25 * 7 + 6),  // a Saturday
      ("2026-11-23T00:00:00+09:00", 1, "2026-11-23", 1),  // a Monday
      ("2026-11-22T23:59:00+09:00", 2, "2026-11-09", 14),  // a Sunday
      ("2026-11-22T15:00:00Z", 1, "2026-11-23", 1),  // Monday 00:00 in Tokyo
    ])
  func weekColumns(now: String, weeks: Int, first: String, shown: Int) {
    let stats = Self.stats(StudyRecord(), now: now, weeks: weeks)
    #expect(stats.firstDay == Fixture.day(first))
    #expect(stats.firstDay.weekday == 1)
    #expect(stats.days.count == shown)
    #expect(stats.days.last?.day == stats.today)
    let todayRow = StudyStats.daysSinceWeekStart(stats.today)
    #expect(stats.day(row: todayRow, column: weeks - 1)?.day == stats.today)
    #expect(todayRow == 6 || stats.day(row: todayRow + 1, column: weeks - 1) == nil)
  }

  @Test func monthNamesAtTheFirstMondayOfEachMonth() {
    let stats = Self.stats(StudyRecord(), weeks: 26)
    // First column: Monday 2026-05-25 (May); June's first Monday is 2026-06-01 (column 1).
    #expect(stats.monthLabels.first == StudyStats.MonthLabel(column: 0, month: 5))
    #expect(stats.monthLabels.dropFirst().first == StudyStats.MonthLabel(column: 1, month: 6))
    #expect(stats.monthLabels.map(\.month) == [5, 6, 7, 8, 9, 10, 11])
    #expect(stats.monthLabels.last == StudyStats.MonthLabel(column: 23, month: 11))  // Monday 2026-11-02
  }

  @Test func answersAndTheShareRemembered() {
    var record = StudyRecord()
    // Today and 29 days back are "the last 30 days"; 30 days back is not.
    for (day, correct) in [
      ("2026-11-21", true), ("2026-11-21", false), ("2026-10-23", true), ("2026-10-22", true),
      ("2026-10-22", false), ("2025-01-01", false),
    ] {
      record.addAnswer(day: Fixture.day(day).number, correct: correct)
    }
    let stats = Self.stats(record)
    #expect(stats.allTime == AnswerCount(answered: 6, remembered: 3))
    #expect(stats.allTime.share == 0.5)
    #expect(stats.recent == AnswerCount(answered: 3, remembered: 2))
  }

  /// The forecast counts a card on each day from its next review date on (overdue cards stay
  /// due), as `preview` counts future days; suspended cards never.
  @Test func theForecastCountsAsPreviewDoes() {
    var suspended = Fixture.card("s", due: "2026-11-21")
    suspended.suspended = true
    let cards = [
      Fixture.card("a", due: "2026-11-01"), Fixture.card("b", due: "2026-11-21", collection: "JLPT"),
      Fixture.card("c", due: "2026-11-22"), Fixture.card("d", due: "2026-11-27", collection: "TOEIC"),
      Fixture.card("e", due: "2026-11-28"), suspended,
    ]
    let stats = Self.stats(Self.record([], cards: cards))
    #expect(stats.forecast.map(\.day.description) == (21...27).map { "2026-11-\($0)" })
    #expect(stats.forecast.map(\.due) == [2, 3, 3, 3, 3, 3, 4])
  }
}
