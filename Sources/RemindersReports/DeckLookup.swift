import Foundation
import RemindersCore
import RemindersMessages
import RemindersStore

/// Finds the card or recall item an ID argument names: the whole id or a unique prefix of at
/// least 4 characters, case-insensitive (docs/commands.md). No match or several: an
/// `IDLookupError`, which the command line says as a usage error (64).
public enum DeckLookup {
  /// The index of the card `query` names in `deck` (the file at `path`).
  public static func card(_ query: String, in deck: Deck, path: String, words: any CardsMessages) throws
    -> Int
  {
    try find(
      query, ids: deck.cards.map(\.id), labels: deck.cards.map(\.front), path: path, item: .card, words: words
    )
  }

  /// The card `query` names in the deck `view` shows (the file at `path`): what a change finds
  /// its card by, at any deck size.
  public static func card(_ query: String, in view: DeckView, path: String, words: any CardsMessages) throws
    -> Card
  {
    let found = try view.cards(matching: query)
    if found.count == 1 { return found[0] }
    throw failure(
      query, matches: found.map(\.id), labels: found.map(\.front), path: path, none: words.deckItem(.card),
      several: { words.deckItems(.card, count: $0) }, words: words)
  }

  /// The index of the recall item `query` names in `deck` (the file at `path`).
  public static func recall(_ query: String, in deck: Deck, path: String, words: any CardsMessages) throws
    -> Int
  {
    try find(
      query, ids: deck.recalls.map(\.id), labels: deck.recalls.map(\.topic), path: path, item: .recall,
      words: words)
  }

  public static func find(
    _ query: String, ids: [String], labels: [String], path: String, item: DeckItem, words: any CardsMessages
  ) throws -> Int {
    try find(
      query, ids: ids, labels: labels, path: path, none: words.deckItem(item),
      several: { words.deckItems(item, count: $0) }, words: words)
  }

  /// `find`, what the id names given in words: `none` (`card`), `several` (`2 cards`).
  public static func find(
    _ query: String, ids: [String], labels: [String], path: String, none: String, several: (Int) -> String,
    words: any CardsMessages
  ) throws -> Int {
    let found = IDPrefix.matches(query, in: ids)
    if found.count == 1 { return found[0] }
    throw failure(
      query, matches: found.map { ids[$0] }, labels: found.map { labels[$0] }, path: path, none: none,
      several: several, words: words)
  }

  /// Why `query` found no single match: too short, none with that id (`none` names what was
  /// looked for), or several of `matches` (with their `labels`).
  public static func failure(
    _ query: String, matches: [String], labels: [String], path: String, none: String,
    several: (Int) -> String,
    words: any CardsMessages
  ) -> IDLookupError {
    if matches.isEmpty {
      if query.count < IDPrefix.minimumLength {
        return IDLookupError(words.idTooShort(query, minimum: IDPrefix.minimumLength))
      }
      return IDLookupError(words.noSuchID(query, naming: none, in: path))
    }
    let length = IDPrefix.distinguishingLength(matches)
    let list = zip(matches, labels).map { "\($0.prefix(length)) (\(DeckText.oneLine($1)))" }.joined(
      separator: ", ")
    return IDLookupError(words.ambiguousID(query, matches: several(matches.count), list: list))
  }
}

/// An ID argument that names no single card, recall item or alarm, in the catalogue's words.
public struct IDLookupError: Error, CustomStringConvertible {
  public let description: String

  public init(_ description: String) { self.description = description }
}
