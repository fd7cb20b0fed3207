import CLITestSupport
import Foundation
import Testing

/// The right number (docs/scheduling.md): after importing a word list of 310 cards, every reader
/// of the day's cards — the daily pop-up and its body, `preview`, `export`, `status`,
/// `cards list --due`, `review` and `stats`' forecast — counts 20 new cards a day, by one rule.
@Suite struct NewCardsCommandTests {
  static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("samples/words.tsv").path

  /// A home with the sample list imported the evening before, in Tokyo.
  static func imported(config extra: String = "") throws -> Binary {
    let bin = try Binary()
    try bin.writeConfig(tokyoConfig + extra)
    let result = try bin.run("cards", "import", sample, "--now", "2026-11-20T21:00:00+09:00")
    #expect(result.status == 0, "\(result.stderr)")
    return bin
  }

  static let morning = "2026-11-21T07:00:00+09:00"

  @Test func everyReaderCountsTwentyNew() throws {
    let bin = try Self.imported()
    let preview = try bin.run("preview", "--json", "--days", "2", "--now", Self.morning)
    #expect(preview.status == 0, "\(preview.stderr)")
    let reminders = try #require(
      (try json(preview.stdout) as? [String: Any])?["reminders"] as? [[String: Any]])
    let daily = reminders.filter { $0["kind"] as? String == "daily-review" }
    #expect(daily.map { $0["dueCount"] as? Int } == [20, 20])
    #expect(daily.first?["title"] as? String == "Today's reviews: 20 cards")
    #expect((daily.first?["body"] as? String)?.hasPrefix("20 new.") == true)
    let ja = try bin.run("preview", "--days", "1", "--now", Self.morning, "--lang", "ja")
    #expect(ja.stdout.contains("今日の復習 20枚") && ja.stdout.contains("うち新規 20枚"), "\(ja.stdout)")

    let status = try #require(
      try json(bin.run("status", "--json", "--now", Self.morning).stdout) as? [String: Any])
    #expect(status["dueToday"] as? Int == 20)
    #expect(status["newToday"] as? Int == 20)

    let due = try #require(
      try json(bin.run("cards", "list", "--due", "--json", "--now", Self.morning).stdout) as? [[String: Any]])
    // The first 20 lines of the file, in its order.
    let lines = try String(contentsOfFile: Self.sample, encoding: .utf8).split(separator: "\n").dropFirst()
    let fronts = lines.prefix(20).map {
      String($0.split(separator: "\t", omittingEmptySubsequences: false)[1])
    }
    #expect(due.map { $0["front"] as? String ?? "" } == fronts)

    let stats = try #require(
      try json(bin.run("stats", "--json", "--now", Self.morning).stdout) as? [String: Any])
    let forecast = try #require(stats["forecast"] as? [[String: Any]])
    #expect(forecast.map { $0["due"] as? Int } == Array(repeating: 20, count: 7))

    let export = try bin.run("export", "--days", "2", "--output", "-", "--now", Self.morning)
    #expect(
      export.stdout.contains("SUMMARY;LANGUAGE=en:Today's reviews: 20 cards"), "\(export.stdout.prefix(600))")
  }

  /// Five new cards answered in a plain review: the pop-up then says 15, tomorrow 25 (the five
  /// answered due again, 20 new).
  @Test func answeredNewCardsUseUpTheDay() throws {
    let bin = try Self.imported()
    let session = try bin.run(
      ["review", "--plain", "--limit", "5", "--now", "2026-11-21T09:00:00+09:00"],
      input: String(repeating: "\ny\n", count: 5))
    #expect(session.status == 0, "\(session.stderr)")
    let status = try #require(
      try json(bin.run("status", "--json", "--now", "2026-11-21T10:00:00+09:00").stdout) as? [String: Any])
    #expect(status["dueToday"] as? Int == 15)
    let preview = try #require(
      try json(bin.run("preview", "--json", "--days", "2", "--now", "2026-11-21T10:00:00+09:00").stdout)
        as? [String: Any])
    let daily = (preview["reminders"] as? [[String: Any]] ?? []).filter {
      $0["kind"] as? String == "daily-review"
    }
    // Today's, not yet delivered (no `run` here), comes at once with 15; tomorrow's with 25.
    #expect(daily.map { $0["id"] as? String } == ["daily:2026-11-21", "daily:2026-11-22"])
    #expect(daily.map { $0["dueCount"] as? Int } == [15, 25])
    let again = try bin.run("cards", "list", "--due", "--json", "--now", "2026-11-21T10:00:00+09:00")
    #expect((try json(again.stdout) as? [[String: Any]])?.count == 15)
  }

  /// `study.new_per_day` and a collection's own limit; a bad value is refused with its key.
  @Test func limitsFromTheConfig() throws {
    let bin = try Self.imported(
      config: "\n[study]\nnew_per_day = 12\nnew_per_collection = { \"jlpt n5\" = 5 }\n")
    let status = try #require(
      try json(bin.run("status", "--json", "--now", Self.morning).stdout) as? [String: Any])
    #expect(status["dueToday"] as? Int == 12)
    let collections = try #require(status["collections"] as? [String: Int])
    #expect(collections["JLPT N5"] == 5)
    #expect(collections.values.reduce(0, +) == 12)

    try bin.writeConfig(tokyoConfig + "\n[study]\nnew_per_day = -1\n")
    let bad = try bin.run("status", "--now", Self.morning)
    #expect(bad.status == 65)
    #expect(bad.stderr.contains("study.new_per_day") && bad.stderr.hasPrefix("reminders: "), "\(bad.stderr)")
    try bin.writeConfig(tokyoConfig + "\n[study]\nnew_per_collection = { TOEIC = \"many\" }\n")
    let worse = try bin.run("status", "--now", Self.morning)
    #expect(worse.status == 65)
    #expect(worse.stderr.contains("study.new_per_collection.TOEIC"), "\(worse.stderr)")
  }
}
