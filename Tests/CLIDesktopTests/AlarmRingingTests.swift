import CLITestSupport
import DesktopTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// An alarm ringing on a real desktop (docs/alarms.md): a private dbus-daemon, Xvfb and dunst, the
/// `Notify` calls read with `dbus-monitor`. It rings outside the window, in quiet hours and
/// while dunst is paused, as a critical, resident pop-up naming the sound `alarm-clock-elapsed`;
/// it comes back after a close (seen by `reminders watch`), never twice on screen; a missed
/// minute is caught up. Stopping it at its place is in AlarmPlaceTests (GeoClue, as root).
@Suite(.serialized) struct AlarmRingingTests {
  /// A scratch home on `session` with the config of AlarmCommandTests (window 09:00–18:00, quiet
  /// hours 06:00–09:00), a sound script, and an alarm at 07:00 every day.
  static func ringingHome(_ session: DesktopSession) throws -> (Binary, String, record: String) {
    var (bin, id) = try AlarmCommandTests.withAlarm()
    let (script, record) = try AlarmCommandTests.soundScript(bin)
    try bin.writeConfig(AlarmCommandTests.config + "\nsound = [\"\(script)\"]\n")
    bin.use(session)
    return (bin, id, record)
  }

  /// Ends the sounds the ledger names, and the groups of the players the sound script recorded
  /// (a ring stopped or superseded no longer names its group, and a loop whose shell is gone
  /// names none): a test that fails half way must not leave one playing.
  static func silence(_ bin: Binary) {
    for group in (try? AlarmCommandTests.soundGroups(bin)) ?? [] { kill(-group, SIGKILL) }
    for pid in AlarmCommandTests.soundPIDs(AlarmCommandTests.soundRecord(bin))
    where AlarmCommandTests.isSoundPlayer(pid) {
      let group = getpgid(pid)
      if group > 1 && group != getpgrp() { kill(-group, SIGKILL) }
      kill(pid, SIGKILL)
    }
  }

  /// A `Notify` call with its blanks squeezed, so that hints read as `string "urgency" variant byte 2`.
  static func squeezed(_ call: String) -> String {
    call.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  func displayed(_ session: DesktopSession) throws -> Int {
    Int(try session.dunstctl("count", "displayed").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
  }

  func ringEntry(_ bin: Binary, _ id: String) throws -> [String: Any]? {
    try ActionTests().entry(bin, id)
  }

  /// 07:00 is before the window and in quiet hours, and dunst is paused for a second alarm at
  /// 07:30: both ring at their time, critical, resident, with the sound's name and the alarm
  /// category.
  @Test func itRingsOutsideTheWindowInQuietHoursAndDoNotDisturb() throws {
    let session = try DesktopSession.start()
    defer { session.stop() }
    let monitor = try ActionTests.NotifyCalls(session)
    defer { monitor.stop() }
    let (bin, id, record) = try AlarmRingingTests.ringingHome(session)
    defer { AlarmRingingTests.silence(bin) }
    let run = try bin.run("run", "--now", "2026-11-23T07:00:00+09:00")
    #expect(
      run.status == 0 && run.stdout.contains("popup alarm:\(id):2026-11-23: Alarm: Office"),
      "\(run.stdout)\(run.stderr)")
    try waitFor("the Notify call") { monitor.calls.count == 1 }
    let call = AlarmRingingTests.squeezed(try #require(monitor.calls.first))
    for part in [
      "string \"Alarm: Office\"", "string \"urgency\" variant byte 2",
      "string \"resident\" variant boolean true",
      "string \"sound-name\" variant string \"alarm-clock-elapsed\"",
      "string \"category\" variant string \"x-reminders.alarm\"",
      "string \"desktop-entry\" variant string \"io.github.reminders.Reminders\"",
      "int32 0",
    ] {
      #expect(call.contains(part), "Notify lacks \(part):\n\(call)")
    }
    try waitFor("the pop-up") { try displayed(session) == 1 }
    try waitFor("the sound") { AlarmCommandTests.soundPIDs(record).count == 1 }

    try session.dunstctl("set-paused", "true")
    defer { _ = try? session.dunstctl("set-paused", "false") }
    let evening = try bin.addAlarm(
      "Station", "--at", "07:30", "--place", AlarmCommandTests.station, "--now",
      "2026-11-23T07:10:00+09:00")
    #expect(evening.status == 0)
    #expect(try bin.run("run", "--now", "2026-11-23T07:30:00+09:00").status == 0)
    try waitFor("the Notify call during do-not-disturb") {
      monitor.calls.contains { $0.contains("Alarm: Station") }
    }
    let paused = AlarmRingingTests.squeezed(
      try #require(monitor.calls.first { $0.contains("Alarm: Station") }))
    #expect(paused.contains("string \"urgency\" variant byte 2"))
    try waitFor("both sounds") { AlarmCommandTests.soundPIDs(record).count == 2 }
    try session.dunstctl("set-paused", "false")
    try session.dunstctl("close-all")
  }

  /// Closed while it rings: `reminders watch` sees the close, and the next `run` shows it anew
  /// (`replaces_id` 0); while it is on screen nothing is sent. Without the watch each run shows
  /// it again in place of the last (`replaces_id`, same server): never two on screen.
  @Test func itComesBackAfterAClose() throws {
    let session = try DesktopSession.start()
    defer { session.stop() }
    let monitor = try ActionTests.NotifyCalls(session)
    defer { monitor.stop() }
    let (bin, id, _) = try AlarmRingingTests.ringingHome(session)
    defer { AlarmRingingTests.silence(bin) }
    let watch = try WatchProcess(bin)
    let ring = "alarm:\(id):2026-11-23"
    #expect(try bin.run("run", "--now", "2026-11-23T07:00:00+09:00").status == 0)
    try waitFor("the pop-up") { try displayed(session) == 1 }
    _ = try #require(try ringEntry(bin, ring)?["notificationId"] as? Int)
    #expect(try ringEntry(bin, ring)?["onScreen"] as? Bool == true)
    // The server that gave the id, by its unique bus name.
    #expect((try ringEntry(bin, ring)?["server"] as? String)?.hasPrefix(":") == true)
    #expect(try bin.run("run", "--now", "2026-11-23T07:01:00+09:00").stdout.isEmpty)
    #expect(monitor.calls.count == 1)

    try session.dunstctl("close")
    try waitFor("the watch to see the close") { try ringEntry(bin, ring)?["onScreen"] as? Bool == false }
    let again = try bin.run("run", "--now", "2026-11-23T07:02:00+09:00")
    #expect(again.stdout.contains("ringing again \(ring): Alarm: Office"), "\(again.stdout)\(again.stderr)")
    try waitFor("the second Notify") { monitor.calls.count == 2 }
    // Known closed: shown anew (replaces_id 0), never in place of an id the server may have reused.
    #expect(AlarmRingingTests.squeezed(monitor.calls[1]).contains("string \"reminders\" uint32 0 "))
    try waitFor("the pop-up back") { try displayed(session) == 1 }

    watch.stop()
    for minute in 3...4 {
      #expect(try bin.run("run", "--now", "2026-11-23T07:0\(minute):00+09:00").status == 0)
    }
    try waitFor("two more Notify calls") { monitor.calls.count == 4 }
    #expect(try displayed(session) == 1)
    try session.dunstctl("close-all")
  }

  /// Nothing ran at 07:00 (the machine slept): the 07:03 run rings it, `catch-up`; the day after,
  /// a ring missed all day is listed as missed and never rung.
  @Test func aMissedMinuteIsCaughtUpAndAMissedDayIsListed() throws {
    let session = try DesktopSession.start()
    defer { session.stop() }
    let monitor = try ActionTests.NotifyCalls(session)
    defer { monitor.stop() }
    let (bin, id, _) = try AlarmRingingTests.ringingHome(session)
    defer { AlarmRingingTests.silence(bin) }
    let preview = try #require(
      try json(bin.run("preview", "--json", "--now", "2026-11-23T07:03:00+09:00").stdout) as? [String: Any])
    #expect((preview["reminders"] as? [[String: Any]])?.first?["reason"] as? String == "catch-up")
    let run = try bin.run("run", "--now", "2026-11-23T07:03:00+09:00")
    #expect(run.stdout.contains("popup alarm:\(id):2026-11-23"), "\(run.stdout)\(run.stderr)")
    try waitFor("the Notify call") { monitor.calls.count == 1 }

    let list = try #require(
      try json(bin.run("alarm", "list", "--json", "--now", "2026-11-25T08:00:00+09:00").stdout)
        as? [String: Any])
    let alarm = try #require((list["alarms"] as? [[String: Any]])?.first)
    #expect(alarm["missed"] as? [String] == ["2026-11-24T07:00:00+09:00"])
    let text = try bin.run("alarm", "list", "--now", "2026-11-25T08:00:00+09:00")
    #expect(text.stdout.contains("ringing since 2026-11-23 Mon 07:03"), "\(text.stdout)")
    try session.dunstctl("close-all")
  }
}

/// The sound under the units `timer install` writes (a private user manager,
/// Tests/harness/user-manager.sh): `reminders.service` is a oneshot unit, whose leftover
/// processes the manager ends when `run` exits, so the sound is started in a scope of its own;
/// it plays after the service has finished, and the next run that ends the ring ends it.
@Suite struct AlarmUnitTests {
  @Test(.enabled(if: getuid() == 0, "a private user manager needs a mount namespace: run as root"))
  func theSoundOutlivesTheTimersRun() throws {
    var (bin, _) = try AlarmCommandTests.withAlarm()
    let (script, record) = try AlarmCommandTests.soundScript(bin)
    try bin.writeConfig(AlarmCommandTests.config + "\nsound = [\"\(script)\"]\n")
    defer { AlarmRingingTests.silence(bin) }
    // An alarm this minute (in the day zone, Tokyo), set at the start of the day: the service's
    // run rings it at once. Not across midnight.
    var tokyo = Calendar(identifier: .gregorian)
    tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")!
    while tokyo.component(.hour, from: Date()) == 23 && tokyo.component(.minute, from: Date()) >= 58 {
      sleep(5)
    }
    let now = tokyo.dateComponents([.year, .month, .day, .hour, .minute], from: Date())
    let day = String(format: "%04d-%02d-%02d", now.year!, now.month!, now.day!)
    let added = try bin.addAlarm(
      "Now", "--at", String(format: "%02d:%02d", now.hour!, now.minute!), "--date", day,
      "--place", AlarmCommandTests.station, "--now", "\(day)T00:00:00+09:00")
    #expect(added.status == 0, "\(added.stderr)")
    try "{\"version\": 1, \"alarms\": []}\n".write(
      toFile: bin.home + "/data/reminders/alarms.json.empty", atomically: true, encoding: .utf8)

    let runtime = try Programs.privateFolder()
    bin.environment["XDG_RUNTIME_DIR"] = runtime
    let steps = """
      "$0" timer install > /dev/null
      systemctl --user start reminders.service
      # The loop starts the script a moment after run has seen it in its scope.
      for i in $(seq 600); do [ -s "$1" ] && break; sleep 0.1; done
      echo "== after the first run"
      for pid in $(cat "$1"); do cat /proc/$pid/cgroup; done
      cp "$2.empty" "$2"
      systemctl --user start reminders.service
      echo "== after the second run"
      systemctl --user list-units --type=scope --all --no-legend --no-pager | grep reminders-alarm || true
      "$0" timer uninstall > /dev/null
      """
    let result = try Programs.run(
      [
        "unshare", "--mount", "--propagation", "private", "bash",
        Programs.repository + "/Tests/harness/user-manager.sh", runtime, "bash", "-c", steps,
        Binary.realPath, record, bin.home + "/data/reminders/alarms.json",
      ], environment: bin.environment)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let parts = result.stdout.components(separatedBy: "== after the second run\n")
    try #require(parts.count == 2, "\(result.stdout)\(result.stderr)")
    #expect(
      parts[0].contains("0::/app.slice/reminders-alarm-") && parts[0].contains(".scope"), "\(result.stdout)")
    #expect(!parts[1].contains("running"), "\(result.stdout)")
    let pid = try #require(AlarmCommandTests.soundPIDs(record).first)
    #expect(!AlarmCommandTests.isAlive(pid))
  }
}
