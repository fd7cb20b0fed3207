import RemindersMessages
import RemindersReports
import RemindersStore
import Testing

/// What is wrong with a config value, in both languages (docs/configuration.md): every problem
/// has words in each, and the Japanese line holds no English reason.
@Suite struct ConfigProblemTextTests {
  /// Every case of `ConfigProblem`, with values as the reader shows them.
  static let every: [ConfigProblem] = [
    .notUTF8, .controlCharacter(0), .controlCharacter(0x1B), .tableName, .arrayValue,
    .syntax(.key), .syntax(.multiLineKey), .syntax(.equals), .syntax(.value(got: nil)),
    .syntax(.value(got: "ja")), .syntax(.lineEnd), .syntax(.headerClose(arrayOfTables: false)),
    .syntax(.headerClose(arrayOfTables: true)), .syntax(.arraySeparator), .syntax(.inlineTableSeparator),
    .syntax(.unclosedString), .syntax(.closingQuotes), .syntax(.escape), .syntax(.unicodeEscape),
    .syntax(.number(got: "01")), .syntax(.integerRange(got: "9223372036854775808")),
    .syntax(.dateTime(got: "1979-02-30")), .syntax(.nesting(levels: 128)),
    .syntax(.duplicateKey("daily.time")),
    .syntax(.duplicateTable("daily")), .syntax(.closedTable("daily")), .syntax(.notArrayOfTables("daily")),
    .unknownKey, .notTable("daily"), .notString, .notFlag, .emptyPath,
    .language(got: "\"japanese\""), .timeZone(got: "\"Tokyo\""), .time(got: "\"25:00\"", orOff: false),
    .time(got: "\"7pm\"", orOff: true), .duration(got: "\"soon\"", orOff: false),
    .duration(got: "\"soon\"", orOff: true), .windowEnd(end: "08:00", start: "18:00"), .quietHoursList,
    .quietRange(got: "\"12:00-12:00\""), .quietCoversWindow,
    .dailyAfterWindow(time: "19:00", windowEnd: "18:00"), .dripTooShort, .locationTimeout,
    .wholeNumber(from: 1, to: 5, example: 3), .zeroOrMore(example: 3), .oneOrMore, .minutes(example: 25),
    .newCards(example: 20), .newCards(example: nil), .days(from: 1, to: 366, example: 14),
    .terminalCommand, .reviewPlace, .soundCommand,
    .ankiCollection, .ankiDecks, .commandWithSpaces(words: ["flatpak", "run", "net.ankiweb.Anki"]),
    .ankiCommand,
    .calendarURLMissing, .calendarURL(got: "\"ftp://x\""), .plainHTTP, .notHTTPS(got: "\"ftp://x\""),
    .passwordCommand, .emptyUserName, .passwordCommandMissing, .userNameMissing,
    .newPerCollectionTable, .scheduler(got: "\"anki\""), .parametersList, .notNumber(got: "\"0.2\""),
    .numberCount(expected: 21, got: 2), .numberRange(lower: 0.1, upper: 0.8, got: 0.9),
    .retention(got: "1.0"), .stepsList, .step(got: "\"ten minutes\""),
    .maximumInterval(upTo: 36500, got: "0"),
  ]

  /// Words of the English reasons that no Japanese reason may hold.
  static let englishWords = [
    "expected", "got ", "such as", "unknown", "needs", " is not", "allowed", "a list", "a whole", "or off",
  ]

  @Test(arguments: every)
  func everyProblemHasWordsInBothLanguages(problem: ConfigProblem) {
    let english = Language.en.words.configProblem(problem)
    let japanese = Language.ja.words.configProblem(problem)
    #expect(!english.isEmpty && !english.contains("\n"))
    #expect(!japanese.isEmpty && !japanese.contains("\n"))
    #expect(japanese != english)
    for word in Self.englishWords {
      #expect(!japanese.contains(word), "\(japanese)")
    }
  }

  /// A value quoted from the file is kept as the reader shows it, in both languages.
  @Test func theValueAsWrittenIsKept() {
    for language in [Language.en, .ja] {
      #expect(language.words.configProblem(.language(got: "\"japanese\"")).contains("\"japanese\""))
      #expect(
        language.words.configProblem(.dailyAfterWindow(time: "19:00", windowEnd: "18:00")).contains(
          "19:00"))
    }
  }

  static func line(_ text: String, _ language: Language) throws -> (StoreError, String) {
    do {
      _ = try Configuration.parse(text, path: "c.toml", home: "/h")
    } catch let error as StoreError {
      return (error, StoreErrorText(language: language).text(error))
    }
    throw Refused.accepted
  }

  enum Refused: Error { case accepted }

  /// From the text to the typed problem to the line a learner reads.
  @Test(
    arguments: [
      (
        "language = \"japanese\"",
        StoreError.badConfig(
          path: "c.toml", key: "language", at: nil, problem: .language(got: "\"japanese\"")),
        "c.toml: 設定が正しくありません: language: ja、en、auto のどれかを指定します（\"japanese\" ではなく）",
        "c.toml: language: expected ja, en or auto, got \"japanese\""
      ),
      (
        "[calendar]\nurl = \"http://example.org/dav/\"",
        .badConfig(path: "c.toml", key: "calendar.url", at: nil, problem: .plainHTTP),
        "c.toml: 設定が正しくありません: calendar.url: http:// はこのマシンの上（127.0.0.1、::1、localhost）でだけ使えます。https:// を使ってください",
        "c.toml: calendar.url: http:// is allowed only on this machine (127.0.0.1, ::1, localhost): use https://"
      ),
      (
        "x = [}",
        .badConfig(path: "c.toml", key: nil, at: TextPosition(line: 1, column: 6), problem: .arrayValue),
        "c.toml:1:6: 設定が正しくありません: 配列の中には値か「]」を書きます",
        "c.toml:1:6: expected a value or ']' in the array"
      ),
      (
        "[anki]\ncollection = \"c.anki2\"\ncommand = \"flatpak run net.ankiweb.Anki\"",
        .badConfig(
          path: "c.toml", key: "anki.command", at: nil,
          problem: .commandWithSpaces(words: ["flatpak", "run", "net.ankiweb.Anki"])),
        "c.toml: 設定が正しくありません: anki.command: 文字列は 1 つのプログラム名として扱います。"
          + "引数のあるコマンドはリストで書きます（例: [\"flatpak\", \"run\", \"net.ankiweb.Anki\"]）",
        "c.toml: anki.command: a string is one program name; for a command with arguments write a list, "
          + "such as [\"flatpak\", \"run\", \"net.ankiweb.Anki\"]"
      ),
      (
        "[daily]\ntime = \"19:00\"",
        .badConfig(
          path: "c.toml", key: "daily.time", at: nil,
          problem: .dailyAfterWindow(time: "19:00", windowEnd: "18:00")),
        "c.toml: 設定が正しくありません: daily.time: 19:00 は window.end の 18:00 と同じかそれより後なので、"
          + "毎日のリマインダーがその日のうちに出られません"
          + "（reminders config set daily.time 19:00 --move-window で時間帯を動かせます）",
        "c.toml: daily.time: 19:00 is at or after window.end 18:00, so the daily reminder could never fire on "
          + "its day (reminders config set daily.time 19:00 --move-window moves the window)"
      ),
    ] as [(String, StoreError, String, String)])
  func aBadTextReadsInTheLearnersLanguage(text: String, error: StoreError, japanese: String, english: String)
    throws
  {
    let (ja, jaLine) = try Self.line(text, .ja)
    #expect(ja == error)
    #expect(jaLine == japanese)
    let (_, enLine) = try Self.line(text, .en)
    #expect(enLine == english)
    #expect(error.description == english)
  }

  /// Where the text stops being TOML, said in the catalogue's words: what was expected there.
  @Test func theParsersWordsAreFramed() throws {
    let (error, line) = try Self.line("a = 1\nb = \n", .ja)
    guard case .badConfig(_, nil, TextPosition(line: 2, column: 5)?, .syntax(let problem)) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(problem == .value(got: nil))
    #expect(line == "c.toml:2:5: 設定が正しくありません: TOML として読めません: 値が必要です")
    #expect(try Self.line("a = 1\nb = \n", .en).1 == "c.toml:2:5: expected a value")
  }

  /// Every problem of the text says its own thing, in each language.
  @Test func everySyntaxProblemHasWordsOfItsOwn() {
    let problems = Self.every.filter { if case .syntax = $0 { true } else { false } }
    for language in [Language.en, .ja] {
      #expect(Set(problems.map(language.words.configProblem)).count == problems.count)
    }
  }
}
