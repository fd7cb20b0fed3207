import CLITestSupport
import Foundation
import Testing

/// docs/scheduling.md#from-the-ladder-to-fsrs through the real binary: ladder decks with a
/// history (Tests/fsrs/switch_decks.py), `study.scheduler = "fsrs"` set by hand in the config and
/// nothing written since. Every reader gives the day's count the reference FSRS (PyPI `fsrs`
/// 6.3.x, in the tests' virtual environment) gives for the replayed log — not the ladder's —
/// and the first write keeps it.
@Suite struct FSRSSwitchCountTests {
  static let now = "2026-11-21T06:00:00+09:00"
  static let config = "[time]\nzone = \"Asia/Tokyo\"\n[study]\nscheduler = \"fsrs\"\n"

  static func decks(seed: Int) throws -> [[String: Any]] {
    let output = NSTemporaryDirectory() + "switch-decks-\(UUID().uuidString).json"
    defer { try? FileManager.default.removeItem(atPath: output) }
    let made = try Programs.run(
      [try Programs.venvPython(), Programs.repository + "/Tests/fsrs/switch_decks.py", output, "\(seed)"])
    try #require(made.status == 0, "switch_decks.py: \(made.stderr)")
    let root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output)))
    return try #require((root as? [String: Any])?["decks"] as? [[String: Any]])
  }

  static func json(_ result: Binary.Result) throws -> Any {
    try #require(result.status == 0, "\(result.stderr)")
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
  }

  /// The day's count of every reader, by reader.
  static func counts(_ bin: Binary) throws -> [String: Int] {
    var counts: [String: Int] = [:]
    let status = try #require(try json(bin.run(["status", "--json", "--now", now])) as? [String: Any])
    counts["status"] = status["dueToday"] as? Int
    let preview = try #require(try json(bin.run(["preview", "--json", "--now", now])) as? [String: Any])
    let daily = (preview["reminders"] as? [[String: Any]] ?? []).first {
      $0["kind"] as? String == "daily-review"
    }
    counts["preview"] = daily?["dueCount"] as? Int
    let stats = try #require(try json(bin.run(["stats", "--json", "--now", now])) as? [String: Any])
    counts["stats"] = (stats["forecast"] as? [[String: Any]])?.first?["due"] as? Int
    counts["cards list --due"] =
      (try json(bin.run(["cards", "list", "--due", "--json", "--now", now])) as? [Any])?
      .count
    let review = try bin.run(["review", "--plain", "--now", now], input: "q\n")
    #expect(review.status == 0, "\(review.stderr)")
    // `[1/15] front …`: the session's size.
    counts["review"] = review.stdout.split(separator: "\n").first.flatMap { line in
      line.split(separator: "/").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) }
    }
    return counts
  }

  @Test(arguments: [7, 2026])
  func everyReaderCountsTheReplayedLog(seed: Int) throws {
    var differed = 0
    for (i, generated) in try Self.decks(seed: seed).enumerated() {
      let bin = try Binary()
      let deck = try JSONSerialization.data(withJSONObject: try #require(generated["deck"]))
      try bin.writeDeck(String(decoding: deck, as: UTF8.self))
      try bin.writeConfig(Self.config)
      let expected = try #require(generated["dueToday"] as? Int)
      let cards = try #require((generated["deck"] as? [String: Any])?["cards"] as? [[String: Any]])
      if cards.filter({ ($0["nextReviewDate"] as! String) <= "2026-11-21" }).count != expected {
        differed += 1
      }
      let before = try Self.counts(bin)
      #expect(before.count == 5, "deck \(i): \(before)")
      for (reader, count) in before {
        #expect(count == expected, "deck \(i), \(reader): \(count), the reference \(expected)")
      }
      // The first fold of the deck's journal (a card added, then removed, then the minute job)
      // stores the replayed states: the same numbers.
      let added = try bin.run(["cards", "add", "新しい", "new", "--now", Self.now])
      #expect(added.status == 0, "\(added.stderr)")
      let id = try #require(added.stdout.split(separator: "\n").first.map(String.init))
      #expect(try bin.run(["cards", "remove", id]).status == 0)
      #expect(try bin.run(["run", "--now", Self.now]).status == 0)
      #expect(!FileManager.default.fileExists(atPath: bin.deckPath + ".journal"))
      let stored = try #require(try bin.storedDeck()["cards"] as? [[String: Any]])
      #expect(stored.allSatisfy { $0["fsrs"] is [String: Any] }, "deck \(i): every answered card has a state")
      #expect(stored.filter { ($0["nextReviewDate"] as! String) <= "2026-11-21" }.count == expected)
      #expect(try Self.counts(bin) == before, "deck \(i)")
    }
    // The ladder's own fields would have given another number: the test tells the two apart.
    #expect(differed >= 3)
  }
}
