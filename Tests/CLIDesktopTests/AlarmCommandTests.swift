import CLITestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `reminders alarm` without a location (docs/alarms.md): adding from anywhere, the list, the file
/// (0600, unknown fields kept, a bad one never overwritten: 65), usage errors (64), no system
/// bus (69, with the words of docs/alarms.md#the-place-gate-geoclue2), the rings `run` starts and
/// the sound it plays, and `preview`, `export` and `status` with alarms. The place gate against a
/// real GeoClue is in AlarmPlaceTests.
@Suite struct AlarmCommandTests {
  /// Window 09:00–18:00 and quiet hours 06:00–09:00: an alarm at 07:00 is outside both.
  static let config = """
    [time]
    zone = "Asia/Tokyo"
    [window]
    start = "09:00"
    end = "18:00"
    [quiet]
    hours = ["06:00-09:00"]
    [alarm]
    location_timeout = "3s"
    """

  static let station = "35.681236,139.767125"

  /// A scratch home with the config and an alarm at 07:00 every day, set on 2026-11-22.
  static func withAlarm(sound: String? = nil) throws -> (Binary, String) {
    var bin = try Binary()
    bin.use(nil)
    try bin.writeConfig(config + (sound.map { "\nsound = [\"\($0)\"]\n" } ?? ""))
    let added = try bin.addAlarm(
      "Office", "--at", "07:00", "--place", station, "--days", "mon,tue,wed,thu,fri,sat,sun",
      "--now", "2026-11-22T12:00:00+09:00")
    #expect(added.status == 0, "\(added.stderr)")
    let id = try #require(added.stdout.split(separator: " ").dropFirst(2).first.map(String.init))
    return (bin, id)
  }

  var alarmsPath: (Binary) -> String { { $0.home + "/data/reminders/alarms.json" } }

  @Test func addAndList() throws {
    let (bin, id) = try AlarmCommandTests.withAlarm()
    #expect(id.count == 8)
    let path = alarmsPath(bin)
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    let list = try bin.run("alarm", "list", "--now", "2026-11-23T06:00:00+09:00")
    #expect(list.status == 0)
    #expect(list.stdout.contains(id) && list.stdout.contains("Office") && list.stdout.contains("every day"))
    #expect(list.stdout.contains("2026-11-23 Mon 07:00") && !list.stdout.contains("FROM HERE"))
    let ja = try bin.run("alarm", "list", "--lang", "ja", "--now", "2026-11-23T06:00:00+09:00")
    #expect(ja.stdout.contains("毎日") && ja.stdout.contains("次の鳴動"))

    let root = try #require(
      try json(bin.run("alarm", "list", "--json", "--now", "2026-11-23T06:00:00+09:00").stdout)
        as? [String: Any])
    let alarm = try #require((root["alarms"] as? [[String: Any]])?.first)
    #expect(alarm["id"] as? String == id && alarm["at"] as? String == "07:00")
    #expect(alarm["days"] as? [String] == ["sun", "mon", "tue", "wed", "thu", "fri", "sat"])
    #expect((alarm["place"] as? [String: Any])?["latitude"] as? Double == 35.681236)
    #expect(alarm["radius"] as? Int == 100 && alarm["enabled"] as? Bool == true)
    #expect(alarm["nextRing"] as? String == "2026-11-23T07:00:00+09:00")
    #expect(alarm["distance"] is NSNull && root["location"] is NSNull && alarm["ringing"] is NSNull)

    // A one-time alarm: --date, or the next time the clock shows --at.
    let once = try bin.addAlarm(
      "Dentist", "--at", "06:00", "--place", "35.6,139.7", "--radius", "250",
      "--now", "2026-11-23T06:30:00+09:00")
    #expect(once.status == 0 && once.stdout.contains("on 2026-11-24 at 06:00"), "\(once.stdout)")
    // South and west: the value starts with a minus sign.
    let sydney = try bin.addAlarm("Harbour", "--at", "07:00", "--place", "-33.8688,-151.2093")
    #expect(sydney.status == 0 && sydney.stdout.contains("place -33.8688,-151.2093"), "\(sydney.stderr)")
  }

  /// Fields a newer version wrote survive an add.
  @Test func unknownFieldsAreKept() throws {
    let (bin, id) = try AlarmCommandTests.withAlarm()
    let path = alarmsPath(bin)
    var text = try String(contentsOfFile: path, encoding: .utf8)
    text = text.replacingOccurrences(
      of: "\"version\": 1", with: "\"theme\": {\"dark\": true},\n  \"version\": 1")
    text = text.replacingOccurrences(of: "\"id\": \"\(id)\"", with: "\"id\": \"\(id)\", \"tone\": 3")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(try bin.addAlarm("Gym", "--at", "18:00", "--place", "35,139").status == 0)
    let after = try String(contentsOfFile: path, encoding: .utf8)
    #expect(after.contains("\"theme\": {\"dark\": true}") && after.contains("\"tone\": 3"))
  }

  @Test(arguments: [
    ["alarm", "add", "X", "--at", "7", "--place", station],
    ["alarm", "add", "X", "--at", "07:00", "--place", "35.6"],
    ["alarm", "add", "X", "--at", "07:00", "--place", "91,0"],
    ["alarm", "add", "X", "--at", "07:00"],
    ["alarm", "add", "X", "--at", "07:00", "--place", station, "--radius", "0"],
    ["alarm", "add", "X", "--at", "07:00", "--place", station, "--days", "mon", "--date", "2027-01-01"],
    ["alarm", "add", "X", "--at", "07:00", "--place", station, "--days", "monday"],
    ["alarm", "add", "X", "--at", "07:00", "--place", station, "--date", "2026-11-22"],
    ["alarm", "add", "", "--at", "07:00", "--place", station],
    ["alarm", "edit", "nope"],
    ["alarm", "edit", "nope", "--enable", "--disable"],
    ["alarm", "edit", "nope", "--name", "Y"],
    ["alarm", "delete", "nope"],
    ["alarm", "edit", "ID", "--date", "2026-11-22"],
    ["alarm", "stop", "nope"],
  ])
  func badUsage(arguments: [String]) throws {
    let (bin, id) = try AlarmCommandTests.withAlarm()
    let before = try String(contentsOfFile: alarmsPath(bin), encoding: .utf8)
    // (A bad --date is found before any location is asked for: without a system bus that would be 69.)
    let result = try bin.run(arguments.map { $0 == "ID" ? id : $0 } + ["--now", "2026-11-23T06:00:00+09:00"])
    #expect(result.status == 64, "\(arguments): \(result.stderr)")
    #expect(result.stderrLines.count == 1 && result.stderr.hasPrefix("reminders: "), "\(result.stderr)")
    #expect(try String(contentsOfFile: alarmsPath(bin), encoding: .utf8) == before)
  }

  /// A torn or wrong alarm file: every alarm command stops with 65 naming the file and the place,
  /// and the file stays as it was; `run` says so and goes on delivering the rest.
  @Test func aBadAlarmFileIsNeverOverwritten() throws {
    let (bin, _) = try AlarmCommandTests.withAlarm()
    try bin.writeDeck(fixtureDeck)
    let path = alarmsPath(bin)
    for torn in ["{\"version\": 1, \"alarms\": [{\"id\": \"a", "{\"version\": 1, \"alarms\": [{\"id\": 3}]}"]
    {
      try torn.write(toFile: path, atomically: true, encoding: .utf8)
      for arguments in [
        ["alarm", "list"], ["alarm", "add", "X", "--at", "07:00", "--place", AlarmCommandTests.station],
        ["alarm", "stop"], ["alarm", "delete", "abcd"],
      ] {
        let result = try bin.run(arguments)
        #expect(result.status == 65, "\(arguments): \(result.stderr)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains(path), "\(result.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == torn)
      }
    }
    #expect(try bin.run("alarm", "list").stderr.contains("alarms[0].id: expected a string"))
    let run = try bin.run("run", "--now", "2026-11-21T09:00:00+09:00")
    #expect(run.status == 0 && run.stderr.contains(path) && run.stdout.contains("daily:2026-11-21"))
  }

  /// No system bus at all: the gate cannot pass; 69 with the words of
  /// docs/alarms.md#the-place-gate-geoclue2 (and why).
  @Test(arguments: [
    ("en", "Could not get your location. Check your settings."), ("ja", "位置情報の取得に失敗しました。設定を確認してください"),
  ])
  func noSystemBusIsNoLocation(lang: String, message: String) throws {
    let (bin, id) = try AlarmCommandTests.withAlarm()
    let before = try String(contentsOfFile: alarmsPath(bin), encoding: .utf8)
    for arguments in [["alarm", "edit", id, "--name", "Y"], ["alarm", "delete", id]] {
      let started = Date()
      let result = try bin.run(arguments + ["--lang", lang])
      #expect(result.status == 69 && result.stderr.hasPrefix("reminders: \(message)"), "\(result.stderr)")
      #expect(result.stderrLines.count == 1 && Date().timeIntervalSince(started) < 3)
    }
    #expect(try String(contentsOfFile: alarmsPath(bin), encoding: .utf8) == before)
    // Nothing rings: nothing to stop, and no location is asked for.
    let stop = try bin.run("alarm", "stop", "--lang", lang)
    #expect(stop.status == 0 && stop.stderr.isEmpty)
  }

  /// `preview` lists the rings (outside the window and in quiet hours, at their time); the
  /// calendar feed leaves them out (a calendar could not stop one at its place); `status` lists
  /// today's.
  @Test func previewExportAndStatus() throws {
    let (bin, id) = try AlarmCommandTests.withAlarm()
    let plan = try #require(
      try json(bin.run("preview", "--json", "--now", "2026-11-23T06:00:00+09:00").stdout) as? [String: Any])
    let rings = (plan["reminders"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "alarm" }
    #expect(rings.map { $0["id"] as? String } == ["alarm:\(id):2026-11-23", "alarm:\(id):2026-11-24"])
    #expect(
      rings.first?["fireAt"] as? String == "2026-11-23T07:00:00+09:00" && rings.first?["reason"] is NSNull)
    #expect(rings.first?["title"] as? String == "Alarm: Office")
    // Missed at 07:00 (the machine was off): at the next run of the day, catch-up.
    let late = try #require(
      try json(bin.run("preview", "--json", "--now", "2026-11-23T07:03:00+09:00").stdout) as? [String: Any])
    let caughtUp = try #require((late["reminders"] as? [[String: Any]])?.first)
    #expect(
      caughtUp["fireAt"] as? String == "2026-11-23T07:03:00+09:00"
        && caughtUp["reason"] as? String == "catch-up")
    #expect(caughtUp["deferredFrom"] as? String == "2026-11-23T07:00:00+09:00")

    let feed = try bin.run("export", "--output", "-", "--now", "2026-11-23T06:00:00+09:00")
    #expect(feed.status == 0 && !feed.stdout.contains("Office") && !feed.stdout.contains("reminders,alarm"))

    let status = try bin.run("status", "--now", "2026-11-23T06:00:00+09:00")
    #expect(status.stdout.contains("Alarms today: 07:00 Office"), "\(status.stdout)")
    let statusJSON = try #require(
      try json(bin.run("status", "--json", "--now", "2026-11-23T06:00:00+09:00").stdout) as? [String: Any])
    let today = try #require((statusJSON["alarmsToday"] as? [[String: Any]])?.first)
    #expect(today["id"] as? String == id && today["at"] as? String == "2026-11-23T07:00:00+09:00")
    #expect(today["state"] as? String == "upcoming")
  }

  /// A script standing in for the sound player: it records its pid, then plays until killed (or
  /// for `soundSeconds`, so that one a test failed to end does not play on for long).
  static func soundScript(_ bin: Binary) throws -> (script: String, record: String) {
    let script = bin.home + "/sound"
    let record = soundRecord(bin)
    try "#!/bin/sh\necho $$ >> \(record)\nexec sleep \(soundSeconds)\n".write(
      toFile: script, atomically: true, encoding: .utf8)
    chmod(script, 0o755)
    return (script, record)
  }

  /// How long the sound script plays: longer than any test that waits on one sound.
  static let soundSeconds = 90

  /// Where the sound script records its pids.
  static func soundRecord(_ bin: Binary) -> String { bin.home + "/sound-started" }

  /// Whether `pid` is still a sound script's player (`sleep`), not a process that got its pid.
  static func isSoundPlayer(_ pid: pid_t) -> Bool {
    guard let cmdline = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8) else {
      return false
    }
    return cmdline == "sleep\u{0}\(soundSeconds)\u{0}" && isAlive(pid)
  }

  /// The pids a sound script recorded.
  static func soundPIDs(_ record: String) -> [pid_t] {
    ((try? String(contentsOfFile: record, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
      pid_t($0)
    }
  }

  /// The process groups of the sounds the ledger says play (each ring's loop and its player).
  static func soundGroups(_ bin: Binary) throws -> [pid_t] {
    let path = bin.home + "/state/reminders/ledger.json"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    let root = try #require(try json(text) as? [String: Any])
    return (root["delivered"] as? [[String: Any]] ?? []).compactMap {
      ($0["soundProcess"] as? [String: Any])?["group"] as? Int
    }.map { pid_t($0) }
  }

  static func isAlive(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    return !stat[stat.index(after: close)...].hasPrefix(" Z")
  }

  /// Without a desktop the ring goes to the fallback calendar once and its sound plays, started
  /// once while it plays; when its alarm is deleted from the file by hand, the next `run` ends
  /// the ring and the sound.
  @Test func theSoundPlaysUntilTheRingEnds() throws {
    var (bin, _) = try AlarmCommandTests.withAlarm()
    let (script, record) = try AlarmCommandTests.soundScript(bin)
    try bin.writeConfig(AlarmCommandTests.config + "\nsound = [\"\(script)\"]\n")
    bin.use(nil)
    let first = try bin.run("run", "--now", "2026-11-23T07:00:00+09:00")
    #expect(first.status == 0 && first.stdout.contains("calendar alarm:"), "\(first.stdout)\(first.stderr)")
    try waitFor("the sound to start") { AlarmCommandTests.soundPIDs(record).count == 1 }
    let pid = try #require(AlarmCommandTests.soundPIDs(record).first)
    let group = try #require(try AlarmCommandTests.soundGroups(bin).first)
    defer { kill(-group, SIGKILL) }
    defer { AlarmRingingTests.silence(bin) }
    #expect(try bin.run("run", "--now", "2026-11-23T07:01:00+09:00").status == 0)
    usleep(300_000)
    #expect(AlarmCommandTests.soundPIDs(record) == [pid] && AlarmCommandTests.isAlive(pid))
    let calendar = try String(contentsOfFile: bin.home + "/data/reminders/fallback.ics", encoding: .utf8)
    #expect(calendar.components(separatedBy: "BEGIN:VEVENT").count == 2)

    try "{\"version\": 1, \"alarms\": []}\n".write(toFile: alarmsPath(bin), atomically: true, encoding: .utf8)
    let after = try bin.run("run", "--now", "2026-11-23T07:02:00+09:00")
    #expect(
      after.stdout.contains("stopped alarm:") && after.stdout.contains("its alarm was deleted"),
      "\(after.stdout)")
    try waitFor("the sound to end") { !AlarmCommandTests.isAlive(pid) }
  }

  /// `doctor` says whether a location can be had (here: no system bus) and the sound's command;
  /// an alarm file it cannot read is a note in the verdict, not a change of the exit status.
  @Test func doctorRows() throws {
    let (bin, _) = try AlarmCommandTests.withAlarm()
    let text = try bin.run("doctor")
    #expect(text.stdout.contains("location     none (no system bus: "), "\(text.stdout)")
    #expect(text.stdout.contains("alarms       \(alarmsPath(bin)): ok, mode 0600"), "\(text.stdout)")
    let root = try #require(try json(bin.run("doctor", "--json").stdout) as? [String: Any])
    let location = try #require(root["location"] as? [String: Any])
    #expect(location["available"] as? Bool == false && location["accuracy"] is NSNull)
    #expect((location["systemBus"] as? String)?.hasSuffix("/no-system-bus") == true)
    #expect((root["alarmSound"] as? [String: Any])?.keys.sorted() == ["command", "problem"])

    try "{\"version\": 1, \"alarms\": 3}".write(toFile: alarmsPath(bin), atomically: true, encoding: .utf8)
    let broken = try bin.run("doctor")
    #expect(broken.status == text.status)
    #expect(
      broken.stdout.contains("no alarm will ring (\(alarmsPath(bin)): alarms: expected a list of alarms)"),
      "\(broken.stdout)")
  }

  /// `alarm.sound = []`: no sound, said once.
  @Test func noSoundIsSaidOnce() throws {
    var (bin, _) = try AlarmCommandTests.withAlarm()
    try bin.writeConfig(AlarmCommandTests.config + "\nsound = []\n")
    bin.use(nil)
    let first = try bin.run("run", "--now", "2026-11-23T07:00:00+09:00")
    #expect(first.stderr.contains("plays no sound: alarm.sound is [] (no sound)"), "\(first.stderr)")
    let second = try bin.run("run", "--now", "2026-11-23T07:01:00+09:00")
    #expect(!second.stderr.contains("plays no sound"))
  }
}
