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
    let card = Self.card("3f2a9c1d7e", front: "食べる")
    #expect(DeckText.label(card, in: Deck(cards: [card])) == "食べる (3f2a9c1d)")
  }

  /// Cards made in the same minute share their first eight characters: the label, and the list,
  /// show as many more as tell them apart, so that what is shown names one card when typed back.
  @Test func shortIDsStayUnique() {
    let a = Self.card("01a218ea-3014-7000-8a3b-aaaaaaaaaaaa", front: "猫")
    let b = Self.card("01a218ea-3014-7001-8a3b-bbbbbbbbbbbb", front: "犬")
    let c = Self.card("9f00aa11-0000-7000-8000-cccccccccccc", front: "鳥")
    let deck = Deck(cards: [a, b, c])
    #expect(DeckText.label(a, in: deck) == "猫 (01a218ea-3014-7000)")
    #expect(DeckText.label(c, in: deck) == "鳥 (9f00aa11)")
    let short = IDPrefix.short(deck.cards.map(\.id))
    #expect(short == [a.id: "01a218ea-3014-7000", b.id: "01a218ea-3014-7001", c.id: "9f00aa11"])
    for (id, prefix) in short {
      #expect(IDPrefix.matches(prefix, in: deck.cards.map(\.id)) == [deck.cards.firstIndex { $0.id == id }!])
    }
    // An id that is a prefix of another is shown whole.
    #expect(
      IDPrefix.short(["abcdefgh", "abcdefghij"]) == ["abcdefgh": "abcdefgh", "abcdefghij": "abcdefghi"])
  }

  @Test(arguments: Language.allCases)
  func anIDNamesOneCardOrIsRefused(language: RemindersMessages.Language) throws {
    let deck = Deck(cards: [Self.card("abcd1234", front: "one"), Self.card("abcd5678", front: "two")])
    let words = language.words
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
