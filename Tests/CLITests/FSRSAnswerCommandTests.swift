import CLITestSupport
import Foundation
import Testing

/// docs/scheduling.md#answering-under-fsrs through the real binary, with
/// `study.scheduler = "fsrs"`: `cards answer` with the four ratings, the FSRS state it writes to
/// deck.json, early answers, and a ladder deck with history switched to FSRS. A Tokyo deck on a Los
/// Angeles machine, so that a time printed in the wrong zone shows.
///
/// The expected states were computed once with the reference, PyPI `fsrs` 6.3.2
/// (`/work/main/.venv/bin/python`, `Scheduler(enable_fuzzing=False)`), e.g.
/// `Scheduler(enable_fuzzing=False).review_card(Card(), Rating.Good, review_datetime=…)` at
/// 2026-11-21T00:00:00Z: learning, step 1, stability 2.3065, difficulty 2.118103970459016, due
/// 00:10:00Z.
@Suite struct FSRSAnswerCommandTests {
  let eat = "11111111-0000-4000-8000-000000000001"
  let invoice = "11111111-0000-4000-8000-000000000002"
  let la = ["TZ": "America/Los_Angeles"]
  let fsrsConfig = tokyoConfig + "\n[study]\nscheduler = \"fsrs\"\n"

  func card(_ bin: Binary, _ id: String) throws -> [String: Any] {
    let cards = try #require(try bin.storedDeck()["cards"] as? [[String: Any]])
    return try #require(cards.first { $0["id"] as? String == id })
  }

  func log(_ bin: Binary) throws -> [[String: Any]] {
    try #require(try bin.storedDeck()["reviewLog"] as? [[String: Any]])
  }

  /// A new card answered good enters its second learning step: the line says the rating and the
  /// step's due time in the day zone; deck.json holds the reference's state, and the card's date
  /// is the due's day.
  @Test func goodOnANewCardWritesTheReferenceState() throws {
    let bin = try Binary.withFixture()
    try bin.writeConfig(fsrsConfig)
    let result = try bin.run(
      ["cards", "answer", invoice, "good", "--now", "2026-11-21T09:00:00+09:00"], extraEnvironment: la)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "invoice\nRated good. Next review: 2026-11-21 09:10 (learning)\n")
    let card = try card(bin, invoice)
    let fsrs = try #require(card["fsrs"] as? [String: Any])
    #expect(fsrs["state"] as? String == "learning")
    #expect(fsrs["step"] as? Int == 1)
    #expect(fsrs["stability"] as? Double == 2.3065)
    #expect(fsrs["difficulty"] as? Double == 2.118103970459016)
    #expect(fsrs["due"] as? String == "2026-11-21T09:10:00+09:00")
    #expect(fsrs["lastReview"] as? String == "2026-11-21T09:00:00+09:00")
    #expect(card["nextReviewDate"] as? String == "2026-11-21")
    #expect(card["lastReviewedAt"] as? String == "2026-11-21T09:00:00+09:00")
    // The ladder's step stays where it was, for a switch back.
    #expect(card["stepIndex"] as? Int == 0)
    // good is what correct says: the log holds no rating.
    let entry = try #require(try log(bin).last)
    #expect(entry["correct"] as? Bool == true && entry["rating"] == nil)

    // The same in Japanese, for a card that has a state already: its learning step is not over.
    let ja = try bin.run(
      ["cards", "answer", invoice, "hard", "--lang", "ja", "--now", "2026-11-21T09:05:00+09:00"],
      extraEnvironment: la)
    #expect(ja.status == 0, "\(ja.stderr)")
    #expect(ja.stdout == "invoice\n期日前の答え（難しい）: 記録しました。予定は変わりません（次の復習: 2026-11-21 09:10）\n")
  }

  /// Easy sends a new card to review (8 days, the reference's interval for stability 8.2956);
  /// a second easy five minutes later is before the due: logged early with its rating, the
  /// state as it was.
  @Test func easyTwiceTheSecondIsEarly() throws {
    let bin = try Binary.withFixture()
    try bin.writeConfig(fsrsConfig)
    let first = try bin.run(
      ["cards", "answer", invoice, "EASY", "--now", "2026-11-21T09:00:00+09:00"], extraEnvironment: la)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout == "invoice\nRated easy. Next review: 2026-11-29\n")
    let before = try card(bin, invoice)
    let fsrs = try #require(before["fsrs"] as? [String: Any])
    #expect(fsrs["state"] as? String == "review" && fsrs["step"] is NSNull)
    #expect(fsrs["stability"] as? Double == 8.2956 && fsrs["difficulty"] as? Double == 1.0)
    #expect(fsrs["due"] as? String == "2026-11-29T09:00:00+09:00")
    #expect(before["nextReviewDate"] as? String == "2026-11-29")

    let second = try bin.run(
      ["cards", "answer", invoice, "easy", "--now", "2026-11-21T09:05:00+09:00"], extraEnvironment: la)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(
      second.stdout
        == "invoice\nNot due: answer logged (easy), the schedule stays as it was (next review: 2026-11-29)\n")
    #expect(NSDictionary(dictionary: try card(bin, invoice)) == NSDictionary(dictionary: before))
    let entries = try log(bin).suffix(2)
    #expect(entries.map { $0["rating"] as? String } == ["easy", "easy"])
    #expect(entries.map { $0["early"] as? Bool } == [nil, true])
    #expect(entries.allSatisfy { $0["correct"] as? Bool == true })
  }

  /// again is the wrong answer: the first learning step, and the recall reminder stays.
  @Test func againAddsTheRecallReminder() throws {
    let bin = try Binary.withFixture()
    try bin.writeConfig(fsrsConfig)
    let result = try bin.run(
      ["cards", "answer", invoice, "again", "--now", "2026-11-21T09:00:00+09:00"], extraEnvironment: la)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("invoice\nRated again. Next review: 2026-11-21 09:01 (learning)\n"))
    #expect(result.stdout.contains("Recall reminder:"))
    #expect(try log(bin).last?["correct"] as? Bool == false)
    let fsrs = try #require(try card(bin, invoice)["fsrs"] as? [String: Any])
    #expect(fsrs["stability"] as? Double == 0.212 && fsrs["difficulty"] as? Double == 6.4133)
  }

  /// The validation error lists the six words; under the ladder the ratings are answers too.
  @Test func ratingsUnderTheLadder() throws {
    let bin = try Binary.withFixture()
    let bad = try bin.run("cards", "answer", invoice, "soso")
    #expect(bad.status == 64)
    #expect(
      bad.stderr.contains("'correct' or 'wrong', or a rating 'again', 'hard', 'good' or 'easy', not 'soso'"))
    let hard = try bin.run(["cards", "answer", invoice, "hard", "--now", "2026-11-21T09:00:00+09:00"])
    #expect(hard.stdout == "invoice\nNext review: 2026-11-22 (step 1)\n")
    let card = try card(bin, invoice)
    #expect(card["fsrs"] == nil && card["stepIndex"] as? Int == 1)
    #expect(try log(bin).last?["rating"] as? String == "hard")
  }

  /// A ladder deck with history switched to FSRS: the first answer replays the card's log first
  /// (good, good, again; the relearning answer skipped), then answers good. Reference: reviews
  /// at 2026-11-10 08:00, 11-12 08:00 (good), 11-14 08:00 (again), then good at 11-21 09:00 JST
  /// give review, stability 7.805409121444314, difficulty 7.38007426350719, due 11-29 09:00.
  @Test func switchingALadderDeckReplaysItsLog() throws {
    let bin = try Binary()
    try bin.writeConfig(fsrsConfig)
    let word = "22222222-0000-4000-8000-000000000001"
    try bin.writeDeck(
      """
      {"version": 1,
       "cards": [
        {"id": "\(word)", "front": "言葉", "back": "word", "tags": [], "stepIndex": 0, "nextReviewDate": "2026-11-15", "createdAt": "2026-11-01T09:00:00+09:00", "lastReviewedAt": "2026-11-14T08:00:00+09:00"}
       ],
       "recalls": [],
       "reviewLog": [
        {"cardId": "\(word)", "at": "2026-11-10T08:00:00+09:00", "correct": true},
        {"cardId": "\(word)", "at": "2026-11-12T08:00:00+09:00", "correct": true},
        {"cardId": "\(word)", "at": "2026-11-14T08:00:00+09:00", "correct": false},
        {"cardId": "\(word)", "at": "2026-11-14T08:05:00+09:00", "correct": true, "relearn": true}
       ]}
      """)
    let result = try bin.run(
      ["cards", "answer", "2222", "correct", "--now", "2026-11-21T09:00:00+09:00"], extraEnvironment: la)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "言葉\nRated good. Next review: 2026-11-29\n")
    let card = try card(bin, word)
    let fsrs = try #require(card["fsrs"] as? [String: Any])
    #expect(fsrs["state"] as? String == "review")
    #expect(fsrs["stability"] as? Double == 7.805409121444314)
    #expect(fsrs["difficulty"] as? Double == 7.38007426350719)
    #expect(fsrs["due"] as? String == "2026-11-29T09:00:00+09:00")
    #expect(fsrs["lastReview"] as? String == "2026-11-21T09:00:00+09:00")
    #expect(card["nextReviewDate"] as? String == "2026-11-29" && card["stepIndex"] as? Int == 0)
  }

  /// A plain session under FSRS: the back's prompt shows the four ratings; `3` rates 食べる good
  /// (its second learning step, 10 minutes), `1` rates invoice again (1 minute). Nothing else
  /// left, invoice comes back at once (within the 20-minute learn-ahead limit), and good moves it
  /// at that instant (`--now`) to its second step; then 食べる, whose 10 minutes are the sooner
  /// (the same instant, the smaller id), is shown, and the input ends. The summary says both come
  /// back at 09:10. The journal carries each state; `run` folds it into deck.json as the
  /// reference gives it.
  @Test func aPlainSessionRatesWithDigits() throws {
    let bin = try Binary.withFixture()
    try bin.writeConfig(fsrsConfig)
    let now = "2026-11-21T09:00:00+09:00"
    let result = try bin.run(
      ["review", "--plain", "--now", now], extraEnvironment: la, input: "\n3\n\n1\n\n3\n")
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.contains(
        "Answer: to eat — 1: again, 2: hard, 3: good, 4: easy (y = good, n = again), s: skip, u: undo, q: quit"
      ))
    #expect(lines.contains("→ good. Next review 2026-11-21 09:10 (learning)"))
    #expect(lines.contains("→ again. Next review 2026-11-21 09:01 (learning)"))
    #expect(lines.contains("It comes back in this session."))
    #expect(!lines.contains { $0.contains("relearning") })
    let fronts = lines.filter { $0.hasPrefix("[") }.map { $0.components(separatedBy: " — ")[0] }
    #expect(
      fronts == ["[1/2 · JLPT] 食べる", "[2/2 · TOEIC] invoice", "[3/3 · TOEIC] invoice", "[4/4 · JLPT] 食べる"])
    #expect(lines.last?.hasPrefix("Done: 2 cards answered (1 remembered, 1 forgot).") == true)
    #expect(lines.last?.hasSuffix(" 2 cards come back at 09:10.") == true, "\(lines.last ?? "")")

    #expect(try bin.run(["run", "--now", "2026-11-21T09:01:00+09:00"], extraEnvironment: la).status == 0)
    #expect(!FileManager.default.fileExists(atPath: bin.deckPath + ".journal"))
    let eaten = try #require(try card(bin, eat)["fsrs"] as? [String: Any])
    #expect(eaten["stability"] as? Double == 2.3065 && eaten["difficulty"] as? Double == 2.118103970459016)
    #expect(eaten["due"] as? String == "2026-11-21T09:10:00+09:00")
    let forgotten = try #require(try card(bin, invoice)["fsrs"] as? [String: Any])
    // The reference: again, then good at the same instant (`review_card` twice at 00:00Z).
    // (Foundation's JSON reader may take the seventeenth digit a bit off: the file holds the
    // reference's digits, to within a bit of the last place.)
    let stability = try #require(forgotten["stability"] as? Double)
    let difficulty = try #require(forgotten["difficulty"] as? Double)
    #expect(abs(stability - 0.24668918777567272) < 1e-16 && abs(difficulty - 6.402115069296838) < 1e-15)
    #expect(
      try String(contentsOfFile: bin.deckPath, encoding: .utf8).contains("\"stability\": 0.24668918777567272")
    )
    #expect(forgotten["due"] as? String == "2026-11-21T09:10:00+09:00" && forgotten["step"] as? Int == 1)
    let kinds = try log(bin).suffix(3).map { $0["relearn"] as? Bool ?? false }
    #expect(kinds == [false, false, false])

    // In Japanese the prompt names the ratings too.
    let ja = try bin.run(
      ["review", "--plain", "--lang", "ja", "--now", "2026-11-21T09:20:00+09:00"], extraEnvironment: la,
      input: "\nq\n")
    #expect(ja.stdout.contains("1: もう一度、2: 難しい、3: 正解、4: 簡単（y = 正解、n = もう一度）"))
  }
}
