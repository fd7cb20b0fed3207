import CLITestSupport
import DesktopTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Focus phase ends against a real dbus-daemon and dunst: critical, each exactly once whether
/// the view or `run` says it, and reminders held during focus delivered once at the break.
@Suite(.serialized) struct FocusDesktopTests {
  func shown(_ session: DesktopSession) throws -> [[String: Any]] {
    try session.dunstctl("close-all")
    usleep(200_000)
    return try session.history()
  }

  /// Whether dunst took the pop-up as critical: dunst 1.9's history has no urgency field, but
  /// each urgency has its own timeout in the harness's dunstrc (critical 0, normal 60 s), and
  /// the history gives the timeout dunst applied.
  func isCritical(_ note: [String: Any]) -> Bool { (note["timeout"] as? Int) == 0 }

  /// A scratch home with the Tokyo config and no deck, on `session`'s bus: for the tests that
  /// must run at the real time (a phase of seconds has to pass, so `--now` cannot pin it). With
  /// the fixture deck, its overdue cards and recall items would join the focus pop-ups whenever
  /// the real hour of day falls inside the window, and the test would pass or fail by the hour.
  func nothingElseDue(_ session: DesktopSession) throws -> Binary {
    var bin = try Binary()
    try bin.writeConfig(tokyoConfig)
    bin.use(session)
    return bin
  }

  /// The plain view (output not a terminal) says each phase end on its second; `run` after it
  /// finds nothing left to say. Urgency critical, even with dunst paused (do-not-disturb).
  @Test func viewThenRunExactlyOnce() throws {
    let session = try DesktopSession.start()
    defer { session.stop() }
    let bin = try nothingElseDue(session)
    let monitor = try ActionTests.NotifyCalls(session)
    defer { monitor.stop() }
    let view = try bin.run(["focus", "--minutes", "0.05", "--break", "0.05", "--cycles", "2"], input: "")
    #expect(view.status == 0, "\(view.stderr)")
    #expect(
      view.stdout.split(separator: "\n").map { $0.split(separator: " · ").first ?? "" } == [
        "Focus", "Break", "Focus", "Focus session over. 0 minutes of focus today.",
      ])
    for _ in 0..<2 { #expect(try bin.run("run").status == 0) }
    let notes = try shown(session).sorted { ($0["id"] as? Int ?? 0) < ($1["id"] as? Int ?? 0) }
    #expect(
      notes.map { $0["summary"] as? String } == [
        "Focus done: 3-second break", "Break over: back to focus", "0 minutes of focus today",
      ])
    #expect(notes.allSatisfy { isCritical($0) })
    // The Notify calls themselves, as the bus carried them: the urgency hint is 2 (critical).
    try waitFor("three Notify calls") { monitor.calls.count == 3 }
    for call in monitor.calls {
      #expect(call.contains(#/string "urgency"\s+variant\s+byte 2/#), "\(call)")
    }
  }

  /// Detached: `run` says the phase end once, within the minute, even during do-not-disturb.
  @Test func detachedRunSaysItOnce() throws {
    let session = try DesktopSession.start()
    defer { session.stop() }
    let bin = try nothingElseDue(session)
    try session.dunstctl("set-paused", "true")
    #expect(try bin.run("focus", "--detach", "--minutes", "0.05", "--cycles", "1").status == 0)
    usleep(3_500_000)
    let first = try bin.run("run")
    #expect(first.stdout.contains("popup focus:"), "\(first.stdout)\(first.stderr)")
    #expect(try bin.run("run").stdout.isEmpty)
    try session.dunstctl("set-paused", "false")
    let notes = try shown(session)
    #expect(notes.map { $0["summary"] as? String } == ["0 minutes of focus today"])
    #expect(notes.first.map(isCritical) == true)
  }

  /// The daily reminder due at 08:00 during focus waits: nothing at 08:00, then at the break
  /// (08:15) the daily pop-up once, beside the phase end; nothing more after.
  @Test func heldUntilTheBreak() throws {
    let session = try DesktopSession.start()
    defer { session.stop() }
    let bin = try Binary.withFixture(session)
    #expect(try bin.run("focus", "--detach", "--now", "2026-11-21T07:50:00+09:00").status == 0)
    #expect(try bin.run("run", "--now", "2026-11-21T08:00:00+09:00").stdout.isEmpty)
    #expect(try shown(session).isEmpty)
    let atBreak = try bin.run("run", "--now", "2026-11-21T08:15:00+09:00")
    #expect(atBreak.status == 0, "\(atBreak.stderr)")
    #expect(try bin.run("run", "--now", "2026-11-21T08:16:00+09:00").stdout.isEmpty)
    let notes = try shown(session)
    #expect(
      Set(notes.compactMap { $0["summary"] as? String }) == [
        "Today's reviews: 2 cards", "Focus done: 5-minute break",
      ])
    #expect(notes.count == 2)
    let daily = notes.first { $0["summary"] as? String == "Today's reviews: 2 cards" }
    #expect(daily.map(isCritical) == false)
  }
}
