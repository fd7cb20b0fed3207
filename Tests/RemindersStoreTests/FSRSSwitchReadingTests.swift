import Foundation
import RemindersCore
import TestFolders
import Testing

@testable import RemindersStore

/// Right after a switch to FSRS, before anything writes the deck (docs/scheduling.md#from-the-ladder-to-fsrs):
/// the readers count a card whose state lags behind its answers on the day its replayed log gives,
/// with or without a journal, and a deck already in FSRS is read by the lean digest as before.
@Suite struct FSRSSwitchReadingTests {
  let tokyo = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)
  let today = Day(iso: "2026-11-21")!
  let fsrs = try! FSRSScheduler()

  /// One card answered once under the ladder yesterday and sent to 2026-11-25; FSRS's replay puts
  /// it in its second learning step, due ten minutes after that answer: due today.
  func store() throws -> DeckStore {
    let dir = try TemporaryFolder.make("reminders-switch")
    let store = DeckStore(path: dir + "/deck.json", lockPath: dir + "/lock")
    let answered = Timestamp.parse("2026-11-20T09:00:00+09:00")!
    let deck = Deck(
      cards: [
        Card(
          id: "a", front: "食べる", back: "to eat", stepIndex: 1, nextReviewDate: Day(iso: "2026-11-25")!,
          createdAt: Timestamp.parse("2026-11-19T09:00:00+09:00")!, lastReviewedAt: answered),
        Card(
          id: "b", front: "飲む", back: "to drink", stepIndex: 0, nextReviewDate: Day(iso: "2026-11-22")!,
          createdAt: Timestamp.parse("2026-11-19T09:00:00+09:00")!),
      ], reviewLog: [ReviewEntry(cardID: "a", at: answered, correct: true)])
    try FileIO.writeAtomically(DeckCodec.encode(StoredDeck(deck: deck), clock: tokyo), to: store.path)
    return store
  }

  func dueToday(_ index: DueIndex) -> Int { index.due(on: today).values.reduce(0, +) }

  @Test func readersCountTheReplayedDay() throws {
    let store = try store()
    let ladder = try store.planInput(clock: tokyo, limits: .standard, today: today)
    #expect(dueToday(ladder.dueIndex) == 0)  // a waits for the 25th; b is new, for tomorrow
    let replayed = try store.planInput(clock: tokyo, limits: .standard, today: today, replaying: fsrs)
    #expect(dueToday(replayed.dueIndex) == 1)
    let record = try store.studyRecord(clock: tokyo, limits: .standard, today: today, replaying: fsrs)
    #expect(dueToday(record.dueIndex) == 1)
    #expect(try store.load(replaying: fsrs, clock: tokyo).cards[0].nextReviewDate == Day(iso: "2026-11-20")!)
    // Nothing was written: the file still holds the ladder's date.
    #expect(try store.load().deck.cards[0].nextReviewDate == Day(iso: "2026-11-25")!)

    // With a journal line (an answer to b), the whole deck is read, and replayed just the same.
    try store.append(
      .answer(
        cardID: "b", correct: true, at: Timestamp.parse("2026-11-21T08:00:00+09:00")!, day: today,
        recallAfterWrong: 10800, recallID: "r"), clock: tokyo)
    let journaled = try store.planInput(clock: tokyo, limits: .standard, today: today, replaying: fsrs)
    #expect(journaled.dueIndex.due(on: today)[""] != nil)
    #expect(try store.load(replaying: fsrs, clock: tokyo).cards[0].nextReviewDate == Day(iso: "2026-11-20")!)
  }

  /// Once the states are stored, nothing lags: the lean digest's count is the one given.
  @Test func aDeckInFSRSIsReadAsItIs() throws {
    let store = try store()
    try store.update(clock: tokyo) { fsrs.replayStates(of: &$0.deck, clock: tokyo) }
    var lags = true
    let bytes = try #require(try FileIO.read(store.path))
    let digest = try DeckCodec.digest(
      bytes, path: store.path, clock: tokyo, limits: .standard, today: today, fsrsLags: &lags)
    #expect(!lags)
    #expect(dueToday(digest.dueIndex) == 1)
    #expect(
      try store.planInput(clock: tokyo, limits: .standard, today: today, replaying: fsrs).dueIndex
        == digest.dueIndex)
  }
}
