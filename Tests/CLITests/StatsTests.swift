import CLITestSupport
import Foundation
import RemindersStore
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `reminders stats` (docs/focus-and-stats.md#the-study-record-reminders-stats): the heatmap in
/// text, JSON and SVG, over a Tokyo deck on a Los Angeles machine.
@Suite struct StatsTests {
  let la = ["TZ": "America/Los_Angeles"]
  /// Saturday evening in Tokyo (Saturday 03:00 in Los Angeles).
  let now = "2026-11-21T20:00:00+09:00"

  /// Answers (instant, remembered) on Tokyo days: 23:59 and 00:00 fall on two of them, though
  /// both are the morning of 2026-11-20 in Los Angeles; the busiest day (12) is Tuesday
  /// 2026-11-10; 2026-10-01 is outside three weeks and the last 30 days.
  static let answers: [(String, Bool)] =
    [("2026-11-20T23:59:00+09:00", true), ("2026-11-21T00:00:00+09:00", false)]
    + Array(repeating: ("2026-11-21T10:00:00+09:00", true), count: 3)
    + Array(repeating: ("2026-11-20T10:00:00+09:00", true), count: 7)
    + [("2026-11-16T08:00:00+09:00", true), ("2026-11-16T08:01:00+09:00", false)]
    + Array(repeating: ("2026-11-10T21:00:00+09:00", true), count: 12)
    + Array(repeating: ("2026-10-01T21:00:00+09:00", false), count: 5)

  static let focus: [(String, Int)] = [
    ("2026-11-21T09:00:00+09:00", 25), ("2026-11-17T21:00:00+09:00", 50), ("2026-11-01T09:00:00+09:00", 25),
  ]

  /// The deck: four cards (one suspended) for the forecast, the answers and the focus log.
  static func deck(answers: [(String, Bool)] = answers, focus: [(String, Int)] = focus) -> String {
    let cards = [
      ("c1", "2026-11-21", ""), ("c2", "2026-11-22", ", \"collection\": \"JLPT\""),
      ("c3", "2026-11-25", ""), ("c4", "2026-11-21", ", \"suspended\": true"),
    ].map { id, due, more in
      "{\"id\": \"\(id)\", \"front\": \"f\", \"back\": \"b\", \"stepIndex\": 1, \"nextReviewDate\": \"\(due)\", \"createdAt\": \"2026-09-01T09:00:00+09:00\"\(more)}"
    }
    let log = answers.map { "{\"cardId\": \"c1\", \"at\": \"\($0.0)\", \"correct\": \($0.1)}" }
    let phases = focus.map {
      "{\"start\": \"\($0.0)\", \"minutes\": \($0.1), \"task\": \"JLPT\", \"completed\": true}"
    }
    return """
      {"version": 1, "cards": [\(cards.joined(separator: ",\n"))], "recalls": [],
       "reviewLog": [\(log.joined(separator: ",\n"))],
       "focusLog": [\(phases.joined(separator: ",\n"))]}
      """
  }

  func binary() throws -> Binary {
    var bin = try Binary()
    try bin.writeConfig(tokyoConfig)
    try bin.writeDeck(Self.deck())
    bin.use(nil)
    return bin
  }

  /// Three weeks, exactly: the day boundary is Tokyo's (2026-11-20 has 8 answers, 2026-11-21 has
  /// 4, though the machine's clock puts 23:59 and 00:00 JST on one day); focus minutes today,
  /// this week (from Monday 2026-11-16) and in all; the forecast counts as `preview` does.
  @Test func threeWeeksInBothLanguages() throws {
    let bin = try binary()
    let before = bin.snapshot()
    let en = try bin.run(["stats", "--weeks", "3", "--now", now], extraEnvironment: la)
    #expect(en.status == 0 && en.stderr == "")
    #expect(
      en.stdout == """
        Cards answered per day, 3 weeks to 2026-11-21 Sat (Asia/Tokyo; weeks start on Monday)

            Nov
        Mon · · ░
        Tue · █ ·
        Wed · · ·
        Thu · · ·
        Fri · · ▓
        Sat · · ▒
        Sun · ·

        Legend (cards a day): · 0  ░ 1–3  ▒ 4–6  ▓ 7–9  █ 10+

        Answered: 31 cards, 77% remembered; last 30 days: 26 cards, 92% remembered
        Days studied: 5
        Streak: 2 days (longest: 2 days)
        Focus: 25 min today, 75 min this week, 100 min in all
        Cards due, next 7 days: today 1, Sun 2, Mon 2, Tue 2, Wed 3, Thu 3, Fri 3

        """)
    let ja = try bin.run(["stats", "--weeks", "3", "--now", now, "--lang", "ja"], extraEnvironment: la)
    #expect(ja.status == 0 && ja.stderr == "")
    #expect(
      ja.stdout == """
        1日に回答した枚数: 2026-11-21 (土) までの3週（Asia/Tokyo、週は月曜始まり）

           11月
        月 · · ░
        火 · █ ·
        水 · · ·
        木 · · ·
        金 · · ▓
        土 · · ▒
        日 · ·

        凡例（1日の枚数）: · 0  ░ 1〜3  ▒ 4〜6  ▓ 7〜9  █ 10以上

        回答: 31枚（覚えていた 77%）、直近30日: 26枚（覚えていた 92%）
        学習した日: 5日
        連続記録: 2日（最長 2日）
        集中: 今日 25分、今週 75分、合計 100分
        今後7日の復習予定: 今日 1枚、日 2枚、月 2枚、火 2枚、水 3枚、木 3枚、金 3枚

        """)
    // Files only: nothing written, no bus needed (this home points at a bus that does not exist).
    #expect(bin.snapshot() == before)
  }

  /// The default 26 weeks: seven weekday rows of 26 columns (this week's up to today), month
  /// names above, and the legend with the five glyphs, in both languages; no escape sequence
  /// when stdout is not a terminal.
  @Test(arguments: [
    ("en", ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]), ("ja", ["月", "火", "水", "木", "金", "土", "日"]),
  ])
  func twentySixWeeks(lang: String, weekdays: [String]) throws {
    let bin = try binary()
    let result = try bin.run(["stats", "--now", now, "--lang", lang], extraEnvironment: la)
    #expect(result.status == 0 && result.stderr == "")
    #expect(!result.stdout.contains("\u{1B}"))
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let rows = lines.filter { line in weekdays.contains { line.hasPrefix($0 + " ") } }
    #expect(rows.count == 7)
    #expect(rows.map { String($0.split(separator: " ")[0]) } == weekdays)
    let glyphs = Set("·░▒▓█")
    for (i, row) in rows.enumerated() {
      let cells = row.split(separator: " ").dropFirst()
      #expect(cells.allSatisfy { $0.count == 1 && glyphs.contains($0.first!) }, "\(row)")
      // Monday to Saturday have 26 days; Sunday 2026-11-22 is still to come.
      #expect(cells.count == (i < 6 ? 26 : 25), "\(row)")
    }
    // Months over the columns: May's first column is too close to June's to be named.
    let months = try #require(lines.firstIndex { weekdays.contains(String($0.prefix(weekdays[0].count))) })
    let names = lines[months - 1].split(separator: " ").map(String.init)
    #expect(
      names
        == (lang == "ja"
          ? ["6月", "7月", "8月", "9月", "10月", "11月"] : ["Jun", "Jul", "Aug", "Sep", "Oct", "Nov"]))
    let legend = try #require(lines.first { $0.hasPrefix(lang == "ja" ? "凡例" : "Legend") })
    #expect(
      legend.hasSuffix(lang == "ja" ? "· 0  ░ 1〜3  ▒ 4〜6  ▓ 7〜9  █ 10以上" : "· 0  ░ 1–3  ▒ 4–6  ▓ 7–9  █ 10+"))
  }

  @Test func jsonHasTheFiguresAndTheSeries() throws {
    let bin = try binary()
    let result = try bin.run(["stats", "--json", "--now", now], extraEnvironment: la)
    #expect(result.status == 0 && result.stderr == "")
    let root = try #require(try json(result.stdout) as? [String: Any])
    #expect(root["now"] as? String == now && root["zone"] as? String == "Asia/Tokyo")
    #expect(root["today"] as? String == "2026-11-21" && root["weeks"] as? Int == 26)
    #expect(root["weekStart"] as? String == "monday" && root["from"] as? String == "2026-05-25")
    let all = try #require(root["allTime"] as? [String: Any])
    #expect(all["answered"] as? Int == 31 && all["remembered"] as? Int == 24)
    #expect(all["rememberedShare"] as? Double == 0.7742)
    let recent = try #require(root["last30Days"] as? [String: Any])
    #expect(recent["from"] as? String == "2026-10-23" && recent["answered"] as? Int == 26)
    #expect(root["daysStudied"] as? Int == 5)
    #expect(root["streak"] as? [String: Int] == ["current": 2, "longest": 2])
    #expect(root["focusMinutes"] as? [String: Int] == ["today": 25, "thisWeek": 75, "allTime": 100])
    let forecast = try #require(root["forecast"] as? [[String: Any]])
    #expect(forecast.map { $0["date"] as? String } == (21...27).map { "2026-11-\($0)" })
    #expect(forecast.map { $0["due"] as? Int } == [1, 2, 2, 2, 3, 3, 3])
    let levels = try #require(root["levels"] as? [[String: Any]])
    #expect(levels.map { $0["glyph"] as? String } == ["·", "░", "▒", "▓", "█"])
    #expect(levels.map { $0["min"] as? Int } == [0, 1, 4, 7, 10])
    #expect(levels.map { $0["max"] as? Int } == [0, 3, 6, 9, nil])
    let days = try #require(root["days"] as? [[String: Any]])
    #expect(days.count == 25 * 7 + 6)
    #expect(days.first?["date"] as? String == "2026-05-25" && days.last?["date"] as? String == "2026-11-21")
    let byDate = Dictionary(uniqueKeysWithValues: days.map { ($0["date"] as! String, $0) })
    #expect(byDate["2026-11-20"]?["answered"] as? Int == 8 && byDate["2026-11-20"]?["level"] as? Int == 3)
    #expect(
      byDate["2026-11-21"]?["answered"] as? Int == 4 && byDate["2026-11-21"]?["remembered"] as? Int == 3)
    #expect(byDate["2026-11-21"]?["focusMinutes"] as? Int == 25)
    #expect(byDate["2026-10-01"]?["answered"] as? Int == 5)
    #expect(days.map { $0["answered"] as! Int }.reduce(0, +) == 31)
  }

  @Test func anEmptyDeckHasAnEmptyRecord() throws {
    var bin = try Binary()
    bin.use(nil)
    let result = try bin.run("stats", "--weeks", "1", "--now", "2026-11-21T06:00:00Z")
    #expect(result.status == 0 && result.stderr == "")
    #expect(result.stdout.contains("\nSat · \n") == false)
    #expect(result.stdout.contains("\nSat ·\n") && result.stdout.contains("\nSun\n"))
    #expect(result.stdout.contains("Legend (cards a day): · 0  ░ 1  ▒ 2  ▓ 3  █ 4+\n"))
    #expect(
      result.stdout.hasSuffix(
        """
        Answered: 0 cards; last 30 days: 0 cards
        Days studied: 0
        Streak: 0 days (longest: 0 days)
        Focus: 0 min today, 0 min this week, 0 min in all
        Cards due, next 7 days: today 0, Sun 0, Mon 0, Tue 0, Wed 0, Thu 0, Fri 0

        """))
  }

  /// Bad usage is exit 64 with one line, and nothing is written.
  @Test(arguments: [
    ["--weeks", "0"], ["--weeks", "261"], ["--weeks", "-1"], ["--weeks", "many"], ["--svg", ""],
    ["--svg", "-", "--json"], ["--wekks", "3"],
  ])
  func badUsage(arguments: [String]) throws {
    let bin = try binary()
    let before = bin.snapshot()
    let result = try bin.run(["stats", "--now", now] + arguments)
    #expect(result.status == 64)
    #expect(result.stderrLines.count == 1 && result.stderr.hasPrefix("reminders: "), "\(result.stderr)")
    #expect(result.stdout == "")
    #expect(bin.snapshot() == before)
  }

  @Test func badWeeksInJapanese() throws {
    let bin = try binary()
    let result = try bin.run(["stats", "--weeks", "0", "--lang", "ja"])
    #expect(result.status == 64)
    #expect(result.stderr == "reminders: --weeks には 1 から 260 までの整数を指定します\n")
  }

  /// A picture that cannot be written (a file where its folder should be, a folder where it
  /// should be): exit 74 with one line naming the path, and nothing left behind.
  @Test func aPictureThatCannotBeWritten() throws {
    let bin = try binary()
    let before = bin.snapshot()
    for path in [bin.deckPath + "/heatmap.svg", bin.home + "/data"] {
      let result = try bin.run(["stats", "--now", now, "--svg", path])
      #expect(result.status == 74, "\(path)")
      #expect(
        result.stderrLines.count == 1 && result.stderr.hasPrefix("reminders: \(path): "), "\(result.stderr)")
    }
    #expect(bin.snapshot() == before)
  }

  /// A focus log this version cannot read is bad data (65), named with its place.
  @Test func aBadFocusLogIsBadData() throws {
    let bin = try binary()
    try bin.writeDeck(
      #"{"version": 1, "cards": [], "focusLog": [{"start": "2026-11-21T09:00:00Z", "minutes": "25"}]}"#)
    let result = try bin.run(["stats", "--now", now])
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "reminders: \(bin.deckPath):1:87: focusLog[0].minutes: expected a whole number, 0 or more\n")
  }

  /// Colour only in a terminal (`script` gives the command one), and never with NO_COLOR set or
  /// TERM=dumb; the glyphs are the same either way.
  @Test func colourOnlyInATerminal() throws {
    let bin = try binary()
    let script = try #require(
      ProcessRunner.find("script", environment: bin.environment), "script is not installed")
    func inTerminal(_ extra: [String: String]) throws -> String {
      let command = "\(Binary.path) stats --weeks 3 --now \(now)"
      let result = try ProcessRunner.run(
        script, ["-qec", command, "/dev/null"],
        environment: bin.environment.merging(la.merging(extra) { $1 }) { $1 }, timeout: 30)
      #expect(result.succeeded, "\(result)")
      return result.stdout
    }
    let colored = try inTerminal(["TERM": "xterm-256color"])
    #expect(colored.contains("\u{1B}[38;5;"))
    #expect(colored.contains("Tue \u{1B}[38;5;244m·\u{1B}[0m \u{1B}[38;5;46m█\u{1B}[0m"))
    for extra in [["TERM": "xterm-256color", "NO_COLOR": "1"], ["TERM": "dumb"]] {
      let plain = try inTerminal(extra)
      #expect(!plain.contains("\u{1B}"), "\(extra)")
      #expect(plain.contains("Tue · █ ·"), "\(extra)")
    }
    // NO_COLOR set but empty does not turn colour off (no-color.org).
    #expect(try inTerminal(["TERM": "xterm-256color", "NO_COLOR": ""]).contains("\u{1B}[38;5;"))
  }

  /// The picture: well-formed XML to an independent parser, a title and a description that the
  /// root names (role img), a rect per day titled with its cards and focus minutes, month and
  /// weekday names as text; and headless Chromium renders it to a PNG that is not blank: the
  /// five level colours are there, each in many pixels.
  @Test(arguments: ["en", "ja"])
  func thePictureInABrowser(lang: String) throws {
    let bin = try binary()
    let path = bin.home + "/heatmap.svg"
    let result = try bin.run(["stats", "--now", now, "--svg", path, "--lang", lang], extraEnvironment: la)
    #expect(result.status == 0 && result.stderr == "")
    #expect(
      result.stdout.hasSuffix(lang == "ja" ? "画像を \(path) に書き出しました。\n" : "Wrote the picture to \(path).\n"))

    let parsed = try Programs.run(["python3", Programs.repository + "/Tests/picture/check_svg.py", path])
    #expect(parsed.status == 0, "\(parsed.stderr)")
    let svg = try #require(try json(parsed.stdout) as? [String: Any])
    #expect(svg["role"] as? String == "img" && svg["lang"] as? String == lang)
    #expect(svg["firstChildren"] as? [String] == ["title", "desc"])
    let labels = try #require(svg["labelledBy"] as? [String?])
    #expect(labels.count == 2)
    #expect(
      labels[0]?.hasPrefix(
        lang == "ja" ? "1日に回答した枚数: 2026-11-21 (土) までの26週" : "Cards answered per day, 26 weeks to 2026-11-21")
        == true)
    #expect(
      labels[1]?.contains(
        lang == "ja" ? "この26週で 31枚に回答（5日）" : "31 cards answered on 5 days in these 26 weeks") == true,
      "\(labels)")
    let rects = try #require(svg["rects"] as? [[String: Any]])
    let days = rects.filter { $0["date"] is String }
    #expect(days.count == 25 * 7 + 6)
    let titles = Dictionary(
      uniqueKeysWithValues: days.map { ($0["date"] as! String, $0["title"] as? String) })
    #expect(titles["2026-11-21"] == (lang == "ja" ? "2026-11-21: 4枚、25分" : "2026-11-21: 4 cards, 25 min"))
    #expect(titles["2026-11-17"] == (lang == "ja" ? "2026-11-17: 0枚、50分" : "2026-11-17: 0 cards, 50 min"))
    #expect(titles["2026-11-16"] == (lang == "ja" ? "2026-11-16: 2枚、0分" : "2026-11-16: 2 cards, 0 min"))
    #expect(titles.values.allSatisfy { $0 != nil })
    let texts = try #require(svg["texts"] as? [String])
    let expectedNames =
      lang == "ja"
      ? ["6月", "11月", "月", "火", "水", "木", "金", "土", "日"]
      : ["Jun", "Nov", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    for name in expectedNames { #expect(texts.contains(name), "\(name)") }

    // Rendered by a browser, at the picture's own size.
    let width = try #require(Int(svg["width"] as? String ?? ""))
    let height = try #require(Int(svg["height"] as? String ?? ""))
    let png = try Self.render(path, width: width, height: height)
    let fills = ["#e4e7eb", "#b7e4c7", "#74c69d", "#2d936c", "#14532d"]
    let checked = try Programs.run(
      ["python3", Programs.repository + "/Tests/picture/check_png.py", png] + fills)
    #expect(checked.status == 0, "\(checked.stderr)")
    let image = try #require(try json(checked.stdout) as? [String: Any])
    #expect(image["width"] as? Int == width && image["height"] as? Int == height)
    #expect((image["colors"] as? Int ?? 0) > 20, "\(image)")
    #expect((image["commonest"] as? Double ?? 1) < 0.9, "\(image)")
    let pixels = try #require(image["pixels"] as? [String: Int])
    // Level 0 fills most days; levels 1–4 one day each in the grid, and a square in the legend.
    #expect((pixels[fills[0]] ?? 0) > 100 * 80, "\(pixels)")
    for fill in fills.dropFirst() { #expect((pixels[fill] ?? 0) >= 2 * 80, "\(fill): \(pixels)") }
  }

  /// `--svg -` prints the picture instead of the text.
  @Test func thePictureOnStdout() throws {
    let bin = try binary()
    let result = try bin.run(["stats", "--now", now, "--svg", "-", "--weeks", "2"], extraEnvironment: la)
    #expect(result.status == 0 && result.stderr == "")
    #expect(result.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
    #expect(result.stdout.hasSuffix("</svg>\n"))
    #expect(result.stdout.components(separatedBy: "data-date=").count - 1 == 13)
  }

  /// Headless Chromium's screenshot of `svg` (Debian `chromium`; `make deps` installs it): the
  /// path of the PNG. Run by `ProcessRunner`, with a time limit, since the browser's helpers may
  /// outlive it; a profile folder of its own, so that runs never share one.
  static func render(_ svg: String, width: Int, height: Int) throws -> String {
    let environment = ProcessInfo.processInfo.environment
    let chromium = try #require(
      ProcessRunner.find("chromium", environment: environment),
      "chromium is not installed (make deps installs it)")
    let profile = try Programs.privateFolder()
    defer { try? FileManager.default.removeItem(atPath: profile) }
    let png = svg + ".png"
    let result = try ProcessRunner.run(
      chromium,
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(profile)",
        "--screenshot=\(png)", "--window-size=\(width),\(height)", "file://\(svg)",
      ],
      environment: ["HOME": profile, "PATH": environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8"],
      timeout: 120)
    #expect(!result.timedOut, "chromium did not end in 120 s")
    #expect(FileManager.default.fileExists(atPath: png), "chromium wrote no screenshot: \(result.stderr)")
    return png
  }
}
