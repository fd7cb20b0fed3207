import CLITestSupport
import Foundation
import Testing

/// docs/commands.md#reminders-cards: ids by prefix, what `cards answer` says, and keeping cards and
/// recall items.
@Suite struct KeepingTheDeckTests {
  static let eat = "11111111-0000-4000-8000-000000000001"
  static let invoice = "11111111-0000-4000-8000-000000000002"

  func cards(_ bin: Binary) throws -> [[String: Any]] {
    try #require(try json(bin.run("cards", "list", "--json").stdout) as? [[String: Any]])
  }

  func recalls(_ bin: Binary) throws -> [[String: Any]] {
    try #require(try json(bin.run("recall", "list", "--json").stdout) as? [[String: Any]])
  }

  // MARK: ids and answer words

  @Test func ambiguousPrefixListsTheMatches() throws {
    let bin = try Binary.withFixture()
    let result = try bin.run("cards", "answer", "1111", "correct")
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "reminders: '1111' matches 3 cards: 11111111-0000-4000-8000-000000000001 (食べる), 11111111-0000-4000-8000-000000000002 (invoice), 11111111-0000-4000-8000-000000000003 (飲む); give more of the id\n"
    )
  }

  @Test func unknownAndShortIds() throws {
    let bin = try Binary.withFixture()
    let unknown = try bin.run("cards", "answer", "ffff", "correct")
    #expect(unknown.status == 64)
    #expect(unknown.stderr == "reminders: no card with id 'ffff' in \(bin.deckPath)\n")
    let ja = try bin.run("cards", "suspend", "ffff", "--lang", "ja")
    #expect(ja.status == 64)
    #expect(ja.stderr == "reminders: \(bin.deckPath) に ID 'ffff' のカードはありません\n")
    #expect(try bin.run("cards", "remove", "111").status == 64)
    #expect(try bin.run("recall", "done", "r-9").status == 64)
  }

  /// The id `cards add` prints names its card for good: cards added in the same minute, and a
  /// word list imported after them, never come to share it.
  @Test func theIdAddPrintsStaysUniqueAsTheDeckGrows() throws {
    let bin = try Binary()
    let now = "2026-11-21T09:00:00+09:00"
    var printed: [String] = []
    for word in ["猫", "犬", "鳥", "魚", "馬"] {
      let added = try bin.run("cards", "add", word, "animal", "--now", now)
      #expect(added.status == 0)
      printed.append(added.stdout.trimmingCharacters(in: .newlines))
    }
    #expect(printed.allSatisfy { $0.count == 8 })
    let list = (0..<300).map { "語\($0)\tword \($0)\n" }.joined()
    #expect(try importFile(bin, "list.tsv", Array(list.utf8), "--now", now).status == 0)
    for (id, word) in zip(printed, ["猫", "犬", "鳥", "魚", "馬"]) {
      let answered = try bin.run("cards", "answer", id, "correct", "--now", now)
      #expect(answered.status == 0, "\(id): \(answered.stderr)")
      #expect(answered.stdout.contains(word))
    }
    // The day's new cards are still the first added, in order: the five were answered (today's
    // limit is 15 more), then the list's first lines.
    let due = try bin.run("cards", "list", "--due", "--now", "2026-11-21T10:00:00+09:00").stdout
    let fronts = due.split(separator: "\n").dropFirst().map { $0.split(separator: " ")[3] }
    #expect(fronts == (0..<15).map { "語\($0)" })
  }

  @Test func answerWordsAndIdsIgnoreCase() throws {
    let bin = try Binary.withFixture()
    let now = "2026-11-21T09:00:00+09:00"
    #expect(try bin.run("cards", "answer", Self.eat.uppercased(), "Correct", "--now", now).status == 0)
    #expect(try bin.run("cards", "answer", "11111111-0000-4000-8000-0000000000", "WRONG").status == 64)
    let bad = try bin.run("cards", "answer", Self.invoice, "maybe")
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("'correct' or 'wrong'"))
    let card = try cards(bin).first { $0["id"] as? String == Self.eat }
    #expect(card?["stepIndex"] as? Int == 2)
  }

  // MARK: cards answer

  @Test func wrongAnswerLateAtNightFiresAtTheNextWindowStart() throws {
    var bin = try Binary()
    bin.environment["TZ"] = "America/Los_Angeles"
    try bin.writeConfig(tokyoConfig)
    let now = "2026-11-21T22:18:00+09:00"
    let id = try bin.run("cards", "add", "invoice", "請求書", "--now", now).stdout
    let result = try bin.run("cards", "answer", String(id.prefix(4)), "wrong", "--now", now)
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        invoice
        Next review: 2026-11-22 (step 0)
        Recall reminder: 2026-11-22 08:00 (moved: outside the window (was 01:18))

        """)
  }

  @Test func wrongAnswerJoinsMissedItemsCaughtUpAtTheWindowStart() throws {
    let bin = try Binary.withFixture()
    // r-1 and r-2 (12:15, 12:20) were missed: the new item (01:18) goes out with them at 08:00.
    let result = try bin.run("cards", "answer", Self.invoice, "wrong", "--now", "2026-11-21T22:18:00+09:00")
    #expect(result.status == 0)
    #expect(
      result.stdout.hasSuffix(
        "Recall reminder: 2026-11-22 08:00 (moved: catch-up (was 2026-11-21 12:15))\n"))
  }

  @Test func wrongAnswerCoalescesWithOpenItemsAndSaysQuietHours() throws {
    let bin = try Binary.withFixture()
    // 09:10 + 3h = 12:10, in the quiet hours; r-1 and r-2 (12:15, 12:20) move to 13:00 with it.
    let result = try bin.run(
      "cards", "answer", Self.invoice, "wrong", "--now", "2026-11-21T09:10:00+09:00", "--lang", "ja")
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("invoice\n次の復習: 2026-11-22（段階 0）\n"))
    #expect(result.stdout.contains("思い出しのリマインダー: 2026-11-21 13:00（移動: 静かな時間"))
  }

  @Test func correctAnswerPrintsFrontStepAndDate() throws {
    let bin = try Binary.withFixture()
    let result = try bin.run(
      "cards", "answer", "11111111-0000-4000-8000-000000000001", "correct", "--now",
      "2026-11-21T09:00:00+09:00")
    #expect(result.stdout == "食べる\nNext review: 2026-11-23 (step 2)\n")
  }

  // MARK: add, edit, remove, suspend, list

  @Test func addWithNoteAndTagsThenEditAndClear() throws {
    let bin = try Binary.withFixture()
    let id = try bin.run(
      "cards", "add", "猫", "cat", "--collection", "JLPT", "--note", "ねこ", "--tag", "animal", "--tag", "n5"
    ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    // The id as `cards list` shows it: the first eight characters, which name the card.
    #expect(id.count == 8, "\(id)")
    var card = try #require(try cards(bin).first { ($0["id"] as? String)?.hasPrefix(id) == true })
    #expect(card["note"] as? String == "ねこ")
    #expect(card["tags"] as? [String] == ["animal", "n5"])
    let edited = try bin.run(
      "cards", "edit", String(id.prefix(6)), "--back", "a cat", "--collection", "", "--note", "")
    #expect(edited.status == 0)
    #expect(edited.stdout == "Edited: 猫 (\(id))\n")
    card = try #require(try cards(bin).first { ($0["id"] as? String)?.hasPrefix(id) == true })
    #expect(card["back"] as? String == "a cat")
    #expect(card["collection"] == nil && card["note"] == nil)
    #expect(card["front"] as? String == "猫")
    let nothing = try bin.run("cards", "edit", id)
    #expect(nothing.status == 64)
  }

  @Test func removeDropsTheCardAndItsOpenRecallItems() throws {
    let bin = try Binary.withFixture()
    #expect(
      try bin.run("cards", "answer", Self.invoice, "wrong", "--now", "2026-11-21T09:00:00+09:00").status == 0)
    #expect(try recalls(bin).count == 3)
    let removed = try bin.run("cards", "remove", "11111111-0000-4000-8000-000000000002")
    #expect(removed.status == 0)
    #expect(removed.stdout.hasPrefix("Removed: invoice (11111111-0000-4000-8000-000000000002)\n"))
    #expect(try cards(bin).count == 2)
    #expect(try recalls(bin).map { $0["id"] as? String } == ["r-1", "r-2"])
  }

  @Test func suspendIsIdempotentAndShowsInTheList() throws {
    let bin = try Binary.withFixture()
    let id = Self.invoice
    #expect(
      try bin.run("cards", "suspend", id).stdout
        == "Suspended: invoice (11111111-0000-4000-8000-000000000002)\n")
    let again = try bin.run("cards", "suspend", id)
    #expect(again.status == 0)
    #expect(again.stdout == "Already suspended: invoice (11111111-0000-4000-8000-000000000002)\n")
    #expect(try cards(bin).first { $0["id"] as? String == id }?["suspended"] as? Bool == true)
    let table = try bin.run("cards", "list").stdout
    #expect(table.split(separator: "\n").contains { $0.contains("invoice") && $0.hasSuffix("suspended") })
    #expect(try bin.run("cards", "list", "--lang", "ja").stdout.contains("停止中"))
    let due = try bin.run("cards", "list", "--due", "--now", "2026-11-21T09:00:00+09:00").stdout
    #expect(!due.contains("invoice"))
    #expect(
      try bin.run("cards", "unsuspend", id).stdout
        == "Unsuspended: invoice (11111111-0000-4000-8000-000000000002)\n")
    #expect(
      try bin.run("cards", "unsuspend", id, "--lang", "ja").stdout
        == "停止中ではありません: invoice (11111111-0000-4000-8000-000000000002)\n")
    #expect(try cards(bin).first { $0["id"] as? String == id }?["suspended"] == nil)
  }

  @Test func listByCollection() throws {
    let bin = try Binary.withFixture()
    let jlpt = try #require(
      try json(bin.run("cards", "list", "--json", "--collection", "JLPT").stdout) as? [[String: Any]])
    #expect(jlpt.map { $0["front"] as? String } == ["食べる", "飲む"])
    // Any case; a name no card has is refused, naming the nearest (a typo is no empty list).
    let jlptLower = try bin.run("cards", "list", "--json", "--collection", "jlpt")
    #expect((try json(jlptLower.stdout) as? [[String: Any]])?.count == 2, "\(jlptLower.stderr)")
    let nothing = try bin.run("cards", "list", "--collection", "JLTP")
    #expect(nothing.status == 64)
    #expect(
      nothing.stderr == "reminders: no collection \"JLTP\" in \(bin.deckPath); the nearest is \"JLPT\"\n")
    // A name near none is not given one.
    let far = try bin.run("cards", "list", "--collection", "nope")
    #expect(far.status == 64)
    #expect(
      far.stderr == "reminders: no collection \"nope\" in \(bin.deckPath); none of its 2 collections is near "
        + "(reminders cards list shows them)\n", "\(far.stderr)")
  }

  // MARK: import

  func importFile(_ bin: Binary, _ name: String, _ bytes: [UInt8], _ extra: String...) throws -> Binary.Result
  {
    let path = bin.home + "/" + name
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return try bin.run(["cards", "import", path] + extra)
  }

  @Test func theBundledSampleImportsAsItIs() throws {
    let bin = try Binary()
    let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("samples/words.tsv").path
    let first = try bin.run("cards", "import", sample)
    #expect(first.status == 0)
    #expect(first.stdout == "added 310, skipped 0\n")
    let all = try cards(bin)
    #expect(all.count == 310)
    let eat = try #require(all.first { $0["front"] as? String == "来る（くる）" })
    #expect(eat["back"] as? String == "to come")
    #expect(eat["collection"] as? String == "JLPT N5")
    #expect(eat["note"] as? String == "Irregular verb: 来ない（こない）, 来ます（きます）")
    let again = try bin.run("cards", "import", sample, "--lang", "ja")
    #expect(again.stdout == "0 枚を追加、310 枚をスキップ\n")
  }

  @Test func csvQuotingHeaderDefaultCollectionAndDuplicates() throws {
    let bin = try Binary.withFixture()
    let text = "Front,BACK\r\n\"a, b\",\"say \"\"hi\"\"\"\r\n\n\"two\nlines\",x\n食べる,to eat,JLPT\nc,d\nc,d\n"
    let result = try importFile(bin, "cards.csv", Array(text.utf8), "--collection", "Mine")
    #expect(result.status == 0)
    #expect(result.stdout == "added 4, skipped 1\n")
    let all = try cards(bin)
    #expect(all.contains { $0["front"] as? String == "a, b" && $0["back"] as? String == "say \"hi\"" })
    #expect(all.contains { $0["front"] as? String == "two\nlines" && $0["collection"] as? String == "Mine" })
    // The header names no collection column: 食べる,to eat,JLPT goes to Mine, a new card.
    #expect(all.contains { $0["front"] as? String == "食べる" && $0["collection"] as? String == "Mine" })
    #expect(all.count == 7)
  }

  @Test func tsvWithoutHeaderSkipsCardsAlreadyInTheDeck() throws {
    let bin = try Binary.withFixture()
    let result = try importFile(bin, "words.txt", Array("食べる\tto eat\tJLPT\n表\t裏\n".utf8))
    #expect(result.stdout == "added 1, skipped 1\n")
  }

  @Test(arguments: [
    ("bad.csv", "a,b\nc\n", "bad.csv:2: expected a back (the answer side) after the front"),
    ("bad.csv", "a,b\n\"c,d\n", "bad.csv:2: expected a closing quote before the end of the file"),
    ("bad.csv", "a,b\nc,d\"e\n", "bad.csv:2: a stray quote"),
    (
      "bad.csv", "a,b\n\"c\"x,d\n", "bad.csv:2: expected a comma or the end of the line after a closing quote"
    ),
    ("bad.tsv", "a\tb\n\tb\n", "bad.tsv:2: expected a front"),
  ])
  func badLineIsDataErrorAndTheDeckIsUntouched(name: String, text: String, message: String) throws {
    let bin = try Binary.withFixture()
    let before = bin.snapshot()
    let result = try importFile(bin, name, Array(text.utf8))
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("reminders: \(bin.home)/\(message)"))
    var after = bin.snapshot()
    after[name] = nil
    #expect(after == before)
  }

  @Test func invalidUTF8AndMissingFile() throws {
    let bin = try Binary.withFixture()
    let bad = try importFile(
      bin, "u.tsv", Array("a\tb\n".utf8) + [0x63, 0xFF, 0x09, 0x64, 0x0A], "--lang", "ja")
    #expect(bad.status == 65)
    #expect(bad.stderr == "reminders: \(bin.home)/u.tsv:2: UTF-8 のテキストではありません\n")
    let missing = try bin.run("cards", "import", bin.home + "/nope.tsv")
    #expect(missing.status == 65)
    #expect(missing.stderr.contains("nope.tsv"))
    #expect(try cards(bin).count == 3)
  }

  // MARK: recall list, done, remove

  @Test func recallListInTheDayZone() throws {
    let bin = try Binary.withFixture()
    let table = try bin.run("recall", "list").stdout
    #expect(table.contains("r-1  2026-11-21 12:15  〜てしまう"))
    let items = try recalls(bin)
    #expect(
      items.map { $0["dueAt"] as? String } == ["2026-11-21T12:15:00+09:00", "2026-11-21T12:20:00+09:00"])
  }

  @Test func doneItemsAreNeverRemindedAndRemovedOnesAreGone() throws {
    let bin = try Binary.withFixture()
    let done = try bin.run("recall", "done", "r-1", "--now", "2026-11-21T10:00:00+09:00")
    #expect(done.status == 0)
    #expect(done.stdout == "Done: 〜てしまう (r-1)\n")
    #expect(try bin.run("recall", "done", "R-1").stdout == "Already done: 〜てしまう (r-1)\n")
    let preview = try #require(
      try json(bin.run("preview", "--json", "--now", "2026-11-21T06:00:00+09:00").stdout) as? [String: Any])
    let reminders = try #require(preview["reminders"] as? [[String: Any]])
    #expect(reminders.map { $0["id"] as? String } == ["daily:2026-11-21", "recall:r-2", "daily:2026-11-22"])
    #expect(reminders[1]["topics"] as? [String] == ["は vs が"])
    #expect(try recalls(bin).map { $0["id"] as? String } == ["r-2"])
    #expect(try bin.run("recall", "remove", "r-2", "--lang", "ja").stdout == "削除しました: は vs が (r-2)\n")
    #expect(try bin.run("recall", "list").stdout == "No recall items.\n")
  }
}
