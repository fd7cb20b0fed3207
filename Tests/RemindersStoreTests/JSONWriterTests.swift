import Foundation
import RemindersCore
import Testing

@testable import RemindersStore

/// The JSON the commands print and the files hold: no character of a string can act on the
/// terminal it is printed to (every `HiddenCharacter` — C0, DEL, C1, the bidirectional and
/// invisible controls — is a `\u` escape), and every reader reads the same text back.
@Suite struct JSONWriterTests {
  static let hostile =
    "a\u{1B}]0;t\u{07}\u{7F}\u{80}\u{9B}2J\u{9F}\u{061C}\u{200E}\u{200F}\u{202A}\u{202E}\u{2066}\u{2069}\u{200B}\u{FEFF}食べる😀\u{A0}\u{2010}\u{200D}"

  @Test func controlsAreEscaped() throws {
    var w = JSONWriter()
    w.string(Self.hostile)
    let text = String(decoding: w.out, as: UTF8.self)
    #expect(
      text
        == "\"a\\u001b]0;t\\u0007\\u007f\\u0080\\u009b2J\\u009f\\u061c\\u200e\\u200f\\u202a\\u202e\\u2066\\u2069\\u200b\\ufeff食べる😀\u{A0}\u{2010}\u{200D}\""
    )
    // Nothing but printable ASCII and the letters themselves: no control reaches a terminal.
    #expect(!text.unicodeScalars.contains { HiddenCharacter.contains($0) })
    let read = try JSONSerialization.jsonObject(with: Data(w.out), options: .fragmentsAllowed) as? String
    #expect(read == Self.hostile)
  }

  @Test func asciiControlsToo() {
    var w = JSONWriter()
    w.string("a\u{1B}[2J\u{7F}\"\\\n")
    #expect(String(decoding: w.out, as: UTF8.self) == "\"a\\u001b[2J\\u007f\\\"\\\\\\n\"")
  }

  @Test func theDeckReadsThemBack() throws {
    let clock = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)
    let card = Card(
      id: "c", front: Self.hostile, back: "b", stepIndex: 0, nextReviewDate: Day(iso: "2026-11-21")!,
      createdAt: Timestamp.parse("2026-11-21T09:00:00+09:00")!)
    let bytes = DeckCodec.encode(StoredDeck(deck: Deck(cards: [card])), clock: clock)
    #expect(try DeckCodec.decode(bytes, path: "d").deck.cards == [card])
  }
}
