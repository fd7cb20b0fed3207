import DesktopTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `reminders run` against a real private dbus-daemon and dunst under Xvfb.
@Suite(.serialized) struct RunTests {
  /// A scratch home with the fixture deck, pointed at `session` (or at no bus at all).
  func home(_ session: DesktopSession?) throws -> Binary {
    var bin = try Binary()
    try bin.writeConfig(tokyoConfig)
    try bin.writeDeck(fixtureDeck)
    bin.use(session)
    return bin
  }

  func shown(_ session: DesktopSession) throws -> [[String: Any]] {
    try session.dunstctl("close-all")
    usleep(200_000)
    return try session.history()
  }

  func ledger(_ bin: Binary) throws -> [[String: Any]] {
    let path = bin.home + "/state/reminders/ledger.json"
    guard FileManager.default.fileExists(atPath: path) else { return [] }
    let root = try #require(try json(String(contentsOfFile: path, encoding: .utf8)) as? [String: Any])
    return root["delivered"] as? [[String: Any]] ?? []
  }

  func fallbackEvents(_ bin: Binary) throws -> [[String: Any]] {
    let path = bin.home + "/data/reminders/fallback.ics"
    let (status, stdout, stderr) = try DesktopSession.run(
      "/usr/bin/env", ["python3", ExportTests.repository + "/Tests/icalendar/check_ics.py", path])
    #expect(status == 0, "the independent reader refused \(path): \(stderr)")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    return root["events"] as? [[String: Any]] ?? []
  }

  @Test func dailyReminderArrives() throws {
    let session = try DesktopSession.start()
    defer { session.stop() }
    let bin = try home(session)
    let result = try bin.run("run", "--now", "2026-11-21T08:00:00+09:00")
    #expect(result.status == 0, "\(result.stderr)")
    let notes = try shown(session)
    #expect(notes.count == 1)
    #expect(notes.first?["appname"] as? String == "reminders")
    #expect(notes.first?["summary"] as? String == "Today's reviews: 2 cards")
    #expect(notes.first?["body"] as? String == "JLPT: 1, TOEIC: 1. Streak: 2 days.")
    #expect(try ledger(bin).map { $0["channel"] as? String } == ["popup"])
  }

  @Test func deliveredOnceAcrossRunsAndConcurrentStarts() throws {
    let session = try DesktopSession.start()
    defer { session.stop() }
    let bin = try home(session)
    for _ in 0..<2 { #expect(try bin.run("run", "--now", "2026-11-21T08:00:00+09:00").status == 0) }
    #expect(try shown(session).count == 1)
    // Ten runs started together at 13:00: the recall pop-up (two coalesced topics) goes out once.
    var processes: [Process] = []
    for _ in 0..<10 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Binary.path)
      process.arguments = ["run", "--now", "2026-11-21T13:00:00+09:00"]
      process.environment = bin.environment
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      processes.append(process)
    }
    for process in processes { try process.run() }
    for process in processes { process.waitUntilExit() }
    #expect(processes.allSatisfy { $0.terminationStatus == 0 })
    let notes = try shown(session)
    #expect(notes.count == 2)
    #expect(notes.filter { ($0["summary"] as? String) == "Time to recall: 2 topics" }.count == 1)
    #expect(try ledger(bin).count == 2)
  }

  @Test func doNotDisturbHoldsThenDeliversOnce() throws {
    let session = try DesktopSession.start()
    defer { session.stop() }
    let bin = try home(session)
    try session.dunstctl("set-paused", "true")
    let held = try bin.run("run", "--now", "2026-11-21T08:00:00+09:00")
    #expect(held.status == 0)
    #expect(try session.dunstctl("count", "waiting").trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    #expect(!FileManager.default.fileExists(atPath: bin.home + "/state/reminders/ledger.json"))
    #expect(try bin.run("preview", "--json", "--now", "2026-11-21T09:00:00+09:00").stdout.contains("\"desktop-dnd\""))
    try session.dunstctl("set-paused", "false")
    #expect(try bin.run("run", "--now", "2026-11-21T09:00:00+09:00").status == 0)
    #expect(try bin.run("run", "--now", "2026-11-21T09:01:00+09:00").status == 0)
    let notes = try shown(session)
    #expect(notes.map { $0["summary"] as? String } == ["Today's reviews: 2 cards"])
  }

  @Test func noServerFallsBackToTheCalendarAndIsNotSentAgain() throws {
    let bare = try DesktopSession.start(notificationServer: false)
    let bin = try home(bare)
    let result = try bin.run("run", "--now", "2026-11-21T08:00:00+09:00")
    bare.stop()
    #expect(result.status == 0)
    #expect(result.stderrLines.count == 1)
    #expect(result.stderr.hasPrefix("reminders: daily:2026-11-21 went to the calendar file "))
    #expect(result.stderr.contains("org.freedesktop.DBus.Error.ServiceUnknown"))
    let events = try fallbackEvents(bin)
    #expect(events.map { $0["summary"] as? String } == ["Today's reviews: 2 cards"])
    #expect(events.first?["dtstart"] as? String == "2026-11-20T23:00:00Z")
    #expect(try ledger(bin).map { $0["channel"] as? String } == ["calendar"])
    // Later, with a notification server up, the same reminder is not delivered again.
    let session = try DesktopSession.start()
    defer { session.stop() }
    var again = bin
    again.environment["DBUS_SESSION_BUS_ADDRESS"] = session.busAddress
    #expect(try again.run("run", "--now", "2026-11-21T08:01:00+09:00").status == 0)
    #expect(try shown(session).isEmpty)
  }

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

  @Test func serverThatNeverAnswersFallsBack() throws {
    let session = try DesktopSession.start()
    defer { session.stop() }
    let bin = try home(session)
    let dunst = try #require(session.dunstPID)
    kill(dunst, SIGSTOP)
    defer { kill(dunst, SIGCONT) }
    let result = try bin.run("run", "--now", "2026-11-21T08:00:00+09:00")
    #expect(result.status == 0)
    #expect(result.stderr.contains("did not answer in time"))
    #expect(try fallbackEvents(bin).count == 1)
    #expect(try ledger(bin).map { $0["channel"] as? String } == ["calendar"])
  }

  /// Markup characters in a card's front reach the server escaped, so they show as text.
  @Test func markupIsShownAsText() throws {
    let session = try DesktopSession.start()
    defer { session.stop() }
    let bin = try home(session)
    let id = try bin.run("cards", "add", "<b>&", "markup", "--now", "2026-11-21T08:00:00+09:00").stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    for _ in 0..<2 { #expect(try bin.run("cards", "answer", id, "wrong", "--now", "2026-11-21T09:00:00+09:00").status == 0) }
    #expect(try bin.run("run", "--now", "2026-11-21T08:00:00+09:00").status == 0)
    #expect(try bin.run("run", "--now", "2026-11-21T12:00:00+09:00").status == 0)
    _ = try shown(session)
    #expect(try bin.run("run", "--now", "2026-11-21T13:00:00+09:00").status == 0)
    let recall = try #require(try shown(session).first { ($0["summary"] as? String)?.hasPrefix("Time to recall") == true })
    let body = try #require(recall["body"] as? String)
    #expect(body.contains("&lt;b&gt;&amp;"))
    #expect(!body.contains("<b>"))
  }
}
