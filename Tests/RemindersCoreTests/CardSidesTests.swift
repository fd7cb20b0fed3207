import RemindersCore
import Testing

/// The one rule for a card's text that `cards add`, `cards edit` and `cards import` follow.
@Suite struct CardTextTests {
  @Test(arguments: ["", " ", "\t", "\n", "\r\n", " \u{3000} "])
  func blank(text: String) {
    #expect(CardSides.isBlank(text))
    #expect(CardSides.blankSide(front: text, back: "b") == .front)
    #expect(CardSides.blankSide(front: "f", back: text) == .back)
  }

  @Test func textIsKept() {
    #expect(!CardSides.isBlank(" 食べる "))
    #expect(CardSides.blankSide(front: "食べる", back: "to eat") == nil)
    // A side not being set (`cards edit` without it) is not looked at.
    #expect(CardSides.blankSide(front: nil, back: nil) == nil)
    #expect(CardSides.blankSide(front: nil, back: "") == .back)
  }
}
