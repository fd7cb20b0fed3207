import Foundation
import RemindersCore
import Testing

@testable import RemindersStore

@Suite struct PlanInputCacheTrustTests {
  static let key = "1:2:3:4.5 Asia/Tokyo"
  static let input = PlanInput(
    dueIndex: {
      var index = DueIndex(since: Day(iso: "2026-11-21")!)
      index.add(collection: "TOEIC", day: Day(iso: "2026-11-21")!, count: 3)
      index.add(collection: nil, day: Day(iso: "2026-11-22")!)
      index.addNew(
        collection: "JLPT", day: Day(iso: "2026-11-20")!,
        order: NewCardLimits.Order(
          createdAt: Date(timeIntervalSince1970: 1_795_000_000), position: 7, id: "n1"))
      index.addFirstAnswered(collection: "JLPT", day: Day(iso: "2026-11-21")!, count: 2)
      return index
    }(),
    streak: Streak(answerDays: [20778, 20779], lastAnswer: Timestamp.parse("2026-11-22T09:15:00+09:00")),
    recalls: [
      RecallItem(id: "r1", topic: "は vs が", note: "n", dueAt: Timestamp.parse("2026-11-21T14:30:00+09:00")!)
    ])
  static let cache = PlanInputCache(deckPath: "/nonexistent/deck.json", cachePath: "/nonexistent/cache.json")

  static func text() -> String {
    String(decoding: cache.encode(input, key: key, clock: tokyo), as: UTF8.self)
  }

  @Test func whatItWroteReadsBack() throws {
    let read = try #require(PlanInputCache.decode(bytes(Self.text()), key: Self.key, limits: .standard))
    #expect(read.dueIndex == Self.input.dueIndex)
    #expect(read.streak.answerDays == Self.input.streak.answerDays)
    #expect(read.streak.lastAnswer == Self.input.streak.lastAnswer)
    #expect(read.recalls == Self.input.recalls)
    #expect(PlanInputCache.decode(bytes(Self.text()), key: "another deck", limits: .standard) == nil)
  }

  /// Any change to the payload is a miss, even one that keeps it well-formed.
  @Test(arguments: [
    ("[\"TOEIC\", 20778, 3]", "[\"TOEIC\", 20778, 4]"), ("20778, 20779", "20778, 20780"),
    ("\"は vs が\"", "\"は vs か\""), ("\"reminders-plan-input-6\"", "\"reminders-plan-input-5\""),
    ("[\"JLPT\", 20777, 1795000000, 7, \"n1\"]", "[\"JLPT\", 20777, 1795000001, 7, \"n1\"]"),
    ("[\"JLPT\", 20777, 1795000000, 7, \"n1\"]", "[\"JLPT\", 20777, 1795000000, 8, \"n1\"]"),
    ("[\"JLPT\", 20778, 2]", "[\"JLPT\", 20778, 1]"), ("\"since\": 20778", "\"since\": 20777"),
  ])
  func aChangedPayloadIsAMiss(from: String, to: String) {
    let text = Self.text()
    #expect(text.contains(from))
    #expect(
      PlanInputCache.decode(
        bytes(text.replacingOccurrences(of: from, with: to)), key: Self.key, limits: .standard) == nil)
  }

  /// A file whose first line is not the checksum of the rest (cut, changed, missing) is a miss.
  @Test func aWrongChecksumLineIsAMiss() {
    let good = bytes(Self.text())
    var changed = good
    changed[0] = changed[0] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
    let withoutLine = Array(good.drop { $0 != 0x0A }.dropFirst())
    #expect(PlanInputCache.decode(good, key: Self.key, limits: .standard) != nil)
    #expect(PlanInputCache.decode(changed, key: Self.key, limits: .standard) == nil)
    #expect(PlanInputCache.decode(withoutLine, key: Self.key, limits: .standard) == nil)
    #expect(PlanInputCache.decode(Array(good.dropLast(2)), key: Self.key, limits: .standard) == nil)
  }

  /// A payload with a good checksum is still checked field by field: a forged file cannot hand the
  /// planner a negative count, a day no deck can name, a recall item twice or an ill-typed field.
  @Test(arguments: [
    "[\"TOEIC\", 20778, -3]", "[\"TOEIC\", 20778, 0]", "[\"TOEIC\", 99999999999, 1]",
    "[\"TOEIC\", 20778.0, 1]",
    "[\"TOEIC\", 20778, 1], [\"TOEIC\", 20778, 1]", "[\"TOEIC\", \"20778\", 1]", "[\"TOEIC\", 20778]",
  ])
  func forgedCounts(counts: String) throws {
    #expect(PlanInputCache.decode(try Self.forged(counts: counts), key: Self.key, limits: .standard) == nil)
  }

  @Test(arguments: [
    "{\"id\": \"r\", \"topic\": \"t\", \"dueAt\": \"2026-11-21T00:00:00Z\"}, {\"id\": \"r\", \"topic\": \"u\", \"dueAt\": \"2026-11-21T00:00:00Z\"}",
    "{\"id\": \"r\", \"topic\": \"t\", \"dueAt\": \"2026-11-21T00:00:00Z\", \"note\": 3}",
    "{\"id\": \"r\", \"topic\": \"t\", \"dueAt\": \"2026-11-21T00:00:00Z\", \"cardId\": null}",
    "{\"id\": \"r\", \"topic\": \"t\", \"dueAt\": \"soon\"}",
    "{\"id\": \"r\", \"topic\": \"t\", \"dueAt\": \"2026-11-21T00:00:00Z\", \"extra\": 1}",
    "{\"id\": 1, \"topic\": \"t\", \"dueAt\": \"2026-11-21T00:00:00Z\"}",
  ])
  func forgedRecalls(recalls: String) throws {
    #expect(PlanInputCache.decode(try Self.forged(recalls: recalls), key: Self.key, limits: .standard) == nil)
  }

  @Test(arguments: ["20778, 20778", "-800000", "1.5", "\"20778\""])
  func forgedAnswerDays(days: String) throws {
    #expect(PlanInputCache.decode(try Self.forged(days: days), key: Self.key, limits: .standard) == nil)
  }

  /// The forging above is sound: the same payload with good values reads.
  @Test func aForgedButValidPayloadReads() throws {
    let forged = try Self.forged(
      counts: "[\"\", 20778, 2]", days: "20778",
      recalls: "{\"id\": \"r\", \"topic\": \"t\", \"dueAt\": \"2026-11-21T00:00:00Z\", \"cardId\": \"c\"}")
    let read = try #require(PlanInputCache.decode(forged, key: Self.key, limits: .standard))
    #expect(read.dueIndex.due(on: Day(number: 20778)) == ["": 2])
    #expect(read.streak.answerDays == [20778])
    #expect(read.recalls.map(\.cardID) == ["c"])
  }

  /// A cache file with the given fields and a checksum that matches them.
  static func forged(
    counts: String = "", days: String = "", recalls: String = "", fresh: String = "",
    firstAnswered: String = "", lastAnswer: String = "null"
  ) throws -> [UInt8] {
    SealedJSON.seal(
      bytes(
        "{\"answerDays\": [\(days)], \"counts\": [\(counts)], \"firstAnswered\": [\(firstAnswered)], \"format\": \"\(PlanInputCache.format)\", \"fresh\": [\(fresh)], \"key\": \"\(key)\", \"lastAnswer\": \(lastAnswer), \"recalls\": [\(recalls)], \"since\": 20778}"
      ))
  }

  /// The last answer's time (`review.drip` counts from it) is a timestamp or null, nothing else.
  @Test func forgedLastAnswer() throws {
    let read = PlanInputCache.decode(
      try Self.forged(lastAnswer: "\"2026-11-21T09:00:00Z\""), key: Self.key, limits: .standard)
    #expect(read?.streak.lastAnswer == Timestamp.parse("2026-11-21T09:00:00Z"))
    for bad in ["5", "\"yesterday\"", "[]", "true"] {
      #expect(
        PlanInputCache.decode(try Self.forged(lastAnswer: bad), key: Self.key, limits: .standard) == nil,
        "\(bad)")
    }
  }

  /// The new cards a forged file names are checked too: each once, no more in a (collection, day)
  /// than the limits keep, whole seconds, and first answers only from `since` on.
  @Test func forgedNewCards() throws {
    #expect(PlanInputCache.decode(try Self.forged(), key: Self.key, limits: .standard) != nil)
    let ok = "[\"JLPT\", 20777, 1795000000, 0, \"n1\"]"
    #expect(PlanInputCache.decode(try Self.forged(fresh: ok), key: Self.key, limits: .standard) != nil)
    for fresh in [
      "\(ok), \(ok)", "[\"JLPT\", 20777, 1795000000.5, 1, \"n2\"]", "[\"JLPT\", 20777, 1795000000, 1]",
      "[\"JLPT\", 20777, \"1795000000\", 1, \"n2\"]", "[\"JLPT\", 99999999999, 1795000000, 1, \"n2\"]",
      "[\"JLPT\", 20777, 1795000000, -1, \"n2\"]", "[\"JLPT\", 20777, 1795000000, 1.5, \"n2\"]",
      "[\"JLPT\", 20777, 1795000000, \"n2\"]",
    ] {
      #expect(
        PlanInputCache.decode(try Self.forged(fresh: fresh), key: Self.key, limits: .standard) == nil,
        "\(fresh)")
    }
    let three = (1...3).map { "[\"JLPT\", 20777, 1795000000, \($0), \"n\($0)\"]" }.joined(separator: ", ")
    #expect(PlanInputCache.decode(try Self.forged(fresh: three), key: Self.key, limits: .standard) != nil)
    #expect(
      PlanInputCache.decode(try Self.forged(fresh: three), key: Self.key, limits: NewCardLimits(perDay: 2))
        == nil)
    for answered in [
      "[\"JLPT\", 20777, 1]", "[\"JLPT\", 20778, 0]", "[\"JLPT\", 20778, 1], [\"JLPT\", 20778, 1]",
    ] {
      #expect(
        PlanInputCache.decode(try Self.forged(firstAnswered: answered), key: Self.key, limits: .standard)
          == nil,
        "\(answered)")
    }
  }
}
