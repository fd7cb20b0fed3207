import Foundation
import RemindersCore

/// The deck file: read, digest for planning, and change under the lock.
public struct DeckStore: Sendable {
  public let path: String
  public let lockPath: String

  public init(path: String, lockPath: String) {
    self.path = path
    self.lockPath = lockPath
  }

  /// The whole deck; a missing file is an empty deck.
  public func load() throws -> StoredDeck {
    guard let bytes = try FileIO.read(path) else { return StoredDeck() }
    return try DeckCodec.decode(bytes, path: path)
  }

  /// What planning needs; a missing file plans nothing.
  public func planInput(clock: DayClock) throws -> PlanInput {
    guard let bytes = try FileIO.read(path) else {
      return PlanInput(dueIndex: DueIndex(), streak: Streak(answerDays: []), recalls: [])
    }
    return try DeckCodec.digest(bytes, path: path, clock: clock)
  }

  /// Reads the deck under the lock, lets `change` edit it, and writes it back atomically.
  ///
  /// A deck that does not parse throws before `change` runs, so it is never overwritten.
  public func update<T>(clock: DayClock, lockSeconds: Int = 10, _ change: (inout StoredDeck) throws -> T)
    throws -> T
  {
    let lock = try FileLock(path: lockPath, seconds: lockSeconds)
    defer { withExtendedLifetime(lock) {} }
    var stored = try load()
    let result = try change(&stored)
    try FileIO.writeAtomically(DeckCodec.encode(stored, clock: clock), to: path)
    return result
  }
}
