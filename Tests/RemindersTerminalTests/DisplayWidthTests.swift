import Testing

@testable import RemindersTerminal

@Suite struct DisplayWidthTests {
  @Test func wideCharactersCountTwo() {
    #expect(DisplayWidth.columns("abc") == 3)
    #expect(DisplayWidth.columns("食べる") == 6)
    #expect(DisplayWidth.columns("ｱ") == 1)  // halfwidth katakana
    #expect(DisplayWidth.columns("Ａ") == 2)  // fullwidth Latin
    #expect(DisplayWidth.columns("e\u{301}") == 1)  // a combining accent
  }

  /// A 30-character Japanese front at 40 columns: two lines of 20 characters, none split.
  @Test func japaneseWrapsByColumns() {
    let front = String(repeating: "日本語の文章を折り返す", count: 3).prefix(30)
    #expect(front.count == 30)
    let lines = DisplayWidth.wrap(String(front), width: 40)
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { DisplayWidth.columns($0) <= 40 })
    #expect(lines.joined() == String(front))
    #expect(lines[0].count == 20)
    // An odd width never splits a wide character: 39 columns hold 19 of them.
    let odd = DisplayWidth.wrap(String(front), width: 39)
    #expect(odd.allSatisfy { DisplayWidth.columns($0) <= 39 })
    #expect(odd.joined() == String(front))
    #expect(odd[0].count == 19)
  }

  @Test func wordsStayWhole() {
    #expect(DisplayWidth.wrap("the quick brown fox jumps", width: 10) == ["the quick", "brown fox", "jumps"])
    #expect(DisplayWidth.wrap("abcdefghijkl", width: 5) == ["abcde", "fghij", "kl"])
    #expect(DisplayWidth.wrap("one\ntwo", width: 10) == ["one", "two"])
    #expect(DisplayWidth.wrap("食べる to eat", width: 8) == ["食べる", "to eat"])
    #expect(DisplayWidth.wrap("", width: 8) == [""])
    #expect(DisplayWidth.wrap("漢", width: 1) == ["漢"])
  }

  @Test func truncation() {
    #expect(DisplayWidth.truncate("食べる", width: 5) == "食べ")
    #expect(DisplayWidth.truncate("abc", width: 5) == "abc")
  }
}
