import CLITestSupport
import DesktopTestSupport
import Foundation
import Testing

/// `reminders export`, read back by independent readers: Python's `icalendar` and khal.
@Suite struct ExportTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().path

  /// Runs a program found on PATH: its exit status, stdout and stderr.
  func external(_ argv: [String], environment: [String: String]? = nil) throws -> (Int32, String, String) {
    try DesktopSession.run("/usr/bin/env", argv, environment: environment)
  }

  func exportedEvents(_ bin: Binary, now: String, output: String) throws -> [[String: Any]] {
    let result = try bin.run("export", "--days", "3", "--now", now, "--output", output)
    #expect(result.status == 0, "\(result.stderr)")
    let (status, stdout, stderr) = try external([
      try Programs.venvPython(), ExportTests.repository + "/Tests/icalendar/check_ics.py", output,
    ])
    #expect(status == 0, "the independent reader refused the feed: \(stderr)")
    let root = try #require(try json(stdout) as? [String: Any])
    return try #require(root["events"] as? [[String: Any]])
  }

  /// The events are exactly the reminders `preview` shows, at the same instants; UIDs are stable.
  @Test(arguments: ["en", "ja"])
  func feedMatchesPreview(lang: String) throws {
    let bin = try Binary()
    try bin.writeConfig("language = \"\(lang)\"\n" + tokyoConfig)
    try bin.writeDeck(fixtureDeck)
    let now = "2026-11-21T06:00:00+09:00"
    let feed = bin.home + "/feed.ics"
    let events = try exportedEvents(bin, now: now, output: feed)
    let plan = try #require(
      try json(bin.run("preview", "--json", "--days", "3", "--now", now).stdout) as? [String: Any])
    let reminders = try #require(plan["reminders"] as? [[String: Any]])
    #expect(events.count == reminders.count)
    #expect(events.count >= 3)
    let utc = ISO8601DateFormatter()
    for (event, reminder) in zip(events, reminders) {
      let fireAt = try #require(utc.date(from: reminder["fireAt"] as? String ?? ""))
      #expect(event["dtstart"] as? String == utc.string(from: fireAt))
      #expect(event["summary"] as? String == reminder["title"] as? String)
      #expect(event["description"] as? String == reminder["body"] as? String)
    }
    let mode = try FileManager.default.attributesOfItem(atPath: feed)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    // Exporting the same plan again, and an hour later, keeps every UID.
    let again = try exportedEvents(bin, now: now, output: bin.home + "/again.ics")
    #expect(again.map { $0["uid"] as? String } == events.map { $0["uid"] as? String })
    let later = try exportedEvents(bin, now: "2026-11-21T07:00:00+09:00", output: bin.home + "/later.ics")
    #expect(later.map { $0["uid"] as? String } == events.map { $0["uid"] as? String })
    #expect(Set(events.compactMap { $0["uid"] as? String }).count == events.count)
  }

  /// Drips (`review.drip`) are for this desktop, answered in its pop-up: `preview` lists them,
  /// the feed leaves them out and keeps every other reminder.
  @Test func dripsStayOffTheFeed() throws {
    let bin = try Binary()
    try bin.writeConfig(tokyoConfig + "\n[review]\ndrip = \"45m\"\n")
    try bin.writeDeck(fixtureDeck)
    let now = "2026-11-21T06:00:00+09:00"
    let events = try exportedEvents(bin, now: now, output: bin.home + "/feed.ics")
    let plan = try #require(
      try json(bin.run("preview", "--json", "--days", "3", "--now", now).stdout) as? [String: Any])
    let reminders = try #require(plan["reminders"] as? [[String: Any]])
    let drips = reminders.filter { $0["kind"] as? String == "card" }
    #expect(!drips.isEmpty)
    #expect(events.count == reminders.count - drips.count)
    #expect(!events.contains { ($0["summary"] as? String)?.hasPrefix("Card to review") == true })
  }

  @Test func stdoutIsTheSameFeed() throws {
    let bin = try Binary()
    try bin.writeConfig(tokyoConfig)
    try bin.writeDeck(fixtureDeck)
    let toStdout = try bin.run("export", "--output", "-", "--now", "2026-11-21T06:00:00+09:00")
    #expect(toStdout.status == 0)
    #expect(
      try bin.run("export", "--output", bin.home + "/f.ics", "--now", "2026-11-21T06:00:00+09:00").status == 0
    )
    #expect(toStdout.stdout == (try String(contentsOfFile: bin.home + "/f.ics", encoding: .utf8)))
    #expect(
      toStdout.stdout.hasPrefix("BEGIN:VCALENDAR\r\n") && toStdout.stdout.hasSuffix("END:VCALENDAR\r\n"))
  }

  /// khal, a calendar client, imports the feed and lists its events.
  @Test func khalImportsTheFeed() throws {
    let bin = try Binary()
    try bin.writeConfig(tokyoConfig)
    try bin.writeDeck(fixtureDeck)
    let feed = bin.home + "/feed.ics"
    #expect(
      try bin.run("export", "--days", "2", "--output", feed, "--now", "2026-11-21T06:00:00+09:00").status == 0
    )
    let calendar = bin.home + "/khal/cal"
    try FileManager.default.createDirectory(atPath: calendar, withIntermediateDirectories: true)
    let config = bin.home + "/khal/config"
    try """
    [calendars]
    [[reminders]]
    path = \(calendar)/
    type = calendar
    [locale]
    timeformat = %H:%M
    dateformat = %Y-%m-%d
    longdateformat = %Y-%m-%d
    datetimeformat = %Y-%m-%d %H:%M
    longdatetimeformat = %Y-%m-%d %H:%M
    local_timezone = Asia/Tokyo
    default_timezone = Asia/Tokyo

    """.write(toFile: config, atomically: true, encoding: .utf8)
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_DATA_HOME"] = bin.home + "/khal/data"
    environment["XDG_CONFIG_HOME"] = bin.home + "/khal/config-home"
    let imported = try external(
      ["khal", "-c", config, "import", "--batch", "-a", "reminders", feed], environment: environment)
    #expect(imported.0 == 0, "\(imported.2)")
    let listed = try external(["khal", "-c", config, "list", "2026-11-21", "2d"], environment: environment)
    #expect(listed.0 == 0, "\(listed.2)")
    #expect(listed.1.contains("08:00-08:05 Today's reviews: 2 cards"))
    #expect(listed.1.contains("13:00-13:05 Time to recall: 2 topics"))
    #expect(listed.1.contains("2026-11-22"))
  }
}
