import CLITestSupport
import Foundation
import Testing

/// What a new learner meets in the first minutes (docs/commands.md): how to begin when there is
/// nothing to study, typos said rather than taken for an empty deck, no folder made by a typo,
/// a card added twice said, and local times on `--now`.
@Suite struct FirstMinutesTests {
  /// Nothing to study: `status`, `preview` and `doctor` say how to begin, in both languages;
  /// once there is a card they do not.
  @Test(arguments: ["en", "ja"])
  func howToBegin(lang: String) throws {
    let bin = try Binary()
    let first = lang == "en" ? "Nothing to study yet. To begin:" : "まだ復習するものがありません。はじめるには:"
    let status = try bin.run("status", "--lang", lang)
    #expect(status.status == 0 && status.stdout.contains(first), "\(status.stdout)")
    #expect(status.stdout.contains("reminders cards import"))
    let root = try #require(try json(bin.run("status", "--json").stdout) as? [String: Any])
    #expect(root["firstSteps"] as? Bool == true)
    let preview = try bin.run("preview", "--lang", lang)
    #expect(
      preview.stdout.contains(first) && preview.stdout.contains("reminders timer install"),
      "\(preview.stdout)")
    let doctor = try bin.run("doctor", "--lang", lang)
    #expect(doctor.stdout.contains("reminders cards add"), "\(doctor.stdout)")
    #expect((try json(bin.run("doctor", "--json").stdout) as? [String: Any])?["firstSteps"] as? Bool == true)

    #expect(try bin.run("cards", "add", "猫", "cat").status == 0)
    #expect(!(try bin.run("status", "--lang", lang).stdout.contains(first)))
    #expect(!(try bin.run("preview", "--lang", lang).stdout.contains(first)))
    #expect(!(try bin.run("doctor", "--lang", lang).stdout.contains("reminders cards add")))
  }

  /// `review --collection` in another case studies that collection; a name no card has is 64,
  /// naming the nearest, never "Nothing to review now".
  @Test func reviewCollectionTypos() throws {
    let bin = try Binary.withFixture()
    let typo = try bin.run("review", "--plain", "--collection", "JLTP", "--now", "2026-11-21T09:00:00+09:00")
    #expect(typo.status == 64)
    #expect(typo.stderr == "reminders: no collection \"JLTP\" in \(bin.deckPath); the nearest is \"JLPT\"\n")
    let ja = try bin.run("review", "--plain", "--collection", "JLTP", "--lang", "ja")
    #expect(ja.stderr == "reminders: \(bin.deckPath) にコレクション「JLTP」はありません。近いのは「JLPT」です\n")
    let lower = try bin.run(
      ["review", "--plain", "--collection", "jlpt", "--now", "2026-11-21T09:00:00+09:00"], input: "q\n")
    #expect(lower.status == 0 && lower.stdout.contains("食べる"), "\(lower.stdout)\(lower.stderr)")
  }

  /// A card whose front is already in its collection is not added twice without `--duplicate`.
  @Test func aCardAddedTwice() throws {
    let bin = try Binary()
    let first = try bin.run("cards", "add", "猫", "cat", "--collection", "N5")
    let id = first.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let again = try bin.run("cards", "add", "猫", "cat", "--collection", "n5")
    #expect(again.status == 0 && again.stdout.isEmpty)
    #expect(
      again.stderr == "reminders: not added: 猫 (\(id)) is already in the deck (--duplicate adds it anyway)\n")
    let forced = try bin.run("cards", "add", "猫", "cat", "--collection", "n5", "--duplicate")
    #expect(forced.status == 0 && !forced.stdout.isEmpty)
    let cards = try #require(try json(bin.run("cards", "list", "--json").stdout) as? [[String: Any]])
    // The second took the deck's spelling of the collection.
    #expect(cards.map { $0["collection"] as? String } == ["N5", "N5"])
  }

  /// A misspelt folder on the command line is said, exit 74, and never created.
  @Test(arguments: [["export", "--output"], ["stats", "--svg"]])
  func noFolderIsMade(command: [String]) throws {
    let bin = try Binary()
    let folder = bin.home + "/Dekstop"
    let result = try bin.run(command + [folder + "/x.out"])
    #expect(result.status == 74)
    #expect(
      result.stderr
        == "reminders: \(folder)/x.out: the folder \(folder) does not exist (reminders creates no folder it was not asked for)\n"
    )
    #expect(!FileManager.default.fileExists(atPath: folder))
  }

  /// `--deck` in a folder that is not there: said by reading commands too (it would look like an
  /// empty deck), exit 74, in the session's language, and never created; a missing deck file in
  /// a folder that is there is an empty deck.
  @Test(arguments: [["status"], ["cards", "add", "猫", "cat"], ["preview"], ["review", "--plain"]])
  func aDeckInAMissingFolderIsSaid(command: [String]) throws {
    let bin = try Binary()
    let folder = bin.home + "/Decks"
    let english = try bin.run(command + ["--deck", folder + "/deck.json", "--lang", "en"])
    #expect(english.status == 74)
    #expect(
      english.stderr
        == "reminders: \(folder)/deck.json: the folder \(folder) does not exist (reminders creates no folder it was not asked for)\n"
    )
    let japanese = try bin.run(command + ["--deck", folder + "/deck.json", "--lang", "ja"])
    #expect(japanese.status == 74 && japanese.stderr.contains("フォルダ \(folder) がありません"))
    #expect(!FileManager.default.fileExists(atPath: folder))
    let empty = try bin.run(["status", "--deck", bin.home + "/deck.json"])
    #expect(empty.status == 0, "\(empty.stderr)")
  }

  /// `--now` takes a local time in the day zone, as `--at` does, across a daylight-saving change.
  @Test func nowInTheDayZone() throws {
    let bin = try Binary()
    try bin.writeConfig("[time]\nzone = \"America/New_York\"\n")
    let winter = try #require(
      try json(bin.run("status", "--json", "--now", "2026-11-21T07:00").stdout) as? [String: Any])
    #expect(winter["now"] as? String == "2026-11-21T07:00:00-05:00")
    let summer = try #require(
      try json(bin.run("status", "--json", "--now", "2026-07-01 07:00:30").stdout) as? [String: Any])
    #expect(summer["now"] as? String == "2026-07-01T07:00:30-04:00")
  }
}
