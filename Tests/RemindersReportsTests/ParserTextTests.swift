import RemindersMessages
import Testing

@testable import RemindersReports

/// ArgumentParser's words in the catalogue's: English passes through as the parser wrote it, the
/// Japanese says the same thing in its own sentences; a shape not known is framed, not dropped.
@Suite struct ParserTextTests {
  static var english: ParserText { ParserText(language: .en, environment: ["COLUMNS": "40"]) }
  static var japanese: ParserText { ParserText(language: .ja, environment: ["COLUMNS": "200"]) }

  /// (the parser's message, English, Japanese)
  @Test(arguments: [
    (
      "Unknown option '--dasy'. Did you mean '--days'?", "Unknown option '--dasy'. Did you mean '--days'?",
      "不明なオプションです: '--dasy'（'--days' のことですか？）"
    ),
    ("Unknown option '-x'", "Unknown option '-x'", "不明なオプションです: '-x'"),
    ("Missing value for '--days <days>'", "Missing value for '--days <days>'", "'--days <days>' に値がありません"),
    (
      "The option '--plain' does not take any value, but 'yes' was specified.",
      "The option '--plain' does not take any value, but 'yes' was specified.",
      "オプション '--plain' は値をとりません（'yes' が指定されました）"
    ),
    ("Unexpected argument 'x'", "Unexpected argument 'x'", "余分な引数です: 'x'"),
    ("2 unexpected arguments: 'a', 'b'", "2 unexpected arguments: 'a', 'b'", "余分な引数が 2 個あります: 'a'、'b'"),
    ("Missing expected argument '<front>'", "Missing expected argument '<front>'", "必要な引数がありません: '<front>'"),
    (
      "Missing one of: '--at', '--in'", "Missing one of: '--at', '--in'",
      "次のどれかを指定してください: '--at'、'--in'"
    ),
    (
      "The value 'soon' is invalid for '--days <days>': not a whole number",
      "The value 'soon' is invalid for '--days <days>': not a whole number",
      "'--days <days>' の値 'soon' を読み取れません（not a whole number）"
    ),
    (
      "The value 'fr' is invalid for '--language <language>'. Please provide one of 'ja', 'en' or 'auto'.",
      "The value 'fr' is invalid for '--language <language>'. Please provide one of 'ja', 'en' or 'auto'.",
      "'--language <language>' の値 'fr' を読み取れません（'ja'、'en'、'auto' のどれかを指定します）"
    ),
    (
      "The value 'x' is invalid for '--kind <kind>'. Please provide one of 'a' and 'b'.",
      "The value 'x' is invalid for '--kind <kind>'. Please provide one of 'a' and 'b'.",
      "'--kind <kind>' の値 'x' を読み取れません（'a'、'b' のどれかを指定します）"
    ),
    // Six values or more: the parser lists them a line each; the Japanese keeps them in its one line.
    (
      "The value 'x' is invalid for '--k <k>'. Please provide one of the following:\n  - a\n  - b\n  - c\n  - d\n  - e\n  - f",
      "The value 'x' is invalid for '--k <k>'. Please provide one of the following:",
      "'--k <k>' の値 'x' を読み取れません（'a'、'b'、'c'、'd'、'e'、'f' のどれかを指定します）"
    ),
    ("The value 'x' is invalid.", "The value 'x' is invalid.", "値 'x' を読み取れません"),
    ("Invalid option: -", "Invalid option: -", "オプションとして正しくありません: -"),
    ("Missing required subcommand.", "Missing required subcommand.", "サブコマンドを指定してください。"),
    (
      "Value to be set with --plain had already been set with --full",
      "Value to be set with --plain had already been set with --full",
      "--plain の値は --full ですでに指定されています"
    ),
    // A shape this does not know: as the parser said it, in the catalogue's frame.
    ("Something else went wrong", "Something else went wrong", "コマンドラインを解釈できません: Something else went wrong"),
    (
      "The value 'x' is odd", "The value 'x' is odd", "コマンドラインを解釈できません: The value 'x' is odd"
    ),
  ])
  func message(said: String, english: String, japanese: String) {
    #expect(Self.english.message(said) == english)
    #expect(Self.japanese.message(said) == japanese)
  }

  static let page = """
    OVERVIEW: Look a word up.

    USAGE: reminders lookup <word> [--days <days>]

    ARGUMENTS:
      <word>                  The word.

    OPTIONS:
      --days <days>           Days ahead. (default: 7)
      --kind <kind>           What to show. (values: a, b)
      --version               Show the version.
      -h, --help              Show help information.

    SUBCOMMANDS:
      add                     Add one.

      See 'reminders help cards <subcommand>' for detailed help.
    """

  /// English leaves the page as the parser wrote it, and lets the parser wrap it.
  @Test func englishPage() {
    #expect(Self.english.width == nil)
    #expect(Self.english.parserColumns == nil)
    #expect(Self.english.page(Self.page) == Self.page)
  }

  @Test func japanesePage() {
    #expect(Self.japanese.width == 200)
    #expect(Self.japanese.parserColumns == 100_000)
    #expect(
      Self.japanese.page(Self.page) == """
        概要: Look a word up.

        使い方: reminders lookup <word> [--days <days>]

        引数:
          <word>                  The word.

        オプション:
          --days <days>           Days ahead. (既定値: 7)
          --kind <kind>           What to show. (値: a, b)
          --version               バージョンを表示します。
          -h, --help              この説明を表示します。

        サブコマンド:
          add                     Add one.

          サブコマンドの詳しい説明は 'reminders help cards <subcommand>' で表示します。
        """)
  }

  /// Japanese is wrapped here, in terminal cells: an option's help goes on under its column, and
  /// the usage line is never broken.
  @Test func japaneseWrapsToTheColumns() {
    let narrow = ParserText(language: .ja, environment: ["COLUMNS": "40"])
    let usage = "USAGE: reminders lookup <word> [--days <days>] [--kind <kind>]"
    #expect(
      narrow.page("  -h, --help              Show help information.\n" + usage) == """
          -h, --help              この説明を表示
                                  します。
        使い方: reminders lookup <word> [--days <days>] [--kind <kind>]
        """)
  }

  /// `COLUMNS` when it is a positive number.
  @Test func screenWidthFromColumns() {
    #expect(ParserText.screenWidth(["COLUMNS": "132"]) == 132)
  }
}
