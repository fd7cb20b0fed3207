import CLITestSupport
import Foundation
import Testing

/// A focus session without `--cycles` a month on: `status` answers from the phases around the
/// instant asked and stops at the next reminder, not by walking every phase since the start.
@Suite struct EndlessFocusTests {
  /// Runs `arguments`, ended after `limit` seconds so that a regression fails rather than hangs
  /// (a guard, not a speed assertion).
  static func run(_ bin: Binary, _ arguments: [String], limit: TimeInterval = 20) throws -> Binary.Result {
    let process = Process()
    let (executable, arguments) = bin.command(arguments)
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = bin.environment
    let guardTimer = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: guardTimer)
    defer { guardTimer.cancel() }
    return try Binary.capture(process, scratch: bin.home)
  }

  @Test func statusAMonthOn() throws {
    var bin = try Binary()
    bin.use(nil)
    try bin.writeConfig("[time]\nzone = \"Asia/Tokyo\"\n")
    let start = "2026-11-21T09:00:00+09:00"
    #expect(try bin.run("cards", "add", "a", "b", "--now", start).status == 0)
    let started = try bin.run(
      "focus", "--minutes", "1", "--break", "1", "--long-break", "1", "--detach", "--now", start)
    #expect(started.status == 0, "\(started.stderr)")
    let later = "2026-12-21T09:00:00+09:00"
    let status = try Self.run(bin, ["status", "--json", "--now", later])
    #expect(status.status == 0, "\(status.stderr)")
    let screen = try #require(
      try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
    let next = try #require(screen["nextReminder"] as? [String: Any])
    // As a walk gives it: 43,200 one-minute phases ended in 30 days, the last of them just now and
    // not yet said; 21,600 of them focus, 60 minutes of them (a minute each) on the day.
    #expect((next["id"] as? String)?.hasSuffix(":43200") == true, "\(status.stdout)")
    #expect(next["fireAt"] as? String == later)
    #expect(screen["focusMinutesToday"] as? Int == 270, "\(status.stdout)")
    let text = try Self.run(bin, ["status", "--now", later])
    #expect(text.status == 0, "\(text.stderr)")
  }
}
