import Foundation
import RemindersCore
import RemindersMessages
import TestFolders
import Testing

@testable import RemindersStore

/// `[calendar]` and `[export]` in the config, the calendar's address read by hand, and the state
/// file of the sync (docs/calendar.md).
@Suite struct CalendarSettingsTests {
  @Test(arguments: [
    (
      "https://cloud.example.org/remote.php/dav/calendars/me/reminders/", "https",
      "https://cloud.example.org",
      "cloud.example.org", "/remote.php/dav/calendars/me/reminders/"
    ),
    (
      "HTTPS://Cal.Example.org:8443/me/r", "https", "https://cal.example.org:8443", "cal.example.org",
      "/me/r/"
    ),
    ("http://127.0.0.1:5232", "http", "http://127.0.0.1:5232", "127.0.0.1", "/"),
    ("http://[::1]:5232/u/c/", "http", "http://[::1]:5232", "::1", "/u/c/"),
  ])
  func addresses(url: String, scheme: String, origin: String, host: String, path: String) throws {
    let address = try #require(CalendarSettings.address(url))
    #expect(address == .init(scheme: scheme, origin: origin, host: host, path: path))
  }

  @Test(arguments: [
    "cloud.example.org/dav/", "ftp://host/", "https://", "https:///path", "https://me:pw@host/",
    "https://host/c?x=1", "https://host/c#f", "https://host:99999/", "https://host:/", "https://[::1/",
    "https://host name/",
  ])
  func notAddresses(url: String) {
    #expect(CalendarSettings.address(url) == nil)
  }

  @Test func readsTheKeys() throws {
    let config = try Configuration.parse(
      """
      [calendar]
      url = "https://cloud.example.org/dav/me/reminders"
      username = "me"
      password_command = ["secret-tool", "lookup", "service", "reminders"]
      ca_file = "~/ca.pem"
      days = 30
      [export]
      path = "~/public/reminders.ics"
      """, path: "c.toml", home: "/h")
    let calendar = try #require(config.calendar)
    #expect(calendar.url == "https://cloud.example.org/dav/me/reminders/")
    #expect(calendar.username == "me" && calendar.passwordCommand?.first == "secret-tool")
    #expect(calendar.caFile == "/h/ca.pem" && calendar.days == 30)
    #expect(config.exportPath == "/h/public/reminders.ics")
    #expect(try Configuration.parse("", path: "c.toml", home: "/h").calendar == nil)
  }

  @Test(arguments: [
    ("[calendar]\ndays = 3", "calendar.url"),
    ("[calendar]\nurl = \"http://cloud.example.org/dav/\"", "calendar.url"),
    ("[calendar]\nurl = \"https://me:pw@host/dav/\"", "calendar.url"),
    ("[calendar]\nurl = \"webcal://host/dav/\"", "calendar.url"),
    ("[calendar]\nurl = \"https://host/\"\nusername = \"me\"", "calendar.password_command"),
    ("[calendar]\nurl = \"https://host/\"\npassword_command = [\"pass\"]", "calendar.username"),
    (
      "[calendar]\nurl = \"https://host/\"\nusername = \"me\"\npassword_command = \"pass show x\"",
      "calendar.password_command"
    ),
    ("[calendar]\nurl = \"https://host/\"\ndays = 0", "calendar.days"),
    ("[calendar]\nurl = \"https://host/\"\ndays = 367", "calendar.days"),
    ("[calendar]\nurl = \"https://host/\"\nca_file = \"\"", "calendar.ca_file"),
    ("[calendar]\nurl = \"https://host/\"\npassword = \"x\"", "calendar.password"),
    ("[export]\npath = \"\"", "export.path"),
  ])
  func badValuesNameTheKey(text: String, key: String) {
    #expect {
      try Configuration.parse(text, path: "c.toml", home: "/h")
    } throws: { error in
      guard case .badConfig(_, let named?, _, _) = error as? StoreError else { return false }
      return named == key
    }
  }

  @Test func theStateRoundTripsAndATamperedFileIsNoState() throws {
    let folder = try TemporaryFolder.make("reminders-calendar-state")
    let file = CalendarStateFile(stateDir: folder)
    let clock = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)
    let at = Date(timeIntervalSince1970: 1_795_000_000)
    var state = CalendarState(url: "https://h/c/", fingerprint: "f", syncedAt: at, checkedAt: at)
    state.published["a@reminders"] = PublishedEvent(
      uid: "a@reminders", href: "/c/a@reminders.ics", etag: "\"1\"", revision: "r", fireAt: at)
    state.published["b@reminders"] = PublishedEvent(
      uid: "b@reminders", href: "/c/b@reminders.ics", etag: nil, revision: "s", fireAt: at)
    state.failure = CalendarFailure(
      kind: .refused, detail: "HTTP 401", since: at, lastTry: at, tries: 2, configKey: "k")
    try file.save(state, clock: clock)
    #expect(file.load(url: "https://h/c/") == state)
    // Another calendar: no state of its own.
    #expect(file.load(url: "https://h/other/") == CalendarState(url: "https://h/other/"))
    var bytes = try #require(FileManager.default.contents(atPath: file.path))
    bytes[bytes.count - 3] ^= 1
    try bytes.write(to: URL(fileURLWithPath: file.path))
    #expect(file.load(url: "https://h/c/") == CalendarState(url: "https://h/c/"))
  }

  /// A failure is kept as its fields (`reason`), none of them words of a language; a state file
  /// written before, with the English `detail`, still reads, its words taken back to the failure
  /// they said.
  @Test func aFailureIsKeptAsItsFieldsAndOldStateFilesStillRead() throws {
    let folder = try TemporaryFolder.make("reminders-calendar-failure")
    let file = CalendarStateFile(stateDir: folder)
    let clock = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)
    let at = Date(timeIntervalSince1970: 1_795_000_000)
    var state = CalendarState(url: "https://h/c/")
    state.failure = CalendarFailure(
      problem: .password(.exit(command: "pass", status: 1)), since: at, lastTry: at, tries: 1, configKey: "k")
    try file.save(state, clock: clock)
    #expect(file.load(url: "https://h/c/") == state)
    let text = String(decoding: try #require(FileManager.default.contents(atPath: file.path)), as: UTF8.self)
    #expect(
      text.contains("\"reason\"") && text.contains("\"printed") == false && !text.contains("\"detail\""))

    let stamp = Timestamp.format(at, in: clock)
    for (kind, detail, problem) in [
      ("unreachable", "connection refused", CalendarProblemWord.unreachable(.connectionRefused)),
      ("unreachable", "timeout", .timedOut),
      ("unreachable", "TLS: bad certificate", .unreachable(.tls("bad certificate"))),
      ("refused", "HTTP 403", .refused(403)), ("server", "HTTP 503", .status(503)),
      ("server", "no multistatus in the answer", .badAnswer(.noMultistatus)),
      ("server", "something new", .badAnswer(.said("something new"))),
      ("password", "pass: exit 1", .password(.exit(command: "pass", status: 1))),
      ("password", "pass: no answer in 10 s", .password(.noAnswer(command: "pass", seconds: 10))),
      ("password", "pass: not found", .password(.notFound(command: "pass"))),
    ] {
      let old = """
        {"format":"reminders-calendar-1","url":"https://h/c/","fingerprint":null,"syncedAt":null,\
        "checkedAt":null,"published":[],"failure":{"kind":"\(kind)","detail":"\(detail)",\
        "since":"\(stamp)","lastTry":"\(stamp)","tries":2,"configKey":"k"}}

        """
      try Data(SealedJSON.seal(Array(old.utf8))).write(to: URL(fileURLWithPath: file.path))
      #expect(file.load(url: "https://h/c/").failure?.problem == problem, "\(detail)")
    }
  }
}
