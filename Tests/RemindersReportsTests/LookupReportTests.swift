import RemindersMessages
import Testing

@testable import RemindersDictionary
@testable import RemindersReports

/// `lookup`'s lines and JSON, in both languages: the candidates numbered, the form a conjugated
/// word was found as, nothing from the file that a terminal would act on.
@Suite struct LookupReportTests {
  static let taberu = DictionaryLookup(
    word: "食べた", japanese: true, front: "食べる",
    candidates: [
      DictionaryCandidate(text: "to eat", word: "食べる", reading: "たべる", common: true, note: "たべる"),
      DictionaryCandidate(
        text: "to live on (e.g. a salary)", word: "食べる", reading: "たべる", common: false, note: nil),
    ])

  /// An English word whose candidate holds an escape and a line break, as a broken file might.
  static let cat = DictionaryLookup(
    word: "cat", japanese: false, front: "cat",
    candidates: [
      DictionaryCandidate(text: "猫\u{1B}[2J", word: "猫\u{1B}[2J", reading: "ねこ\n", common: true, note: "ねこ\n")
    ])

  static let none = DictionaryLookup(word: "xyzzy\u{7}", japanese: false, front: "xyzzy\u{7}", candidates: [])

  @Test(arguments: [
    (
      taberu,
      ["食べた: found as 食べる", "1. to eat (たべる), common", "2. to live on (e.g. a salary)"],
      ["食べた: 辞書形 食べる で見つかりました", "1. to eat（たべる） よく使う語", "2. to live on (e.g. a salary)"]
    ),
    (cat, ["1. 猫<U+001B>[2J (ねこ\\n), common"], ["1. 猫<U+001B>[2J（ねこ\\n） よく使う語"]),
    (none, ["No entry for xyzzy<U+0007> in the dictionary."], ["辞書に xyzzy<U+0007> はありません。"]),
  ])
  func lines(found: DictionaryLookup, english: [String], japanese: [String]) {
    #expect(LookupReport(found, language: .en).lines == english)
    #expect(LookupReport(found, language: .ja).lines == japanese)
  }

  /// The JSON keeps the data as it is (JSON escapes it) and says the same in either language.
  @Test func json() {
    let expected = """
      {
        "word": "食べた",
        "language": "ja",
        "front": "食べる",
        "candidates": [
          {
            "text": "to eat",
            "word": "食べる",
            "reading": "たべる",
            "note": "たべる",
            "common": true
          },
          {
            "text": "to live on (e.g. a salary)",
            "word": "食べる",
            "reading": "たべる",
            "note": null,
            "common": false
          }
        ]
      }
      """
    #expect(LookupReport(Self.taberu, language: .en).json.rendered() == expected)
    #expect(LookupReport(Self.taberu, language: .ja).json.rendered() == expected)
    #expect(
      LookupReport(Self.cat, language: .ja).json.rendered() == """
        {
          "word": "cat",
          "language": "en",
          "front": "cat",
          "candidates": [
            {
              "text": "猫\\u001b[2J",
              "word": "猫\\u001b[2J",
              "reading": "ねこ\\n",
              "note": "ねこ\\n",
              "common": true
            }
          ]
        }
        """)
    #expect(
      LookupReport(Self.none, language: .en).json.rendered() == """
        {
          "word": "xyzzy\\u0007",
          "language": "en",
          "front": "xyzzy\\u0007",
          "candidates": []
        }
        """)
  }
}
