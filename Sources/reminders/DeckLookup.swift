import Foundation
import RemindersCore
import RemindersStore

/// Words in the session's language, for the lines the deck commands print.
struct Words {
  let ja: Bool

  init(_ invocation: Invocation) { ja = invocation.texts.language == .ja }

  /// `ja` in Japanese sessions, `en` otherwise.
  func say(_ ja: String, _ en: String) -> String { self.ja ? ja : en }
}

/// Finds the card or recall item an ID argument names: the whole id or a unique prefix of at
/// least 4 characters, case-insensitive (docs/commands.md). No match or several: a usage error (64).
enum DeckLookup {
  static func card(_ query: String, in deck: Deck, invocation: Invocation) throws -> Int {
    let words = Words(invocation)
    return try find(
      query, ids: deck.cards.map(\.id), labels: deck.cards.map(\.front), path: invocation.paths.deck,
      none: words.say("カード", "card"), several: { words.say("\($0) 枚のカード", "\($0) cards") }, words: words)
  }

  static func recall(_ query: String, in deck: Deck, invocation: Invocation) throws -> Int {
    let words = Words(invocation)
    return try find(
      query, ids: deck.recalls.map(\.id), labels: deck.recalls.map(\.topic), path: invocation.paths.deck,
      none: words.say("思い出し項目", "recall item"),
      several: { words.say("\($0) 件の思い出し項目", "\($0) recall items") }, words: words)
  }

  static func find(
    _ query: String, ids: [String], labels: [String], path: String, none: String, several: (Int) -> String,
    words: Words
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
    words: Words
  ) -> UsageError {
    if matches.isEmpty {
      if query.count < IDPrefix.minimumLength {
        return UsageError(
          words.say(
            "ID '\(query)' は短すぎます。少なくとも \(IDPrefix.minimumLength) 文字を指定してください",
            "id '\(query)' is too short; give at least \(IDPrefix.minimumLength) characters"))
      }
      return UsageError(
        words.say("\(path) に ID '\(query)' の\(none)はありません", "no \(none) with id '\(query)' in \(path)"))
    }
    let length = IDPrefix.distinguishingLength(matches)
    let list = zip(matches, labels).map { "\($0.prefix(length)) (\(Cards.oneLine($1)))" }.joined(
      separator: ", ")
    return UsageError(
      words.say(
        "'\(query)' に合う\(several(matches.count))があります: \(list)。ID をもっと長く指定してください",
        "'\(query)' matches \(several(matches.count)): \(list); give more of the id"))
  }
}
