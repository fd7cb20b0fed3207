import CLITestSupport
import Foundation
import Testing

/// `reminders status`: the home screen, from the files alone.
@Suite struct StatusTests {
  @Test func theHomeScreenInBothLanguages() throws {
    let bin = try Binary.withFixture()
    let before = bin.snapshot()
    let en = try bin.run("status", "--now", "2026-11-21T06:00:00+09:00")
    #expect(en.status == 0 && en.stderr == "")
    #expect(
      en.stdout == """
        Due today: 2 cards (JLPT: 1, TOEIC: 1)
        Streak: 2 days
        Recall items: 0 waiting now, 2 later
        Focus today: 0 min
        Next reminder: 2026-11-21 Sat 08:00 — Today's reviews: 2 cards
        Alarms today: none

        """)
    // At 12:30, in the quiet hours (12:00-13:00), the missed daily comes at 13:00.
    let ja = try bin.run("status", "--lang", "ja", "--now", "2026-11-21T12:30:00+09:00")
    #expect(
      ja.stdout == """
        今日の復習: 2枚（JLPT 1枚、TOEIC 1枚）
        連続記録: 2日
        思い出す項目: いま 2件、このあと 0件
        今日の集中: 0分
        次のリマインダー: 2026-11-21 (土) 13:00 今日の復習 2枚
        今日のアラーム: なし

        """)
    // Files only: nothing written, no bus needed (this home points at a bus that does not exist).
    #expect(bin.snapshot() == before)
  }

  /// The next reminder is what `preview` lists first, and the JSON has the same figures.
  @Test func jsonAgreesWithPreview() throws {
    let bin = try Binary.withFixture()
    let now = "2026-11-21T12:05:00+09:00"
    let status = try #require(try json(bin.run("status", "--json", "--now", now).stdout) as? [String: Any])
    #expect(status["dueToday"] as? Int == 2)
    #expect(status["collections"] as? [String: Int] == ["JLPT": 1, "TOEIC": 1])
    #expect(status["streak"] as? Int == 2)
    #expect(status["recallsWaiting"] as? Int == 0 && status["recallsLater"] as? Int == 2)
    let preview = try #require(
      try json(bin.run("preview", "--json", "--now", now).stdout) as? [String: Any])
    let first = try #require((preview["reminders"] as? [[String: Any]])?.first)
    let next = try #require(status["nextReminder"] as? [String: Any])
    #expect(next["id"] as? String == first["id"] as? String)
    #expect(next["fireAt"] as? String == first["fireAt"] as? String)
    #expect(next["title"] as? String == first["title"] as? String)
  }

  /// Focus minutes today: the session's phases today (a phase that ran at least a minute), plus
  /// what the log held for today when it started.
  @Test func focusMinutesToday() throws {
    let bin = try Binary.withFixture()
    #expect(
      try bin.run("focus", "--detach", "--cycles", "2", "--now", "2026-11-21T07:00:00+09:00").status == 0)
    let during = try #require(
      try json(bin.run("status", "--json", "--now", "2026-11-21T07:10:00+09:00").stdout) as? [String: Any])
    #expect(during["focusMinutesToday"] as? Int == 0)
    let after = try bin.run("status", "--now", "2026-11-21T08:00:00+09:00")
    #expect(after.stdout.contains("Focus today: 50 min\n"), "\(after.stdout)")
    let nextDay = try #require(
      try json(bin.run("status", "--json", "--now", "2026-11-22T08:00:00+09:00").stdout) as? [String: Any])
    #expect(nextDay["focusMinutesToday"] as? Int == 0)
  }

  @Test func anEmptyDeckHasNothingNext() throws {
    var bin = try Binary()
    bin.use(nil)
    let result = try bin.run("status", "--now", "2026-11-21T06:00:00Z")
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("Due today: 0 cards\nStreak: 0 days\n"))
    #expect(
      result.stdout.contains(
        "Next reminder: none in the next 14 days\nAlarms today: none\n\nNothing to study yet. To begin:\n"))
  }
}
