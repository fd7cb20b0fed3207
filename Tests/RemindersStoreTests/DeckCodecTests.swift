import Foundation
import RemindersCore
import TestFolders
import Testing

@testable import RemindersStore

let tokyo = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Requires every reader of a deck (the whole deck, the planner's digest, `stats`' digest) to
/// refuse `text` with `error`: the three must agree on what a deck is.
func expectEveryReaderRefuses(
  _ text: String, with error: CorruptFile, sourceLocation: SourceLocation = #_sourceLocation
) {
  expectCorrupt(error, sourceLocation: sourceLocation) { try DeckCodec.decode(bytes(text), path: "d.json") }
  expectCorrupt(error, sourceLocation: sourceLocation) {
    try DeckCodec.digest(
      bytes(text), path: "d.json", clock: tokyo, limits: .standard, today: Day(iso: "2026-11-21")!)
  }
  expectCorrupt(error, sourceLocation: sourceLocation) {
    try DeckCodec.studyDigest(
      bytes(text), path: "d.json", clock: tokyo, limits: .standard, today: Day(iso: "2026-11-21")!)
  }
}

let sampleDeck = """
  {"version": 1, "futureTopLevel": {"nested": [1, 2.50, "x"]},
   "cards": [
    {"id": "c1", "front": "食べる", "back": "to eat", "collection": "JLPT", "tags": ["verb"], "stepIndex": 2,
     "nextReviewDate": "2026-11-21", "createdAt": "2026-11-01T09:00:00+09:00", "lastReviewedAt": "2026-11-19T08:00:00+09:00",
     "ease": 2.5e0, "audio": {"file": "taberu.ogg"}},
    {"id": "c2", "front": "invoice", "back": "請求書\\n(せいきゅうしょ)", "stepIndex": 0, "nextReviewDate": "2026-11-25",
     "createdAt": "2026-11-01T00:00:00Z", "note": null, "collection": null, "tags": []}
   ],
   "recalls": [{"id": "r1", "topic": "は vs が", "dueAt": "2026-11-21T14:30:00+09:00", "priority": 3}],
   "reviewLog": [{"cardId": "c1", "at": "2026-11-19T08:00:00+09:00", "correct": true, "ms": 1234},
                 {"cardId": "c1", "at": "2026-11-20T23:59:00+09:00", "correct": false}]
  }
  """

@Suite struct DeckCodecTests {
  @Test func decodesEveryField() throws {
    let stored = try DeckCodec.decode(bytes(sampleDeck), path: "deck.json")
    let c1 = stored.deck.cards[0]
    #expect(
      c1.id == "c1" && c1.front == "食べる" && c1.collection == "JLPT" && c1.tags == ["verb"]
        && c1.stepIndex == 2)
    #expect(c1.nextReviewDate.description == "2026-11-21")
    #expect(c1.lastReviewedAt == Timestamp.parse("2026-11-19T08:00:00+09:00"))
    #expect(stored.deck.cards[1].back == "請求書\n(せいきゅうしょ)")
    #expect(stored.deck.cards[1].collection == nil)
    #expect(
      stored.deck.recalls == [
        RecallItem(id: "r1", topic: "は vs が", dueAt: Timestamp.parse("2026-11-21T14:30:00+09:00")!)
      ])
    #expect(stored.deck.reviewLog.map(\.correct) == [true, false])
  }

  /// Unknown fields at every level survive a rewrite, numbers byte for byte.
  @Test func unknownFieldsAreKeptOnRewrite() throws {
    let stored = try DeckCodec.decode(bytes(sampleDeck), path: "deck.json")
    let text = String(decoding: DeckCodec.encode(stored, clock: tokyo), as: UTF8.self)
    for fragment in [
      "\"futureTopLevel\": {\"nested\": [1, 2.50, \"x\"]}", "\"ease\": 2.5e0",
      "\"audio\": {\"file\": \"taberu.ogg\"}",
      "\"priority\": 3", "\"ms\": 1234",
    ] {
      #expect(text.contains(fragment), "\(fragment)")
    }
    let again = try DeckCodec.decode(bytes(text), path: "deck.json")
    #expect(again == stored)
    #expect(DeckCodec.encode(again, clock: tokyo) == DeckCodec.encode(stored, clock: tokyo))
  }

  @Test func writesSortedKeysOneCardALine() throws {
    let stored = try DeckCodec.decode(bytes(sampleDeck), path: "deck.json")
    let lines = String(decoding: DeckCodec.encode(stored, clock: tokyo), as: UTF8.self).split(separator: "\n")
    #expect(lines.first == "{")
    let cardLine = try #require(lines.first { $0.contains("\"id\": \"c2\"") })
    #expect(cardLine.hasPrefix("    {\"back\": "))
    let keys = [
      "\"back\"", "\"createdAt\"", "\"front\"", "\"id\"", "\"nextReviewDate\"", "\"stepIndex\"", "\"tags\"",
    ]
    let positions = keys.map { cardLine.range(of: $0)!.lowerBound }
    #expect(positions == positions.sorted())
    #expect(!cardLine.contains("\"note\""))  // nil optionals are left out
  }

  /// Bad data names the line and column of the value and what was expected.
  @Test(arguments: [
    (
      "{\"version\": 1, \"cards\": [\n  {\"id\": \"a\", \"front\": \"f\", \"back\": \"b\", \"stepIndex\": 0,\n   \"nextReviewDate\": \"2026-13-01\", \"createdAt\": \"2026-11-01T00:00:00Z\"}]}",
      3, 22, "cards[0].nextReviewDate: expected a date YYYY-MM-DD"
    ),
    (
      "{\"version\": 1, \"cards\": [{\"id\": \"a\", \"front\": \"f\", \"back\": \"b\", \"stepIndex\": 9, \"nextReviewDate\": \"2026-11-01\", \"createdAt\": \"2026-11-01T00:00:00Z\"}]}",
      1, 78, "cards[0].stepIndex: expected a whole number from 0 to 6"
    ),
    (
      "{\"version\": 1, \"cards\": [{\"id\": \"a\"}]}", 1, 26,
      "cards[0]: missing front, back, stepIndex, nextReviewDate, createdAt"
    ),
    ("{\"version\": 1, \"cards\": [\n", 2, 1, "expected an object '{'"),
    ("{\"version\": 1,\n \"cards\": [} ", 2, 12, "expected an object '{'"),
    ("{\"version\": 2}", 1, 13, "version: expected 1, got 2"),
    ("{\"cards\": []}", 1, 1, "version: missing"),
    ("", 1, 1, "expected an object '{'"),
    ("{\"version\": 1} x", 1, 16, "expected the end of the file"),
    (
      "{\"version\": 1, \"recalls\": [{\"id\": \"r\", \"topic\": \"t\", \"dueAt\": \"soon\"}]}", 1, 63,
      "recalls[0].dueAt: expected an RFC 3339 time such as 2026-11-21T08:00:00+09:00"
    ),
    (
      "{\"version\": 1, \"cards\": [{\"id\": \"日本\", \"front\": 3}]}", 1, 48,
      "cards[0].front: expected a string"
    ),
  ])
  func errorsNameThePlace(text: String, line: Int, column: Int, reason: String) {
    expectCorrupt(
      CorruptFile(path: "d.json", at: TextPosition(line: line, column: column), reason: reason)
    ) {
      try DeckCodec.decode(bytes(text), path: "d.json")
    }
    expectCorrupt(
      CorruptFile(path: "d.json", at: TextPosition(line: line, column: column), reason: reason)
    ) {
      try DeckCodec.digest(
        bytes(text), path: "d.json", clock: tokyo, limits: .standard, today: Day(iso: "2026-11-21")!)
    }
  }

  /// The lean planning reader and the full reader agree on every deck.
  @Test(arguments: [1, 2, 3, 4, 5])
  func digestAgreesWithFullDecode(seed: UInt64) throws {
    var rng = SplitMix(seed: seed)
    var deck = Deck()
    let collections: [String?] = [nil, "TOEIC", "JLPT", "漢字", "a\"quoted\\one"]
    for i in 0..<500 {
      deck.cards.append(
        Card(
          id: "card-\(i)", front: "f\(i)", back: "b", collection: collections[Int(rng.next() % 5)],
          stepIndex: Int(rng.next() % 7),
          nextReviewDate: Day(number: 20770 + Int(rng.next() % 30)),
          createdAt: Date(timeIntervalSince1970: 1_700_000_000), suspended: rng.next() % 9 == 0))
    }
    for i in 0..<300 {
      deck.reviewLog.append(
        ReviewEntry(
          cardID: "card-\(i)",
          at: Date(timeIntervalSince1970: 1_790_000_000 + Double(rng.next() % 5_000_000)), correct: true))
    }
    deck.recalls = [
      RecallItem(id: "r", topic: "t", note: "n", dueAt: Date(timeIntervalSince1970: 1_790_000_000)),
      RecallItem(
        id: "done", topic: "t", dueAt: Date(timeIntervalSince1970: 1_790_000_000), cardID: "card-1",
        doneAt: Date(timeIntervalSince1970: 1_790_000_100)),
    ]
    let anySuspended = deck.cards.contains { $0.suspended }
    #expect(anySuspended)
    // Suspension and completion survive a round trip.
    let roundTrip = try DeckCodec.decode(DeckCodec.encode(StoredDeck(deck: deck), clock: tokyo), path: "d")
      .deck
    #expect(roundTrip == deck)
    let encoded = DeckCodec.encode(StoredDeck(deck: deck), clock: tokyo)
    for zone in ["Asia/Tokyo", "America/New_York", "UTC"] {
      let clock = DayClock(zone: TimeZone(identifier: zone)!)
      for today in ["2026-11-19", "2026-11-20", "2026-11-21"].map({ Day(iso: $0)! }) {
        let digest = try DeckCodec.digest(encoded, path: "d", clock: clock, limits: .standard, today: today)
        let full = PlanInput(
          deck: try DeckCodec.decode(encoded, path: "d").deck, clock: clock, limits: .standard, today: today)
        #expect(digest.dueIndex == full.dueIndex)
        #expect(digest.streak.answerDays == full.streak.answerDays)
        #expect(digest.streak.lastAnswer == full.streak.lastAnswer)
        #expect(digest.recalls == full.recalls)
      }
    }
  }

  /// A fraction of a second (other tools write milliseconds) is read as the whole second the deck
  /// writes back, so that a rewrite changes nothing the model holds (found by the deck fuzzer).
  @Test(arguments: ["2026-11-20T23:59:00.250+09:00", "2026-11-20T23:59:00.999999Z", "1969-12-31T23:59:59.5Z"])
  func fractionsOfASecondAreReadAsTheWholeSecond(at: String) throws {
    let text = "{\"version\": 1, \"reviewLog\": [{\"cardId\": \"c1\", \"at\": \"\(at)\", \"correct\": true}]}"
    let stored = try DeckCodec.decode(bytes(text), path: "d")
    let whole = Timestamp.parse(at)!.timeIntervalSince1970.rounded(.down)
    #expect(stored.deck.reviewLog[0].at.timeIntervalSince1970 == whole)
    #expect(try DeckCodec.decode(DeckCodec.encode(stored, clock: tokyo), path: "d") == stored)
  }

  /// An instant where the zone's offset had seconds (local mean time: New York was -4:56:02 before
  /// 1883) is written in UTC, so that it reads back the same instant (found by the deck fuzzer).
  @Test(arguments: ["0816-11-19T08:00:00+09:00", "1883-11-18T12:03:57-04:56", "1883-11-18T16:00:00Z"])
  func instantsOfLocalMeanTimeReadBackTheSame(at: String) throws {
    let newYork = DayClock(zone: TimeZone(identifier: "America/New_York")!)
    let text = "{\"version\": 1, \"reviewLog\": [{\"cardId\": \"c1\", \"at\": \"\(at)\", \"correct\": true}]}"
    let stored = try DeckCodec.decode(bytes(text), path: "d")
    let written = DeckCodec.encode(stored, clock: newYork)
    #expect(try DeckCodec.decode(written, path: "d") == stored)
    #expect(String(decoding: written, as: UTF8.self).contains("+00:00\""))
  }

  @Test func stringEscapesRoundTrip() throws {
    let text =
      "{\"version\": 1, \"recalls\": [{\"id\": \"r\", \"topic\": \"tab\\there \\u00e9 \\ud83d\\ude00 \\\"q\\\" \\\\ \\/\", \"dueAt\": \"2026-11-21T00:00:00Z\"}]}"
    let stored = try DeckCodec.decode(bytes(text), path: "d")
    #expect(stored.deck.recalls[0].topic == "tab\there é 😀 \"q\" \\ /")
    let again = try DeckCodec.decode(DeckCodec.encode(stored, clock: tokyo), path: "d")
    #expect(again.deck.recalls[0].topic == stored.deck.recalls[0].topic)
  }
}

@Suite struct PlanInputCacheTests {
  /// The cache gives back exactly the digest it stored, and only for the same deck file and zone.
  @Test func roundTripAndInvalidation() throws {
    let dir = try TemporaryFolder.make("reminders-cache")
    try FileIO.writeAtomically(bytes(sampleDeck), to: dir + "/deck.json")
    let store = DeckStore(path: dir + "/deck.json", lockPath: dir + "/lock")
    let cache = PlanInputCache(deckPath: dir + "/deck.json", cachePath: dir + "/cache/plan-input.json")
    let today = Day(iso: "2026-11-21")!
    let fresh = try cache.input(
      clock: tokyo, zoneName: "Asia/Tokyo", store: store, limits: .standard, today: today, write: true)
    let key = try #require(cache.identity(zoneName: "Asia/Tokyo")) + " " + PlanInputCache.limitsKey(.standard)
    let cached = try #require(cache.load(key: key, clock: tokyo, limits: .standard))
    #expect(cached.dueIndex == fresh.dueIndex)
    #expect(cached.streak.answerDays == fresh.streak.answerDays)
    #expect(cached.streak.lastAnswer == fresh.streak.lastAnswer)
    #expect(cached.recalls == fresh.recalls)
    #expect(
      cache.load(
        key: try #require(cache.identity(zoneName: "UTC")) + " " + PlanInputCache.limitsKey(.standard),
        clock: tokyo, limits: .standard) == nil)
    // Other limits keep other new cards: another key.
    #expect(
      cache.load(
        key: try #require(cache.identity(zoneName: "Asia/Tokyo")) + " "
          + PlanInputCache.limitsKey(NewCardLimits(perDay: 5)), clock: tokyo, limits: NewCardLimits(perDay: 5)
      )
        == nil)
    // Any write of the deck renames a new file into place: a new identity, so the cache is stale.
    try store.update(clock: tokyo) { $0.deck.cards.removeAll() }
    #expect(
      try #require(cache.identity(zoneName: "Asia/Tokyo")) + " " + PlanInputCache.limitsKey(.standard) != key)
    let after = try cache.input(
      clock: tokyo, zoneName: "Asia/Tokyo", store: store, limits: .standard, today: today, write: false)
    #expect(after.dueIndex == DueIndex(since: today))
  }
}
