import Foundation
import RemindersCore
import RemindersMessages
import RemindersReports
import RemindersTestSupport
import Testing

/// The deck commands' labels and ID lookups, without the binary.
@Suite struct DeckTextTests {
  static func card(_ id: String, front: String) -> Card {
    Card(
      id: id, front: front, back: "back", stepIndex: 0, nextReviewDate: Day(iso: "2026-11-21")!,
      createdAt: FakeClock.parse("2026-11-01T09:00:00+09:00"))
  }

  @Test func aCellIsOneLineOfAtMostFortyCharacters() {
    #expect(DeckText.oneLine("食べる\nto eat") == "食べる to eat")
    #expect(DeckText.oneLine(String(repeating: "a", count: 40)) == String(repeating: "a", count: 40))
    #expect(DeckText.oneLine(String(repeating: "a", count: 41)) == String(repeating: "a", count: 39) + "…")
    #expect(DeckText.label(Self.card("3f2a9c1d7e", front: "食べる")) == "食べる (3f2a9c1d)")
  }

  @Test(arguments: Language.allCases)
  func anIDNamesOneCardOrIsRefused(language: RemindersMessages.Language) throws {
    let deck = Deck(cards: [Self.card("abcd1234", front: "one"), Self.card("abcd5678", front: "two")])
    let words = language.catalogue
    #expect(try DeckLookup.card("ABCD5", in: deck, path: "deck.json", words: words) == 1)
    let short = #expect(throws: IDLookupError.self) {
      try DeckLookup.card("ab", in: deck, path: "deck.json", words: words)
    }
    #expect(short?.description == words.idTooShort("ab", minimum: IDPrefix.minimumLength))
    let several = #expect(throws: IDLookupError.self) {
      try DeckLookup.card("abcd", in: deck, path: "deck.json", words: words)
    }
    #expect(
      several?.description
        == words.ambiguousID(
          "abcd", matches: words.deckItems(.card, count: 2), list: "abcd1234 (one), abcd5678 (two)")
    )
  }
}
