import CLITestSupport
import Foundation
import Testing

/// `--lang ja` reaches everything a user can make the command line say before a command runs:
/// every command's `--help`, the checks of options' values and the argument parser's messages,
/// each one `reminders:` line with exit 64. English stays as ArgumentParser writes it.
@Suite struct HelpLanguageTests {
  /// A page's lines are logical lines at this width: the check of words is per sentence, not per
  /// piece of one wrapped to the terminal.
  static let unwrapped = ["COLUMNS": "1000"]

  /// Every help page, by command (`[]` is the root), walked from `reminders --help` through the
  /// subcommands each page lists under `heading`.
  static func pages(_ bin: Binary, language: String, heading: String) throws -> [[String]: String] {
    var pages: [[String]: String] = [:]
    var pending: [[String]] = [[]]
    while let command = pending.popLast() {
      let result = try bin.run(command + ["--help", "--lang", language], extraEnvironment: unwrapped)
      #expect(result.status == 0, "\(command) --help: \(result.stderr)")
      #expect(result.stderr.isEmpty, "\(command) --help: \(result.stderr)")
      pages[command] = result.stdout
      pending += entries(in: result.stdout, under: heading).filter { $0 != "help" }.map { command + [$0] }
    }
    return pages
  }

  /// The first word of each entry of a page's section: subcommands, `--options`, `<arguments>`.
  static func entries(in page: String, under heading: String) -> [String] {
    var names: [String] = []
    var listing = false
    for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == heading {
        listing = true
        continue
      }
      guard listing else { continue }
      if line.trimmingCharacters(in: .whitespaces).isEmpty { break }
      guard line.hasPrefix("  "), !line.hasPrefix("   ") else { continue }
      names.append(String(line.dropFirst(2).prefix(while: { !$0.isWhitespace && $0 != "," })))
    }
    return names
  }

  /// The options of a page that take a value (`--days <days>`), by name.
  static func valueOptions(in page: String) -> [String] {
    page.split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ")
      guard line.hasPrefix("  --"), words.count > 1, words[1].hasPrefix("<") else { return nil }
      return String(words[0])
    }
  }

  /// Whether `text` has kana or kanji.
  static func isJapanese(_ text: some StringProtocol) -> Bool {
    text.unicodeScalars.contains {
      (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value)
    }
  }

  /// Whether a line says something in words: what is left once option names, metavariables,
  /// code in backquotes, config keys, paths and values are taken out has a word of two letters.
  static func carriesWords(_ line: some StringProtocol) -> Bool {
    var text = String(line)
    for pattern in [
      "`[^`]*`", "<[^>]*>", "(^|[\\s\\[(])--?[A-Za-z][A-Za-z0-9-]*",
      "\\$?[A-Za-z0-9_./-]*[/._][A-Za-z0-9_./-]*",
    ] {
      text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
    }
    return text.range(of: "[A-Za-z]{2,}", options: .regularExpression) != nil
  }

  /// Terminal cells of `text`: 2 for the wide and fullwidth characters help pages use.
  static func cells(_ text: some StringProtocol) -> Int {
    text.unicodeScalars.reduce(0) { sum, scalar in
      let wide = [
        0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      ]
      .contains { $0.contains(Int(scalar.value)) }
      return sum + (wide ? 2 : 1)
    }
  }

  @Test func theCheckOfWordsTellsEnglishFromJapanese() {
    #expect(Self.carriesWords("  --limit <n>             Stop after this many cards."))
    #expect(!Self.carriesWords("       [--lang <ja|en>] [--now <time>] [--tag <tag> ...]"))
    #expect(!Self.carriesWords("  --config <path>  $XDG_CONFIG_HOME/reminders/config.toml `reminders run`"))
    #expect(Self.isJapanese("  --limit <n>             この枚数で終えます。"))
    #expect(!Self.isJapanese("  --limit <n>             Stop after this many cards（1〜3660）."))
    #expect(Self.cells("表 ab") == 5)
  }

  @Test func everyHelpPageIsJapanese() throws {
    let bin = try Binary()
    let japanese = try Self.pages(bin, language: "ja", heading: "サブコマンド:")
    let english = try Self.pages(bin, language: "en", heading: "SUBCOMMANDS:")
    // The Japanese pages list every subcommand the English ones do, nested ones included.
    #expect(Set(japanese.keys) == Set(english.keys))
    #expect(japanese.keys.contains(["timer", "print-unit"]) && japanese.keys.contains(["alarm", "stop"]))
    for (command, page) in japanese {
      let name = (["reminders"] + command).joined(separator: " ")
      #expect(page.hasPrefix("概要: "), "\(name):\n\(page)")
      #expect(page.contains("\n使い方: reminders"), "\(name):\n\(page)")
      #expect(page.contains("\nオプション:\n"), "\(name):\n\(page)")
      #expect(page.contains("\n  -h, --help              この説明を表示します。"), "\(name):\n\(page)")
      for line in page.split(separator: "\n") where Self.carriesWords(line) {
        #expect(Self.isJapanese(line), "\(name) --help --lang ja has a line in English: \(line)")
      }
    }
    #expect(japanese[[]]?.hasSuffix("\n  サブコマンドの詳しい説明は 'reminders help <subcommand>' で表示します。\n") == true)
    #expect(japanese[["timer", "print-unit"]]?.contains("(値: service, timer, watch)") == true)
    #expect(japanese[["preview"]]?.contains("(既定値: 2)") == true)
  }

  /// Wrapped to the terminal's cells, not the parser's count of characters (the usage line is
  /// never wrapped, in English either).
  @Test func japaneseHelpFitsTheTerminal() throws {
    let bin = try Binary()
    for command in [["review"], ["alarm"], ["timer", "install"], []] {
      let page = try bin.run(command + ["--help", "--lang", "ja"], extraEnvironment: ["COLUMNS": "80"]).stdout
      for line in page.split(separator: "\n") where !line.hasPrefix("使い方: ") {
        #expect(Self.cells(line) <= 80, "\(command): \(line)")
      }
      let unwrapped = try bin.run(command + ["--help", "--lang", "ja"], extraEnvironment: Self.unwrapped)
        .stdout
      #expect(page.filter { !$0.isWhitespace } == unwrapped.filter { !$0.isWhitespace }, "\(command)")
    }
  }

  /// What the walk passes for an argument, by its metavariable.
  static let arguments = [
    "<front>": "表", "<back>": "裏", "<id>": "abcd", "<result>": "correct", "<topic>": "x", "<name>": "x",
    "<file>": "cards.tsv", "<service|timer|watch>": "service", "<key>": "daily.time", "<value>": "09:00",
    "<word>": "猫",
  ]

  /// A value each option refuses, wherever it is declared.
  static let badValues = [
    "--config": "", "--deck": "", "--state-dir": "", "--lang": "xx", "--now": "yesterday", "--at": "25:99",
    "--place": "north", "--radius": "abc", "--days": "abc", "--date": "someday", "--name": "",
    "--limit": "abc",
    "--minutes": "0", "--break": "abc", "--long-break": "0", "--every": "0", "--cycles": "abc",
    "--weeks": "0",
    "--svg": "", "--in": "soon", "--for": "soon", "--front": "", "--pick": "abc",
  ]

  /// Options that take any text: only a missing value is refused.
  static let anyText: Set = ["--collection", "--note", "--tag", "--task", "--back", "--output", "--exec"]

  @Test func everyOptionsBadValueIsRefusedInJapanese() throws {
    var bin = try Binary()
    // Nothing refused may reach a desktop or a user manager.
    bin.environment["XDG_RUNTIME_DIR"] = bin.home + "/no-runtime"
    let pages = try Self.pages(bin, language: "ja", heading: "サブコマンド:")
    var tried = 0
    for (command, page) in pages.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
      let positionals = Self.entries(in: page, under: "引数:").map { Self.arguments[$0] }
      #expect(!positionals.contains(nil), "\(command): an argument without a sample value: \(page)")
      let base = command + positionals.compactMap { $0 }
      for option in Self.valueOptions(in: page) {
        #expect(
          Self.badValues[option] != nil || Self.anyText.contains(option), "\(command) \(option): no bad value"
        )
        // `--lang xx` says which language it refuses in from the locale.
        let (lang, environment) =
          option == "--lang" ? ([String](), ["LANG": "ja_JP.UTF-8"]) : (["--lang", "ja"], [String: String]())
        var attempts = [base + lang + [option]]
        if let bad = Self.badValues[option] { attempts.append(base + lang + [option, bad]) }
        for arguments in attempts {
          let result = try bin.run(arguments, extraEnvironment: environment)
          let lines = result.stderrLines
          #expect(result.status == 64, "\(arguments): \(result.status) \(result.stderr)")
          #expect(lines.count == 1, "\(arguments): \(result.stderr)")
          let line = lines.first ?? ""
          #expect(line.hasPrefix("reminders: ") && Self.isJapanese(line), "\(arguments): \(line)")
          #expect(line.lowercased().contains(option.dropFirst(2)), "\(arguments): \(line)")
          #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
          tried += 1
        }
      }
    }
    #expect(tried > 300)
  }

  /// Each shape of the parser's messages, in Japanese and exactly as ArgumentParser says it in
  /// English; the checks of values too.
  @Test(arguments: [
    (["cards", "add"], "必要な引数がありません: '<front>'", "Missing expected argument '<front>'"),
    (["cards", "add", "x", "y", "z"], "余分な引数です: 'z'", "Unexpected argument 'z'"),
    (
      ["review", "--lmit", "3"], "不明なオプションです: '--lmit'（'--limit' のことですか？）",
      "Unknown option '--lmit'. Did you mean '--limit'?"
    ),
    (["review", "-x"], "不明なオプションです: '-x'", "Unknown option '-x'"),
    (["review", "--limit"], "'--limit <n>' に値がありません", "Missing value for '--limit <n>'"),
    (
      ["review", "--limit", "abc"], "'--limit <n>' の値 'abc' を読み取れません",
      "The value 'abc' is invalid for '--limit <n>'"
    ),
    (
      ["cards", "list", "--json=3"], "オプション '--json' は値をとりません（'3' が指定されました）",
      "The option '--json' does not take any value, but '3' was specified."
    ),
    (
      ["timer", "print-unit", "bogus"],
      "'<service|timer|watch>' の値 'bogus' を読み取れません（'service'、'timer'、'watch' のどれかを指定します）",
      "The value 'bogus' is invalid for '<service|timer|watch>'. Please provide one of 'service', 'timer' or 'watch'."
    ),
    (["review", "--limit", "0"], "--limit には 1 以上の整数を指定します", "--limit takes a whole number from 1"),
    (
      ["focus", "--minutes", "0"], "--minutes には 0 より大きく 1440 以下の分数を指定します（0.0 ではなく）",
      "--minutes takes minutes greater than 0 and at most 1440, not 0.0"
    ),
  ])
  func parserMessages(arguments: [String], japanese: String, english: String) throws {
    let bin = try Binary()
    for (lang, line) in [("ja", japanese), ("en", english)] {
      let result = try bin.run(arguments + ["--lang", lang])
      #expect(result.status == 64)
      #expect(result.stderr == "reminders: \(line)\n")
    }
    // Without `--lang`, the locale says which.
    #expect(
      try bin.run(arguments, extraEnvironment: ["LANG": "ja_JP.UTF-8"]).stderr == "reminders: \(japanese)\n")
    #expect(try bin.run(arguments).stderr == "reminders: \(english)\n")
  }

  /// `language = "ja"` in the config, with no `--lang` and an English locale: help, the parser's
  /// messages and "did you mean" for a command are Japanese too; `--lang` still wins, the last
  /// one given as for every option.
  @Test func theConfigsLanguageReachesHelpAndTheParser() throws {
    let bin = try Binary()
    try bin.writeConfig("language = \"ja\"\n")
    let english = ["LANG": "en_US.UTF-8"]
    for command in [["run"], ["export"], ["review"], []] {
      #expect(
        try bin.run(command + ["--help"], extraEnvironment: english).stdout.hasPrefix("概要: "), "\(command)")
    }
    let limit = try bin.run(["review", "--limt", "3"], extraEnvironment: english)
    #expect(limit.status == 64)
    #expect(limit.stderr == "reminders: 不明なオプションです: '--limt'（'--limit' のことですか？）\n")
    let command = try bin.run(["reveiw"], extraEnvironment: english)
    #expect(command.status == 64)
    #expect(command.stderr == "reminders: 不明なコマンドです: 'reveiw'（'review' のことですか？）\n")
    let options = try bin.run(
      ["reveiw", "--limit", "3", "--lang", "ja", "--lang", "en"], extraEnvironment: english)
    #expect(options.stderr == "reminders: Unknown command 'reveiw'. Did you mean 'review'?\n")
    #expect(try bin.run(["xyzzy"], extraEnvironment: english).stderr == "reminders: 不明なコマンドです: 'xyzzy'\n")
    #expect(
      try bin.run(["cards", "ad", "x", "y"], extraEnvironment: english).stderr
        == "reminders: 不明なコマンドです: 'ad'（'add' のことですか？）\n")
  }

  /// `review --help` names the keys of the scheduler the config sets: under FSRS, 1 is "again"
  /// (not "remembered", as under the ladder), in both languages.
  @Test func reviewHelpNamesTheConfiguredSchedulersKeys() throws {
    let bin = try Binary()
    let ladder = try bin.run(["review", "--help", "--lang", "ja"], extraEnvironment: Self.unwrapped).stdout
    #expect(ladder.contains("y（または 1）で覚えていた"))
    try bin.writeConfig("[study]\nscheduler = \"fsrs\"\n")
    let japanese = try bin.run(["review", "--help", "--lang", "ja"], extraEnvironment: Self.unwrapped).stdout
    #expect(japanese.contains("1 でもう一度、2 で難しい、3 で正解、4 で簡単（y は正解、n はもう一度）"))
    #expect(!japanese.contains("覚えていた"))
    let english = try bin.run(["review", "--help", "--lang", "en"], extraEnvironment: Self.unwrapped).stdout
    #expect(english.contains("1 = again, 2 = hard, 3 = good, 4 = easy (y = good, n = again)"))
    #expect(!english.contains("remembered"))
    // A config that does not parse is the defaults': the ladder's keys, and no error before help.
    try bin.writeConfig("[study]\nscheduler = \"fsrs\"\nwindow.start = \n")
    let broken = try bin.run(["review", "--help", "--lang", "en"], extraEnvironment: Self.unwrapped)
    #expect(broken.status == 0 && broken.stdout.contains("y (or 1) = remembered"))
  }

  @Test func theLanguageOfHelpComesFromLangThenTheLocale() throws {
    let bin = try Binary()
    let japaneseLocale = ["LANG": "ja_JP.UTF-8"]
    #expect(
      try bin.run(["cards", "add", "--help"], extraEnvironment: japaneseLocale).stdout.hasPrefix("概要: "))
    #expect(try bin.run(["cards", "add", "--help", "--lang=ja"]).stdout.hasPrefix("概要: "))
    let english = try bin.run(["cards", "add", "--help", "--lang", "en"], extraEnvironment: japaneseLocale)
      .stdout
    #expect(
      english.hasPrefix(
        "OVERVIEW: Add a card, due today; prints its id. Without BACK, the dictionary\noffers candidates.\n\n"
      ))
    #expect(english == (try bin.run(["cards", "add", "--help"]).stdout))
    // As the parser does, the last `--lang` decides.
    #expect(try bin.run(["cards", "add", "--lang", "en", "--lang", "ja", "--help"]).stdout.hasPrefix("概要: "))
  }
}
