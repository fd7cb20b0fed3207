import Foundation
import RemindersCore
import TestFolders
import Testing

@testable import RemindersStore

/// The log entries' optional `rating` (docs/files.md#the-deck) in the deck and the journal: written only for
/// hard and easy (again and good are what `correct` says), read strictly and checked against
/// `correct`, so older decks keep their bytes.
@Suite struct RatingCodecTests {
  let deck = """
    {
      "cards": [
        {"back": "to eat", "createdAt": "2026-11-01T09:00:00+09:00", "front": "食べる", "id": "c1", "nextReviewDate": "2026-11-22", "stepIndex": 0, "tags": []}
      ],
      "recalls": [],
      "reviewLog": [
        {"at": "2026-11-21T08:00:00+09:00", "cardId": "c1", "correct": false},
        {"at": "2026-11-21T08:01:00+09:00", "cardId": "c1", "correct": true, "rating": "hard"},
        {"at": "2026-11-21T09:00:00+09:00", "cardId": "c1", "correct": true, "early": true, "rating": "easy"},
        {"at": "2026-11-21T09:01:00+09:00", "cardId": "c1", "correct": true}
      ],
      "version": 1
    }

    """

  @Test func ratingsAreReadAndWrittenBack() throws {
    let stored = try DeckCodec.decode(bytes(deck), path: "d.json")
    #expect(stored.deck.reviewLog.map(\.rating) == [.again, .hard, .easy, .good])
    #expect(stored.deck.reviewLog.map(\.statedRating) == [nil, .hard, .easy, nil])
    #expect(String(decoding: DeckCodec.encode(stored, clock: tokyo), as: UTF8.self) == deck)
    let record = try DeckCodec.studyDigest(
      bytes(deck), path: "d.json", clock: tokyo, limits: .standard, today: Day(iso: "2026-11-21")!)
    #expect(record.days == StudyRecord(deck: stored.deck, focusLog: [], clock: tokyo).days)
  }

  /// A rating `correct` implies (good for a correct answer, again for a wrong one), written by
  /// another tool, reads as the same answer and is written absent.
  @Test func anImpliedRatingIsWrittenAbsent() throws {
    let implied = deck.replacingOccurrences(
      of: "\"correct\": false}", with: "\"correct\": false, \"rating\": \"again\"}"
    ).replacingOccurrences(of: "\"correct\": true}", with: "\"correct\": true, \"rating\": \"good\"}")
    #expect(implied != deck)
    let stored = try DeckCodec.decode(bytes(implied), path: "d.json")
    #expect(stored.deck == (try DeckCodec.decode(bytes(deck), path: "d.json")).deck)
    #expect(DeckCodec.encode(stored, clock: tokyo) == bytes(deck))
  }

  /// A rating that is not one of the four words, or that says the other answer than `correct`,
  /// stops every reader at the rating, whichever comes first in the entry.
  @Test(arguments: [
    (
      "\"correct\": true, \"rating\": \"again\"",
      "expected \"hard\", \"good\" or \"easy\" for a correct answer"
    ),
    (
      "\"rating\": \"again\", \"correct\": true",
      "expected \"hard\", \"good\" or \"easy\" for a correct answer"
    ),
    ("\"correct\": false, \"rating\": \"easy\"", "expected \"again\" for a wrong answer"),
    ("\"correct\": true, \"rating\": \"Good\"", "expected \"again\", \"hard\", \"good\" or \"easy\""),
    ("\"correct\": true, \"rating\": 3", "expected \"again\", \"hard\", \"good\" or \"easy\""),
    ("\"correct\": true, \"rating\": null", "expected \"again\", \"hard\", \"good\" or \"easy\""),
  ])
  func badRatingsAreRefused(fields: String, reason: String) {
    let text =
      "{\"version\": 1, \"reviewLog\": [{\"cardId\": \"c\", \"at\": \"2026-11-21T08:00:00Z\", \(fields)}]}"
    let column = text.distance(from: text.startIndex, to: text.range(of: "\"rating\": ")!.upperBound) + 1
    let error = CorruptFile(
      path: "d.json", at: TextPosition(line: 1, column: column), reason: "reviewLog[0].rating: \(reason)")
    expectEveryReaderRefuses(text, with: error)
  }

  func store() throws -> DeckStore {
    let dir = try TemporaryFolder.make("reminders-rating")
    let store = DeckStore(path: dir + "/deck.json", lockPath: dir + "/lock")
    try FileIO.writeAtomically(bytes(deck), to: store.path)
    return store
  }

  /// An FSRS answer in the journal carries its rating and the card it left: replayed, it gives
  /// the deck the live answer gave, whatever the settings are at the fold; folded, the log holds
  /// the rating and the card its state.
  @Test(arguments: [FSRSRating.again, .hard, .good, .easy])
  func theJournalCarriesAnFSRSAnswer(rating: FSRSRating) throws {
    let store = try store()
    var expected = try store.load().deck
    let at = Timestamp.parse("2026-11-22T10:00:00+09:00")!
    let move = AnswerMove.of(
      expected.cards[0], rating: rating, at: at, clock: tokyo, scheduler: .fsrs(.standard))
    let outcome = expected.answer(
      cardAt: 0, rating: rating, at: at, move: move, recallAfterWrong: 600, recallID: "r1", kind: .scheduling)
    #expect(outcome.card.fsrs != nil && outcome.card.fsrs?.lastReview == at)
    let change = DeckJournal.Change.answer(
      cardID: "c1", correct: rating != .again, at: at, day: Day(iso: "2026-11-22")!, recallAfterWrong: 600,
      recallID: "r1", kind: .scheduling, rating: outcome.entry.statedRating, moved: outcome.card)
    try store.append(change, clock: tokyo)
    let line = try String(contentsOfFile: store.journal.path, encoding: .utf8)
    #expect(line.contains("\"rating\": \"\(rating.word)\"") == (rating == .hard || rating == .easy))
    #expect(try store.journal.read().map(\.change) == [change])
    #expect(try store.load().deck == expected)
    try store.foldJournal(clock: tokyo)
    #expect(try store.load().deck == expected)
    let folded = try String(contentsOfFile: store.path, encoding: .utf8)
    #expect(folded.contains("\"fsrs\": {"))
  }

  /// A journal answer's rating is read as strictly as the log's, and a card it carries must be
  /// the answered one with its FSRS state.
  @Test func journalRatingsAreReadStrictly() throws {
    let store = try store()
    let head =
      "{\"version\": 1, \"id\": \"j1\", \"op\": \"answer\", \"answer\": {\"cardId\": \"c1\", \"correct\": true, "
      + "\"at\": \"2026-11-22T10:00:00+09:00\", \"day\": \"2026-11-22\", \"recallAfter\": null, \"recallId\": \"r\""
    try FileIO.writeAtomically(bytes(head + ", \"rating\": \"easy\"}}\n"), to: store.journal.path)
    let deck = try store.load().deck
    #expect(deck.reviewLog.last?.rating == .easy && deck.cards[0].stepIndex == 1)
    try FileIO.writeAtomically(bytes(head + ", \"rating\": \"again\"}}\n"), to: store.journal.path)
    expectCorrupt(
      CorruptFile(
        path: store.journal.path, at: TextPosition(line: 1),
        reason: "answer.rating: expected \"again\", \"hard\", \"good\" or \"easy\", as correct says")
    ) { try store.load() }
    let ladderCard =
      ", \"cards\": [{\"back\": \"b\", \"createdAt\": \"2026-11-01T09:00:00+09:00\", \"front\": \"f\", "
      + "\"id\": \"c1\", \"nextReviewDate\": \"2026-11-23\", \"stepIndex\": 1, \"tags\": []}]"
    try FileIO.writeAtomically(bytes(head + "}" + ladderCard + "}\n"), to: store.journal.path)
    expectCorrupt(
      CorruptFile(
        path: store.journal.path, at: TextPosition(line: 1),
        reason: "answer: expected one card, the answered one with its fsrs state")
    ) { try store.load() }
  }
}
