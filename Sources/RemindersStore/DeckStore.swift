import Foundation
import RemindersCore

#if canImport(Glibc)
  import Glibc
#endif

/// The deck file: read, digest for planning, and change under the lock.
public struct DeckStore: Sendable {
  public let path: String
  public let lockPath: String

  public init(path: String, lockPath: String) {
    self.path = path
    self.lockPath = lockPath
  }

  /// The changes beside the deck (SPEC §5.4).
  public var journal: DeckJournal { DeckJournal(deckPath: path) }

  /// The whole deck, with the journal applied; a missing file is an empty deck.
  public func load() throws -> StoredDeck {
    var stored = StoredDeck()
    if let bytes = try FileIO.read(path) { stored = try DeckCodec.decode(bytes, path: path) }
    DeckJournal.apply(try journal.read(), to: &stored)
    return stored
  }

  /// What planning needs; a missing file plans nothing. Without a journal, read by the lean
  /// digest; with one, from the whole deck with the journal applied (until it is folded in).
  public func planInput(clock: DayClock) throws -> PlanInput {
    let lines = try journal.read()
    guard lines.isEmpty else {
      var stored = StoredDeck()
      if let bytes = try FileIO.read(path) { stored = try DeckCodec.decode(bytes, path: path) }
      DeckJournal.apply(lines, to: &stored)
      return PlanInput(deck: stored.deck, clock: clock)
    }
    guard let bytes = try FileIO.read(path) else {
      return PlanInput(dueIndex: DueIndex(), streak: Streak(answerDays: []), recalls: [])
    }
    return try DeckCodec.digest(bytes, path: path, clock: clock)
  }

  /// Reads the deck (and its journal) under the lock, lets `change` edit it, and writes it back
  /// atomically with the journal folded in.
  ///
  /// A deck or journal that does not parse throws before `change` runs, so neither is ever
  /// overwritten.
  public func update<T>(clock: DayClock, lockSeconds: Int = 10, _ change: (inout StoredDeck) throws -> T)
    throws -> T
  {
    let lock = try FileLock(path: lockPath, seconds: lockSeconds)
    defer { withExtendedLifetime(lock) {} }
    return try rewrite(clock: clock, change)
  }

  /// Records one change in the journal, durable when this returns: a few milliseconds whatever
  /// the deck's size. Every reader sees it at once.
  public func append(_ change: DeckJournal.Change, clock: DayClock, lockSeconds: Int = 10) throws {
    let lock = try FileLock(path: lockPath, seconds: lockSeconds)
    defer { withExtendedLifetime(lock) {} }
    try journal.append(change, clock: clock)
  }

  /// Folds the journal into `deck.json`, when there is one: what `run` does within a minute of
  /// an answer, and a review session when it ends. Returns whether there was anything to fold.
  @discardableResult
  public func foldJournal(clock: DayClock, lockSeconds: Int = 10) throws -> Bool {
    guard access(journal.path, F_OK) == 0 else { return false }
    let lock = try FileLock(path: lockPath, seconds: lockSeconds)
    defer { withExtendedLifetime(lock) {} }
    guard access(journal.path, F_OK) == 0 else { return false }
    try rewrite(clock: clock) { _ in }
    return true
  }

  /// Under the lock: the deck with the journal applied, changed, written, and the journal gone.
  private func rewrite<T>(clock: DayClock, _ change: (inout StoredDeck) throws -> T) throws -> T {
    var stored = StoredDeck()
    if let bytes = try FileIO.read(path) { stored = try DeckCodec.decode(bytes, path: path) }
    let lines = try journal.read()
    DeckJournal.apply(lines, to: &stored)
    let result = try change(&stored)
    // The deck names the last line it holds, so that a crash before the journal is removed never
    // applies a line twice.
    if let last = lines.last { stored.extras.root[DeckJournal.foldedKey] = .string(last.id) }
    try FileIO.writeAtomically(DeckCodec.encode(stored, clock: clock), to: path)
    if !lines.isEmpty || access(journal.path, F_OK) == 0 {
      unlink(journal.path)
      FileIO.syncDirectory(of: journal.path)
    }
    return result
  }
}
