import Foundation
import RemindersCore
import RemindersMessages
import RemindersStore
import TestFolders
import Testing

@testable import RemindersCommands

/// The one scanner of the raw arguments (`RawArguments`), and what reads it: the session's
/// language before parsing, "did you mean" for a command, `run`'s fast path.
@Suite struct RawArgumentsTests {
  @Test func theLastValueOfAnOptionWinsAsInTheParser() {
    let raw = RawArguments(["review", "--lang", "ja", "--deck=a.json", "--lang=en", "--limit", "3"])
    #expect(raw.globals[.lang] == "en")
    #expect(raw.globals[.deck] == "a.json")
    #expect(raw.others == ["review", "--limit", "3"])
  }

  @Test func afterTwoDashesEverythingIsAValue() {
    let raw = RawArguments(["cards", "add", "--", "--lang", "ja"])
    #expect(raw.globals[.lang] == nil)
    #expect(raw.others == ["cards", "add", "--", "--lang", "ja"])
  }

  /// Global options typed before the command's name go after it, where the parser knows them;
  /// anything else stays as typed.
  @Test(arguments: [
    (
      ["--config", "c.toml", "config", "set", "daily.time", "09:00"],
      ["config", "set", "daily.time", "09:00", "--config", "c.toml"]
    ),
    (
      ["--lang=ja", "--deck", "d.json", "cards", "add", "--", "-x", "y"],
      ["cards", "add", "--lang=ja", "--deck", "d.json", "--", "-x", "y"]
    ),
    (["review", "--config", "c.toml"], ["review", "--config", "c.toml"]),
    (["--config", "c.toml", "--help"], ["--config", "c.toml", "--help"]),
    (["--config", "c.toml"], ["--config", "c.toml"]),
    (["--now", "2026-11-21T09:00", "run"], ["--now", "2026-11-21T09:00", "run"]),
  ])
  func globalOptionsBeforeTheCommandMoveAfterIt(typed: [String], parsed: [String]) {
    #expect(RawArguments.commandFirst(typed) == parsed)
  }

  @Test func anOptionWithoutItsValueIsLeftToTheParser() {
    let raw = RawArguments(["run", "--now"])
    #expect(raw.now == nil)
    #expect(raw.others == ["run", "--now"])
  }

  @Test func theLanguageIsTheConfigsWhenNoLangIsGiven() throws {
    let folder = try TemporaryFolder()
    let config = try folder.write("config.toml", "language = \"ja\"\n")
    let environment = ["HOME": folder.path, "LANG": "en_US.UTF-8"]
    #expect(RawArguments(["review", "--config", config]).language(environment: environment) == .ja)
    #expect(
      RawArguments(["review", "--config", config, "--lang", "en"]).language(environment: environment) == .en)
    // A --lang that names no language is the parser's to refuse; the config's stands meanwhile.
    #expect(
      RawArguments(["review", "--config=" + config, "--lang", "xx"]).language(environment: environment) == .ja
    )
    let broken = try folder.write("broken.toml", "language = \n")
    #expect(RawArguments(["review", "--config", broken]).language(environment: environment) == .en)
  }

  @Test(
    arguments: [
      (["reveiw"], "reveiw", "review"),
      (["stauts", "--json"], "stauts", "status"),
      (["cards", "ad", "x"], "ad", "add"),
      (["calendar", "snyc"], "snyc", "sync"),
      (["xyz"], "xyz", nil),
    ] as [([String], String, String?)])
  func aMistypedCommandIsNamedWithTheNearestOnlyWhenNear(words: [String], word: String, nearest: String?) {
    #expect(
      UnknownCommand.find(in: words, root: Reminders.self) == UnknownCommand(word: word, nearest: nearest))
  }

  @Test func knownCommandsAndTheirArgumentsAreNoUnknownCommand() {
    for words in [["review"], ["cards", "add", "reveiw", "x"], ["help", "reveiw"], ["--version"], []] {
      #expect(UnknownCommand.find(in: words, root: Reminders.self) == nil, "\(words)")
    }
  }

  @Test func runsFastPathTakesOnlyTheGlobalOptionsAndNow() {
    #expect(Run.fastPath(["run"]) != nil)
    #expect(
      Run.fastPath(["run", "--deck", "d.json", "--lang=ja", "--now", "2026-12-02T08:00:00+09:00"]) != nil)
    #expect(Run.fastPath(["run", "--help"]) == nil)
    #expect(Run.fastPath(["run", "--lang", "xx"]) == nil)
    #expect(Run.fastPath(["run", "--now", "tomorrow"]) == nil)
    #expect(Run.fastPath(["preview"]) == nil)
    #expect(Run.fastPath(["run", "--deck"]) == nil)
  }
}
