import Foundation
import RemindersCore

#if canImport(Glibc)
  import Glibc
#endif

/// The deck file: read, digest for planning, and change under the lock.
public struct DeckStore: Sendable {
  public let path: String
  public let lockPath: String
  /// Where the deck's index is kept (`DeckIndex`, in the cache); nil: made in memory when a
  /// change needs it.
  public let indexPath: String?

  public init(path: String, lockPath: String, indexPath: String? = nil) {
    self.path = path
    self.lockPath = lockPath
    self.indexPath = indexPath
  }

  /// Held while a line is appended to the journal or the journal is cut after a fold: only for
  /// a moment, so an answer never waits for a rewrite of the whole deck under `lockPath`.
  public var journalLockPath: String { FileIO.parentDirectory(of: lockPath) + "/journal.lock" }

  /// Held shared by every review session while it runs; `run` folds the journal only when no
  /// session holds it.
  public var sessionLockPath: String { FileIO.parentDirectory(of: lockPath) + "/review.lock" }

  /// The changes beside the deck (docs/files.md).
  public var journal: DeckJournal { DeckJournal(deckPath: path) }

  /// The whole deck, with the journal applied; a missing file is an empty deck.
  ///
  /// The journal is read before the deck: a fold writes the deck before it cuts the journal, so
  /// whichever moment of a fold this falls on, every line is applied exactly once (the deck names
  /// the last line it holds).
  public func load() throws -> StoredDeck { try load(applying: journal.read()) }

  /// The whole deck as a reader shows it: under FSRS (`replaying`), every card whose state lags
  /// behind its answers with the state its log gives (`FSRSScheduler.replayStates`), in memory:
  /// the count a reader gives right after a switch is the one the next write stores.
  public func load(replaying fsrs: FSRSScheduler?, clock: DayClock) throws -> Deck {
    try load(applying: journal.read(), replaying: fsrs, clock: clock).deck
  }

  /// The whole deck with `lines` (read from the journal just before) applied; from `bytes` when
  /// the file was read already.
  private func load(
    applying lines: [(id: String, change: DeckJournal.Change)], bytes: [UInt8]? = nil
  ) throws -> StoredDeck {
    var stored = StoredDeck()
    if let bytes = try bytes ?? FileIO.read(path) { stored = try DeckCodec.decode(bytes, path: path) }
    DeckJournal.apply(lines, to: &stored)
    return stored
  }

  /// `load(applying:bytes:)`, and under FSRS every lagging card's state replayed from its log
  /// (in memory: nothing is written).
  private func load(
    applying lines: [(id: String, change: DeckJournal.Change)], bytes: [UInt8]? = nil,
    replaying fsrs: FSRSScheduler?, clock: DayClock
  ) throws -> StoredDeck {
    var stored = try load(applying: lines, bytes: bytes)
    fsrs?.replayStates(of: &stored.deck, clock: clock)
    return stored
  }

  /// What planning needs; a missing file plans nothing. Without a journal, read by the lean
  /// digest; with one, from the whole deck with the journal applied (until it is folded in).
  ///
  /// The day's cards are counted from `today` on, new cards within `limits` (docs/scheduling.md).
  /// Under FSRS (`replaying`), a card whose state lags behind its answers (the scheduler was just
  /// switched to FSRS, and nothing has written the deck since) is counted on the day its replayed
  /// log gives, as the next write will store it: every reader gives one number from the switch on.
  public func planInput(
    clock: DayClock, limits: NewCardLimits, today: Day, replaying fsrs: FSRSScheduler? = nil
  ) throws -> PlanInput {
    let lines = try journal.read()
    var read: [UInt8]?
    if lines.isEmpty {
      guard let bytes = try FileIO.read(path) else {
        return PlanInput(
          dueIndex: DueIndex(limits: limits, since: today), streak: Streak(answerDays: []), recalls: [])
      }
      var lags = false
      let input = try DeckCodec.digest(
        bytes, path: path, clock: clock, limits: limits, today: today, fsrsLags: &lags)
      guard fsrs != nil, lags else { return input }
      read = bytes
    }
    let stored = try load(applying: lines, bytes: read, replaying: fsrs, clock: clock)
    return PlanInput(deck: stored.deck, clock: clock, limits: limits, today: today)
  }

  /// What `stats` needs: answers and focus minutes per day-zone day, and the cards by due day.
  /// Without a journal, read by the lean digest; with one, from the whole deck with the journal
  /// applied (as `planInput`). Under FSRS, `retention` counts the predicted retention.
  public func studyRecord(
    clock: DayClock, limits: NewCardLimits, today: Day, retention: RetentionForecast? = nil,
    replaying fsrs: FSRSScheduler? = nil
  ) throws -> StudyRecord {
    let lines = try journal.read()
    var read: [UInt8]?
    if lines.isEmpty {
      guard let bytes = try FileIO.read(path) else {
        return StudyRecord(dueIndex: DueIndex(limits: limits, since: today), retention: retention)
      }
      var lags = false
      let record = try DeckCodec.studyDigest(
        bytes, path: path, clock: clock, limits: limits, today: today, retention: retention, fsrsLags: &lags)
      guard fsrs != nil, lags else { return record }
      read = bytes
    }
    // With a journal, or under FSRS with a lagging card (as `planInput`): the whole deck, from
    // the bytes the digest read when it did.
    let stored = try load(applying: lines, bytes: read, replaying: fsrs, clock: clock)
    return StudyRecord(
      deck: stored.deck, focusLog: try DeckCodec.focusLog(of: stored, path: path), clock: clock,
      limits: limits, today: today, retention: retention)
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
  /// the deck's size, and never behind a rewrite of the deck. Every reader sees it at once.
  public func append(_ change: DeckJournal.Change, clock: DayClock, lockSeconds: Int = 10) throws {
    let lock = try FileLock(path: journalLockPath, seconds: lockSeconds)
    defer { withExtendedLifetime(lock) {} }
    try journal.append(change, clock: clock)
  }

  /// Makes one change to the deck in a few milliseconds at any size, never behind a rewrite of
  /// the deck: under the journal's lock, `decide` looks at the deck as it stands (`DeckView`)
  /// and says the change (nil: none), which is appended to the journal, durable when this
  /// returns, and seen at once by every reader. A deck that does not parse throws before
  /// `decide` runs.
  public func change<T>(
    clock: DayClock, lockSeconds: Int = 10, _ decide: (DeckView) throws -> (DeckJournal.Change?, T)
  ) throws -> T {
    let lock = try FileLock(path: journalLockPath, seconds: lockSeconds)
    defer { withExtendedLifetime(lock) {} }
    let lines = try journal.read()
    let file = try DeckFile.open(path)
    // A deck that could never be written (a link into a folder that is not there: an unmounted
    // drive) takes no change: it would wait beside it for good.
    _ = try FileIO.writeTarget(of: path)
    var decided: (DeckJournal.Change?, T)
    do {
      decided = try decide(DeckView.make(path: path, file: file, index: try index(of: file), lines: lines))
    } catch StoreError.corrupt {
      // The map said a place the deck does not hold a card at: made again from the deck itself
      // (which throws, naming the line, when it is the deck that is wrong).
      decided = try decide(
        DeckView.make(path: path, file: file, index: try index(of: file, remake: true), lines: lines))
    }
    let (change, value) = decided
    if let change { try journal.append(change, clock: clock) }
    return value
  }

  /// The index of the deck open as `file`: the one kept when it maps this very file, else
  /// made from it (and kept, when there is a place for it).
  func index(of file: DeckFile?, remake: Bool = false) throws -> DeckIndex? {
    guard let file else { return nil }
    if !remake, let indexPath, let kept = DeckIndex.open(indexPath, stamp: file.stamp) { return kept }
    let bytes = try DeckIndex.make(file.all(path: path), stamp: file.stamp, path: path)
    if let indexPath { try? FileIO.writeAtomically(bytes, to: indexPath, links: .replace, durable: false) }
    return DeckIndex.inMemory(bytes, stamp: file.stamp)
  }

  /// After the deck was written as `bytes`: its index made again at once, when one is kept
  /// (the next change then finds it ready); a deck never changed by a command never has one.
  func refreshIndex(_ bytes: [UInt8]) {
    guard let indexPath, access(indexPath, F_OK) == 0 else { return }
    var info = stat()
    guard stat(path, &info) == 0,
      let made = try? DeckIndex.make(bytes, stamp: DeckFile.stamp(info), path: path)
    else { return }
    try? FileIO.writeAtomically(made, to: indexPath, links: .replace, durable: false)
  }

  /// The deck file as it is now (device, inode, size, modification time), nil when there is
  /// none: every rewrite of the deck, by any command, changes it.
  ///
  /// It also holds how long the journal is now, so that a session that read the deck after
  /// taking it looks only at the lines appended since (`append(_:clock:ifHolding:seen:)`).
  public func stamp() -> DeckStamp? {
    guard var stamp = Self.stamp(of: path) else { return nil }
    var info = stat()
    stamp.journalRead = stat(journal.path, &info) == 0 ? Int(info.st_size) : 0
    return stamp
  }

  /// The deck file's and the journal's stamps: any answer, from a session or a command, changes
  /// one of them.
  public func stampWithJournal() -> [DeckStamp?] { [stamp(), Self.stamp(of: journal.path)] }

  static func stamp(of path: String) -> DeckStamp? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return DeckStamp(text: DeckFile.stamp(info))
  }

  /// Appends an answer to card `cardID` unless the card has left the deck (`cards remove` in
  /// another terminal while a session shows it): then this returns false, and the answer is not
  /// kept. The deck is read again only when its file changed since `seen` (the session's read,
  /// or the last check); otherwise only the journal's lines appended since are looked at, for one
  /// that removes the card. So an answer still costs a few milliseconds at any deck size, and it
  /// never waits for the deck's lock (docs/files.md). Checked before the line is appended, and
  /// again after it when the deck changed meanwhile: a line for a card that is gone changes
  /// nothing when it is folded.
  public func append(
    _ change: DeckJournal.Change, clock: DayClock, ifHolding cardID: String, seen: inout DeckStamp?,
    lockSeconds: Int = 10
  ) throws -> Bool {
    func stillHolds() throws -> Bool {
      // The journal's length is taken with the stamp, before any read.
      let now = stamp()
      if let now, now == seen, let read = seen?.journalRead, let size = now.journalRead, size >= read {
        let (lines, end) = try journal.read(from: read)
        seen?.journalRead = end
        return !lines.contains { line in
          if case .remove(let cards, _) = line.change { cards.contains(cardID) } else { false }
        }
      }
      // Rewritten, or the journal cut: the whole deck read again (after the journal's length
      // was taken, so that a line appended meanwhile is looked at again, never missed).
      let stored = try load()
      seen = now
      return stored.deck.cards.contains { $0.id == cardID }
    }
    guard try stillHolds() else { return false }
    try append(change, clock: clock, lockSeconds: lockSeconds)
    return try stillHolds()
  }

  /// Marks a review session: while the returned lock lives, `foldJournalUnlessReviewing` leaves
  /// the journal be (the session keeps appending to it; folding a large deck each minute would
  /// only cost the machine's time). Sessions share it (a terminal's, a pop-up's: they wait up to
  /// 2 s, for the minute job's look at it, never longer, so that a watch is never held); with `alone`
  /// (the desktop app's) it is taken at once and for this session only, or not at all
  /// (`StoreError.locked`): no other session starts while it is held.
  public func holdSession(alone: Bool = false) throws -> FileLock {
    try FileLock(path: sessionLockPath, seconds: alone ? 0 : 2, shared: !alone)
  }

  /// Folds the journal into `deck.json`, when there is one. Returns whether there was anything
  /// to fold.
  ///
  /// Only what the journal changed is written anew (`DeckFold`): the end of a session costs a
  /// read of the deck and a copy of its bytes, not a decode and encode of every card.
  ///
  /// Under FSRS (`replaying`), a deck holding a card whose state lags behind its log (the
  /// scheduler was just switched) is written whole instead, every lagging card with its replayed
  /// state (`FSRSScheduler.replayStates`): the switch is stored at the first fold after it.
  ///
  /// `refreshingIndex`: the deck's index, when one is kept, is made again at once from the bytes
  /// written (the minute job's fold, in the background: the next change finds it ready); a fold
  /// in front of the learner (a session's end) leaves it to the next change.
  @discardableResult
  public func foldJournal(
    clock: DayClock, lockSeconds: Int = 10, replaying fsrs: FSRSScheduler? = nil,
    refreshingIndex: Bool = false
  ) throws -> Bool {
    guard access(journal.path, F_OK) == 0 else { return false }
    let lock = try FileLock(path: lockPath, seconds: lockSeconds)
    defer { withExtendedLifetime(lock) {} }
    guard access(journal.path, F_OK) == 0 else { return false }
    let lines = try journal.read()
    guard let bytes = try FileIO.read(path) else {
      // No deck yet: the answers were to cards that are gone; the empty deck names the lines.
      try rewrite(clock: clock) { _ in }
      return true
    }
    var lags = false
    let folded = try withUnsafeMutablePointer(to: &lags) { lags in
      try DeckFold.fold(bytes, lines: lines, path: path, clock: clock, lags: fsrs == nil ? nil : lags)
    }
    if let fsrs, lags {
      try rewrite(clock: clock, refreshingIndex: refreshingIndex) { stored in
        fsrs.replayStates(of: &stored.deck, clock: clock)
      }
      return true
    }
    if let folded {
      try FileIO.writeAtomically(folded, to: path)
      if refreshingIndex { refreshIndex(folded) }
    }
    try cut(through: lines.last?.id)
    return true
  }

  /// What `run` does each minute: folds the journal unless a review session is running (the
  /// first `run` after the session ends folds it). Returns whether it folded anything.
  @discardableResult
  public func foldJournalUnlessReviewing(
    clock: DayClock, lockSeconds: Int = 10, replaying fsrs: FSRSScheduler? = nil,
    refreshingIndex: Bool = false
  ) throws -> Bool {
    guard access(journal.path, F_OK) == 0 else { return false }
    do {
      _ = try FileLock(path: sessionLockPath, seconds: 0)  // released at once
    } catch StoreError.locked {
      return false
    }
    return try foldJournal(
      clock: clock, lockSeconds: lockSeconds, replaying: fsrs, refreshingIndex: refreshingIndex)
  }

  /// Under the deck's lock: the deck with the journal applied, changed, written, and the lines
  /// it now holds cut from the journal (lines appended meanwhile stay).
  private func rewrite<T>(
    clock: DayClock, refreshingIndex: Bool = false, _ change: (inout StoredDeck) throws -> T
  ) throws -> T {
    // The lines as they are now; a session may append more while the deck is written.
    let lines = try journal.read()
    var stored = try load(applying: lines)
    let result = try change(&stored)
    // The deck names the last line it holds, so that a crash before the journal is cut never
    // applies a line twice.
    if let last = lines.last { stored.extras.root[DeckJournal.foldedKey] = .string(last.id) }
    let bytes = DeckCodec.encode(stored, clock: clock)
    try FileIO.writeAtomically(bytes, to: path)
    if refreshingIndex { refreshIndex(bytes) }
    try cut(through: lines.last?.id)
    return result
  }

  /// After the deck was written holding the journal's lines through `last`: those lines cut
  /// from the journal (lines appended meanwhile stay).
  private func cut(through last: String?) throws {
    if let last {
      let lock = try FileLock(path: journalLockPath, seconds: 10)
      defer { withExtendedLifetime(lock) {} }
      try journal.cut(through: last)
    } else if access(journal.path, F_OK) == 0 {
      // Only a torn line or blank lines: nothing to keep.
      let lock = try FileLock(path: journalLockPath, seconds: 10)
      defer { withExtendedLifetime(lock) {} }
      if try journal.read().isEmpty { journal.remove() }
    }
  }
}

/// What a deck file was when it was last read (`DeckStore.stamp`).
public struct DeckStamp: Equatable, Sendable {
  let text: String
  /// How much of the journal a session has looked at since it read the deck
  /// (`DeckStore.append(_:clock:ifHolding:seen:)`); not part of what the stamp says.
  var journalRead: Int?

  public static func == (a: DeckStamp, b: DeckStamp) -> Bool { a.text == b.text }
}
