import CLITestSupport
import DesktopTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `reminders run` against a real private dbus-daemon and dunst under Xvfb.
@Suite(.serialized) struct RunTests: RunFixtures {
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
    #expect(notes.first?["body"] as? String == "1 new. JLPT: 1, TOEIC: 1. Streak: 2 days.")
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
    #expect(try count(session, "waiting") == 0)
    #expect(!FileManager.default.fileExists(atPath: bin.home + "/state/reminders/ledger.json"))
    #expect(
      try bin.run("preview", "--json", "--now", "2026-11-21T09:00:00+09:00").stdout.contains(
        "\"desktop-dnd\""))
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
    for _ in 0..<2 {
      #expect(try bin.run("cards", "answer", id, "wrong", "--now", "2026-11-21T09:00:00+09:00").status == 0)
    }
    #expect(try bin.run("run", "--now", "2026-11-21T08:00:00+09:00").status == 0)
    #expect(try bin.run("run", "--now", "2026-11-21T12:00:00+09:00").status == 0)
    _ = try shown(session)
    #expect(try bin.run("run", "--now", "2026-11-21T13:00:00+09:00").status == 0)
    let recall = try #require(
      try shown(session).first { ($0["summary"] as? String)?.hasPrefix("Time to recall") == true })
    let body = try #require(recall["body"] as? String)
    #expect(body.contains("&lt;b&gt;&amp;"))
    #expect(!body.contains("<b>"))
  }

  // MARK: - The daily pop-up still on screen, with `reminders watch`

  /// Card ids of the fixture deck: two due on 2026-11-21 (JLPT, TOEIC).
  let jlpt = "11111111-0000-4000-8000-000000000001"
  let toeic = "11111111-0000-4000-8000-000000000002"

  /// How many notifications dunst has in `queue` (`displayed`, `waiting`, `history`).
  func count(_ session: DesktopSession, _ queue: String) throws -> Int {
    Int(try session.dunstctl("count", queue).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
  }

  /// A fresh session and home with `reminders watch` beside them, after the 08:00 run showed the
  /// daily pop-up.
  func withWatchedDailyPopUp(_ body: (DesktopSession, Binary, WatchProcess) throws -> Void) throws {
    let session = try DesktopSession.start()
    defer { session.stop() }
    let bin = try home(session)
    let watch = try WatchProcess(bin)
    defer { watch.stop() }
    let shown = try bin.run("run", "--now", "2026-11-21T08:00:00+09:00")
    #expect(shown.status == 0 && shown.stdout == "popup daily:2026-11-21: Today's reviews: 2 cards\n")
    try body(session, bin, watch)
  }

  func daily(_ bin: Binary) throws -> [String: Any] {
    try #require(try ledger(bin).first { $0["id"] as? String == "daily:2026-11-21" })
  }

  @Test func dailyPopUpStillOnScreenIsReplacedInPlaceThenClosed() throws {
    try withWatchedDailyPopUp { session, bin, watch in
      #expect(try daily(bin)["onScreen"] as? Bool == true)
      let id = try #require(try daily(bin)["notificationId"] as? Int)
      // Nothing changed: nothing is sent.
      #expect(try bin.run("run", "--now", "2026-11-21T08:01:00+09:00").stdout == "")

      #expect(
        try bin.run("cards", "answer", toeic, "correct", "--now", "2026-11-21T08:02:00+09:00").status == 0)
      let updated = try bin.run("run", "--now", "2026-11-21T08:03:00+09:00")
      #expect(updated.status == 0 && updated.stderr == "")
      #expect(updated.stdout == "updated daily:2026-11-21: Today's reviews: 1 card\n")
      #expect(try count(session, "displayed") == 1)
      #expect(try daily(bin)["notificationId"] as? Int == id)
      #expect(try daily(bin)["title"] as? String == "Today's reviews: 1 card")
      #expect(try daily(bin)["updatedAt"] as? String == "2026-11-21T08:03:00+09:00")
      // Once is enough: the next run finds the text current.
      #expect(try bin.run("run", "--now", "2026-11-21T08:04:00+09:00").stdout == "")

      // The last card answered: the pop-up goes away rather than saying "0 cards".
      #expect(
        try bin.run("cards", "answer", jlpt, "correct", "--now", "2026-11-21T08:05:00+09:00").status == 0)
      #expect(
        try bin.run("run", "--now", "2026-11-21T08:06:00+09:00").stdout
          == "closed daily:2026-11-21: no card left to review\n")
      #expect(try count(session, "displayed") == 0)
      #expect(try daily(bin)["onScreen"] as? Bool == false)
      #expect(try daily(bin)["closedBecause"] as? String == "no card left to review")
      // dunst kept one notification under one id, with the last text it was given.
      let notes = try session.history()
      #expect(notes.count == 1)
      #expect(notes.first?["id"] as? Int == id)
      #expect(notes.first?["summary"] as? String == "Today's reviews: 1 card")
      #expect(notes.first?["body"] as? String == "Streak: 3 days.")
    }
  }

  @Test func closedPopUpIsNotShownAgain() throws {
    try withWatchedDailyPopUp { session, bin, watch in
      try session.dunstctl("close")
      try waitFor("the watch to record the close") { try daily(bin)["onScreen"] as? Bool == false }
      #expect(try daily(bin)["closedBecause"] as? String == "dismissed by the user")
      // The watch says so after it has saved the ledger: wait for the line as well.
      try waitFor("the watch to say so") {
        watch.output.contains("The pop-up of daily:2026-11-21 (notification ")
      }
      #expect(
        try bin.run("cards", "answer", toeic, "correct", "--now", "2026-11-21T08:02:00+09:00").status == 0)
      let result = try bin.run("run", "--now", "2026-11-21T08:03:00+09:00")
      #expect(result.status == 0 && result.stdout == "" && result.stderr == "")
      #expect(try count(session, "displayed") == 0)
      #expect(try count(session, "waiting") == 0)
      #expect(try session.history().map { $0["summary"] as? String } == ["Today's reviews: 2 cards"])
    }
  }

  /// During do-not-disturb nothing is sent, updates included; the first run after it updates.
  @Test func doNotDisturbDefersTheUpdate() throws {
    try withWatchedDailyPopUp { session, bin, watch in
      try session.dunstctl("set-paused", "true")
      #expect(
        try bin.run("cards", "answer", toeic, "correct", "--now", "2026-11-21T08:02:00+09:00").status == 0)
      #expect(try bin.run("run", "--now", "2026-11-21T08:03:00+09:00").stdout == "")
      #expect(try daily(bin)["title"] as? String == "Today's reviews: 2 cards")
      try session.dunstctl("set-paused", "false")
      #expect(
        try bin.run("run", "--now", "2026-11-21T08:04:00+09:00").stdout
          == "updated daily:2026-11-21: Today's reviews: 1 card\n")
      #expect(try shown(session).map { $0["summary"] as? String } == ["Today's reviews: 1 card"])
    }
  }

  /// Without the watch nobody can tell whether the pop-up is still shown: it is left alone.
  @Test func withoutTheWatchAPopUpIsNeverTouched() throws {
    let session = try DesktopSession.start()
    defer { session.stop() }
    let bin = try home(session)
    #expect(try bin.run("run", "--now", "2026-11-21T08:00:00+09:00").status == 0)
    #expect(try daily(bin)["onScreen"] as? Bool == false)
    #expect(
      try bin.run("cards", "answer", toeic, "correct", "--now", "2026-11-21T08:02:00+09:00").status == 0)
    #expect(try bin.run("run", "--now", "2026-11-21T08:03:00+09:00").stdout == "")
    #expect(try shown(session).map { $0["summary"] as? String } == ["Today's reviews: 2 cards"])

    // Shown while a watch ran that has since died: it may have missed the close.
    let again = try home(session)
    let watch = try WatchProcess(again)
    #expect(try again.run("run", "--now", "2026-11-21T08:00:00+09:00").status == 0)
    #expect(try daily(again)["onScreen"] as? Bool == true)
    watch.stop()
    #expect(
      try again.run("cards", "answer", toeic, "correct", "--now", "2026-11-21T08:02:00+09:00").status == 0)
    #expect(try again.run("run", "--now", "2026-11-21T08:03:00+09:00").stdout == "")
    #expect(try daily(again)["closedBecause"] as? String == "reminders watch stopped")
    // dunst's history: the first home's pop-up and this one, each as first shown.
    #expect(
      try shown(session).map { $0["summary"] as? String } == [
        "Today's reviews: 2 cards", "Today's reviews: 2 cards",
      ])
  }

  /// A watch that starts (again) vouches for nothing shown before it; one per state folder; none
  /// without a bus.
  @Test func watchStartsFromNothingAndRunsOncePerStateFolder() throws {
    let session = try DesktopSession.start()
    defer { session.stop() }
    let bin = try home(session)
    let first = try WatchProcess(bin)
    #expect(try bin.run("run", "--now", "2026-11-21T08:00:00+09:00").status == 0)
    let second = try bin.run("watch")
    #expect(second.status == 75)
    #expect(
      second.stderr.hasSuffix(
        "/state/reminders/watch.lock: another reminders watch runs for this state folder\n"))
    first.stop()
    let restarted = try WatchProcess(bin)
    defer { restarted.stop() }
    #expect(try daily(bin)["onScreen"] as? Bool == false)
    #expect(try daily(bin)["closedBecause"] as? String == "reminders watch started")

    let locked = try DesktopSession.start(monitors: false)
    defer { locked.stop() }
    let refused = try home(locked).run("watch")
    #expect(refused.status == 77)
    #expect(refused.stderrLines.count == 1)
    #expect(refused.stderr.contains("org.freedesktop.DBus.Error.AccessDenied"), "\(refused.stderr)")

    let alone = try home(nil)
    let result = try alone.run("watch")
    #expect(result.status == 69)
    #expect(result.stderrLines.count == 1)
    #expect(result.stderr.hasPrefix("reminders: cannot watch notifications: no session bus"))
  }

  /// Stopping dunst (the server goes away) takes every pop-up off screen.
  @Test func serverGoingAwayTakesPopUpsOffScreen() throws {
    try withWatchedDailyPopUp { session, bin, watch in
      kill(try #require(session.dunstPID), SIGTERM)
      try waitFor("the watch to see dunst go") { try daily(bin)["onScreen"] as? Bool == false }
      #expect(try daily(bin)["closedBecause"] as? String == "the notification server changed")
    }
  }
}
