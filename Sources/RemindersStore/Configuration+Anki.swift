import Foundation
import RemindersCore
import RemindersMessages

extension Configuration {
  /// `[anki]`: the collection's path (`~/` is the home folder), the top-level decks counted, and
  /// the command that starts Anki. Whether the path names an Anki collection is checked when it
  /// is read (RemindersAnki), with this file and key in the message.
  static func ankiSettings(
    text: (String) throws -> String?, lookup: (String) -> TOMLDocument.Value?,
    fail: (String, ConfigProblem) -> StoreError, home: String
  ) throws -> AnkiSettings {
    guard let collection = try text("anki.collection"), !collection.isEmpty else {
      throw fail("anki.collection", .ankiCollection)
    }
    var settings = AnkiSettings(
      collection: collection.hasPrefix("~/") ? home + collection.dropFirst(1) : collection)
    if let decks = lookup("anki.decks") {
      guard let array = decks.array, !array.isEmpty, case let names = array.compactMap(\.string),
        names.count == array.count, names.allSatisfy({ !$0.isEmpty && !$0.contains("::") })
      else {
        throw fail("anki.decks", .ankiDecks)
      }
      settings.decks = names
    }
    if let command = lookup("anki.command") {
      if let word = command.string, !word.isEmpty {
        // One program name; a string with spaces would be taken as one name (no shell splits
        // it here), so it is refused with the list it should be, as `review.terminal` refuses
        // a string.
        guard !word.contains(where: \.isWhitespace) else {
          let words = word.split(whereSeparator: \.isWhitespace).map(String.init)
          throw fail("anki.command", .commandWithSpaces(words: words))
        }
        settings.command = [word]
      } else if let array = command.array, !array.isEmpty, case let words = array.compactMap(\.string),
        words.count == array.count, !words[0].isEmpty
      {
        settings.command = words
      } else {
        throw fail("anki.command", .ankiCommand)
      }
    }
    return settings
  }
}

/// `[anki]` in the config (docs/anki.md).
public struct AnkiSettings: Equatable, Sendable {
  /// `anki.collection`: the collection file (`collection.anki2`), `~/` expanded.
  public var collection: String
  /// `anki.decks`: the top-level decks counted; nil: all of them.
  public var decks: [String]?
  /// `anki.command`: what a daily pop-up's review action starts (default `anki`).
  public var command: [String]

  public init(collection: String, decks: [String]? = nil, command: [String] = ["anki"]) {
    self.collection = collection
    self.decks = decks
    self.command = command
  }
}
