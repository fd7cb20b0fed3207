import Foundation
import RemindersCore
import RemindersMessages
import RemindersStore

/// Finds the card or recall item an ID argument names: the whole id or a unique prefix of at
/// least 4 characters, case-insensitive (docs/commands.md). No match or several: a usage error (64).
enum DeckLookup {
  static func card(_ query: String, in deck: Deck, invocation: Invocation) throws -> Int {
    try find(
      query, ids: deck.cards.map(\.id), labels: deck.cards.map(\.front), path: invocation.paths.deck,
      item: .card,
      words: invocation.messages)
  }

  static func recall(_ query: String, in deck: Deck, invocation: Invocation) throws -> Int {
    try find(
      query, ids: deck.recalls.map(\.id), labels: deck.recalls.map(\.topic), path: invocation.paths.deck,
      item: .recall, words: invocation.messages)
  }

  static func find(
    _ query: String, ids: [String], labels: [String], path: String, item: DeckItem, words: any CardsMessages
  ) throws -> Int {
    try find(
      query, ids: ids, labels: labels, path: path, none: words.deckItem(item),
      several: { words.deckItems(item, count: $0) }, words: words)
  }

  /// `find`, what the id names given in words: `none` (`card`), `several` (`2 cards`).
  static func find(
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
  static func failure(
    _ query: String, matches: [String], labels: [String], path: String, none: String,
    several: (Int) -> String,
    words: any CardsMessages
  ) -> UsageError {
    if matches.isEmpty {
      if query.count < IDPrefix.minimumLength {
        return UsageError(words.idTooShort(query, minimum: IDPrefix.minimumLength))
      }
      return UsageError(words.noSuchID(query, naming: none, in: path))
    }
    let length = IDPrefix.distinguishingLength(matches)
    let list = zip(matches, labels).map { "\($0.prefix(length)) (\(Cards.oneLine($1)))" }.joined(
      separator: ", ")
    return UsageError(words.ambiguousID(query, matches: several(matches.count), list: list))
  }
}
