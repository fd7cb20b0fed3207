import Foundation
import RemindersCore
import Testing

@testable import RemindersStore

/// A card's `fsrs` state in the deck file (docs/files.md#the-deck).
@Suite struct DeckFSRSTests {
  static let cardStart =
    "{\"version\": 1, \"cards\": [{\"id\": \"a\", \"front\": \"f\", \"back\": \"b\", \"stepIndex\": 0, \"nextReviewDate\": \"2026-11-21\", \"createdAt\": \"2026-11-01T00:00:00Z\", \"fsrs\": "

  static func deck(fsrs: String) -> String { cardStart + fsrs + "}]}" }

  static let reviewed =
    "{\"difficulty\": 5.316, \"due\": \"2026-11-23T08:00:00+09:00\", \"lastReview\": \"2026-11-21T08:00:00+09:00\", \"stability\": 2.3065, \"state\": \"review\", \"step\": null}"

  @Test func readsAndWritesTheState() throws {
    let stored = try DeckCodec.decode(bytes(Self.deck(fsrs: Self.reviewed)), path: "d.json")
    let state = try #require(stored.deck.cards[0].fsrs)
    #expect(
      state
        == FSRSCard(
          state: .review, step: nil, stability: 2.3065, difficulty: 5.316,
          due: Timestamp.parse("2026-11-23T08:00:00+09:00")!,
          lastReview: Timestamp.parse("2026-11-21T08:00:00+09:00")!))
    let text = String(decoding: DeckCodec.encode(stored, clock: tokyo), as: UTF8.self)
    #expect(text.contains("\"fsrs\": " + Self.reviewed))
    #expect(try DeckCodec.decode(bytes(text), path: "d.json") == stored)
  }

  /// Every double survives a rewrite bit for bit, a new card's nulls stay nulls, and unknown
  /// fields inside the state are kept like a card's.
  @Test func numbersNullsAndUnknownFieldsRoundTrip() throws {
    let clock = DayClock(zone: TimeZone(identifier: "America/New_York")!)
    var numbers = SplitMix(seed: 7)
    var cards: [Card] = []
    for i in 0..<200 {
      let stability = Double(bitPattern: numbers.next() >> 12 | 0x3FF0_0000_0000_0000) * 1e-3 * Double(i + 1)
      let difficulty = 1 + Double(numbers.next() % 1_000_000) / 111_111.0
      let state: FSRSCard =
        i % 4 == 0
        ? .new(due: Date(timeIntervalSince1970: 1_790_000_000))
        : FSRSCard(
          state: [.learning, .review, .relearning][i % 3], step: i % 3 == 1 ? nil : i % 5,
          stability: stability,
          difficulty: difficulty, due: Date(timeIntervalSince1970: 1_790_000_000 + Double(i) * 3_601),
          lastReview: Date(timeIntervalSince1970: 1_789_000_000))
      cards.append(
        Card(
          id: "c\(i)", front: "f", back: "b", stepIndex: 0, nextReviewDate: clock.day(of: state.due),
          createdAt: Date(timeIntervalSince1970: 1_780_000_000), fsrs: state))
    }
    let stored = StoredDeck(deck: Deck(cards: cards))
    let once = DeckCodec.encode(stored, clock: clock)
    let read = try DeckCodec.decode(once, path: "d.json")
    #expect(read == stored)
    #expect(DeckCodec.encode(read, clock: clock) == once)

    let withUnknown = Self.deck(
      fsrs:
        "{\"state\": \"learning\", \"step\": 0, \"stability\": null, \"difficulty\": null, \"due\": \"2026-11-01T00:00:00Z\", \"lastReview\": null, \"elapsed\": [1, 2.50]}"
    )
    let kept = try DeckCodec.decode(bytes(withUnknown), path: "d.json")
    #expect(kept.deck.cards[0].fsrs == .new(due: Timestamp.parse("2026-11-01T00:00:00Z")!))
    let rewritten = String(decoding: DeckCodec.encode(kept, clock: tokyo), as: UTF8.self)
    #expect(rewritten.contains("\"elapsed\": [1, 2.50]"))
    #expect(rewritten.contains("\"stability\": null"))
  }

  /// A deck without FSRS states is written as it was, byte for byte.
  @Test func aDeckWithoutStatesIsUnchanged() throws {
    let stored = try DeckCodec.decode(bytes(sampleDeck), path: "deck.json")
    #expect(stored.deck.cards.allSatisfy { $0.fsrs == nil })
    let once = DeckCodec.encode(stored, clock: tokyo)
    #expect(!String(decoding: once, as: UTF8.self).contains("fsrs"))
    #expect(DeckCodec.encode(try DeckCodec.decode(once, path: "d.json"), clock: tokyo) == once)
    let null = try DeckCodec.decode(bytes(Self.deck(fsrs: "null")), path: "d.json")
    #expect(null.deck.cards[0].fsrs == nil)
  }

  /// Each bad field is named with its line and column, by the full reader and both digests.
  @Test(arguments: [
    ("1", 158, "cards[0].fsrs: expected an object or null"),
    ("{\"due\": \"2026-11-01T00:00:00Z\"}", 158, "cards[0].fsrs: missing state"),
    ("{\"state\": \"review\"}", 158, "cards[0].fsrs: missing due"),
    (
      "{\"state\": \"new\", \"due\": \"2026-11-01T00:00:00Z\"}", 168,
      "cards[0].fsrs.state: expected \"learning\", \"review\" or \"relearning\""
    ),
    (
      "{\"state\": \"learning\", \"step\": -1, \"due\": \"2026-11-01T00:00:00Z\"}", 188,
      "cards[0].fsrs.step: expected a whole number, 0 or more, or null"
    ),
    (
      "{\"state\": \"learning\", \"step\": 1.5, \"due\": \"2026-11-01T00:00:00Z\"}", 188,
      "cards[0].fsrs.step: expected a whole number, 0 or more, or null"
    ),
    (
      "{\"state\": \"review\", \"step\": 0, \"due\": \"2026-11-01T00:00:00Z\"}", 186,
      "cards[0].fsrs.step: expected null for a card in review"
    ),
    (
      "{\"state\": \"relearning\", \"step\": null, \"due\": \"2026-11-01T00:00:00Z\"}", 190,
      "cards[0].fsrs.step: expected a whole number, 0 or more, for a card in relearning"
    ),
    (
      "{\"state\": \"review\", \"stability\": 0, \"due\": \"2026-11-01T00:00:00Z\"}", 191,
      "cards[0].fsrs.stability: expected a number greater than 0, or null"
    ),
    (
      "{\"state\": \"review\", \"stability\": \"2\", \"due\": \"2026-11-01T00:00:00Z\"}", 191,
      "cards[0].fsrs.stability: expected a number greater than 0, or null"
    ),
    (
      "{\"state\": \"review\", \"difficulty\": true, \"due\": \"2026-11-01T00:00:00Z\"}", 192,
      "cards[0].fsrs.difficulty: expected a number, or null"
    ),
    (
      "{\"state\": \"review\", \"due\": \"tomorrow\"}", 185,
      "cards[0].fsrs.due: expected an RFC 3339 time such as 2026-11-21T08:00:00+09:00"
    ),
    (
      "{\"state\": \"review\", \"due\": \"2026-11-01T00:00:00Z\", \"lastReview\": 3}", 223,
      "cards[0].fsrs.lastReview: expected an RFC 3339 time such as 2026-11-21T08:00:00+09:00"
    ),
  ])
  func errorsNameTheField(fsrs: String, column: Int, reason: String) {
    let text = Self.deck(fsrs: fsrs)
    let error = CorruptFile(path: "d.json", at: TextPosition(line: 1, column: column), reason: reason)
    expectEveryReaderRefuses(text, with: error)
  }

  /// `stats`' lean reader counts the predicted retention as the whole deck does.
  @Test func theStudyDigestCountsThePredictedRetention() throws {
    let text = bytes(Self.deck(fsrs: Self.reviewed))
    let forecast = RetentionForecast(
      scheduler: .standard, now: Timestamp.parse("2026-11-21T20:00:00+09:00")!, clock: tokyo)
    let digest = try DeckCodec.studyDigest(
      text, path: "d.json", clock: tokyo, limits: .standard, today: Day(iso: "2026-11-21")!,
      retention: forecast)
    let stored = try DeckCodec.decode(text, path: "d.json")
    #expect(
      digest
        == StudyRecord(
          deck: stored.deck, focusLog: [], clock: tokyo, limits: .standard, today: Day(iso: "2026-11-21")!,
          retention: forecast))
    #expect(digest.retention?.cards == 1)
    #expect(
      try DeckCodec.studyDigest(
        text, path: "d.json", clock: tokyo, limits: .standard, today: Day(iso: "2026-11-21")!
      ).retention == nil)
  }

  /// The journal's undo line carries the whole card, its FSRS state too.
  @Test func anUndoInTheJournalKeepsTheState() throws {
    let stored = try DeckCodec.decode(bytes(Self.deck(fsrs: Self.reviewed)), path: "d.json")
    let card = stored.deck.cards[0]
    let entry = ReviewEntry(cardID: "a", at: Timestamp.parse("2026-11-21T08:00:00+09:00")!, correct: true)
    let line = DeckJournal.encode(
      .undo(previous: card, entry: entry, recallAdded: nil, completed: []), id: "j1", clock: tokyo)
    let (_, change) = try DeckJournal.decode(line, path: "d.json.journal", line: 1)
    guard case .undo(let previous, _, _, _) = change else {
      Issue.record("not an undo: \(change)")
      return
    }
    #expect(previous == card && previous.fsrs != nil)
  }
}
