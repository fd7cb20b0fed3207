import Foundation
import RemindersCore
import TestFolders
import Testing

@testable import RemindersStore

/// What `stats` reads of a deck: the lean digest agrees with the whole deck, reads the focus log
/// strictly, and sees the journal's answers.
@Suite struct StudyDigestTests {
  /// The day the forecast starts from.
  static let today = Day(iso: "2026-11-21")!
  static let deckWithFocus = """
    {"version": 1,
     "cards": [
      {"id": "c1", "front": "食べる", "back": "to eat", "collection": "JLPT", "stepIndex": 2,
       "nextReviewDate": "2026-11-21", "createdAt": "2026-11-01T09:00:00+09:00"},
      {"id": "c2", "front": "invoice", "back": "請求書", "stepIndex": 0, "nextReviewDate": "2026-11-25",
       "createdAt": "2026-11-01T00:00:00Z", "suspended": true},
      {"id": "c3", "front": "飲む", "back": "to drink", "stepIndex": 0, "nextReviewDate": "2026-11-19",
       "createdAt": "2026-11-01T00:00:00Z"}
     ],
     "recalls": [],
     "reviewLog": [{"cardId": "c1", "at": "2026-11-20T23:59:00+09:00", "correct": true, "ms": 3},
                   {"cardId": "c1", "at": "2026-11-20T15:00:00Z", "correct": false},
                   {"cardId": "c3", "at": "2026-11-21T08:00:00+09:00", "correct": true}],
     "focusLog": [{"start": "2026-11-21T09:00:00+09:00", "minutes": 25, "task": "JLPT", "completed": true},
                  {"start": "2026-11-20T14:50:00Z", "minutes": 5, "task": null, "completed": false, "new": 1}]
    }
    """

  @Test func theDigestAgreesWithTheWholeDeck() throws {
    let digest = try DeckCodec.studyDigest(
      bytes(Self.deckWithFocus), path: "deck.json", clock: tokyo, limits: .standard, today: Self.today)
    let stored = try DeckCodec.decode(bytes(Self.deckWithFocus), path: "deck.json")
    let focus = try DeckCodec.focusLog(of: stored, path: "deck.json")
    #expect(
      focus == [
        FocusEntry(start: Timestamp.parse("2026-11-21T09:00:00+09:00")!, minutes: 25, task: "JLPT"),
        FocusEntry(start: Timestamp.parse("2026-11-20T14:50:00Z")!, minutes: 5, completed: false),
      ])
    #expect(
      digest
        == StudyRecord(deck: stored.deck, focusLog: focus, clock: tokyo, limits: .standard, today: Self.today)
    )
    // 15:00Z is 00:00 in Tokyo: the next day; 14:50Z is 23:50 the day before.
    let day20 = Day(iso: "2026-11-20")!.number
    let day21 = Day(iso: "2026-11-21")!.number
    #expect(
      digest.days == [
        day20: DayTally(answered: 1, remembered: 1, focusMinutes: 5),
        day21: DayTally(answered: 2, remembered: 1, focusMinutes: 25),
      ])
    #expect(
      digest.dueIndex == DueIndex(deck: stored.deck, limits: .standard, since: Self.today, clock: tokyo))
    #expect(digest.dueIndex.due(on: Day(iso: "2026-11-25")!) == ["JLPT": 1, "": 1])
  }

  /// New cards of one second are kept in the deck's order by the streaming readers too, as by
  /// the whole deck: the order is their place in the file, not their (random) ids.
  @Test func newCardsOfOneSecondKeepTheFilesOrder() throws {
    let ids = ["d4", "a1", "c3", "b2"]
    let cards = ids.map {
      "{\"id\": \"\($0)\", \"front\": \"\($0)\", \"back\": \"x\", \"stepIndex\": 0, "
        + "\"nextReviewDate\": \"2026-11-21\", \"createdAt\": \"2026-11-21T09:00:00+09:00\"}"
    }
    let text =
      "{\"version\": 1, \"cards\": [\(cards.joined(separator: ", "))], \"recalls\": [], \"reviewLog\": []}"
    let limits = NewCardLimits(perDay: 2)
    let stored = try DeckCodec.decode(bytes(text), path: "deck.json")
    let whole = DueIndex(deck: stored.deck, limits: limits, since: Self.today, clock: tokyo)
    #expect(whole.fresh[""]?[Self.today.number]?.map(\.id) == ["d4", "a1"])
    let plan = try DeckCodec.digest(
      bytes(text), path: "deck.json", clock: tokyo, limits: limits, today: Self.today)
    #expect(plan.dueIndex == whole)
    let record = try DeckCodec.studyDigest(
      bytes(text), path: "deck.json", clock: tokyo, limits: limits, today: Self.today)
    #expect(record.dueIndex == whole)
  }

  @Test func aDeckWithoutAFocusLogHasNoFocusMinutes() throws {
    let digest = try DeckCodec.studyDigest(
      bytes(sampleDeck), path: "deck.json", clock: tokyo, limits: .standard, today: Day(iso: "2026-11-21")!)
    #expect(digest.days.values.map(\.focusMinutes) == [0, 0])
    #expect(try DeckCodec.focusLog(of: DeckCodec.decode(bytes(sampleDeck), path: "d"), path: "d") == [])
  }

  /// A focus log this version cannot read is bad data, with the place and what was expected,
  /// as every other field of the deck.
  @Test(
    arguments: [
      ("\"focusLog\": {}", "1:41: focusLog: expected an array"),
      ("\"focusLog\": [3]", "1:42: focusLog[0]: expected an object"),
      ("\"focusLog\": [{\"minutes\": 5}]", "1:42: focusLog[0]: missing start"),
      (
        "\"focusLog\": [{\"start\": \"2026-11-21T09:00:00Z\", \"minutes\": 2.5}]",
        "1:87: focusLog[0].minutes: expected a whole number, 0 or more"
      ),
      (
        "\"focusLog\": [{\"start\": \"9am\", \"minutes\": 5}]",
        "1:52: focusLog[0].start: expected an RFC 3339 time such as 2026-11-21T08:00:00+09:00"
      ),
      (
        "\"focusLog\": [{\"start\": \"2026-11-21T09:00:00Z\", \"minutes\": 5, \"task\": 7}]",
        "1:98: focusLog[0].task: expected a string or null"
      ),
    ])
  func aBadFocusLogIsBadData(member: String, expected: String) throws {
    let text = "{\"version\": 1, \"cards\": [], " + member + "}"
    #expect(throws: StoreError.self) {
      try DeckCodec.studyDigest(
        bytes(text), path: "deck.json", clock: tokyo, limits: .standard, today: Day(iso: "2026-11-21")!)
    }
    do {
      _ = try DeckCodec.studyDigest(
        bytes(text), path: "deck.json", clock: tokyo, limits: .standard, today: Day(iso: "2026-11-21")!)
    } catch {
      #expect("\(error)" == "deck.json:" + expected)
    }
    // Read from the whole deck (while a journal is pending), the same reason without a place.
    let stored = try DeckCodec.decode(bytes(text), path: "deck.json")
    do {
      _ = try DeckCodec.focusLog(of: stored, path: "deck.json")
      Issue.record("no error")
    } catch {
      #expect("\(error)" == "deck.json: " + expected.split(separator: " ", maxSplits: 1)[1])
    }
  }

  /// A focus log given twice means the last one, as `decode` keeps it: a bad one before a good
  /// one is no error, a bad one after a good one is.
  @Test func aKeyGivenTwiceMeansItsLastValue() throws {
    let good = "[{\"start\": \"2026-11-21T09:00:00+09:00\", \"minutes\": 5}]"
    let first = "{\"version\": 1, \"focusLog\": [3], \"focusLog\": \(good)}"
    let record = try DeckCodec.studyDigest(
      bytes(first), path: "d", clock: tokyo, limits: .standard, today: Day(iso: "2026-11-21")!)
    #expect(record.days.values.map(\.focusMinutes) == [5])
    let stored = try DeckCodec.decode(bytes(first), path: "d")
    #expect(
      record
        == StudyRecord(
          deck: stored.deck, focusLog: try DeckCodec.focusLog(of: stored, path: "d"), clock: tokyo,
          limits: .standard, today: Day(iso: "2026-11-21")!))
    let last = "{\"version\": 1, \"focusLog\": \(good), \"focusLog\": [3]}"
    expectCorrupt(
      CorruptFile(
        path: "d", at: TextPosition(line: 1, column: 97), reason: "focusLog[0]: expected an object")
    ) {
      try DeckCodec.studyDigest(
        bytes(last), path: "d", clock: tokyo, limits: .standard, today: Day(iso: "2026-11-21")!)
    }
  }

  /// Answers in the journal count at once, as for every reader.
  @Test func theJournalsAnswersCount() throws {
    let dir = try TemporaryFolder.make("reminders-study")
    let store = DeckStore(path: dir + "/deck.json", lockPath: dir + "/lock")
    #expect(
      try store.studyRecord(clock: tokyo, limits: .standard, today: Self.today)
        == StudyRecord(dueIndex: DueIndex(since: Self.today)))
    try FileIO.writeAtomically(bytes(Self.deckWithFocus), to: store.path)
    let before = try store.studyRecord(clock: tokyo, limits: .standard, today: Self.today)
    let at = Timestamp.parse("2026-11-21T10:00:00+09:00")!
    try store.append(
      .answer(
        cardID: "c3", correct: false, at: at, day: Day(iso: "2026-11-21")!, recallAfterWrong: nil,
        recallID: "r"),
      clock: tokyo)
    let after = try store.studyRecord(clock: tokyo, limits: .standard, today: Self.today)
    let day21 = Day(iso: "2026-11-21")!.number
    #expect(after.days[day21] == DayTally(answered: 3, remembered: 1, focusMinutes: 25))
    #expect(after.days.filter { $0.key != day21 } == before.days.filter { $0.key != day21 })
    // c3, answered wrongly, is due tomorrow now.
    #expect(after.dueIndex.due(on: Day(iso: "2026-11-21")!) == ["JLPT": 1])
  }
}
