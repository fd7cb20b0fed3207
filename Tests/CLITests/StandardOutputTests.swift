import CLITestSupport
import Foundation
import Testing

/// Output the system refuses (a full disk, a closed stream) is one line and exit 74, never a
/// crash or a silent success; and no file of ours is ever opened as descriptor 0, 1 or 2.
@Suite struct StandardOutputTests {
  /// Runs the binary through `/bin/sh` with its standard output redirected as `redirect` says
  /// (`>/dev/full`, `>&-`), standard input from `input`.
  func run(_ bin: Binary, _ arguments: [String], redirect: String, input: String = "") throws -> Binary.Result
  {
    let (executable, rest) = bin.command(arguments)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "printf '%s' \"$0\" | \"$@\" \(redirect)", input, executable] + rest
    process.environment = bin.environment
    // Only standard error is captured; standard output is what the shell redirects.
    let base = bin.home + "/.err-\(UUID().uuidString)"
    _ = FileManager.default.createFile(atPath: base, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: base) }
    let err = try FileHandle(forWritingTo: URL(fileURLWithPath: base))
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    try err.close()
    let stderr = String(decoding: FileManager.default.contents(atPath: base) ?? Data(), as: UTF8.self)
    return Binary.Result(status: process.terminationStatus, stdout: "", stderr: stderr)
  }

  static let now = ["--now", "2026-11-21T09:00:00+09:00"]

  @Test(arguments: [
    ["export", "--output", "-"] + now, ["stats", "--svg", "-"] + now, ["cards", "list"], ["status"] + now,
    ["recall", "list"], ["cards", "add", "x", "y"] + now, ["timer", "print-unit", "timer"],
    ["preview", "--json"] + now,
  ])
  func aFullDiskIs74(arguments: [String]) throws {
    let bin = try Binary.withFixture()
    let result = try run(bin, arguments, redirect: ">/dev/full")
    #expect(result.status == 74, "\(arguments): \(result.stderr)")
    #expect(
      result.stderr == "reminders: standard output: cannot write: No space left on device\n", "\(arguments)")
  }

  /// Commands that exit with a code of their own (`doctor`'s verdict), the parser's pages
  /// (`--help`, `--version`), and output large enough to fill the buffer before the end (`doctor
  /// --json`, a plain review): 74 and the system's own reason, not a silent exit or EIO.
  @Test(arguments: [
    ["doctor"], ["doctor", "--json"], ["--help"], ["--version"], ["fsrs", "optimize", "--help"],
    ["review", "--plain", "--limit", "2"] + now,
  ])
  func everyWayOutChecksTheOutput(arguments: [String]) throws {
    let bin = try Binary.withFixture()
    let result = try run(bin, arguments, redirect: ">/dev/full", input: "\ny\n\nn\n")
    #expect(result.status == 74, "\(arguments): \(result.stderr)")
    #expect(
      result.stderr == "reminders: standard output: cannot write: No space left on device\n",
      "\(arguments): \(result.stderr)")
  }

  @Test func theMessageIsInTheSessionsLanguage() throws {
    let bin = try Binary.withFixture()
    let result = try run(bin, ["cards", "list", "--lang", "ja"], redirect: ">/dev/full")
    #expect(result.status == 74)
    #expect(result.stderr.hasPrefix("reminders: 標準出力: 書き込めません: "), "\(result.stderr)")
  }

  /// With standard output closed, a plain review still records its answers, writes its prompts
  /// nowhere (not into a lock file that took descriptor 1), and says that its output was lost.
  @Test func aClosedStandardOutput() throws {
    let bin = try Binary.withFixture()
    let result = try run(
      bin, ["review", "--plain", "--limit", "1", "--now", "2026-11-21T09:00:00+09:00"], redirect: ">&-",
      input: "\ny\n")
    #expect(result.status == 74, "\(result.stderr)")
    #expect(result.stderr == "reminders: standard output: cannot write: Bad file descriptor\n")
    let state = bin.home + "/state/reminders"
    for name in (try? FileManager.default.contentsOfDirectory(atPath: state)) ?? []
    where name.hasSuffix(".lock") {
      let size = (try FileManager.default.attributesOfItem(atPath: state + "/" + name)[.size] as? Int) ?? 0
      #expect(size == 0, "\(name) holds what was meant for the terminal")
    }
    let log = try bin.storedDeck()["reviewLog"] as? [[String: Any]] ?? []
    #expect(log.count == 3, "the answer is recorded: \(log.count) entries")
  }
}
