import Foundation
import RemindersCore
import TestFolders
import Testing

@testable import RemindersStore

/// The log entries' optional `relearn` and `early` (docs/files.md#the-deck) in the deck and the journal:
/// read strictly, absent meaning false and written absent, so older decks keep their bytes.
@Suite struct AnswerFlagsCodecTests {
  let deck = """
    {
      "cards": [
        {"back": "to eat", "createdAt": "2026-11-01T09:00:00+09:00", "front": "食べる", "id": "c1", "nextReviewDate": "2026-11-22", "stepIndex": 0, "tags": []}
      ],
      "recalls": [],
      "reviewLog": [
        {"at": "2026-11-21T08:00:00+09:00", "cardId": "c1", "correct": false},
        {"at": "2026-11-21T08:01:00+09:00", "cardId": "c1", "correct": true, "relearn": true},
        {"at": "2026-11-21T09:00:00+09:00", "cardId": "c1", "correct": true, "early": true},
        {"at": "2026-11-21T09:01:00+09:00", "cardId": "c1", "correct": true, "ms": 12}
      ],
      "version": 1
    }

    """

  @Test func flagsAreReadAndWrittenBack() throws {
    let stored = try DeckCodec.decode(bytes(deck), path: "d.json")
    #expect(stored.deck.reviewLog.map(\.kind) == [.scheduling, .relearn, .early, .scheduling])
    #expect(String(decoding: DeckCodec.encode(stored, clock: tokyo), as: UTF8.self) == deck)
    // The planning digest reads them as strictly, and counts every answer's day for the streak.
    let input = try DeckCodec.digest(
      bytes(deck), path: "d.json", clock: tokyo, limits: .standard, today: Day(iso: "2026-11-21")!)
    #expect(input.streak.answerDays == [Day(iso: "2026-11-21")!.number])
    // `stats` counts only the answers that moved a schedule as cards answered.
    let record = try DeckCodec.studyDigest(
      bytes(deck), path: "d.json", clock: tokyo, limits: .standard, today: Day(iso: "2026-11-21")!)
    #expect(
      record.days[Day(iso: "2026-11-21")!.number]
        == DayTally(answered: 2, remembered: 1, unscheduled: 2))
    #expect(
      record
        == StudyRecord(
          deck: stored.deck, focusLog: [], clock: tokyo, limits: .standard, today: Day(iso: "2026-11-21")!))
  }

  /// A deck written before these fields, with none of them, reads and writes byte for byte; an
  /// explicit `false` reads as false and is written absent.
  @Test func anOlderDeckKeepsItsBytes() throws {
    let older = deck.replacingOccurrences(of: ", \"relearn\": true", with: "")
      .replacingOccurrences(of: ", \"early\": true", with: "")
    let stored = try DeckCodec.decode(bytes(older), path: "d.json")
    #expect(stored.deck.reviewLog.allSatisfy { $0.kind == .scheduling })
    #expect(DeckCodec.encode(stored, clock: tokyo) == bytes(older))
    let explicit = older.replacingOccurrences(
      of: "\"correct\": false}", with: "\"correct\": false, \"relearn\": false}")
    let read = try DeckCodec.decode(bytes(explicit), path: "d.json")
    #expect(read.deck.reviewLog[0].kind == .scheduling)
    #expect(DeckCodec.encode(read, clock: tokyo) == bytes(older))
  }

  /// A flag of the wrong type stops every reader with the same precise error as other fields.
  @Test(arguments: [
    (
      "{\"version\": 1, \"reviewLog\": [{\"cardId\": \"c\", \"at\": \"2026-11-21T08:00:00Z\", \"correct\": true, \"relearn\": 1}]}",
      104, "reviewLog[0].relearn: expected true or false"
    ),
    (
      "{\"version\": 1, \"reviewLog\": [{\"cardId\": \"c\", \"at\": \"2026-11-21T08:00:00Z\", \"correct\": true, \"early\": \"yes\"}]}",
      102, "reviewLog[0].early: expected true or false"
    ),
    (
      "{\"version\": 1, \"reviewLog\": [{\"cardId\": \"c\", \"at\": \"2026-11-21T08:00:00Z\", \"correct\": true, \"early\": null}]}",
      102, "reviewLog[0].early: expected true or false"
    ),
  ])
  func wrongTypesAreRefused(text: String, column: Int, reason: String) {
    let error = CorruptFile(path: "d.json", at: TextPosition(line: 1, column: column), reason: reason)
    expectEveryReaderRefuses(text, with: error)
  }

  func store() throws -> DeckStore {
    let dir = try TemporaryFolder.make("reminders-flags")
    let store = DeckStore(path: dir + "/deck.json", lockPath: dir + "/lock")
    try FileIO.writeAtomically(bytes(deck), to: store.path)
    return store
  }

  /// The journal carries the kind an answer was given as, and replays it as that kind (the card
  /// left as it was); undo of such an answer replays too; the folded deck holds the flags.
  @Test(arguments: [AnswerKind.relearn, .early])
  func theJournalReplaysTheKind(kind: AnswerKind) throws {
    let store = try store()
    let before = try store.load().deck
    let at = Timestamp.parse("2026-11-21T10:00:00+09:00")!
    let change = DeckJournal.Change.answer(
      cardID: "c1", correct: false, at: at, day: Day(iso: "2026-11-21")!, recallAfterWrong: 10800,
      recallID: "r1", kind: kind)
    try store.append(change, clock: tokyo)
    let line = try String(contentsOfFile: store.journal.path, encoding: .utf8)
    #expect(line.contains(kind == .relearn ? "\"relearn\": true" : "\"early\": true"))
    #expect(try store.journal.read().map(\.change) == [change])
    var expected = before
    let outcome = expected.answer(
      cardID: "c1", correct: false, at: at, clock: tokyo, recallAfterWrong: 10800, recallID: "r1", kind: kind)!
    #expect(try store.load().deck == expected)
    #expect(expected.cards == before.cards)
    try store.append(
      .undo(previous: outcome.previous, entry: outcome.entry, recallAdded: outcome.recall?.id, completed: []),
      clock: tokyo)
    #expect(try store.load().deck == before)
    try store.append(change, clock: tokyo)
    try store.foldJournal(clock: tokyo)
    let folded = try String(contentsOfFile: store.path, encoding: .utf8)
    #expect(folded.contains("\"correct\": false, \"\(kind == .relearn ? "relearn" : "early")\": true}"))
    #expect(try store.load().deck == expected)
  }

  /// A journal line of an answer without the flags (written before them) is an answer that
  /// moves the schedule, as it was; a flag of the wrong type is refused.
  @Test func journalLinesAreReadStrictly() throws {
    let store = try store()
    let head =
      "{\"version\": 1, \"id\": \"j1\", \"op\": \"answer\", \"answer\": {\"cardId\": \"c1\", \"correct\": true, "
      + "\"at\": \"2026-11-22T10:00:00+09:00\", \"day\": \"2026-11-22\", \"recallAfter\": null, \"recallId\": \"r\""
    try FileIO.writeAtomically(bytes(head + "}}\n"), to: store.journal.path)
    let deck = try store.load().deck
    #expect(deck.cards[0].stepIndex == 1 && deck.reviewLog.last?.kind == .scheduling)
    try FileIO.writeAtomically(bytes(head + ", \"relearn\": \"no\"}}\n"), to: store.journal.path)
    expectCorrupt(
      CorruptFile(
        path: store.journal.path, at: TextPosition(line: 1), reason: "answer.relearn: expected true or false")
    ) { try store.load() }
  }
}
