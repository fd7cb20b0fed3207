import Foundation

/// The deck's collections by name, as a person types them (docs/commands.md): names match
/// ignoring case, and a name that matches none is answered with the nearest.
extension Deck {
  /// The names of the cards' collections, each once, sorted.
  public var collectionNames: [String] { Set(cards.compactMap(\.collection)).sorted() }

  /// `query` as the deck spells it: itself when a card has that collection, else the one
  /// collection equal to it ignoring case; nil when none is (or several are, differing by case
  /// only: then only the exact spelling names one).
  public func collection(matching query: String) -> String? {
    Deck.collection(matching: query, among: collectionNames)
  }

  /// `collection(matching:)` among `names` (a deck's collection names, each once).
  public static func collection(matching query: String, among names: [String]) -> String? {
    if names.contains(query) { return query }
    let folded = names.filter { $0.lowercased() == query.lowercased() }
    return folded.count == 1 ? folded[0] : nil
  }

  /// The collection near enough to `query` to suggest (`EditDistance.near`); nil when none is.
  public func nearCollection(to query: String) -> String? {
    EditDistance.near(to: query, among: collectionNames)
  }
}
