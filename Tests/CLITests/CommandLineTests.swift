import CLITestSupport
import Foundation
import Testing

@Suite struct PreviewCommandTests {
  @Test func jsonFollowsTheSpec() throws {
    let bin = try Binary()
    try bin.writeConfig(tokyoConfig)
    try bin.writeDeck(fixtureDeck)
    let result = try bin.run("preview", "--json", "--now", "2026-11-21T06:00:00+09:00")
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let root = try #require(try json(result.stdout) as? [String: Any])
    #expect(root["now"] as? String == "2026-11-21T06:00:00+09:00")
    #expect(root["zone"] as? String == "Asia/Tokyo")
    let reminders = try #require(root["reminders"] as? [[String: Any]])
    #expect(reminders.map { $0["id"] as? String } == ["daily:2026-11-21", "recall:r-1", "daily:2026-11-22"])
    #expect(
      reminders.map { $0["fireAt"] as? String } == [
        "2026-11-21T08:00:00+09:00", "2026-11-21T13:00:00+09:00", "2026-11-22T08:00:00+09:00",
      ])
    let daily = reminders[0]
    #expect(daily["kind"] as? String == "daily-review")
    #expect(daily["title"] as? String == "Today's reviews: 2 cards")
    #expect(daily["dueCount"] as? Int == 2)
    #expect(daily["collections"] as? [String: Int] == ["JLPT": 1, "TOEIC": 1])
    #expect(daily["streak"] as? Int == 2)
    #expect(daily["deferredFrom"] is NSNull && daily["reason"] is NSNull)
    let recall = reminders[1]
    #expect(recall["topics"] as? [String] == ["〜てしまう", "は vs が"])
    #expect(recall["reason"] as? String == "quiet-hours")
    #expect(recall["deferredFrom"] as? String == "2026-11-21T12:15:00+09:00")
    // Keys in the documented order.
    let keys = [
      "\"id\"", "\"kind\"", "\"fireAt\"", "\"title\"", "\"body\"", "\"dueCount\"", "\"collections\"",
      "\"streak\"", "\"topics\"", "\"deferredFrom\"", "\"reason\"",
    ]
    let firstObject = String(result.stdout[result.stdout.range(of: "\"reminders\"")!.upperBound...])
    let positions = keys.map { firstObject.range(of: $0)!.lowerBound }
    #expect(positions == positions.sorted())
  }

  @Test func tableInBothLanguages() throws {
    let bin = try Binary()
    try bin.writeConfig(tokyoConfig)
    try bin.writeDeck(fixtureDeck)
    let en = try bin.run("preview", "--now", "2026-11-21T06:00:00+09:00")
    #expect(en.status == 0)
    #expect(en.stdout.contains("2026-11-21 Sat 08:00  daily review  Today's reviews: 2 cards"))
    #expect(en.stdout.contains("quiet hours (was 12:15)"))
    // What each pop-up says, on the line under its row: the daily body, the recall topics.
    let lines = en.stdout.split(separator: "\n").map(String.init)
    let daily = try #require(lines.firstIndex { $0.contains("Today's reviews: 2 cards") })
    #expect(lines[daily + 1] == "    1 new. JLPT: 1, TOEIC: 1. Streak: 2 days.")
    let recall = try #require(lines.firstIndex { $0.contains("Time to recall: 2 topics") })
    #expect(lines[recall + 1] == "    1. 〜てしまう / 2. は vs が")
    let ja = try bin.run(
      "preview", "--now", "2026-11-21T06:00:00+09:00", extraEnvironment: ["LANG": "ja_JP.UTF-8"])
    #expect(ja.stdout.contains("今日の復習 2枚"))
    #expect(ja.stdout.contains("静かな時間（元は 12:15）"))
    #expect(ja.stdout.contains("\n    うち新規 1枚。JLPT 1枚、TOEIC 1枚。連続記録 2日。\n"))
    let forced = try bin.run(
      "preview", "--lang", "en", "--now", "2026-11-21T06:00:00+09:00",
      extraEnvironment: ["LANG": "ja_JP.UTF-8"])
    #expect(forced.stdout.contains("Today's reviews: 2 cards"))
  }

  @Test func previewWritesNothing() throws {
    let bin = try Binary()
    try bin.writeConfig(tokyoConfig)
    try bin.writeDeck(fixtureDeck)
    let before = bin.snapshot()
    #expect(try bin.run("preview", "--days", "5", "--now", "2026-11-21T10:00:00+09:00").status == 0)
    #expect(bin.snapshot() == before)
  }

  @Test func missingFilesMeanDefaultsAndAnEmptyDeck() throws {
    let bin = try Binary()
    let result = try bin.run("preview", "--json", "--now", "2026-11-21T06:00:00Z")
    #expect(result.status == 0)
    let root = try #require(try json(result.stdout) as? [String: Any])
    #expect((root["reminders"] as? [Any])?.isEmpty == true)
    #expect(root["zone"] as? String == "UTC")
    #expect(bin.snapshot().isEmpty)
  }
}

@Suite struct DayZoneTests {
  /// A machine in Los Angeles with the day zone Asia/Tokyo: 23:59 JST is still the 21st, 00:00 JST the 22nd.
  @Test(arguments: [
    ("2026-11-21T23:59:00+09:00", "2026-11-21", "2026-11-22"),
    ("2026-11-22T00:00:00+09:00", "2026-11-22", "2026-11-23"),
  ])
  func tokyoScheduleOnALosAngelesMachine(now: String, addedDue: String, answeredDue: String) throws {
    var bin = try Binary()
    bin.environment["TZ"] = "America/Los_Angeles"
    try bin.writeConfig("[time]\nzone = \"Asia/Tokyo\"\n")
    let id = try bin.run("cards", "add", "猫", "cat", "--now", now).stdout.trimmingCharacters(
      in: .whitespacesAndNewlines)
    var cards = try #require(try json(bin.run("cards", "list", "--json").stdout) as? [[String: Any]])
    #expect(cards.first?["nextReviewDate"] as? String == addedDue)
    #expect(try bin.run("cards", "answer", id, "correct", "--now", now).status == 0)
    cards = try #require(try json(bin.run("cards", "list", "--json").stdout) as? [[String: Any]])
    #expect(cards.first?["nextReviewDate"] as? String == answeredDue)
    #expect(cards.first?["stepIndex"] as? Int == 1)
  }
}

@Suite struct CardCommandTests {
  @Test func addAnswerAndRecall() throws {
    let bin = try Binary()
    try bin.writeConfig("[time]\nzone = \"Asia/Tokyo\"\n")
    let add = try bin.run(
      "cards", "add", "食べる", "to eat", "--collection", "JLPT", "--now", "2026-11-21T09:00:00+09:00")
    #expect(add.status == 0)
    // The id as `cards list` shows it: its first eight characters, which name it when typed back.
    let id = add.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(id.count == 8 && id.allSatisfy(\.isHexDigit), "\(id)")
    let due = try bin.run("cards", "list", "--due", "--now", "2026-11-21T09:00:00+09:00")
    #expect(due.stdout.contains("食べる"))
    let wrong = try bin.run(
      "cards", "answer", String(id.prefix(8)), "wrong", "--now", "2026-11-21T09:00:00+09:00")
    #expect(wrong.status == 0)
    #expect(wrong.stdout.contains("Next review: 2026-11-22 (step 0)"))
    let plan = try #require(
      try json(bin.run("preview", "--json", "--now", "2026-11-21T09:00:00+09:00").stdout) as? [String: Any])
    let reminders = try #require(plan["reminders"] as? [[String: Any]])
    let recall = try #require(reminders.first { ($0["kind"] as? String) == "recall" })
    #expect(recall["fireAt"] as? String == "2026-11-21T12:00:00+09:00")
    #expect(recall["topics"] as? [String] == ["食べる"])
    let recallID = try bin.run(
      "recall", "add", "particles", "--at", "15:00", "--now", "2026-11-21T09:00:00+09:00")
    #expect(recallID.status == 0)
    // Every change is a line of the journal beside the deck, seen at once by every reader and
    // folded into deck.json by the minute job.
    let seen = try bin.storedDeck()
    #expect((seen["recalls"] as? [[String: Any]])?.last?["dueAt"] as? String == "2026-11-21T15:00:00+09:00")
    #expect(try bin.run("run", "--now", "2026-11-21T09:01:00+09:00").status == 0)
    let deck = try #require(try json(String(contentsOfFile: bin.deckPath, encoding: .utf8)) as? [String: Any])
    #expect((deck["recalls"] as? [[String: Any]])?.last?["dueAt"] as? String == "2026-11-21T15:00:00+09:00")
    #expect((deck["reviewLog"] as? [Any])?.count == 1)
    let mode = try FileManager.default.attributesOfItem(atPath: bin.deckPath)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  /// A card's sides follow one rule in add, edit and import: blank text (empty, spaces or line
  /// breaks only) is refused, 64 on the command line and a bad line (65) in a file.
  @Test func aBlankSideIsRefusedByEveryCommand() throws {
    let bin = try Binary.withFixture()
    let before = try String(contentsOfFile: bin.deckPath, encoding: .utf8)
    for (arguments, message) in [
      (["cards", "add", "x", ""], "BACK must not be empty"),
      (["cards", "add", "x", " \n "], "BACK must not be empty"),
      (["cards", "add", "", "y"], "FRONT must not be empty"),
      (["cards", "edit", "11111111", "--back", ""], "BACK must not be empty"),
      (["cards", "edit", "11111111", "--front", "\t"], "FRONT must not be empty"),
    ] {
      let result = try bin.run(arguments)
      #expect(result.status == 64, "\(arguments) \(result.stderr)")
      #expect(
        result.stderrLines.last.map(String.init) == "reminders: " + message, "\(arguments) \(result.stderr)")
    }
    let file = bin.home + "/cards.tsv"
    try "x\t \n".write(toFile: file, atomically: true, encoding: .utf8)
    let imported = try bin.run("cards", "import", file)
    #expect(imported.status == 65)
    #expect(imported.stderr == "reminders: \(file):1: expected a back (the answer side) after the front\n")
    #expect(try String(contentsOfFile: bin.deckPath, encoding: .utf8) == before)
  }
}

@Suite struct ErrorTests {
  /// Bad usage: exit 64, one line on stderr starting with `reminders:`.
  @Test(arguments: [
    ["preview", "--bogus"], ["preview", "--now", "2026-11-21 8:00"],
    ["preview", "--now", "2026-11-21T25:00"], ["preview", "--now", "2026-11-21T08:00:61"],
    ["preview", "--days", "0"], ["preview", "--days", "many"], ["recall", "add", "x", "--in", "3 hours"],
    ["recall", "add", "x"], ["recall", "add", "x", "--in", "3h", "--at", "15:00"],
    ["cards", "answer", "abcd", "maybe"],
    ["cards", "answer", "abcdef", "correct"], ["nosuchcommand"], ["preview", "--lang", "fr"],
  ])
  func badUsage(arguments: [String]) throws {
    let result = try Binary().run(arguments)
    #expect(result.status == 64, "\(arguments): \(result.stderr)")
    #expect(result.stderrLines.count == 1)
    #expect(result.stderr.hasPrefix("reminders: "))
  }

  /// Bad data: exit 65, the message names the file and the place, the file is untouched.
  @Test(arguments: [
    (
      "{\"version\": 1, \"cards\": [{\"id\": \"a\", \"front\": \"f\", \"back\": \"b\", \"stepIndex\": 0,\n \"nextReviewDate\": \"2026-02-30\", \"createdAt\": \"2026-11-01T00:00:00Z\"}]}",
      ":2:20: cards[0].nextReviewDate: expected a date YYYY-MM-DD"
    ),
    ("{\"version\": 1, \"cards\": [", ":1:26: expected an object '{'"),
    ("not json", ":1:1: expected an object '{'"),
  ])
  func badDeck(text: String, place: String) throws {
    let bin = try Binary()
    try bin.writeDeck(text)
    for command in [["preview"], ["cards", "add", "x", "y"], ["cards", "list"]] {
      let result = try bin.run(command)
      #expect(result.status == 65)
      #expect(result.stderr == "reminders: \(bin.deckPath)\(place)\n")
      #expect(try String(contentsOfFile: bin.deckPath, encoding: .utf8) == text)
    }
  }

  /// The same under `language = "ja"`: the reason too is the catalogue's, in Japanese.
  @Test(arguments: [
    (
      "{\"version\": 1, \"cards\": [{\"id\": \"a\", \"front\": \"f\", \"back\": \"b\", \"stepIndex\": 0,\n \"nextReviewDate\": \"2026-02-30\", \"createdAt\": \"2026-11-01T00:00:00Z\"}]}",
      ":2:20: 内容を読み取れません: cards[0].nextReviewDate: 日付 YYYY-MM-DD が必要です"
    ),
    ("{\"version\": 1, \"cards\": [", ":1:26: 内容を読み取れません: オブジェクトの「{」が必要です"),
    ("{\"version\": 2}", ":1:13: 内容を読み取れません: version: 1 が必要です（2 ではなく）"),
  ])
  func badDeckInJapanese(text: String, place: String) throws {
    let bin = try Binary()
    try bin.writeConfig("language = \"ja\"\n")
    try bin.writeDeck(text)
    for command in [["preview"], ["cards", "add", "x", "y"], ["cards", "list"]] {
      let result = try bin.run(command)
      #expect(result.status == 65)
      #expect(result.stderr == "reminders: \(bin.deckPath)\(place)\n")
      #expect(try String(contentsOfFile: bin.deckPath, encoding: .utf8) == text)
    }
  }

  @Test(arguments: [
    ("[window]\nstart = \"18:00\"\nend = \"08:00\"\n", "window.end: 08:00 is not after window.start 18:00"),
    ("[daily]\ntime = \"25:00\"\n", "daily.time: expected a time HH:MM from 00:00 to 23:59, got \"25:00\""),
    (
      "[time]\nzone = \"Asia/Tokio\"\n",
      "time.zone: unknown time zone \"Asia/Tokio\" (expected an IANA name such as Asia/Tokyo)"
    ),
    (
      "[quiet]\nhours = [\"22:00~07:00\"]\n",
      "quiet.hours[0]: expected a range \"HH:MM-HH:MM\" with different ends, got \"22:00~07:00\""
    ),
    (
      "[recall]\ncoalesce = \"10 min\"\n",
      "recall.coalesce: expected a duration such as 10m, 3h or 1h30m, or off, got \"10 min\""
    ),
  ])
  func badConfig(text: String, message: String) throws {
    let bin = try Binary()
    try bin.writeConfig(text)
    try bin.writeDeck(fixtureDeck)
    let result = try bin.run("preview")
    #expect(result.status == 65)
    #expect(result.stderr == "reminders: \(bin.configPath): \(message)\n")
    #expect(try String(contentsOfFile: bin.configPath, encoding: .utf8) == text)
  }

  @Test func helpGoesToStdoutWithExitZero() throws {
    let result = try Binary().run("preview", "--help")
    #expect(result.status == 0)
    #expect(result.stdout.contains("--days"))
    #expect(result.stderr.isEmpty)
  }
}

@Suite struct PlanCacheTests {
  /// `run` remembers the deck's digest; a changed deck is never planned from the old one.
  @Test func cacheFollowsTheDeck() throws {
    var bin = try Binary()
    bin.environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(bin.home)/no-such-bus"
    try bin.writeConfig(tokyoConfig)
    try bin.writeDeck(fixtureDeck)
    #expect(try bin.run("run", "--now", "2026-11-21T07:00:00+09:00").status == 0)
    #expect(FileManager.default.fileExists(atPath: bin.home + "/cache/reminders/plan-input.json"))
    #expect(try bin.run("cards", "add", "new", "card", "--now", "2026-11-21T07:10:00+09:00").status == 0)
    let result = try bin.run("run", "--now", "2026-11-21T08:00:00+09:00")
    #expect(result.stdout.contains("Today's reviews: 3 cards"), "\(result.stdout)")
  }
}
