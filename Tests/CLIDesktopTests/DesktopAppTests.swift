import CLITestSupport
import DesktopTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The desktop app (docs/app.md): a real GTK window under Xvfb, driven and read only through
/// AT-SPI by role and accessible name (Tests/harness/app-probe.py), in both languages, on the
/// same files as the command line, whose answers it must equal.
@Suite(.serialized) struct DesktopAppTests {
  /// A session with the accessibility bus, the fixture's home, the app started on it.
  func open(lang: String, ready: String) throws -> (DesktopSession, Binary, DesktopAppWindow) {
    let session = try DesktopSession.start(server: nil, accessibility: true)
    let binary = try Binary.withFixture(session)
    do {
      let window = try DesktopAppWindow(
        session: session, binary: binary, arguments: ["--lang", lang], ready: ready)
      return (session, binary, window)
    } catch {
      session.stop()
      throw error
    }
  }

  /// `status --json`'s count of new cards today.
  func newToday(_ binary: Binary) throws -> Int {
    let status = try binary.run("status", "--json")
    let object = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
    return try #require(object?["newToday"] as? Int)
  }

  /// `status --json`'s count, as the app must show it.
  func dueToday(_ binary: Binary) throws -> Int {
    let status = try binary.run("status", "--json")
    let object = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
    return try #require(object?["dueToday"] as? Int)
  }

  @Test(arguments: [
    ("en", "Study now", "Today's reviews: "), ("ja", "学習を始める", "今日の復習 "),
  ])
  func homeShowsTheCountOfStatus(lang: String, studyNow: String, title: String) throws {
    let (session, binary, window) = try open(lang: lang, ready: studyNow)
    defer {
      window.stop()
      session.stop()
    }
    let count = try dueToday(binary)
    #expect(count > 0)
    let label = try #require(window.label(startingWith: title))
    let expected = lang == "ja" ? "今日の復習 \(count)枚" : "Today's reviews: \(count) cards"
    #expect(label.name == expected || label.text == expected)
    // How many of them are new, as `status --json` says.
    let new = try newToday(binary)
    let newLine = lang == "ja" ? "うち新規 \(new)枚" : "\(new) of them new"
    #expect(window.label(startingWith: newLine) != nil, "no \(newLine)")
    // The pages, by their names in the switcher.
    let names = lang == "ja" ? ["ホーム", "学習", "設定"] : ["Home", "Study", "Settings"]
    let nodes = try window.nodes()
    for name in names {
      #expect(nodes.contains { $0.name == name }, "no page \(name) in \(nodes.map(\.name))")
    }
    let shot = try window.screenshot("home-\(lang)")
    #expect(shot.colours > 16, "\(shot.path) looks blank")
  }

  @Test func aStudySessionAnswersAsCardsAnswerDoes() throws {
    let (session, binary, window) = try open(lang: "en", ready: "Study now")
    defer {
      window.stop()
      session.stop()
    }
    // The same deck, answered the same way with `cards answer`, beside it.
    var twin = try Binary.withFixture(nil)
    twin.environment["TZ"] = binary.environment["TZ"]
    let before = try dueToday(binary)
    try window.press("Study now")
    #expect(window.wait(role: "push button", name: "Show answer"))
    // The first card: shown, then remembered.
    let first = try #require(window.label(startingWith: "1/"))
    try window.press("Show answer")
    #expect(window.wait(role: "push button", name: "Remembered"))
    let front1 = try frontShown(window)
    try window.press("Remembered")
    // The second: forgotten (it comes back later in the session).
    #expect(window.label(startingWith: "2/") != nil)
    try window.press("Show answer")
    #expect(window.wait(role: "push button", name: "Forgot"))
    let front2 = try frontShown(window)
    try window.press("Forgot")
    // Undo takes the forgetting back; forgotten again.
    #expect(window.label(startingWith: "3/") != nil)
    try window.press("Undo")
    #expect(window.label(startingWith: "2/") != nil)
    try window.press("Show answer")
    try window.press("Forgot")
    try window.screenshot("study-en")
    #expect(first.name.hasPrefix("1/"))
    // The twin: the same two answers through the command line.
    for (front, result) in [(front1, "correct"), (front2, "wrong")] {
      let id = try #require(try cardID(front: front, in: twin), "no card \(front)")
      let answered = try twin.run("cards", "answer", id, result)
      #expect(answered.status == 0, "\(answered.stderr)")
    }
    try window.press("End")
    #expect(window.label(startingWith: "Done: ") != nil)
    // Every card's schedule as the command line left the twin's.
    #expect(try schedules(binary) == schedules(twin))
    #expect(try dueToday(binary) == before - 2)
  }

  /// Under FSRS, in Japanese: the four ratings (もう一度, 難しい, できた, 簡単) after 答えを見る, and
  /// each answer leaves the card as `cards answer` with the same rating leaves a twin deck
  /// (state, step, stability and difficulty; the next review within the minute the two answers
  /// are apart).
  @Test func theFSRSRatingsAnswerAsCardsAnswerDoes() throws {
    let session = try DesktopSession.start(server: nil, accessibility: true)
    defer { session.stop() }
    let binary = try Binary.withFixture(session)
    let fsrs = "\n[study]\nscheduler = \"fsrs\"\n"
    try binary.writeConfig(try String(contentsOfFile: binary.configPath, encoding: .utf8) + fsrs)
    var twin = try Binary.withFixture(nil)
    twin.environment["TZ"] = binary.environment["TZ"]
    try twin.writeConfig(try String(contentsOfFile: twin.configPath, encoding: .utf8) + fsrs)
    let window = try DesktopAppWindow(
      session: session, binary: binary, arguments: ["--lang", "ja"], ready: "学習を始める")
    defer { window.stop() }
    try window.press("学習を始める")
    #expect(window.wait(role: "push button", name: "答えを見る"))
    var answered: [(front: String, rating: String)] = []
    for (number, (button, rating)) in [("できた", "good"), ("難しい", "hard")].enumerated() {
      #expect(window.label(startingWith: "\(number + 1)/") != nil)
      try window.press("答えを見る")
      for name in ["もう一度", "難しい", "できた", "簡単"] {
        #expect(window.wait(role: "push button", name: name), "no \(name)")
      }
      answered.append((try frontShown(window), rating))
      try window.press(button)
    }
    try window.screenshot("study-fsrs-ja")
    for (front, rating) in answered {
      let id = try #require(try cardID(front: front, in: twin), "no card \(front)")
      let result = try twin.run("cards", "answer", id, rating)
      #expect(result.status == 0, "\(result.stderr)")
    }
    try window.press("終わる")
    #expect(window.label(startingWith: "復習完了 ") != nil)
    let ours = try fsrsStates(binary)
    let theirs = try fsrsStates(twin)
    for (front, _) in answered {
      let id = try #require(try cardID(front: front, in: binary))
      let (mine, other) = (try #require(ours[id]), try #require(theirs[id]))
      #expect(mine.summary == other.summary, "\(front)")
      #expect(abs(mine.due.timeIntervalSince(other.due)) < 60, "\(front): \(mine.due) vs \(other.due)")
    }
  }

  /// Each card's FSRS state as `cards list --json` shows it: its state, step, stability and
  /// difficulty (rounded to 1e-6), and its next review.
  func fsrsStates(_ binary: Binary) throws -> [String: (summary: String, due: Date)] {
    let listed = try binary.run("cards", "list", "--json")
    let rows = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
    var found: [String: (summary: String, due: Date)] = [:]
    for row in rows {
      guard let id = row["id"] as? String, let state = row["fsrs"] as? [String: Any],
        let due = (state["due"] as? String).flatMap({ ISO8601DateFormatter().date(from: $0) })
      else { continue }
      let rounded = { (key: String) in ((state[key] as? Double) ?? .nan) * 1e6 }
      found[id] = (
        "\(state["state"] ?? "-") \(state["step"] ?? "-") \(rounded("stability").rounded()) "
          + "\(rounded("difficulty").rounded())", due
      )
    }
    return found
  }

  /// The review lock: while the app's session runs, a terminal's `reminders review` is refused
  /// (75) and the app's answers go on; while a terminal's session runs, Study now says so and
  /// starts nothing; once that session ends, Study now starts one.
  @Test func theAppAndATerminalNeverBothHoldTheLock() throws {
    let (session, binary, window) = try open(lang: "en", ready: "Study now")
    defer {
      window.stop()
      session.stop()
    }
    try window.press("Study now")
    #expect(window.wait(role: "push button", name: "Show answer"))
    let refused = try binary.run("review", "--plain")
    #expect(refused.status == 75, "\(refused.stdout)\(refused.stderr)")
    #expect(
      refused.stderr.contains("review.lock: another reminders process held the lock"), "\(refused.stderr)")
    try window.press("Show answer")
    #expect(window.wait(role: "push button", name: "Remembered"))
    try window.press("End")
    #expect(window.label(startingWith: "Done: ") != nil)

    // A terminal's session, waiting for its first key (its input held open).
    let terminal = Process()
    terminal.executableURL = URL(fileURLWithPath: Binary.path)
    terminal.arguments = ["review", "--plain"]
    terminal.environment = binary.environment
    let input = Pipe()
    let output = Pipe()
    terminal.standardInput = input
    terminal.standardOutput = output
    terminal.standardError = FileHandle.nullDevice
    try terminal.run()
    defer {
      if terminal.isRunning { kill(terminal.processIdentifier, SIGKILL) }
      terminal.waitUntilExit()
    }
    // Its first prompt: it holds the lock.
    let prompt = output.fileHandleForReading.availableData
    #expect(
      String(decoding: prompt, as: UTF8.self).hasPrefix("[1/"), "\(String(decoding: prompt, as: UTF8.self))")
    try window.press("Back to Home")
    try window.press("Study now")
    #expect(window.label(startingWith: "Another review is going on") != nil)
    #expect(!window.wait(role: "push button", name: "Show answer", seconds: 2))
    try input.fileHandleForWriting.write(contentsOf: Data("q\n".utf8))
    try input.fileHandleForWriting.close()
    terminal.waitUntilExit()
    try window.press("Study now")
    #expect(window.wait(role: "push button", name: "Show answer"))
    try window.press("End")
  }

  @Test func aSettingChangesTheFileAsConfigSetDoes() throws {
    let (session, binary, window) = try open(lang: "en", ready: "Study now")
    defer {
      window.stop()
      session.stop()
    }
    try binary.writeConfig("# my own words stay\n[time]\nzone = \"Asia/Tokyo\" # Tokyo\n")
    try window.press("Settings", role: "page tab")
    try window.type("09:15", into: "Daily reminder time", apply: "Apply: Daily reminder time")
    let written = try String(contentsOfFile: binary.configPath, encoding: .utf8)
    #expect(written.contains("# my own words stay"))
    #expect(written.contains("zone = \"Asia/Tokyo\" # Tokyo"))
    #expect(written.contains("time = \"09:15\""))
    // A refusal, in `config set`'s words.
    let refused = try binary.run("config", "set", "daily.time", "25:00")
    #expect(refused.status == 64)
    try window.type("25:00", into: "Daily reminder time", apply: "Apply: Daily reminder time")
    // The command's line without the program's name before it.
    var said = refused.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
    if said.hasPrefix("reminders: ") { said.removeFirst("reminders: ".count) }
    let shown = window.label(startingWith: String(said.prefix(20)))
    #expect(shown != nil, "the window did not say \(said)")
    try window.screenshot("settings-en")
  }

  @Test func anAnswerInATerminalShowsOnHome() throws {
    let (session, binary, window) = try open(lang: "en", ready: "Study now")
    defer {
      window.stop()
      session.stop()
    }
    let before = try dueToday(binary)
    _ = try #require(window.label(startingWith: "Today's reviews: \(before) "))
    let answered = try binary.run("cards", "answer", "11111111-0000-4000-8000-000000000001", "correct")
    #expect(answered.status == 0)
    #expect(window.label(startingWith: "Today's reviews: \(before - 1) ", seconds: 4) != nil)
  }

  /// `--screenshots DIR` (what `make demo` runs): an instance of its own, beside the one that
  /// runs, saves Home and Study as PNG files that are not blank, in Japanese too, and quits with
  /// the deck as it was (Study's first card was shown, not answered).
  @Test func screenshotsOfHomeAndStudy() throws {
    let (session, binary, window) = try open(lang: "en", ready: "Study now")
    defer {
      window.stop()
      session.stop()
    }
    let deck = try Data(contentsOf: URL(fileURLWithPath: binary.deckPath))
    let folder = binary.home + "/pictures"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let process = try window.launch(["--lang", "ja", "--screenshots", folder])
    let deadline = Date().addingTimeInterval(30)
    while process.isRunning && Date() < deadline { usleep(100_000) }
    #expect(!process.isRunning && process.terminationStatus == 0)
    #expect(window.process?.isRunning == true, "the running app was not left alone")
    for name in ["home", "study"] {
      let path = folder + "/\(name).png"
      let counted = try DesktopSession.run("/usr/bin/identify", ["-format", "%k %w %h", path])
      let figures = counted.stdout.split(separator: " ").compactMap { Int($0) }
      #expect(
        figures.count == 3 && figures[0] > 16 && figures[1] >= 360 && figures[2] >= 300, "\(path): \(counted)"
      )
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: binary.deckPath)) == deck)
  }

  @Test func aSecondLaunchLeavesOneProcess() throws {
    let (session, _, window) = try open(lang: "en", ready: "Study now")
    defer {
      window.stop()
      session.stop()
    }
    let second = try window.launch(["--lang", "en", "--study"])
    let deadline = Date().addingTimeInterval(10)
    while second.isRunning && Date() < deadline { usleep(100_000) }
    #expect(!second.isRunning, "the second launch is still running")
    #expect(second.terminationStatus == 0)
    #expect(window.process?.isRunning == true)
    // It asked the first to open Study.
    #expect(window.wait(role: "push button", name: "Show answer"))
  }

  /// The front the session shows now (the title-sized label after `N/M`).
  func frontShown(_ window: DesktopAppWindow) throws -> String {
    let nodes = try window.nodes().filter { $0.role == "label" }
    let index = try #require(
      nodes.firstIndex { $0.name.range(of: #"^\d+/\d+"#, options: .regularExpression) != nil })
    return nodes[index + 1].name
  }

  func cardID(front: String, in binary: Binary) throws -> String? {
    let deck = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: binary.deckPath)))
    let cards = (deck as? [String: Any])?["cards"] as? [[String: Any]] ?? []
    return cards.first { $0["front"] as? String == front }?["id"] as? String
  }

  /// Each card's place in the schedule, as `cards list --json` shows it.
  func schedules(_ binary: Binary) throws -> [String: String] {
    let listed = try binary.run("cards", "list", "--json")
    let rows = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
    var found: [String: String] = [:]
    for row in rows {
      guard let id = row["id"] as? String else { continue }
      found[id] = ["nextReviewDate", "stepIndex", "suspended"].map { "\(row[$0] ?? "-")" }.joined(
        separator: " ")
    }
    return found
  }
}
