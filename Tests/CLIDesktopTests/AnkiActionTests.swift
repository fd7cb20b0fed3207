import CLITestSupport
import DesktopTestSupport
import Foundation
import TestFolders
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The daily pop-up that counts Anki's cards opens Anki (config `anki.command`) when clicked, not
/// `reminders review`. Real dbus-daemon, Xvfb and dunst, with `reminders watch` running.
@Suite struct AnkiActionTests {
  @Test func reviewNowOpensAnki() throws {
    let built = try AnkiScenarios.build(zone: "Asia/Tokyo", only: ["overdue"])
    defer { built.remove() }
    let scenario = try #require(built.scenarios.first)
    let session = try DesktopSession.start()
    defer { session.stop() }
    let scratch = try TemporaryFolder.make("reminders-anki")
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    func recorder(_ name: String) throws -> (script: String, record: String) {
      let script = scratch + "/" + name
      let record = scratch + "/" + name + ".started"
      try "#!/bin/sh\nprintf '%s\\n' \"$0\" \"$@\" > \(record).tmp && mv \(record).tmp \(record)\n".write(
        toFile: script, atomically: true, encoding: .utf8)
      chmod(script, 0o755)
      return (script, record)
    }
    let anki = try recorder("anki")
    let terminal = try recorder("terminal")
    var bin = try ankiHome(
      collection: scenario.collection, zone: "Asia/Tokyo",
      extra:
        "command = [\"\(anki.script)\", \"--profile\", \"User 1\"]\n[review]\nterminal = [\"\(terminal.script)\"]\n"
    )
    bin.use(session)
    #expect(try bin.run("doctor").stdout.contains("Review now starts Anki: \(anki.script)"))
    let watch = try WatchProcess(bin)
    defer { watch.stop() }
    let now = rfc3339(try #require(scenario.checks.first).now, zone: "Asia/Tokyo")
    #expect(try bin.run("run", "--now", now).status == 0)
    try waitFor("the pop-up") {
      (Int(try session.dunstctl("count", "displayed").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0)
        == 1
    }
    try session.dunstctl("action", "0")
    try waitFor("Anki to start") { FileManager.default.fileExists(atPath: anki.record) }
    let arguments = try String(contentsOfFile: anki.record, encoding: .utf8).split(separator: "\n").map(
      String.init)
    #expect(arguments == [anki.script, "--profile", "User 1"])
    #expect(!FileManager.default.fileExists(atPath: terminal.record), "reminders review was started too")
    try waitFor("the pop-up to close") {
      (Int(try session.dunstctl("count", "displayed").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 1)
        == 0
    }
  }
}
