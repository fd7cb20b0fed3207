import Testing

@testable import RemindersTerminal

/// Data text on a terminal: what a terminal would obey or what hides or reorders text shows as a
/// visible form; everything else is unchanged.
@Suite struct VisibleTextTests {
  @Test(arguments: [
    ("食べる", "食べる"),
    ("plain text", "plain text"),
    ("😀 👨‍👩‍👧 🇯🇵 é", "😀 👨‍👩‍👧 🇯🇵 é"),
    ("Q\u{1B}]2;PWNED\u{07}x", "Q<U+001B>]2;PWNED<U+0007>x"),
    ("\u{1B}]52;c;cHduZWQ=\u{07}", "<U+001B>]52;c;cHduZWQ=<U+0007>"),
    ("\u{1B}[2J", "<U+001B>[2J"),
    ("a\tb\nc\rd", "a\\tb\\nc\\rd"),
    ("\u{00}\u{7F}\u{85}\u{9B}", "<U+0000><U+007F><U+0085><U+009B>"),
    ("abc\u{202E}fed", "abc<U+202E>fed"),
    ("\u{202A}\u{202B}\u{202C}\u{202D}", "<U+202A><U+202B><U+202C><U+202D>"),
    ("\u{2066}\u{2067}\u{2068}\u{2069}", "<U+2066><U+2067><U+2068><U+2069>"),
    ("\u{200E}\u{200F}\u{061C}", "<U+200E><U+200F><U+061C>"),
    ("a\u{200B}b\u{FEFF}c\u{2060}d\u{2028}e", "a<U+200B>b<U+FEFF>c<U+2060>d<U+2028>e"),
    ("\u{200D}\u{200C}", "\u{200D}\u{200C}"),
  ])
  func visibleForm(_ text: String, _ shown: String) {
    #expect(VisibleCharacters.of(text) == shown)
  }

  @Test func lineBreaksKeptForAFullScreen() {
    #expect(VisibleCharacters.of("a\nb\u{1B}c\td", keepingLineBreaks: true) == "a\nb<U+001B>c\\td")
  }

  @Test func theReviewScreenShowsDataVisibly() {
    let state = ReviewScreen.State(
      kind: .card, number: 1, total: 1, collection: "c\u{1B}[2J", front: "Q\u{1B}]2;PWNED\u{07}x",
      back: "b\u{202E}", note: "n\u{9B}", revealed: true)
    let lines = ReviewScreen.render(state, width: 60, height: 12, language: .en, color: false)
    let text = lines.joined(separator: "\n")
    #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
    #expect(text.contains("Q<U+001B>]2;PWNED<U+0007>x"))
    #expect(text.contains("b<U+202E>"))
  }

  @Test func theFocusScreenShowsTheTaskVisibly() {
    let state = FocusScreen.State(
      phase: .focus, cycle: 1, cycles: nil, timeLeft: 60, length: 60, paused: false, task: "t\u{1B}]0;x\u{07}"
    )
    let text = FocusScreen.render(state, width: 60, height: 10, language: .en, color: false)
      .joined(separator: "\n")
    #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    #expect(text.contains("t<U+001B>]0;x<U+0007>"))
  }
}
