import Foundation
import RemindersCore
import TestFolders
import Testing

@testable import RemindersStore

/// The journal of answers beside the deck
/// (docs/files.md#the-journal-answers-cost-the-same-at-any-deck-size): every reader sees a line as
/// soon as it is written, a torn last line is no change, and folding never applies a line twice.
@Suite struct DeckJournalTests {
  let tokyo = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)
  let t0 = Timestamp.parse("2026-11-21T09:00:00+09:00")!

  func store() throws -> DeckStore {
    let dir = try TemporaryFolder.make("reminders-journal")
    let store = DeckStore(path: dir + "/deck.json", lockPath: dir + "/lock")
    let deck = Deck(cards: [
      Card(
        id: "a", front: "食べる", back: "to eat", collection: "JLPT", stepIndex: 1,
        nextReviewDate: Day(iso: "2026-11-20")!, createdAt: t0),
      Card(
        id: "b", front: "invoice", back: "請求書", stepIndex: 0, nextReviewDate: Day(iso: "2026-11-21")!,
        createdAt: t0),
    ])
    try FileIO.writeAtomically(DeckCodec.encode(StoredDeck(deck: deck), clock: tokyo), to: store.path)
    return store
  }

  func answer(_ id: String, _ correct: Bool, minutes: Double = 0) -> DeckJournal.Change {
    .answer(
      cardID: id, correct: correct, at: t0.addingTimeInterval(minutes * 60), day: Day(iso: "2026-11-21")!,
      recallAfterWrong: 10800, recallID: "r-\(id)-\(minutes)")
  }

  @Test func readersSeeEachLineAndFoldingKeepsTheSameDeck() throws {
    let store = try store()
    let deckBefore = try String(contentsOfFile: store.path, encoding: .utf8)
    try store.append(answer("a", true), clock: tokyo)
    try store.append(answer("b", false, minutes: 1), clock: tokyo)
    // deck.json is untouched; every reader applies the journal.
    #expect(try String(contentsOfFile: store.path, encoding: .utf8) == deckBefore)
    var expected = try DeckCodec.decode(Array(deckBefore.utf8), path: "d").deck
    _ = expected.answer(
      cardID: "a", correct: true, at: t0, clock: tokyo, recallAfterWrong: 10800, recallID: "r-a-0.0")
    _ = expected.answer(
      cardID: "b", correct: false, at: t0.addingTimeInterval(60), clock: tokyo, recallAfterWrong: 10800,
      recallID: "r-b-1.0")
    #expect(try store.load().deck == expected)
    let today = tokyo.day(of: t0)
    #expect(
      try store.planInput(clock: tokyo, limits: .standard, today: today).dueIndex
        == DueIndex(deck: expected, limits: .standard, since: today, clock: tokyo))
    #expect(
      try store.planInput(clock: tokyo, limits: .standard, today: today).recalls.map(\.id) == ["r-b-1.0"])
    // Folding writes the same deck and removes the journal.
    let folded = try store.foldJournal(clock: tokyo)
    #expect(folded)
    #expect(!FileManager.default.fileExists(atPath: store.journal.path))
    #expect(try store.load().deck == expected)
    let again = try store.foldJournal(clock: tokyo)
    #expect(!again)
  }

  /// A writer killed in the middle of a line: that line is no change, and the next line starts on
  /// a line of its own.
  @Test func aTornLastLineIsSkipped() throws {
    let store = try store()
    try store.append(answer("a", true), clock: tokyo)
    let handle = try #require(FileHandle(forWritingAtPath: store.journal.path))
    handle.seekToEndOfFile()
    handle.write(Data("{\"version\": 1, \"id\": \"torn\", \"op\": \"answ".utf8))
    try handle.close()
    #expect(try store.journal.read().count == 1)
    try store.append(answer("b", true, minutes: 1), clock: tokyo)
    #expect(try store.journal.read().count == 2)
    #expect(try store.load().deck.reviewLog.count == 2)
  }

  /// A crash after the deck was written with the journal folded in, before the journal was
  /// removed: the lines the deck names as folded are not applied again.
  @Test func aFoldCutShortNeverAppliesALineTwice() throws {
    let store = try store()
    try store.append(answer("a", false), clock: tokyo)
    let journal = try Data(contentsOf: URL(fileURLWithPath: store.journal.path))
    try store.foldJournal(clock: tokyo)
    try journal.write(to: URL(fileURLWithPath: store.journal.path))
    let deck = try store.load().deck
    #expect(deck.reviewLog.count == 1 && deck.recalls.count == 1)
    // A line after the folded one is applied.
    try store.append(answer("b", true, minutes: 2), clock: tokyo)
    #expect(try store.load().deck.reviewLog.count == 2)
  }

  /// Undo and recall lines replay exactly; a bad line is an error naming the journal and its line.
  @Test func undoRecallsAndBadLines() throws {
    let store = try store()
    var deck = try store.load().deck
    let answered = deck.answer(
      cardID: "a", correct: false, at: t0, clock: tokyo, recallAfterWrong: 10800, recallID: "r1")
    let outcome = try #require(answered)
    try store.append(answer("a", false), clock: tokyo)
    try store.append(
      .undo(previous: outcome.previous, entry: outcome.entry, recallAdded: "r-a-0.0", completed: []),
      clock: tokyo)
    #expect(try store.load().deck == (try DeckCodec.decode(FileIO.read(store.path)!, path: "d").deck))
    let item = RecallItem(id: "x", topic: "t", dueAt: t0, doneAt: t0)
    try store.append(.recalls([item]), clock: tokyo)
    #expect(try store.load().deck.recalls == [item])
    let handle = try #require(FileHandle(forWritingAtPath: store.journal.path))
    handle.seekToEndOfFile()
    handle.write(Data("{\"version\": 1, \"id\": \"z\", \"op\": \"answer\"}\n".utf8))
    try handle.close()
    expectCorrupt(
      CorruptFile(
        path: store.journal.path, at: TextPosition(line: 4),
        reason: "answer: expected cardId, correct, at, day and recallId")
    ) { try store.load() }
  }

  /// An answer never waits for a rewrite of the deck: appending takes only the journal's lock,
  /// so it goes through while another process holds the deck's lock (a fold of a large deck,
  /// `cards add`).
  @Test func appendsDoNotWaitForTheDecksLock() throws {
    let store = try store()
    let deckLock = try FileLock(path: store.lockPath, seconds: 0)
    try store.append(answer("a", true), clock: tokyo, lockSeconds: 0)
    #expect(try store.load().deck.reviewLog.count == 1)
    #expect(throws: StoreError.locked(path: store.lockPath, seconds: 0)) {
      try store.foldJournal(clock: tokyo, lockSeconds: 0)
    }
    withExtendedLifetime(deckLock) {}
  }

  /// A fold keeps the lines appended after it read the journal: it cuts only through the last
  /// line it folded. Between writing the deck and cutting the journal, readers apply only the
  /// lines after the folded one; after the cut, every line left.
  @Test func aFoldKeepsLinesAppendedMeanwhile() throws {
    let store = try store()
    try store.append(answer("a", false), clock: tokyo)
    try store.append(answer("b", true, minutes: 1), clock: tokyo)
    let lines = try store.journal.read()
    try store.append(answer("a", true, minutes: 2), clock: tokyo)  // while the deck is written
    var expected = try store.load().deck
    // The fold as it stands between its two steps: the deck names line 2; the journal holds 3.
    var stored = try DeckCodec.decode(FileIO.read(store.path)!, path: "d")
    DeckJournal.apply(lines, to: &stored)
    stored.extras.root["journalFolded"] = .string(lines[1].id)
    try FileIO.writeAtomically(DeckCodec.encode(stored, clock: tokyo), to: store.path)
    #expect(try store.load().deck == expected)
    try store.journal.cut(through: lines[1].id)
    #expect(try store.journal.read().count == 1)
    #expect(try store.load().deck == expected)
    // A cut through a line the journal no longer holds changes nothing; the last line's cut
    // removes the journal.
    try store.journal.cut(through: lines[0].id)
    #expect(try store.journal.read().count == 1)
    try store.foldJournal(clock: tokyo)
    #expect(!FileManager.default.fileExists(atPath: store.journal.path))
    expected = try store.load().deck
    #expect(expected.reviewLog.count == 3)
  }

  /// `run`'s fold waits for the end of every review session (sessions hold a shared lock).
  @Test func runFoldsOnlyWhenNoSessionRuns() throws {
    let store = try store()
    try store.append(answer("a", true), clock: tokyo)
    var sessions = [try store.holdSession(), try store.holdSession()]
    #expect(try !store.foldJournalUnlessReviewing(clock: tokyo))
    #expect(FileManager.default.fileExists(atPath: store.journal.path))
    sessions.removeLast()
    #expect(try !store.foldJournalUnlessReviewing(clock: tokyo))
    sessions.removeAll()
    #expect(try store.foldJournalUnlessReviewing(clock: tokyo))
    #expect(!FileManager.default.fileExists(atPath: store.journal.path))
    #expect(try store.load().deck.reviewLog.count == 1)
  }
}
