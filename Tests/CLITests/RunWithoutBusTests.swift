import CLITestSupport
import DesktopTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `reminders run` with no session bus at all (against dunst: RunTests in CLIDesktopTests).
@Suite struct RunTests: RunFixtures {
  @Test func noBusFallsBack() throws {
    let bin = try home(nil)
    let result = try bin.run("run", "--now", "2026-11-21T08:00:00+09:00")
    #expect(result.status == 0)
    #expect(result.stderr.contains("no session bus"))
    #expect(try fallbackEvents(bin).count == 1)
    // Merging the same reminder again (a replayed run) keeps one event.
    #expect(try bin.run("run", "--now", "2026-11-21T08:00:00+09:00").status == 0)
    #expect(try fallbackEvents(bin).count == 1)
  }

  /// 08:00 in Tokyo, `days` from the real clock's day there.
  func tokyoMorning(_ days: Int) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Asia/Tokyo")!
    let day = calendar.date(byAdding: .day, value: days, to: Date())!
    let parts = calendar.dateComponents([.year, .month, .day], from: day)
    return String(format: "%04d-%02d-%02dT08:00:00+09:00", parts.year!, parts.month!, parts.day!)
  }

  /// `run --now` tomorrow, in the learner's own state (no `--state-dir`), records tomorrow's
  /// daily: one line says so, and the run goes on (exit 0). With `--state-dir`, at a time that
  /// delivers nothing, or in the past (a replay), not a word.
  @Test func aNowAheadOfTheClockSaysItRecords() throws {
    let bin = try home(nil)
    let tomorrow = tokyoMorning(1)
    let ahead = try bin.run("run", "--now", tomorrow)
    #expect(ahead.status == 0)
    let said = ahead.stderr.split(separator: "\n").filter { $0.contains("is ahead of the clock") }
    #expect(said.count == 1, "\(ahead.stderr)")
    let ledger = bin.home + "/state/reminders/ledger.json"
    #expect(
      said.first?.hasPrefix("reminders: --now ") == true
        && said.first?.contains("what this run delivered is recorded in \(ledger) and will not come again")
          == true,
      "\(said)")
    #expect(try !fallbackEvents(bin).isEmpty)
    // Nothing more to deliver at that moment: nothing recorded, nothing said.
    let again = try bin.run("run", "--now", tomorrow, "--lang", "ja")
    #expect(again.status == 0 && !again.stderr.contains("現在時刻より先"), "\(again.stderr)")

    let apart = try home(nil)
    let trial = try apart.run("run", "--now", tokyoMorning(2), "--state-dir", apart.home + "/trial")
    #expect(trial.status == 0 && !trial.stderr.contains("ahead of the clock"), "\(trial.stderr)")
    let past = try apart.run("run", "--now", tokyoMorning(-1))
    #expect(past.status == 0 && !past.stderr.contains("ahead of the clock"), "\(past.stderr)")
    let japanese = try apart.run("run", "--now", tokyoMorning(3), "--lang", "ja")
    #expect(
      japanese.stderr.contains("は現在時刻より先です。この実行で届けたものは \(apart.home)/state/reminders/ledger.json に記録され"),
      "\(japanese.stderr)")
  }

  /// A run with nothing to do until 08:00 leaves `<state>/quiet`; the timer's next runs before
  /// then read only it and the files it names: they do not even wait for the state's lock, which
  /// a full run waits for (and gives up on, exit 75). A change to the deck ends the quiet; at 08:00
  /// the daily comes.
  @Test func aQuietRunReadsNothingElse() throws {
    let bin = try Binary()
    try bin.writeConfig(tokyoConfig)
    try bin.writeDeck(
      """
      {"version": 1, "cards": [{"id": "c1", "front": "猫", "back": "cat", "stepIndex": 2, \
      "nextReviewDate": "2026-11-21", "createdAt": "2026-11-01T09:00:00+09:00", \
      "lastReviewedAt": "2026-11-19T09:00:00+09:00"}], "recalls": []}
      """)
    let first = try bin.run("run", "--now", "2026-11-21T06:00:00+09:00")
    #expect(first.status == 0 && first.stdout.isEmpty && first.stderr.isEmpty, "\(first.stderr)")
    let state = bin.home + "/state/reminders"
    #expect(FileManager.default.fileExists(atPath: state + "/quiet"))
    // Another process holds the state's lock for as long as this test needs.
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
    holder.arguments = [state + "/lock", "sleep", "60"]
    try holder.run()
    defer {
      kill(holder.processIdentifier, SIGKILL)
      holder.waitUntilExit()
    }
    try waitFor("the lock to be held") {
      let probe = try DesktopSession.run("/usr/bin/flock", ["-n", state + "/lock", "true"])
      return probe.status != 0
    }
    let quiet = try bin.run("run", "--now", "2026-11-21T06:30:00+09:00")
    #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet.stderr)")
    kill(holder.processIdentifier, SIGKILL)
    holder.waitUntilExit()
    // A card added: the next run is a full one, and quiet again until 08:00.
    #expect(try bin.run("cards", "add", "犬", "dog", "--now", "2026-11-21T06:40:00+09:00").status == 0)
    #expect(try bin.run("run", "--now", "2026-11-21T06:41:00+09:00").status == 0)
    let daily = try bin.run("run", "--now", "2026-11-21T08:00:00+09:00")
    #expect(daily.status == 0 && daily.stdout.contains("daily:2026-11-21"), "\(daily.stdout)\(daily.stderr)")
  }
}
