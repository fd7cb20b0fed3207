import CLITestSupport
import Foundation
import RemindersStore
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `reminders review` full-screen, in a real terminal: tmux on a private socket runs the built
/// binary in a pane, types keys into it and reads the screen back (`capture-pane`).
@Suite struct ReviewTerminalTests {
  let la = ["TZ": "America/Los_Angeles"]
  let now = "2026-11-21T13:00:00+09:00"

  /// A tmux server of its own (`tmux -L <unique>`) with one pane running `sh` in the binary's
  /// scratch home; ended by its socket, never by name.
  struct Pane {
    let socket = "reminders-test-\(UUID().uuidString.prefix(8))"
    let bin: Binary

    init(_ bin: Binary, width: Int, height: Int, environment: [String: String]) throws {
      self.bin = bin
      var env = bin.environment.merging(environment) { $1 }
      env["PS1"] = "$ "
      env["ENV"] = ""
      let started = try tmux(
        ["new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-c", bin.home, "sh"], environment: env)
      #expect(started.status == 0, "\(started.stderr)")
    }

    @discardableResult
    ///
    /// Run by `ProcessRunner` (posix_spawn and waitpid), not Foundation's `Process`, which reports
    /// the end only once every descendant has closed a socket it inherits: tmux's server lives on.
    func tmux(_ arguments: [String], environment: [String: String]? = nil) throws -> Binary.Result {
      let environment = environment ?? ProcessInfo.processInfo.environment
      let tmux = try #require(ProcessRunner.find("tmux", environment: environment), "tmux is not installed")
      let result = try ProcessRunner.run(
        tmux, ["-L", socket, "-f", "/dev/null"] + arguments, environment: environment, timeout: 20)
      #expect(!result.timedOut, "tmux \(arguments.joined(separator: " ")) did not end in 20 s")
      return Binary.Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// Types a shell command and Enter.
    func type(_ command: String) throws {
      try tmux(["send-keys", "-t", "0", "-l", command])
      try tmux(["send-keys", "-t", "0", "Enter"])
    }

    /// Sends keys by tmux's names (`Enter`, `Escape`, `Left`, `C-c`) or as they are.
    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", "0"] + keys) }

    /// The screen, one string a row, trailing blanks dropped.
    func screen() throws -> [String] {
      // Each row ends in a line break, the last one too.
      try tmux(["capture-pane", "-p", "-t", "0"]).stdout.split(
        separator: "\n", omittingEmptySubsequences: false
      )
      .dropLast().map { String($0).replacing(#/ +$/#, with: "") }
    }

    /// Whether the pane shows the alternate screen.
    func alternateScreen() throws -> Bool {
      try tmux(["display-message", "-p", "-t", "0", "#{alternate_on}"]).stdout.hasPrefix("1")
    }

    /// Polls the screen until `condition` holds, for at most `seconds`.
    @discardableResult
    func wait(
      _ what: String, seconds: Double = 15, sourceLocation: SourceLocation = #_sourceLocation,
      until condition: ([String]) throws -> Bool
    ) throws -> [String] {
      let deadline = Date().addingTimeInterval(seconds)
      var rows = try screen()
      while try !condition(rows) {
        guard Date() < deadline else {
          Issue.record(
            "timed out waiting for \(what); the screen:\n\(rows.joined(separator: "\n"))",
            sourceLocation: sourceLocation)
          return rows
        }
        usleep(50_000)
        rows = try screen()
      }
      return rows
    }

    /// Starts the review through a wrapper that writes its pid (the binary then takes the shell's
    /// place: the pid is the review's).
    func startReview(_ arguments: String) throws {
      try type("sh -c 'echo $$ > \(bin.home)/review.pid; exec \(Binary.path) review \(arguments)'")
    }

    var reviewPID: pid_t? {
      (try? String(contentsOfFile: bin.home + "/review.pid", encoding: .utf8))
        .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// After the review: the normal screen, and the terminal in canonical mode with echo.
    func expectRestored(sourceLocation: SourceLocation = #_sourceLocation) throws {
      #expect(try !alternateScreen(), sourceLocation: sourceLocation)
      try type("clear; stty -a | tr ' ;' '\\n\\n' | grep -e icanon -e echo | sed 's/^/mode: /'")
      let rows = try wait("stty's modes", sourceLocation: sourceLocation) { rows in
        // echoke is the last of the flags stty lists that the grep keeps: all of them are shown.
        rows.contains("mode: echoke") || rows.contains("mode: -echoke")
      }
      #expect(rows.contains("mode: icanon") && rows.contains("mode: echo"), sourceLocation: sourceLocation)
      #expect(
        !rows.contains("mode: -icanon") && !rows.contains("mode: -echo"), sourceLocation: sourceLocation)
    }

    func close() { _ = try? tmux(["kill-server"]) }
  }

  func cards(_ bin: Binary) throws -> [String: [String: Any]] {
    let deck = try bin.storedDeck()
    let list = try #require(deck["cards"] as? [[String: Any]])
    return Dictionary(uniqueKeysWithValues: list.map { ($0["id"] as! String, $0) })
  }

  /// One card whose front is 30 Japanese characters (60 columns); returns the front.
  func kanaDeck(_ bin: Binary) throws -> String {
    let front = String(repeating: "あいうえおかきくけこ", count: 3)
    try bin.writeDeck(
      """
      {"version": 1, "cards": [{"id": "22222222-0000-4000-8000-000000000001", "front": "\(front)", \
      "back": "the kana", "collection": "かな", "tags": [], "stepIndex": 0, "nextReviewDate": "2026-11-21", \
      "createdAt": "2026-11-01T09:00:00+09:00"}]}
      """)
    return front
  }

  /// The header and front; Enter reveals; y and ← answer (saved at once); q leaves the alternate
  /// screen with the summary printed and the terminal as it was.
  @Test func aSessionOnScreen() throws {
    let bin = try Binary.withFixture()
    let pane = try Pane(bin, width: 80, height: 24, environment: la)
    defer { pane.close() }
    try pane.startReview("--now \(now)")
    var rows = try pane.wait("the first card") { $0.contains("1/4 · JLPT") && $0.contains("食べる") }
    #expect(try pane.alternateScreen())
    #expect(!rows.contains { $0.contains("to eat") })
    #expect(rows.last == "Space/Enter: show the answer · s: skip · u: undo · ?: keys · q: quit")
    try pane.send("Enter")
    rows = try pane.wait("the back") { $0.contains("Answer: to eat") }
    #expect(rows.last?.hasPrefix("y/1/→: remembered · n/2/←: forgot") == true)
    try pane.send("y")
    rows = try pane.wait("the second card") { $0.contains("2/4 · TOEIC") }
    // The outcome stays below the next card: it names the card it belongs to.
    #expect(rows.contains("食べる → remembered. Step 2, next review 2026-11-23"), "\(rows)")
    let first = try cards(bin)["11111111-0000-4000-8000-000000000001"]
    #expect(first?["stepIndex"] as? Int == 2 && first?["nextReviewDate"] as? String == "2026-11-23")
    try pane.send("Space")
    try pane.wait("the second back") { $0.contains("Answer: 請求書") }
    try pane.send("Left")
    rows = try pane.wait("the recall item") {
      // The forgotten card comes back at the end (docs/commands.md#relearning-in-the-session): one
      // more prompt in the count.
      $0.contains("3/5 · recall") && $0.contains("Did you recall it?")
    }
    #expect(rows.contains("invoice → forgot. Step 0, next review 2026-11-22"), "\(rows)")
    #expect(rows.contains("It comes back in this session."))
    #expect(try cards(bin)["11111111-0000-4000-8000-000000000002"]?["stepIndex"] as? Int == 0)
    try pane.send("q")
    rows = try pane.wait("the summary") { $0.contains { $0.hasPrefix("Done: 2 cards answered") } }
    try pane.expectRestored()
  }

  /// Esc and Ctrl-C end the session like q (Esc on the list of keys only hides it), and in
  /// Japanese the keys are in Japanese.
  @Test func escapeAndControlCQuit() throws {
    let bin = try Binary.withFixture()
    let pane = try Pane(bin, width: 80, height: 24, environment: la)
    defer { pane.close() }
    try pane.startReview("--lang ja --now \(now)")
    let rows = try pane.wait("the first card") { $0.contains("食べる") }
    #expect(rows.last?.hasPrefix("Space/Enter: 答えを見る") == true)
    // Esc on the list of keys hides the list; the session goes on.
    try pane.send("?")
    try pane.wait("the keys") { $0.contains("  ?               このキー一覧（Esc か ? で閉じる）") }
    try pane.send("Escape")
    try pane.wait("the card without the keys") { $0.contains("食べる") && !$0.contains("キー:") }
    #expect(try pane.alternateScreen())
    try pane.send("Escape")
    try pane.wait("the summary") { $0.contains { $0.hasPrefix("おしまい: 0枚に答えました") } }
    try pane.expectRestored()
    try pane.startReview("--now \(now)")
    try pane.wait("the first card again") { $0.contains("1/4 · JLPT") }
    try pane.send("C-c")
    try pane.wait("the summary") { $0.contains { $0.hasPrefix("Done: 0 cards answered") } }
    try pane.expectRestored()
  }

  /// A 30-character Japanese front on a 40-column terminal: 20 characters a line, none split.
  @Test func japaneseWrapsByDisplayWidth() throws {
    let bin = try Binary.withFixture()
    let front = try kanaDeck(bin)
    let pane = try Pane(bin, width: 40, height: 12, environment: la)
    defer { pane.close() }
    try pane.startReview("--now \(now)")
    let rows = try pane.wait("the front") { $0.contains("1/1 · かな") }
    let start = try #require(rows.firstIndex(of: "あいうえおかきくけこあいうえおかきくけこ"))
    #expect(rows[start + 1] == "あいうえおかきくけこ")
    #expect(rows.allSatisfy { $0.count <= 40 })
    try pane.send("q")
    try pane.wait("the summary") { $0.contains { $0.hasPrefix("Done:") } }
  }

  /// SIGTERM, SIGHUP, and a crash (SIGSEGV) end the review: the terminal is given back all the
  /// same, and the process ends by the signal (the shell names it).
  @Test(arguments: [(SIGTERM, "Terminated"), (SIGHUP, "Hangup"), (SIGSEGV, "Segmentation fault")])
  func signalsRestoreTheTerminal(signal: Int32, shellSays: String) throws {
    let bin = try Binary.withFixture()
    let pane = try Pane(bin, width: 80, height: 24, environment: la)
    defer { pane.close() }
    try pane.startReview("--now \(now)")
    try pane.wait("the first card") { $0.contains("1/4 · JLPT") }
    let pid = try #require(pane.reviewPID)
    #expect(try pane.alternateScreen())
    #expect(kill(pid, signal) == 0)
    try pane.wait("the shell") { rows in rows.contains { $0.hasPrefix(shellSays) } }
    try pane.expectRestored()
  }

  /// A resized terminal is drawn again at its new width.
  @Test func aResizeRedraws() throws {
    let bin = try Binary.withFixture()
    let front = try kanaDeck(bin)
    let pane = try Pane(bin, width: 80, height: 24, environment: la)
    defer { pane.close() }
    try pane.startReview("--now \(now)")
    try pane.wait("the front on one line") { $0.contains(front) }
    try pane.tmux(["resize-window", "-t", "0", "-x", "40", "-y", "12"])
    let rows = try pane.wait("the front on two lines") { $0.contains("あいうえおかきくけこあいうえおかきくけこ") }
    #expect(rows.allSatisfy { $0.count <= 40 })
    try pane.send("q")
    try pane.wait("the summary") { $0.contains { $0.hasPrefix("Done:") } }
  }
}
