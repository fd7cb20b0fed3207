import RemindersCore

/// What a use case refuses, in its own terms; the command line gives each its words and its
/// exit code (docs/exit-codes.md).
public enum AppError: Error, Equatable {
  /// `focus` while a session runs (a usage error: `focus stop` ends it).
  case focusRunning
  /// A line of a card file that cannot be imported; nothing was added.
  case cardFile(path: String, CardTable.Problem)
  /// `--collection` names no collection of the deck at `path` (ignoring case); `nearest` is a
  /// name near it, if one is; `collections` how many the deck has (a usage error).
  case noSuchCollection(String, path: String, nearest: String?, collections: Int)
}

extension Deck {
  /// `--collection` as typed (`review`, `cards list`): the deck's spelling of it, case aside; a
  /// name no card has is `AppError.noSuchCollection`, with the nearest (a typo must not look
  /// like an empty day). `path` is the deck file's, for the message.
  public func collection(named query: String, path: String) throws(AppError) -> String {
    guard let name = collection(matching: query) else {
      throw .noSuchCollection(
        query, path: path, nearest: nearCollection(to: query), collections: collectionNames.count)
    }
    return name
  }
}
