import RemindersICalendar
import Testing

@Suite("Folding and escaping")
struct ContentLineTests {
  static let foldedTexts = [
    // Three-byte characters only.
    String(repeating: "前置詞の使い分けを例文で確かめる。", count: 8),
    // One-, two-, three- and four-byte characters, and a combining accent.
    String(repeating: "Mixed 日本語 and English, café and cafe\u{301}, emoji 🙂🎌; ", count: 5),
    // Four-byte characters only.
    String(repeating: "🙂", count: 60),
  ]

  /// Whatever the prefix shifts the text by, every fold lands between characters, as late as it
  /// can, and unfolding gives the line back.
  @Test(arguments: foldedTexts, 0...80)
  func foldingSplitsBetweenCharacters(text: String, prefixLength: Int) throws {
    let line = "DESCRIPTION:" + String(repeating: "x", count: prefixLength) + text
    let folded = ContentLine.fold(line)
    let lines = physicalLines(folded)
    #expect(lines.count > 1)
    for (index, physical) in lines.enumerated() {
      #expect(physical.count <= ContentLine.maxOctets)
      #expect(String(validating: physical, as: UTF8.self) != nil, "line \(index) is not valid UTF-8")
      if index > 0 { #expect(physical.first == 32) }
      if index < lines.count - 1 {
        // The next line's first character did not fit on this one.
        let next = lines[index + 1][1]
        let width = next < 0x80 ? 1 : next >= 0xF0 ? 4 : next >= 0xE0 ? 3 : 2
        #expect(physical.count + width > ContentLine.maxOctets)
      }
    }
    #expect(try ContentLine.unfold(folded) == [line])
  }

  @Test(arguments: [(74, false), (75, false), (76, true), (150, true)])
  func foldingStartsPastSeventyFiveOctets(length: Int, folds: Bool) {
    let line = "X-LONG:" + String(repeating: "a", count: length - 7)
    let folded = ContentLine.fold(line)
    #expect(folded.utf8.contains(13) == folds)
    #expect(physicalLines(folded).map(\.count).first == min(length, 75))
  }

  @Test func unfoldingAcceptsLineFeedsAndTabs() throws {
    let text = "SUMMARY:a long\r\n  line\nDESCRIPTION:one\n\ttwo\r\n\r\nX-EMPTY:\n"
    #expect(try ContentLine.unfold(text) == ["SUMMARY:a long line", "DESCRIPTION:onetwo", "X-EMPTY:"])
  }

  @Test(arguments: [
    ("  starts with a fold\r\n", 1),
    ("BEGIN:VCALENDAR\r\nX-A:carriage\rreturn\r\n", 2),
  ])
  func unfoldingRejectsBadFolding(text: String, line: Int) {
    let error = #expect(throws: ICalendarError.self) { try ContentLine.unfold(text) }
    guard case .malformed(let found, _)? = error else { return }
    #expect(found == line)
  }

  @Test(arguments: [
    ("plain", "plain"),
    ("a\\b", "a\\\\b"),
    ("a;b", "a\\;b"),
    ("a,b", "a\\,b"),
    ("a\nb", "a\\nb"),
    ("a\r\nb", "a\\nb"),
    ("a\rb", "a\\nb"),
    ("\"quoted\": colon", "\"quoted\": colon"),
    ("tab\tkept", "tab\tkept"),
    ("bell\u{7} dropped", "bell dropped"),
    ("日本語、句読点; です", "日本語、句読点\\; です"),
    ("\\;,\n", "\\\\\\;\\,\\n"),
  ])
  func escaping(text: String, escaped: String) {
    #expect(ICalText.escape(text) == escaped)
  }

  @Test(arguments: [
    ("a\\\\b", "a\\b"),
    ("a\\;b\\,c", "a;b,c"),
    ("one\\ntwo\\Nthree", "one\ntwo\nthree"),
    ("\\\\n", "\\n"),
    // Other pairs and a trailing backslash are kept as written.
    ("a\\:b", "a\\:b"),
    ("end\\", "end\\"),
  ])
  func unescaping(value: String, text: String) {
    #expect(ICalText.unescape(value) == text)
  }

  static let trickyTopics = [
    "back\\slash; semi, comma \"quote\"\nnew line",
    "\\\\;;,,\n\n\"\"",
    "日本語の話題\\と;記号,\"引用\"\nそして改行" + String(repeating: "、長い", count: 30),
    String(repeating: "\\n", count: 50),
  ]

  /// A topic survives escape → fold → unfold → unescape.
  @Test(arguments: trickyTopics)
  func textSurvivesTheRoundTrip(topic: String) throws {
    let folded = ContentLine.fold("SUMMARY;LANGUAGE=ja:" + ICalText.escape(topic))
    let lines = try ContentLine.unfold(folded)
    #expect(lines.count == 1)
    let value = try #require(rawValue("SUMMARY", in: lines))
    #expect(ICalText.unescape(value) == topic)
  }
}
