import CLITestSupport
import Foundation
import Testing

/// docs/planning.md#answers-that-do-not-move-the-schedule through the real binary: a card forgotten
/// in a plain session comes back in it and its later answers are logged as relearning;
/// `cards answer` to a card that is not due is logged as early and moves nothing. A Tokyo deck on a
/// Los Angeles machine.
@Suite struct RelearnTests {
  let eat = "11111111-0000-4000-8000-000000000001"
  let invoice = "11111111-0000-4000-8000-000000000002"
  let drink = "11111111-0000-4000-8000-000000000003"
  let la = ["TZ": "America/Los_Angeles"]

  func log(_ bin: Binary) throws -> [[String: Any]] {
    try #require(try bin.storedDeck()["reviewLog"] as? [[String: Any]])
  }

  func card(_ bin: Binary, _ id: String) throws -> [String: Any] {
    let cards = try #require(try bin.storedDeck()["cards"] as? [[String: Any]])
    return try #require(cards.first { $0["id"] as? String == id })
  }

  /// 食べる forgotten comes back after one other card (`relearn_after = 1`), forgotten again
  /// comes back at the end, then remembered; the count grows with each return; deck.json, which
  /// the session folds its journal into as it ends, holds `"relearn": true` for the two later
  /// answers.
  @Test func aForgottenCardComesBack() throws {
    let bin = try Binary.withFixture()
    try bin.writeConfig(tokyoConfig + "\n[review]\nrelearn_after = 1\n")
    let now = "2026-11-21T09:00:00+09:00"
    let result = try bin.run(
      ["review", "--plain", "--now", now], extraEnvironment: la, input: "\nn\n\ny\n\nn\n\ny\n")
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let fronts = lines.filter { $0.hasPrefix("[") }.map { $0.components(separatedBy: " — ")[0] }
    #expect(fronts == ["[1/2 · JLPT] 食べる", "[2/3 · TOEIC] invoice", "[3/3 · JLPT] 食べる", "[4/4 · JLPT] 食べる"])
    #expect(lines.contains("→ forgot. Step 0, next review 2026-11-22"))
    #expect(lines.filter { $0 == "It comes back in this session." }.count == 2)
    #expect(lines.contains("→ forgot (relearning; the schedule stays as it was)"))
    #expect(lines.contains("→ remembered (relearning; the schedule stays as it was)"))
    #expect(lines.last?.hasPrefix("Done: 2 cards answered (1 remembered, 1 forgot).") == true)

    // The session folded its answers into deck.json as it ended: no journal is left.
    #expect(!FileManager.default.fileExists(atPath: bin.deckPath + ".journal"))
    let eaten = try card(bin, eat)
    #expect(eaten["stepIndex"] as? Int == 0 && eaten["nextReviewDate"] as? String == "2026-11-22")
    #expect(eaten["lastReviewedAt"] as? String == now)
    // One recall item from the first wrong answer, completed by the correct relearning one.
    let recalls = try #require(try bin.storedDeck()["recalls"] as? [[String: Any]])
    let added = recalls.filter { $0["cardId"] as? String == eat }
    #expect(added.count == 1 && added.first?["doneAt"] as? String == now)

    #expect(try bin.run(["run", "--now", "2026-11-21T09:01:00+09:00"], extraEnvironment: la).status == 0)
    #expect(!FileManager.default.fileExists(atPath: bin.deckPath + ".journal"))
    let text = try String(contentsOfFile: bin.deckPath, encoding: .utf8)
    let entries = text.split(separator: "\n").filter {
      $0.contains("\"cardId\": \"\(eat)\"") && $0.contains("\"correct\"") && $0.contains(now)
    }
    #expect(entries.count == 3)
    #expect(entries.filter { $0.contains("\"relearn\": true") }.count == 2)
    #expect(entries.first?.contains("\"relearn\"") == false)
    #expect(!text.contains("\"early\""))
  }

  /// Undo of a wrong answer takes the return out again: the count is as before.
  @Test func undoTakesTheReturnOut() throws {
    let bin = try Binary.withFixture()
    let result = try bin.run(
      ["review", "--plain", "--now", "2026-11-21T09:00:00+09:00"], extraEnvironment: la,
      input: "\nn\nu\n\ny\n\ny\n")
    #expect(result.status == 0, "\(result.stderr)")
    let fronts = result.stdout.split(separator: "\n").filter { $0.hasPrefix("[") }
      .map { $0.components(separatedBy: " — ")[0] }
    #expect(
      fronts == ["[1/2 · JLPT] 食べる", "[2/3 · TOEIC] invoice", "[1/2 · JLPT] 食べる", "[2/2 · TOEIC] invoice"])
    #expect(try log(bin).count == 4)
    #expect(try log(bin).allSatisfy { $0["relearn"] == nil })
  }

  /// `cards answer` twice on one day (the day zone's, Tokyo, on a Los Angeles machine): the
  /// second is early and moves nothing, in both languages; at 00:00 in Tokyo the next day begins
  /// and the card, due then, moves again. A card due on a later day is not due either.
  @Test func answersOutsideASessionThatAreNotDue() throws {
    let bin = try Binary.withFixture()
    let moved = try bin.run(
      ["cards", "answer", invoice, "correct", "--now", "2026-11-21T09:00:00+09:00"], extraEnvironment: la)
    #expect(moved.status == 0, "\(moved.stderr)")
    #expect(moved.stdout.contains("Next review: 2026-11-22 (step 1)"))
    let before = try card(bin, invoice)

    let early = try bin.run(
      ["cards", "answer", invoice, "wrong", "--now", "2026-11-21T23:59:30+09:00"], extraEnvironment: la)
    #expect(early.status == 0, "\(early.stderr)")
    #expect(
      early.stdout.contains(
        "Not due: answer logged, the schedule stays as it was (next review: 2026-11-22, step 1)"))
    #expect(!early.stdout.contains("Next review:"))
    #expect(NSDictionary(dictionary: try card(bin, invoice)) == NSDictionary(dictionary: before))
    // Forgotten, with no recall item open: the reminder is still worth having.
    #expect(early.stdout.contains("Recall reminder:"))

    let ja = try bin.run(
      ["cards", "answer", drink, "correct", "--lang", "ja", "--now", "2026-11-21T10:00:00+09:00"],
      extraEnvironment: la)
    #expect(ja.status == 0, "\(ja.stderr)")
    #expect(ja.stdout.contains("期日前の答え: 記録しました。予定は変わりません（次の復習: 2026-11-22、段階 2）"))
    #expect(try card(bin, drink)["stepIndex"] as? Int == 2)

    // The next day in Tokyo (still the 21st in Los Angeles): due, first answer of the day.
    let next = try bin.run(
      ["cards", "answer", invoice, "correct", "--now", "2026-11-22T00:00:00+09:00"], extraEnvironment: la)
    #expect(next.stdout.contains("Next review: 2026-11-24 (step 2)"))

    // cards answer is a line of the journal, folded into deck.json by the minute job: the log
    // there says which answers moved nothing.
    #expect(try bin.run(["run", "--now", "2026-11-22T00:01:00+09:00"], extraEnvironment: la).status == 0)
    #expect(!FileManager.default.fileExists(atPath: bin.deckPath + ".journal"))
    let text = try String(contentsOfFile: bin.deckPath, encoding: .utf8)
    let entries = text.split(separator: "\n").filter { $0.contains("\"correct\"") }
    #expect(entries.count == 6)
    #expect(entries.filter { $0.contains("\"early\": true") }.count == 2)
    #expect(!text.contains("\"relearn\""))
    let kinds = try log(bin).suffix(4).map { $0["early"] as? Bool ?? false }
    #expect(kinds == [false, true, true, false])
  }
}
