import Foundation
import RemindersCore
import Testing

@testable import RemindersStore

@Suite struct PlanInputCacheTrustTests {
  static let key = "1:2:3:4.5 Asia/Tokyo"
  static let input = PlanInput(
    dueIndex: {
      var index = DueIndex()
      index.add(collection: "TOEIC", day: Day(iso: "2026-11-21")!, count: 3)
      index.add(collection: nil, day: Day(iso: "2026-11-22")!)
      return index
    }(), streak: Streak(answerDays: [20778, 20779]),
    recalls: [
      RecallItem(id: "r1", topic: "は vs が", note: "n", dueAt: Timestamp.parse("2026-11-21T14:30:00+09:00")!)
    ])
  static let cache = PlanInputCache(deckPath: "/nonexistent/deck.json", cachePath: "/nonexistent/cache.json")

  static func text() -> String {
    String(decoding: cache.encode(input, key: key, clock: tokyo), as: UTF8.self)
  }

  @Test func whatItWroteReadsBack() throws {
    let read = try #require(PlanInputCache.decode(bytes(Self.text()), key: Self.key))
    #expect(read.dueIndex == Self.input.dueIndex)
    #expect(read.streak.answerDays == Self.input.streak.answerDays)
    #expect(read.recalls == Self.input.recalls)
    #expect(PlanInputCache.decode(bytes(Self.text()), key: "another deck") == nil)
  }

  /// Any change to the payload is a miss, even one that keeps it well-formed.
  @Test(arguments: [
    ("[\"TOEIC\", 20778, 3]", "[\"TOEIC\", 20778, 4]"), ("20778, 20779", "20778, 20780"),
    ("\"は vs が\"", "\"は vs か\""), ("\"reminders-plan-input-3\"", "\"reminders-plan-input-2\""),
  ])
  func aChangedPayloadIsAMiss(from: String, to: String) {
    let text = Self.text()
    #expect(text.contains(from))
    #expect(PlanInputCache.decode(bytes(text.replacingOccurrences(of: from, with: to)), key: Self.key) == nil)
  }

  /// A file whose first line is not the checksum of the rest (cut, changed, missing) is a miss.
  @Test func aWrongChecksumLineIsAMiss() {
    let good = bytes(Self.text())
    var changed = good
    changed[0] = changed[0] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
    let withoutLine = Array(good.drop { $0 != 0x0A }.dropFirst())
    #expect(PlanInputCache.decode(good, key: Self.key) != nil)
    #expect(PlanInputCache.decode(changed, key: Self.key) == nil)
    #expect(PlanInputCache.decode(withoutLine, key: Self.key) == nil)
    #expect(PlanInputCache.decode(Array(good.dropLast(2)), key: Self.key) == nil)
  }

  /// A payload with a good checksum is still checked field by field: a forged file cannot hand the
  /// planner a negative count, a day no deck can name, a recall item twice or an ill-typed field.
  @Test(arguments: [
    "[\"TOEIC\", 20778, -3]", "[\"TOEIC\", 20778, 0]", "[\"TOEIC\", 99999999999, 1]",
    "[\"TOEIC\", 20778.0, 1]",
    "[\"TOEIC\", 20778, 1], [\"TOEIC\", 20778, 1]", "[\"TOEIC\", \"20778\", 1]", "[\"TOEIC\", 20778]",
  ])
  func forgedCounts(counts: String) throws {
    #expect(PlanInputCache.decode(try Self.forged(counts: counts), key: Self.key) == nil)
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
    #expect(PlanInputCache.decode(try Self.forged(recalls: recalls), key: Self.key) == nil)
  }

  @Test(arguments: ["20778, 20778", "-800000", "1.5", "\"20778\""])
  func forgedAnswerDays(days: String) throws {
    #expect(PlanInputCache.decode(try Self.forged(days: days), key: Self.key) == nil)
  }

  /// The forging above is sound: the same payload with good values reads.
  @Test func aForgedButValidPayloadReads() throws {
    let forged = try Self.forged(
      counts: "[\"\", 20778, 2]", days: "20778",
      recalls: "{\"id\": \"r\", \"topic\": \"t\", \"dueAt\": \"2026-11-21T00:00:00Z\", \"cardId\": \"c\"}")
    let read = try #require(PlanInputCache.decode(forged, key: Self.key))
    #expect(read.dueIndex.due(on: Day(number: 20778)) == ["": 2])
    #expect(read.streak.answerDays == [20778])
    #expect(read.recalls.map(\.cardID) == ["c"])
  }

  /// A cache file with the given fields and a checksum that matches them.
  static func forged(counts: String = "", days: String = "", recalls: String = "") throws -> [UInt8] {
    SealedJSON.seal(
      bytes(
        "{\"answerDays\": [\(days)], \"counts\": [\(counts)], \"format\": \"\(PlanInputCache.format)\", \"key\": \"\(key)\", \"recalls\": [\(recalls)]}"
      ))
  }
}
