import Foundation
import RemindersMessages
import RemindersReports
import RemindersStore
import Testing

/// What is wrong inside a file of ours, in both languages (docs/files.md): every problem has
/// words in each, and the Japanese line holds no English reason.
@Suite struct ContentProblemTextTests {
  static let syntax: [JSONExpectation] = [
    .objectOpen, .keyString, .colonAfterKey, .commaOrBrace, .arrayOpen, .commaOrBracket, .string,
    .hexDigits, .lowSurrogate, .highSurrogate, .escape, .noControlCharacter, .validUTF8, .closingQuote,
    .wholeNumber, .number, .fractionDigits, .exponentDigits, .value, .trueOrFalse, .nesting(levels: 512),
    .endOfFile,
  ]

  static let values: [ValueExpectation] = [
    .string, .stringOrNull, .strings, .object, .objectOrNull, .array, .list, .trueOrFalse,
    .number, .numberOrNull, .positiveNumberOrNull, .wholeNumber, .zeroOrMore, .fromZero, .atLeast(1),
    .upTo(4_294_967_295), .wholeNumberRange(from: 0, to: 6), .version(expected: 1, got: 2),
    .version(expected: 1, got: nil), .date, .time, .instant, .wallTime, .fsrsState, .stepOrNull,
    .step(state: "learning"), .nullInReview, .rating, .correctRating, .wrongRating, .ratingAsCorrectSays,
    .id, .alarmID, .uniqueAlarmID, .alarmList, .weekdays, .daysOrDate, .place, .radius(from: 1, to: 100000),
    .channel, .recallItemIDs, .soundProcess, .entries, .dayOrRange, .days, .timesByID,
    .seconds, .answerFields, .answeredCard, .undoParts, .journalOp, .cardsToSet, .removedIDs,
  ]

  /// Every problem of the iCalendar reader.
  static let calendar: [CalendarSyntaxProblem] = [
    .notUTF8, .noName, .nameNotFollowed, .noColon, .carriageReturn, .continuationFirst, .beginWithoutName,
    .notACalendar(found: "VEVENT"), .tooDeep(name: "X-LEVEL-32", depth: 32), .endWithoutBegin(name: "VEVENT"),
    .endMismatch(name: "VEVENT", open: "VALARM", line: 9), .beforeCalendar, .afterEnd(name: "VCALENDAR"),
    .neverClosed(name: "VEVENT"),
  ]

  static let documents: [ContentProblem] = [
    .missing(field: "cards[0]", names: ["id", "front"]), .missing(field: "version", names: []),
    .notADocument(.alarms), .notADocument(.ledger), .notADocument(.focusSession), .journalLine,
  ]

  /// Every case of `ContentProblem`, each expectation in it once.
  static let every: [ContentProblem] =
    syntax.map { ContentProblem.syntax($0) } + [ContentProblem.fieldSyntax("focusLog", .value)]
    + values.map { ContentProblem.field("cards[0].front", expected: $0) } + documents
    + calendar.map { ContentProblem.calendar($0) }

  /// Words of the English reasons that no Japanese reason may hold.
  static let englishWords = [
    "expected", "missing", "got ", "such as", " or ", " a ", "an ", "the ", "number", "string", "object",
    "list", "time", "whole", "card", "answer", "version\": 1 with",
  ]

  @Test(arguments: every)
  func everyProblemHasWordsInBothLanguages(problem: ContentProblem) {
    let english = Language.en.words.contentProblem(problem)
    let japanese = Language.ja.words.contentProblem(problem)
    #expect(!english.isEmpty && !english.contains("\n"))
    #expect(!japanese.isEmpty && !japanese.contains("\n"))
    #expect(japanese != english)
    // The file's own names (fields, JSON words such as "learning" or answer) are not English.
    let words = japanese.replacingOccurrences(of: "\"[^\"]*\"", with: "", options: .regularExpression)
      .replacingOccurrences(of: "cards[0].front", with: "").replacingOccurrences(of: "cards[0]", with: "")
      .replacingOccurrences(of: "cardId", with: "")
      .replacingOccurrences(of: "answer、undo、recalls、cards、remove", with: "")
    for word in Self.englishWords {
      #expect(!words.contains(word), "\(japanese)")
    }
  }

  /// Each expectation says something of its own, in both languages.
  @Test func expectationsAreTold() {
    for language in [Language.en, .ja] {
      let texts = Self.values.map { language.words.contentProblem(.field("f", expected: $0)) }
      let distinct = Set(texts).count
      // zeroOrMore and fromZero are the same words in Japanese.
      #expect(distinct >= Self.values.count - (language == .ja ? 1 : 0), "\(language)")
      #expect(
        Set(Self.syntax.map { language.words.contentProblem(.syntax($0)) }).count == Self.syntax.count)
    }
  }

  static func line(_ text: String, file: String, _ language: Language) throws -> String {
    let bytes = Array(text.utf8)
    do {
      switch file {
      case "deck.json": _ = try DeckCodec.decode(bytes, path: file)
      case "ledger.json": _ = try LedgerStore.decode(bytes, path: file)
      default: _ = try AlarmStore.decode(bytes, path: file)
      }
    } catch let error as StoreError {
      return StoreErrorText(language: language).text(error)
    }
    throw Refused.accepted
  }

  enum Refused: Error { case accepted }

  /// From a broken file to the line a learner reads, in each language.
  @Test(
    arguments: [
      (
        "{\"version\": 1, \"cards\": [{\"id\": \"c1\", \"front\": 3}]}", "deck.json",
        "deck.json:1:48: cards[0].front: expected a string",
        "deck.json:1:48: 内容を読み取れません: cards[0].front: 文字列が必要です"
      ),
      (
        "{\"version\": 1, \"cards\": [}", "deck.json",
        "deck.json:1:26: expected an object '{'",
        "deck.json:1:26: 内容を読み取れません: オブジェクトの「{」が必要です"
      ),
      (
        "{\"version\": 2}", "deck.json",
        "deck.json:1:13: version: expected 1, got 2",
        "deck.json:1:13: 内容を読み取れません: version: 1 が必要です（2 ではなく）"
      ),
      (
        "{\"version\": 1, \"cards\": [{\"id\": \"c1\"}]}", "deck.json",
        "deck.json:1:26: cards[0]: missing front, back, stepIndex, nextReviewDate, createdAt",
        "deck.json:1:26: 内容を読み取れません: cards[0]: front、back、stepIndex、nextReviewDate、createdAt がありません"
      ),
      (
        "[]", "ledger.json",
        "ledger.json: the ledger: expected an object with \"version\": 1",
        "ledger.json: 内容を読み取れません: 配信記録のファイルには \"version\": 1 を持つオブジェクトが必要です"
      ),
      (
        "{\"version\": 1, \"alarms\": 3}", "alarms.json",
        "alarms.json: alarms: expected a list of alarms",
        "alarms.json: 内容を読み取れません: alarms: アラームのリストが必要です"
      ),
    ] as [(String, String, String, String)])
  func aBrokenFileReadsInTheLearnersLanguage(text: String, file: String, english: String, japanese: String)
    throws
  {
    #expect(try Self.line(text, file: file, .en) == english)
    #expect(try Self.line(text, file: file, .ja) == japanese)
  }
}
