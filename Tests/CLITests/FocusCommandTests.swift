import CLITestSupport
import Foundation
import Testing

/// `reminders focus`, `focus status`, `focus stop` and what `preview` and `run` make of a session
/// (docs/focus-and-stats.md#the-focus-timer-reminders-focus), replayed with `--now`, without a bus.
@Suite struct FocusCommandTests {
  func focusFile(_ bin: Binary) -> String { bin.home + "/state/reminders/focus.json" }

  func focusLog(_ bin: Binary) throws -> [[String: Any]] {
    let root = try #require(
      try json(String(contentsOfFile: bin.deckPath, encoding: .utf8)) as? [String: Any])
    return root["focusLog"] as? [[String: Any]] ?? []
  }

  /// Detached at 07:50 JST: status says the phase and time left; preview shows the phase ends
  /// and the daily reminder held to the break (reason focus); a second start is refused (64);
  /// stop logs both focus phases and says the day's minutes.
  @Test func detachStatusPreviewStop() throws {
    let bin = try Binary.withFixture()
    let start = try bin.run(
      "focus", "--detach", "--cycles", "2", "--task", "Kanji", "--now", "2026-11-21T07:50:00+09:00")
    #expect(start.status == 0, "\(start.stderr)")
    #expect(start.stdout.contains("until 08:15:00"))

    let status = try bin.run("focus", "status", "--now", "2026-11-21T07:55:00+09:00")
    #expect(status.stdout == "Focus · cycle 1 of 2 · 20:00 left, until 08:15:00 · task: Kanji\n")
    let ja = try bin.run("focus", "status", "--lang", "ja", "--now", "2026-11-21T08:16:00+09:00")
    #expect(ja.stdout.hasPrefix("休憩 · 1/2 · 残り 04:00（08:20:00 まで）"))
    let js = try #require(
      try json(bin.run("focus", "status", "--json", "--now", "2026-11-21T08:16:00+09:00").stdout)
        as? [String: Any])
    #expect(js["running"] as? Bool == true)
    #expect(js["phase"] as? Int == 2)
    #expect(js["kind"] as? String == "break")
    #expect(js["timeLeft"] as? Int == 240)
    #expect(js["phaseEnd"] as? String == "2026-11-21T08:20:00+09:00")

    let preview = try #require(
      try json(bin.run("preview", "--json", "--now", "2026-11-21T07:55:00+09:00").stdout) as? [String: Any])
    let items = try #require(preview["reminders"] as? [[String: Any]])
    let daily = try #require(items.first { $0["kind"] as? String == "daily-review" })
    #expect(daily["fireAt"] as? String == "2026-11-21T08:15:00+09:00")
    #expect(daily["reason"] as? String == "focus")
    #expect(daily["deferredFrom"] as? String == "2026-11-21T08:00:00+09:00")
    let ends = items.filter { $0["kind"] as? String == "focus" }
    #expect(
      ends.map { $0["fireAt"] as? String } == [
        "2026-11-21T08:15:00+09:00", "2026-11-21T08:20:00+09:00", "2026-11-21T08:45:00+09:00",
      ])
    #expect(
      ends.map { $0["title"] as? String } == [
        "Focus done: 5-minute break", "Break over: back to focus", "50 minutes of focus today",
      ])
    let table = try bin.run("preview", "--now", "2026-11-21T07:55:00+09:00").stdout
    #expect(table.contains("focus (was 08:00)"))
    #expect(table.contains("focus timer"))

    let again = try bin.run("focus", "--detach", "--now", "2026-11-21T08:00:00+09:00")
    #expect(again.status == 64)
    #expect(again.stderrLines.count == 1 && again.stderr.hasPrefix("reminders: "))

    // The timer's run at the first phase end says it (and logs the phase); then a stop mid-phase.
    #expect(try bin.run("run", "--now", "2026-11-21T08:15:00+09:00").stdout.contains("focus:"))
    let stop = try bin.run("focus", "stop", "--now", "2026-11-21T08:30:00+09:00")
    #expect(stop.status == 0, "\(stop.stderr)")
    #expect(stop.stdout == "Focus session stopped. 35 minutes of focus today.\n")
    let log = try focusLog(bin)
    #expect(log.count == 2)
    #expect(log.map { $0["minutes"] as? Int } == [25, 10])
    #expect(log.map { $0["completed"] as? Bool } == [true, false])
    #expect(log.map { $0["start"] as? String } == ["2026-11-21T07:50:00+09:00", "2026-11-21T08:20:00+09:00"])
    #expect(log.first?["task"] as? String == "Kanji")
    let over = try bin.run("focus", "status", "--now", "2026-11-21T08:31:00+09:00")
    #expect(over.stdout == "No focus session is running (the last one ended at 08:30:00).\n")
    #expect(
      try bin.run("focus", "stop", "--now", "2026-11-21T08:31:00+09:00").stdout
        == "No focus session is running.\n")
    // `run` after the stop logs nothing twice.
    #expect(try bin.run("run", "--now", "2026-11-21T08:32:00+09:00").status == 0)
    #expect(try focusLog(bin).count == 2)
    // A new session starts once the last one is over; its end counts the 35 minutes before it.
    #expect(
      try bin.run("focus", "--detach", "--cycles", "1", "--now", "2026-11-21T09:00:00+09:00").status == 0)
    let next = try bin.run("preview", "--json", "--now", "2026-11-21T09:00:00+09:00").stdout
    #expect(next.contains("60 minutes of focus today"))
  }

  /// The focus log survives rewrites of the deck by this version (kept as a field it does not
  /// model, exactly as older versions keep it).
  @Test func focusLogSurvivesRewrites() throws {
    let bin = try Binary.withFixture()
    try bin.run("focus", "--detach", "--minutes", "2", "--cycles", "1", "--now", "2026-11-21T09:00:00+09:00")
    #expect(try bin.run("run", "--now", "2026-11-21T09:02:30+09:00").status == 0)
    #expect(try focusLog(bin).count == 1)
    #expect(try bin.run("cards", "add", "x", "y").status == 0)
    #expect(
      try bin.run("cards", "answer", "1111", "correct", "--now", "2026-11-21T09:05:00+09:00").status != 1)
    #expect(try bin.run("run", "--now", "2026-11-21T09:06:00+09:00").status == 0)
    let log = try focusLog(bin)
    #expect(log.count == 1)
    #expect(log.first?["minutes"] as? Int == 2)
  }

  /// A torn or wrong (newer) focus.json: `focus status` stops with one line naming it (65);
  /// `run` and `preview` leave the session out, say so in one line, and deliver as usual; the
  /// file is never overwritten: `focus stop` puts it aside as focus.json.bad, after which a new
  /// session can start.
  @Test(arguments: ["{\"version\": 1, \"sess", "{\"version\": 1, \"session\": 5}", "[]", "{\"version\": 2}"])
  func brokenStateFile(text: String) throws {
    let bin = try Binary.withFixture()
    try FileManager.default.createDirectory(
      atPath: bin.home + "/state/reminders", withIntermediateDirectories: true)
    try text.write(toFile: focusFile(bin), atomically: true, encoding: .utf8)
    let status = try bin.run("focus", "status", "--now", "2026-11-21T09:00:00+09:00")
    #expect(status.status == 65)
    #expect(status.stderrLines.count == 1 && status.stderr.contains(focusFile(bin)), "\(status.stderr)")
    for arguments in [["preview"], ["run"]] {
      let result = try bin.run(arguments + ["--now", "2026-11-21T09:00:00+09:00"])
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      let lines = result.stderrLines.filter { $0.contains(focusFile(bin)) }
      #expect(
        lines.count == 1 && lines[0].hasPrefix("reminders: ") && lines[0].hasSuffix("puts this file aside)"))
      #expect(
        result.stdout.contains("daily:2026-11-21") || result.stdout.contains("Today's reviews"),
        "\(arguments)")
    }
    #expect(try String(contentsOfFile: focusFile(bin), encoding: .utf8) == text)
    let stop = try bin.run("focus", "stop", "--now", "2026-11-21T09:01:00+09:00")
    #expect(stop.status == 0, "\(stop.stderr)")
    #expect(stop.stderr.contains("put aside as \(focusFile(bin)).bad"))
    #expect(try String(contentsOfFile: focusFile(bin) + ".bad", encoding: .utf8) == text)
    #expect(try bin.run("focus", "--detach", "--now", "2026-11-21T09:02:00+09:00").status == 0)
  }

  /// A session left running while nobody was there (the machine asleep, the terminal closed):
  /// only phases whose end was said are logged, and the calendar feed never carries phase ends.
  @Test func anUnattendedSessionLogsOnlyWhatWasSaid() throws {
    let bin = try Binary.withFixture()
    #expect(try bin.run("focus", "--detach", "--now", "2026-11-20T17:00:00+09:00").status == 0)
    let export = try bin.run("export", "--output", "-", "--now", "2026-11-20T17:01:00+09:00")
    #expect(export.status == 0 && !export.stdout.contains("focus"))
    #expect(try bin.run("run", "--now", "2026-11-23T09:00:00+09:00").status == 0)
    let deck = try #require(try json(String(contentsOfFile: bin.deckPath, encoding: .utf8)) as? [String: Any])
    // The one phase end still said (within 5 minutes of it), nothing of the days before.
    #expect((deck["focusLog"] as? [[String: Any]] ?? []).count <= 1)
  }

  /// `[focus]` in the config gives the lengths (decimals allowed) and the hold; bad values are 65.
  @Test func config() throws {
    let bin = try Binary.withFixture()
    try bin.writeConfig(
      tokyoConfig
        + "\n[focus]\nminutes = 0.1\nbreak = 2\nlong_break = 20\nlong_every = 2\nhold_reminders = false\n")
    #expect(try bin.run("focus", "--detach", "--now", "2026-11-21T07:50:00+09:00").status == 0)
    let stored = try #require(
      try json(String(contentsOfFile: focusFile(bin), encoding: .utf8)) as? [String: Any])
    #expect(stored["focusSeconds"] as? Int == 6)
    #expect(stored["breakSeconds"] as? Int == 120)
    #expect(stored["longBreakSeconds"] as? Int == 1200)
    #expect(stored["longEvery"] as? Int == 2)
    #expect(stored["holdReminders"] as? Bool == false)
    try bin.writeConfig(tokyoConfig + "\n[focus]\nminutes = 0\n")
    let bad = try bin.run("focus", "status")
    #expect(bad.status == 65)
    #expect(bad.stderr.contains("focus.minutes"))
    #expect(try bin.run("focus", "--minutes", "-1").status == 64)
  }
}
