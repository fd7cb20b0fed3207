import CLITestSupport
import Foundation
import Testing

/// A real CalDAV server on loopback, started for a test by Tests/harness/caldav-server.sh:
/// Debian's Radicale (htpasswd: learner / s3cret-pass) or Xandikos (no authentication), read and
/// changed by an independent client (PyPI `caldav` and `icalendar`, Tests/caldav/calendar_client.py).
final class CalDAVServer {
  static let script = Programs.repository + "/Tests/harness/caldav-server.sh"
  static let client = Programs.repository + "/Tests/caldav/calendar_client.py"
  static let password = "s3cret-pass"

  let kind: String
  let dir: String
  private(set) var url = ""
  private(set) var port: String?

  init(_ kind: String) throws {
    self.kind = kind
    dir = NSTemporaryDirectory() + "reminders-caldav-\(UUID().uuidString)"
    try start()
  }

  deinit { stop() }

  func start() throws {
    let result = try Programs.run(["bash", Self.script, kind, dir] + (port.map { [$0] } ?? []))
    try #require(result.status == 0, "\(kind) did not start: \(result.stderr)")
    url = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    port = try String(contentsOfFile: dir + "/port", encoding: .utf8).trimmingCharacters(
      in: .whitespacesAndNewlines)
  }

  /// Stops the server (its data stays for a start on the same port).
  func stop() {
    guard let text = try? String(contentsOfFile: dir + "/pid", encoding: .utf8),
      let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    else { return }
    kill(pid, SIGTERM)
    // Until nothing answers on the port.
    for _ in 0..<100 {
      let probe = try? Programs.run(["curl", "-s", "-o", "/dev/null", "--max-time", "1", url])
      if probe?.status != 0 { break }
      usleep(100_000)
    }
    try? FileManager.default.removeItem(atPath: dir + "/pid")
  }

  var user: String { kind == "radicale" ? "learner" : "-" }
  var clientPassword: String { kind == "radicale" ? Self.password : "-" }

  /// The requests `reminders` sent (its User-Agent), as the server logged them.
  var requests: Int {
    let log = [dir + "/log.earlier", dir + "/log"].map {
      (try? String(contentsOfFile: $0, encoding: .utf8)) ?? ""
    }
    .joined(separator: "\n")
    return log.split(separator: "\n").filter {
      kind == "radicale"
        ? $0.contains("request for") && $0.contains("using 'reminders'") : $0.hasSuffix("\"reminders\"")
    }.count
  }

  func client(_ arguments: String...) throws -> Binary.Result {
    try Programs.run([try Programs.venvPython(), Self.client, url, user, clientPassword] + arguments)
  }

  /// The collection's events, as the independent client reads them.
  func events() throws -> [[String: Any]] {
    let listed = try client("list")
    try #require(listed.status == 0, "the client could not list \(url): \(listed.stderr)")
    return try #require(try json(listed.stdout) as? [[String: Any]])
  }
}

/// `[calendar]`: `run` keeps a real CalDAV calendar in step with the plan, and `calendar sync`,
/// `calendar status` and `doctor` say how it stands; `[export] path` keeps a feed fresh.
@Suite struct CalendarTests {
  /// The password's file: what `password_command` prints, outside the folders `reminders` uses.
  let secret = NSTemporaryDirectory() + "reminders-secret-\(UUID().uuidString)"

  func binary(_ server: CalDAVServer, extra: String = "") throws -> Binary {
    let bin = try Binary()
    try (CalDAVServer.password + "\n").write(toFile: secret, atomically: true, encoding: .utf8)
    let auth =
      server.kind == "radicale"
      ? "username = \"learner\"\npassword_command = [\"cat\", \"\(secret)\"]\n" : ""
    try bin.writeConfig(
      "language = \"en\"\n[time]\nzone = \"Asia/Tokyo\"\n[calendar]\nurl = \"\(server.url)\"\n\(auth)\(extra)"
    )
    try bin.writeDeck(fixtureDeck)
    return bin
  }

  /// The feed `export` writes for the calendar's days at `now`, read by `icalendar`.
  func exported(_ bin: Binary, now: String) throws -> [[String: Any]] {
    let feed = bin.home + "/expected.ics"
    let written = try bin.run("export", "--days", "14", "--now", now, "--output", feed)
    try #require(written.status == 0, "\(written.stderr)")
    let read = try Programs.run([
      try Programs.venvPython(), Programs.repository + "/Tests/icalendar/check_ics.py", feed,
    ])
    try #require(read.status == 0, "\(read.stderr)")
    return try #require((try json(read.stdout) as? [String: Any])?["events"] as? [[String: Any]])
  }

  /// The calendar holds exactly the plan's events (plus `kept` and `foreign` UIDs): the same
  /// UIDs, titles and times as `export`, each with its display alarm at its time.
  func expectInStep(
    _ server: CalDAVServer, _ bin: Binary, now: String, kept: Set<String> = [], foreign: Set<String> = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let plan = try exported(bin, now: now)
    let events = try server.events()
    let ours = events.filter {
      !foreign.contains($0["uid"] as? String ?? "") && !kept.contains($0["uid"] as? String ?? "")
    }
    #expect(
      Set(events.compactMap { $0["uid"] as? String })
        == Set(plan.compactMap { $0["uid"] as? String }).union(kept).union(foreign),
      "\(events.map { $0["uid"] ?? "?" }) vs \(plan.map { $0["uid"] ?? "?" })", sourceLocation: sourceLocation
    )
    let utc = ISO8601DateFormatter()
    for event in ours {
      let uid = event["uid"] as? String
      guard let planned = plan.first(where: { $0["uid"] as? String == uid }) else { continue }
      #expect(
        event["summary"] as? String == planned["summary"] as? String, "\(uid ?? "")",
        sourceLocation: sourceLocation)
      let start = (event["dtstart"] as? String).flatMap { utc.date(from: $0) }
      let expected = (planned["dtstart"] as? String).flatMap { utc.date(from: $0) }
      #expect(
        start != nil && start == expected, "\(uid ?? ""): \(event["dtstart"] ?? "")",
        sourceLocation: sourceLocation)
      // One display alarm at the event's time (icalendar writes a zero duration as P0D).
      let alarms = event["alarms"] as? [String] ?? []
      #expect(
        alarms.count == 1 && ["PT0S", "P0D"].contains(alarms.first ?? ""), "\(uid ?? ""): \(alarms)",
        sourceLocation: sourceLocation)
    }
  }

  func uids(_ server: CalDAVServer) throws -> Set<String> {
    Set(try server.events().compactMap { $0["uid"] as? String })
  }

  /// Every file under the binary's folders, and every output: never the password.
  func expectNoPassword(
    _ bin: Binary, outputs: [Binary.Result], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for (path, data) in bin.snapshot() {
      #expect(
        !String(decoding: data, as: UTF8.self).contains(CalDAVServer.password), "\(path)",
        sourceLocation: sourceLocation)
    }
    for output in outputs {
      #expect(
        !(output.stdout + output.stderr).contains(CalDAVServer.password), sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: ["radicale", "xandikos"])
  func runKeepsTheCalendarInStep(kind: String) throws {
    let server = try CalDAVServer(kind)
    let bin = try binary(server)
    var outputs: [Binary.Result] = []
    func run(_ now: String) throws -> Binary.Result {
      let result = try bin.run("run", "--now", now)
      outputs.append(result)
      #expect(result.status == 0, "\(now): \(result.stderr)")
      return result
    }
    // The first run writes the plan: two dailies with cards, the coalesced recall, the rest.
    let first = try run("2026-11-21T06:00:00+09:00")
    #expect(first.stdout.hasPrefix("calendar: "), "\(first.stdout)\(first.stderr)")
    #expect(first.stderr == "")
    try expectInStep(server, bin, now: "2026-11-21T06:00:00+09:00")
    #expect(try uids(server).contains("daily-2026-11-21@reminders"))

    // Idle runs with nothing changed: no request; an hour after the check, one (the listing).
    let afterFirst = server.requests
    for minute in ["01", "02", "30", "59"] {
      #expect(try run("2026-11-21T06:\(minute):00+09:00").stdout == "")
    }
    #expect(server.requests == afterFirst, "idle runs sent requests")
    _ = try run("2026-11-21T07:00:00+09:00")
    #expect(server.requests == afterFirst + 1)

    // Someone else's event is never touched.
    #expect(
      try server.client("put-foreign", "someone-else-1", "Dentist", "2026-11-23T10:00:00+09:00").status == 0)

    // An answer changes the counts of the days it was due on: those events are replaced.
    #expect(
      try bin.run(
        "cards", "answer", "11111111-0000-4000-8000-000000000001", "correct", "--now",
        "2026-11-21T07:05:00+09:00"
      ).status == 0)
    let replaced = try run("2026-11-21T07:06:00+09:00")
    #expect(
      replaced.stdout.hasPrefix("calendar: 0 created, ") && !replaced.stdout.contains(" 0 replaced"),
      "\(replaced.stdout)\(replaced.stderr)")
    try expectInStep(server, bin, now: "2026-11-21T07:06:00+09:00", foreign: ["someone-else-1"])

    // The recall items done before their time: their event is deleted.
    for id in ["r-1", "r-2"] { #expect(try bin.run("recall", "done", id).status == 0) }
    let deleted = try run("2026-11-21T07:08:00+09:00")
    #expect(deleted.stdout.hasSuffix("1 deleted\n"), "\(deleted.stdout)\(deleted.stderr)")
    try expectInStep(server, bin, now: "2026-11-21T07:08:00+09:00", foreign: ["someone-else-1"])

    // An event of ours edited through the client (its ETag changes): the next check finds it and
    // writes ours over it (a 412 on the ETag we knew, read again, written).
    #expect(try server.client("edit", "daily-2026-11-22@reminders", "Edited elsewhere").status == 0)
    _ = try run("2026-11-21T08:05:00+09:00")
    // 08:00's daily was delivered (to the fallback file: no desktop here): it left the plan after
    // its time and stays in the calendar.
    try expectInStep(
      server, bin, now: "2026-11-21T08:05:00+09:00", kept: ["daily-2026-11-21@reminders"],
      foreign: ["someone-else-1"])
    #expect(
      try server.events().first { $0["uid"] as? String == "daily-2026-11-22@reminders" }?["summary"]
        as? String
        != "Edited elsewhere")

    // Kept seven days after its time, then deleted.
    _ = try run("2026-11-28T07:59:00+09:00")
    #expect(try uids(server).contains("daily-2026-11-21@reminders"))
    _ = try run("2026-11-28T08:01:00+09:00")
    #expect(!(try uids(server).contains("daily-2026-11-21@reminders")))
    #expect(try uids(server).contains("someone-else-1"))

    // `calendar status` reads the state only.
    let before = server.requests
    let status = try bin.run("calendar", "status")
    #expect(
      status.status == 0 && status.stdout.contains("Calendar: \(server.url)"),
      "\(status.stdout)\(status.stderr)")
    #expect(status.stdout.contains("Problem: none"))
    #expect(server.requests == before)
    expectNoPassword(bin, outputs: outputs + [status])
  }

  /// Server down: `run` says it once and exits 0, `calendar sync` exits 69; nothing is lost: the
  /// first run after the server is back writes what changed meanwhile.
  @Test func aServerStoppedAndStartedAgain() throws {
    let server = try CalDAVServer("radicale")
    let bin = try binary(server)
    #expect(try bin.run("run", "--now", "2026-11-21T06:00:00+09:00").status == 0)
    server.stop()
    #expect(
      try bin.run(
        "cards", "answer", "11111111-0000-4000-8000-000000000001", "correct", "--now",
        "2026-11-21T06:05:00+09:00"
      ).status == 0)
    let down = try bin.run("run", "--now", "2026-11-21T06:06:00+09:00")
    #expect(down.status == 0)
    #expect(down.stderrLines.count == 1 && down.stderr.contains("cannot be reached"), "\(down.stderr)")
    #expect(down.stderr.hasPrefix("reminders: calendar \(server.url): "))
    // Said once: the next run within the wait sends nothing and says nothing. (`calendar sync`
    // fails too, and counts as a try: the next run waits 2 minutes after it.)
    let quiet = try bin.run("run", "--now", "2026-11-21T06:06:30+09:00")
    #expect(quiet.status == 0 && quiet.stderr == "")
    let sync = try bin.run("calendar", "sync", "--now", "2026-11-21T06:06:40+09:00")
    #expect(sync.status == 69 && sync.stderrLines.count == 1, "\(sync.stderr)")
    let doctor = try bin.run("doctor")
    #expect(doctor.stdout.contains("cannot be reached"), "\(doctor.stdout)")
    try server.start()
    let back = try bin.run("run", "--now", "2026-11-21T06:10:00+09:00")
    #expect(back.status == 0 && back.stderr == "", "\(back.stderr)")
    #expect(back.stdout.hasPrefix("calendar: ") && !back.stdout.contains(" 0 replaced"), "\(back.stdout)")
    try expectInStep(server, bin, now: "2026-11-21T06:10:00+09:00")
  }

  /// A wrong password: said once by `run` (exit 0), tried again at most hourly (no request in
  /// between), `calendar sync` exits 77, `doctor` says it and exits 1; put right, it syncs.
  @Test func aWrongPassword() throws {
    let server = try CalDAVServer("radicale")
    let bin = try binary(server)
    try "not-the-password\n".write(toFile: secret, atomically: true, encoding: .utf8)
    let refused = try bin.run("run", "--now", "2026-11-21T06:00:00+09:00")
    #expect(refused.status == 0)
    #expect(refused.stderrLines.count == 1 && refused.stderr.contains("HTTP 401"), "\(refused.stderr)")
    let requests = server.requests
    for minute in ["01", "30", "59"] {
      let again = try bin.run("run", "--now", "2026-11-21T06:\(minute):00+09:00")
      #expect(again.status == 0 && again.stderr == "", "\(again.stderr)")
    }
    #expect(server.requests == requests)
    let sync = try bin.run("calendar", "sync", "--now", "2026-11-21T06:40:00+09:00")
    #expect(sync.status == 77 && sync.stderr.contains("HTTP 401"), "\(sync.status) \(sync.stderr)")
    let doctor = try bin.run("doctor")
    #expect(
      doctor.status == 1 && doctor.stdout.contains("refused the user name or password"), "\(doctor.stdout)")
    try (CalDAVServer.password + "\n").write(toFile: secret, atomically: true, encoding: .utf8)
    let fixed = try bin.run("calendar", "sync", "--now", "2026-11-21T06:41:00+09:00")
    #expect(fixed.status == 0 && fixed.stdout.contains("in step"), "\(fixed.stdout)\(fixed.stderr)")
    try expectInStep(server, bin, now: "2026-11-21T06:41:00+09:00")
    expectNoPassword(bin, outputs: [refused, sync, doctor, fixed])
  }

  /// The password command's output is read to its first line, within 64 KB: one that prints its
  /// password and then goes on printing is stopped and its password used; one that prints 50 MB
  /// with no line break is stopped there and said, and nothing of it is kept.
  @Test func aPasswordCommandIsReadToItsFirstLine() throws {
    let server = try CalDAVServer("radicale")
    let bin = try Binary()
    func config(_ command: String) throws {
      try bin.writeConfig(
        "[time]\nzone = \"Asia/Tokyo\"\n[calendar]\nurl = \"\(server.url)\"\nusername = \"learner\"\n"
          + "password_command = [\"sh\", \"-c\", \"\(command)\"]\n")
    }
    try bin.writeDeck(fixtureDeck)
    try config("head -c 50000000 /dev/zero | tr '\\\\0' a")
    let endless = try bin.run("calendar", "sync", "--now", "2026-11-21T06:00:00+09:00", "--lang", "en")
    #expect(endless.status == 69, "\(endless.stderr)")
    #expect(endless.stderr.contains("sh: no line in the first 64 KB it printed"), "\(endless.stderr)")
    #expect(!endless.stderr.contains("aaaa"))
    try config("echo \(CalDAVServer.password); yes more")
    let chatty = try bin.run("calendar", "sync", "--now", "2026-11-21T06:01:00+09:00")
    #expect(chatty.status == 0 && chatty.stdout.contains("in step"), "\(chatty.stdout)\(chatty.stderr)")
    try expectInStep(server, bin, now: "2026-11-21T06:01:00+09:00")
  }

  /// `calendar sync --dry-run` says what it would write and writes nothing; without `[calendar]`
  /// `calendar sync` and `status` are usage errors.
  @Test func dryRunAndNoCalendar() throws {
    let server = try CalDAVServer("xandikos")
    let bin = try binary(server)
    let dry = try bin.run("calendar", "sync", "--dry-run", "--now", "2026-11-21T06:00:00+09:00")
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(dry.stdout.contains("would create  2026-11-21 08:00  Today's reviews: 2 cards"), "\(dry.stdout)")
    #expect(dry.stdout.contains("Dry run, nothing written: "))
    #expect(try server.events().isEmpty)
    let real = try bin.run("calendar", "sync", "--now", "2026-11-21T06:00:00+09:00")
    #expect(real.stdout.contains("created  2026-11-21 08:00  Today's reviews: 2 cards"), "\(real.stdout)")
    try expectInStep(server, bin, now: "2026-11-21T06:00:00+09:00")
    try bin.writeConfig("[time]\nzone = \"Asia/Tokyo\"\n")
    for command in [["calendar", "sync"], ["calendar", "status"]] {
      let none = try bin.run(command)
      #expect(none.status == 64 && none.stderr.contains("calendar.url"), "\(none.stderr)")
    }
  }

  /// `[export] path`: `run` rewrites the feed when the plan changed, and only then.
  @Test func theFeedIsKeptFresh() throws {
    let bin = try Binary()
    let feed = bin.home + "/served/reminders.ics"
    try FileManager.default.createDirectory(atPath: bin.home + "/served", withIntermediateDirectories: true)
    try bin.writeConfig("[time]\nzone = \"Asia/Tokyo\"\n[export]\npath = \"\(feed)\"\n")
    try bin.writeDeck(fixtureDeck)
    #expect(try bin.run("run", "--now", "2026-11-21T06:00:00+09:00").status == 0)
    let read = { () throws -> [[String: Any]] in
      let result = try Programs.run([
        try Programs.venvPython(), Programs.repository + "/Tests/icalendar/check_ics.py", feed,
      ])
      try #require(result.status == 0, "\(result.stderr)")
      return try #require((try json(result.stdout) as? [String: Any])?["events"] as? [[String: Any]])
    }
    let first = try read()
    let expected = try exported(bin, now: "2026-11-21T06:00:00+09:00")
    #expect(first.compactMap { $0["uid"] as? String } == expected.compactMap { $0["uid"] as? String })
    let inode = try FileManager.default.attributesOfItem(atPath: feed)[.systemFileNumber] as? Int
    #expect(try bin.run("run", "--now", "2026-11-21T06:01:00+09:00").status == 0)
    #expect(try FileManager.default.attributesOfItem(atPath: feed)[.systemFileNumber] as? Int == inode)
    #expect(
      try bin.run(
        "cards", "answer", "11111111-0000-4000-8000-000000000001", "correct", "--now",
        "2026-11-21T06:05:00+09:00"
      ).status == 0)
    #expect(try bin.run("run", "--now", "2026-11-21T06:06:00+09:00").status == 0)
    #expect(try FileManager.default.attributesOfItem(atPath: feed)[.systemFileNumber] as? Int != inode)
    let after = try read()
    let daily = after.first { $0["uid"] as? String == "daily-2026-11-21@reminders" }
    #expect(daily?["summary"] as? String == "Today's reviews: 1 card", "\(after)")
    // A feed that cannot be written (a file where its folder should be): said once, exit 0, tried
    // again when the inputs change.
    try "not a folder".write(toFile: bin.home + "/gone", atomically: true, encoding: .utf8)
    try bin.writeConfig(
      "[time]\nzone = \"Asia/Tokyo\"\n[export]\npath = \"\(bin.home)/gone/reminders.ics\"\n")
    let failed = try bin.run("run", "--now", "2026-11-21T06:07:00+09:00")
    #expect(
      failed.status == 0 && failed.stderrLines.count == 1 && failed.stderr.contains("/gone"),
      "\(failed.stderr)")
    let quiet = try bin.run("run", "--now", "2026-11-21T06:08:00+09:00")
    #expect(quiet.status == 0 && quiet.stderr == "", "\(quiet.stderr)")
  }

  /// Events the server will not take (their UIDs held by another app's resources, as after a feed
  /// was imported into the calendar): each said on its own line, the summary says the calendar is
  /// not in step, and the exit is 1, not the "in step" of a sync that wrote nothing.
  @Test(arguments: ["radicale", "xandikos"])
  func eventsTheServerWillNotTake(kind: String) throws {
    let server = try CalDAVServer(kind)
    let bin = try binary(server)
    let now = "2026-11-21T06:00:00+09:00"
    let planned = try exported(bin, now: now).compactMap { $0["uid"] as? String }
    try #require(!planned.isEmpty)
    for (i, uid) in planned.enumerated() {
      let put = try server.client(
        "put-foreign-as", "imported-\(i).ics", uid, "Imported", "2026-11-21T08:00:00+09:00")
      try #require(put.status == 0, "\(put.stderr)")
    }
    let sync = try bin.run("calendar", "sync", "--now", now)
    #expect(sync.status == 1, "\(sync.stdout)\(sync.stderr)")
    #expect(!sync.stdout.contains("is in step with the plan"), "\(sync.stdout)")
    #expect(
      sync.stdout.contains(
        "The calendar is not in step with the plan: the server did not take \(planned.count) events"),
      "\(sync.stdout)")
    #expect(
      sync.stderrLines.filter { $0.contains("not taken by the server (HTTP ") }.count == planned.count,
      "\(sync.stderr)")
  }

  /// A server whose answer no HTTP parser takes (a control byte in a header): said as an answer
  /// that is no CalDAV answer, not as a server that cannot be reached.
  @Test func anAnswerThatIsNotHTTP() throws {
    let folder = NSTemporaryDirectory() + "reminders-broken-http-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    server.arguments = [Programs.repository + "/Tests/harness/broken-http-server.py", folder + "/port"]
    try server.run()
    defer {
      // SIGKILL: the test runner's threads block SIGTERM, and a child keeps that mask.
      kill(server.processIdentifier, SIGKILL)
      server.waitUntilExit()
    }
    var port = ""
    for _ in 0..<100 where port.isEmpty {
      port = (try? String(contentsOfFile: folder + "/port", encoding: .utf8)) ?? ""
      if port.isEmpty { usleep(50_000) }
    }
    try #require(!port.isEmpty, "the broken server did not start")
    let bin = try Binary()
    try bin.writeConfig(
      "[time]\nzone = \"Asia/Tokyo\"\n[calendar]\nurl = \"http://127.0.0.1:\(port)/cal/\"\n")
    try bin.writeDeck(fixtureDeck)
    for lang in ["en", "ja"] {
      let sync = try bin.run("calendar", "sync", "--now", "2026-11-21T06:00:00+09:00", "--lang", lang)
      #expect(sync.status == 69, "\(sync.stderr)")
      #expect(sync.stderrLines.count == 1, "\(sync.stderr)")
      #expect(
        sync.stderr.contains(lang == "en" ? "not an HTTP answer" : "HTTP の応答ではありません"), "\(sync.stderr)")
      #expect(!sync.stderr.contains(lang == "en" ? "cannot be reached" : "接続できません"), "\(sync.stderr)")
    }
  }
}
