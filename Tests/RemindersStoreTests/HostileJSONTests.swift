import Foundation
import RemindersCore
import Testing

@testable import RemindersStore

/// Bytes no editor should write, read as precise errors rather than silently changed data
/// (issue 10).
@Suite struct HostileJSONTests {
  static func card(front: [UInt8]) -> [UInt8] {
    bytes("{\"version\": 1, \"cards\": [{\"id\": \"a\", \"front\": \"") + front
      + bytes(
        "\", \"back\": \"b\", \"stepIndex\": 0, \"nextReviewDate\": \"2026-11-01\", \"createdAt\": \"2026-11-01T00:00:00Z\"}]}"
      )
  }

  /// A byte sequence that is not UTF-8 inside a string is refused where it starts (it used to
  /// be read, then written back as U+FFFD).
  @Test(
    arguments: [
      ([0xFF], 48, "a byte that never occurs in UTF-8"),
      ([0x61, 0xC0, 0xAF], 49, "an overlong '/'"),
      ([0xE3, 0x81], 48, "a character cut short by the closing quote"),
      ([0xED, 0xA0, 0x80], 48, "a surrogate encoded in UTF-8"),
      ([0xF4, 0x90, 0x80, 0x80], 48, "above U+10FFFF"),
      ([0xE6, 0x97, 0xA5, 0x80], 49, "a stray continuation byte after a character"),
    ] as [([UInt8], Int, String)])
  func invalidUTF8InAString(front: [UInt8], column: Int, what: String) {
    let error = CorruptFile(
      path: "d.json", at: TextPosition(line: 1, column: column),
      reason: "expected valid UTF-8 inside a string")
    expectCorrupt(error, "\(what)") { try DeckCodec.decode(Self.card(front: front), path: "d.json") }
    expectCorrupt(error, "\(what)") {
      try DeckCodec.digest(
        Self.card(front: front), path: "d.json", clock: tokyo, limits: .standard,
        today: Day(iso: "2026-11-21")!)
    }
  }

  @Test func validUTF8OfEveryLengthIsKept() throws {
    let front = "é 日本 😀 \u{10FFFF}"
    let stored = try DeckCodec.decode(Self.card(front: Array(front.utf8)), path: "d")
    #expect(stored.deck.cards[0].front == front)
  }

  /// An escape naming half a surrogate pair cannot become a character: refused, not U+FFFD.
  @Test(arguments: [
    ("\\ud83d", "a low surrogate \\uDC00-\\uDFFF after a high one"),
    ("\\ud83dx", "a low surrogate \\uDC00-\\uDFFF after a high one"),
    ("\\ud83d\\u0041", "a low surrogate \\uDC00-\\uDFFF after a high one"),
    ("\\ude00", "a high surrogate \\uD800-\\uDBFF before a low one"),
  ])
  func loneSurrogateEscapes(escape: String, expected: String) {
    expectCorrupt(
      CorruptFile(
        path: "d", at: TextPosition(line: 1, column: 48), reason: "expected \(expected)")
    ) {
      try DeckCodec.decode(Self.card(front: bytes(escape)), path: "d")
    }
  }

  /// A NUL byte is an error where it stands; it used to end the deck (and the ledger) early.
  @Test(
    arguments: [
      (bytes("{\"version\": 1}") + [0] + bytes("{\"more\": 1}"), 1, 15, "expected the end of the file"),
      (bytes("{\"version\": 1}\n") + [0], 2, 1, "expected the end of the file"),
      (bytes("{\"version\": 1,") + [0] + bytes("\"cards\": []}"), 1, 15, "expected a key string"),
      (bytes("{\"version\": 1, \"x\": ") + [0] + bytes("}"), 1, 21, "expected a number"),
    ] as [([UInt8], Int, Int, String)])
  func nulBytes(text: [UInt8], line: Int, column: Int, reason: String) {
    let error = CorruptFile(path: "d", at: TextPosition(line: line, column: column), reason: reason)
    expectCorrupt(error) { try DeckCodec.decode(text, path: "d") }
    expectCorrupt(error) {
      try DeckCodec.digest(text, path: "d", clock: tokyo, limits: .standard, today: Day(iso: "2026-11-21")!)
    }
    expectCorrupt(error) { try LedgerStore.decode(text, path: "d") }
  }

  /// A byte-order mark before the deck or the ledger is skipped (some editors write
  /// one); positions in errors are the same as without it.
  @Test func byteOrderMarkIsSkipped() throws {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let deck = try DeckCodec.decode(bom + bytes(sampleDeck), path: "d")
    #expect(deck == (try DeckCodec.decode(bytes(sampleDeck), path: "d")))
    expectCorrupt(
      CorruptFile(
        path: "d", at: TextPosition(line: 1, column: 13), reason: "version: expected 1, got 2")
    ) {
      try DeckCodec.decode(bom + bytes("{\"version\": 2}"), path: "d")
    }
    let (ledger, _, _) = try LedgerStore.decode(
      bom
        + bytes(
          "{\"delivered\": [], \"held\": {\"recall:a\": \"2026-11-21T15:00:00+09:00\"}, \"version\": 1}"),
      path: "l")
    #expect(ledger.held.count == 1)
    // Only at the start: anywhere else it is an error.
    #expect(throws: StoreError.self) { try DeckCodec.decode(bytes("{\"version\": 1}") + bom, path: "d") }
  }
}
