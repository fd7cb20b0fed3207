import ArgumentParser
import Foundation
import RemindersCore
import RemindersReports
import RemindersStore
import TestFolders
import Testing

@testable import RemindersCommands

/// Commands run in this process, as the binary runs them: parsed from words, then run.
@Suite struct InProcessTests {
  static func run(_ words: [String]) throws {
    var command = try Reminders.parseAsRoot(words)
    try command.run()
  }

  @Test func cardsAddEditAndRemoveChangeTheDeck() throws {
    let folder = try TemporaryFolder()
    let files = [
      "--deck", folder.path + "/deck.json", "--state-dir", folder.path + "/state", "--config",
      try folder.write("config.toml", "[study]\nnew_per_day = 5\n"),
    ]
    let deck = DeckStore(path: folder.path + "/deck.json", lockPath: folder.path + "/deck.lock")
    try Self.run(["cards", "add", "食べる", "to eat", "--collection", "N5"] + files)
    var cards = try deck.load().deck.cards
    #expect(cards.map(\.front) == ["食べる"])
    #expect(cards[0].collection == "N5")
    try Self.run(["cards", "edit", cards[0].id, "--back", "to eat (v)"] + files)
    cards = try deck.load().deck.cards
    #expect(cards[0].back == "to eat (v)")
    try Self.run(["cards", "suspend", String(cards[0].id.prefix(8))] + files)
    #expect(try deck.load().deck.cards[0].suspended)
    try Self.run(["cards", "remove", cards[0].id] + files)
    #expect(try deck.load().deck.cards.isEmpty)
  }

  @Test func aCardIDThatNamesNoCardIsAUsageError() throws {
    let folder = try TemporaryFolder()
    let files = ["--deck", folder.path + "/deck.json", "--state-dir", folder.path + "/state"]
    #expect(throws: IDLookupError.self) { try Self.run(["cards", "remove", "nope1234"] + files) }
    #expect(ExitStatus.report(IDLookupError("x"), language: { .en }) == ExitStatus.usage)
  }

  @Test func aRefusedValueIsRefusedBeforeAnythingRuns() {
    #expect(throws: (any Error).self) { try Reminders.parseAsRoot(["recall", "add", "x", "--in", "soon"]) }
    #expect(throws: (any Error).self) { try Reminders.parseAsRoot(["preview", "--days", "0"]) }
  }
}
