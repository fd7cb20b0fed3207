import CLITestSupport
import Foundation
import Testing

/// `reminders review`, one prompt a line, driven through standard input: a Tokyo deck on a Los
/// Angeles machine.
@Suite struct ReviewTests {
  let card1 = "11111111-0000-4000-8000-000000000001"
  let card2 = "11111111-0000-4000-8000-000000000002"
  let la = ["TZ": "America/Los_Angeles"]

  /// The deck with the session's journal applied (`run` folds it into deck.json once no session
  /// runs).
  func deck(_ bin: Binary) throws -> [String: Any] { try bin.storedDeck() }

  func cards(_ bin: Binary) throws -> [String: [String: Any]] {
    let list = try #require(try deck(bin)["cards"] as? [[String: Any]])
    return Dictionary(uniqueKeysWithValues: list.map { ($0["id"] as! String, $0) })
  }

  func recalls(_ bin: Binary) throws -> [[String: Any]] { try deck(bin)["recalls"] as? [[String: Any]] ?? [] }

  /// A forgotten card's recall item shows the card's answer on Enter, in both languages; an item
  /// of no card keeps its prompt (Enter lists the keys).
  @Test(arguments: ["en", "ja"])
  func aForgottenCardsRecallShowsItsAnswer(lang: String) throws {
    let bin = try Binary()
    try bin.writeDeck(
      fixtureDeck.replacingOccurrences(
        of: "{\"id\": \"r-1\", \"topic\": \"〜てしまう\",",
        with: "{\"id\": \"r-1\", \"topic\": \"食べる\", \"cardId\": \"\(card1)\","))
    let result = try bin.run(
      ["review", "--plain", "--recalls", "--lang", lang, "--now", "2026-11-21T13:00:00+09:00"],
      extraEnvironment: la, input: "\ny\n\n")
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let en = lang == "en"
    #expect(
      lines.first?.hasSuffix(en ? " (Enter: the card's answer)" : "（Enter: カードの答え）") == true, "\(lines)")
    #expect(
      lines.contains(
        en
          ? "Answer: to eat — Did you recall it? y: yes, n: no, s: skip, q: quit"
          : "答え: to eat — 思い出せましたか？ y: はい、n: いいえ、s: スキップ、q: 終了"), "\(lines)")
    // は vs が has no card: no hint, and Enter lists the keys.
    #expect(lines.contains { $0.contains("は vs が") && !$0.contains("Enter") && !$0.contains("答え") })
  }

  /// As soon as a session ends, deck.json alone holds its answers (no timer needed): the journal
  /// is folded in and gone.
  @Test func theDeckFileHoldsTheAnswersWhenTheSessionEnds() throws {
    let bin = try Binary.withFixture()
    let result = try bin.run(
      ["review", "--plain", "--limit", "1", "--now", "2026-11-21T13:00"], extraEnvironment: la, input: "\ny\n"
    )
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: bin.deckPath + ".journal"))
    let raw = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: bin.deckPath)))
        as? [String: Any])
    let log = try #require(raw["reviewLog"] as? [[String: Any]])
    #expect(log.count == 3, "\(log)")
  }

  /// "Tomorrow" counts the cards due on or before tomorrow: what will be waiting if nothing more is
  /// studied today.
  ///
  /// Cards most overdue first, then the recall items due; the ladder, the log, the recall item a
  /// wrong answer adds, the recall items answered, and the summary.
  @Test func aWholeSession() throws {
    let bin = try Binary.withFixture()
    let result = try bin.run(
      ["review", "--now", "2026-11-21T13:00:00+09:00"], extraEnvironment: la, input: "\ny\n\nn\ny\nn\n")
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "[1/4 · JLPT] 食べる — Enter: show the answer, s: skip, q: quit")
    #expect(lines.contains("Answer: to eat — y: remembered, n: forgot, s: skip, u: undo, q: quit"))
    #expect(lines.contains("→ remembered. Step 2, next review 2026-11-23"))
    #expect(lines.contains("[2/4 · TOEIC] invoice — Enter: show the answer, s: skip, q: quit"))
    #expect(lines.contains("→ forgot. Step 0, next review 2026-11-22"))
    #expect(lines.contains("It comes back in this session."))
    // The forgotten card comes back at the end (docs/commands.md#relearning-in-the-session): one
    // more prompt in the count.
    #expect(lines.contains("[3/5 · recall] 〜てしまう — Did you recall it? y: yes, n: no, s: skip, q: quit"))
    #expect(lines.contains("→ Done; it will not be reminded again."))
    #expect(lines.contains("→ Asked again in 3h."))
    #expect(
      lines.last
        == "Done: 2 cards answered (1 remembered, 1 forgot). Recall items done: 1. Streak: 3 days. 2 cards tomorrow."
    )
    let after = try cards(bin)
    #expect(
      after[card1]?["stepIndex"] as? Int == 2 && after[card1]?["nextReviewDate"] as? String == "2026-11-23")
    #expect(
      after[card2]?["stepIndex"] as? Int == 0 && after[card2]?["nextReviewDate"] as? String == "2026-11-22")
    let items = try recalls(bin)
    #expect(items.first { $0["id"] as? String == "r-1" }?["doneAt"] as? String == "2026-11-21T13:00:00+09:00")
    #expect(items.first { $0["id"] as? String == "r-2" }?["dueAt"] as? String == "2026-11-21T16:00:00+09:00")
    let added = try #require(items.first { $0["cardId"] as? String == card2 })
    #expect(
      added["topic"] as? String == "invoice" && added["dueAt"] as? String == "2026-11-21T16:00:00+09:00")
    #expect((try deck(bin)["reviewLog"] as? [Any])?.count == 4)
  }

  /// Undo puts the card, its log entry and the recall item it added back exactly as they were,
  /// and shows the card again.
  @Test func undoRestoresEverything() throws {
    let bin = try Binary.withFixture()
    // A first, empty session writes nothing: the deck is as the fixture wrote it.
    _ = try bin.run(["review", "--now", "2026-11-21T09:00:00+09:00"], extraEnvironment: la, input: "q\n")
    let before = try deck(bin)
    _ = try bin.run(["cards", "list"], extraEnvironment: la)
    let result = try bin.run(
      ["review", "--now", "2026-11-21T09:00:00+09:00"], extraEnvironment: la, input: "\nn\nu\nq\n")
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("Undone: 食べる"))
    #expect(lines.filter { $0.hasPrefix("[1/2 · JLPT] 食べる") }.count == 2)
    #expect(lines.last?.hasPrefix("Done: 0 cards answered (0 remembered, 0 forgot).") == true)
    let after = try deck(bin)
    #expect(
      NSDictionary(dictionary: after["cards"].map { ["c": $0] } ?? [:])
        == NSDictionary(dictionary: before["cards"].map { ["c": $0] } ?? [:]))
    #expect((after["reviewLog"] as? [Any])?.count == (before["reviewLog"] as? [Any])?.count)
    #expect((after["recalls"] as? [Any])?.count == 2)
  }

  /// Skip leaves a card due; quit ends at once; the end of input ends the session like q.
  @Test func skipAndQuit() throws {
    let bin = try Binary.withFixture()
    let result = try bin.run(
      ["review", "--now", "2026-11-21T09:00:00+09:00"], extraEnvironment: la, input: "s\n\ny\n")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.last
        == "Done: 1 card answered (1 remembered, 0 forgot). Recall items done: 0. Streak: 3 days. 3 cards tomorrow."
    )
    let after = try cards(bin)
    #expect(after[card1]?["nextReviewDate"] as? String == "2026-11-20")
    #expect(after[card2]?["stepIndex"] as? Int == 1)
    let quit = try bin.run(
      ["review", "--now", "2026-11-21T09:00:00+09:00"], extraEnvironment: la, input: "q\n")
    #expect(quit.stdout.split(separator: "\n").count == 2)
  }

  /// --collection, --limit, suspended cards, and nothing due.
  @Test func choosingWhatToStudy() throws {
    let bin = try Binary.withFixture()
    let toeic = try bin.run(
      ["review", "--collection", "TOEIC", "--now", "2026-11-21T13:00:00+09:00"], extraEnvironment: la,
      input: "q\n")
    #expect(toeic.stdout.hasPrefix("[1/1 · TOEIC] invoice"))
    let one = try bin.run(
      ["review", "--limit", "1", "--now", "2026-11-21T09:00:00+09:00"], extraEnvironment: la, input: "q\n")
    #expect(one.stdout.hasPrefix("[1/1 · JLPT] 食べる"))
    var text = try String(contentsOfFile: bin.deckPath, encoding: .utf8)
    text = text.replacingOccurrences(
      of: "\"collection\": \"JLPT\", \"tags\": [], \"stepIndex\": 1",
      with: "\"collection\": \"JLPT\", \"suspended\": true, \"tags\": [], \"stepIndex\": 1")
    try text.write(toFile: bin.deckPath, atomically: true, encoding: .utf8)
    let suspended = try bin.run(
      ["review", "--now", "2026-11-21T09:00:00+09:00"], extraEnvironment: la, input: "q\n")
    #expect(suspended.stdout.hasPrefix("[1/1 · TOEIC] invoice"))
    let nothing = try bin.run(
      ["review", "--collection", "JLPT", "--now", "2026-11-21T09:00:00+09:00"], extraEnvironment: la)
    #expect(nothing.status == 0)
    #expect(nothing.stdout == "Nothing to review now. Next: 1 card on 2026-11-22.\n")
  }

  @Test func inJapanese() throws {
    let bin = try Binary.withFixture()
    let result = try bin.run(
      ["review", "--lang", "ja", "--limit", "1", "--now", "2026-11-21T09:00:00+09:00"], extraEnvironment: la,
      input: "?\n\ny\n")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines[0] == "[1/1 · JLPT] 食べる — Enter: 答えを見る、s: スキップ、q: 終了")
    #expect(lines[1].hasPrefix("キー: Enter で答えを表示"))
    #expect(lines.contains("答え: to eat — y: 覚えていた、n: 忘れた、s: スキップ、u: 取り消し、q: 終了"))
    #expect(lines.last == "おしまい: 1枚に答えました（覚えていた 1、忘れた 0）。思い出した項目 0件。連続記録 3日。明日 2枚。")
  }
}
