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
    if found.isEmpty {
      if query.count < IDPrefix.minimumLength {
        throw UsageError(words.idTooShort(query, minimum: IDPrefix.minimumLength))
      }
      throw UsageError(words.noSuchID(query, naming: none, in: path))
    }
    let length = IDPrefix.distinguishingLength(found.map { ids[$0] })
    let list = found.map { "\(ids[$0].prefix(length)) (\(Cards.oneLine(labels[$0])))" }.joined(
      separator: ", ")
    throw UsageError(words.ambiguousID(query, matches: several(found.count), list: list))
  }
}
