import CLITestSupport
import DesktopTestSupport
import Foundation
import Testing

/// What the adapters say (the session bus, the CalDAV calendar and its helper) comes from the
/// catalogue: under `--lang ja` the whole line is Japanese, but for what it quotes.
@Suite struct AdapterLanguageTests {
  /// No session bus to look for at all: `run` falls back to the calendar file and says why.
  @Test func noSessionBusIsSaidInJapanese() throws {
    func home() throws -> Binary {
      var bin = try Binary.withFixture()
      bin.environment["DBUS_SESSION_BUS_ADDRESS"] = nil
      bin.environment["XDG_RUNTIME_DIR"] = nil
      return bin
    }
    let japanese = try home().run("run", "--lang", "ja", "--now", "2026-11-21T08:00:00+09:00")
    #expect(japanese.status == 0, "\(japanese.stderr)")
    #expect(
      japanese.stderr.contains(
        "に書きました: セッションバスがありません（DBUS_SESSION_BUS_ADDRESS も XDG_RUNTIME_DIR も設定されていません）"),
      "\(japanese.stderr)")
    #expect(!japanese.stderr.contains("session bus"), "\(japanese.stderr)")
    let english = try home().run("run", "--lang", "en", "--now", "2026-11-21T08:00:00+09:00")
    #expect(
      english.stderr.contains("no session bus (neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set)"),
      "\(english.stderr)")
  }

  /// A calendar server that refuses the connection (nothing listens on the port): the helper's
  /// fault comes back typed, and `calendar sync` says it in the session's language.
  @Test func anUnreachableCalendarIsSaidInJapanese() throws {
    let bin = try Binary()
    try bin.writeConfig("[time]\nzone = \"Asia/Tokyo\"\n[calendar]\nurl = \"http://127.0.0.1:9/cal/\"\n")
    try bin.writeDeck(fixtureDeck)
    let japanese = try bin.run("calendar", "sync", "--lang", "ja", "--now", "2026-11-21T06:00:00+09:00")
    #expect(japanese.status == 69, "\(japanese.stderr)")
    #expect(
      japanese.stderr
        == "reminders: カレンダー http://127.0.0.1:9/cal/: サーバーに接続できません（接続を拒否されました）\n",
      "\(japanese.stderr)")
    let english = try bin.run("calendar", "sync", "--lang", "en", "--now", "2026-11-21T06:01:00+09:00")
    #expect(
      english.stderr
        == "reminders: calendar http://127.0.0.1:9/cal/: the server cannot be reached (connection refused)\n",
      "\(english.stderr)")
    // Kept as a fault, not as words: `calendar status` says it in either language.
    let status = try bin.run("calendar", "status", "--lang", "ja")
    #expect(status.stdout.contains("からの問題: サーバーに接続できません（接続を拒否されました）"), "\(status.stdout)")
  }

  /// The helper started by hand says, in the locale's language, that it is not for people.
  @Test func theHelperStartedByHandSaysSoInJapanese() throws {
    let helper = URL(fileURLWithPath: Binary.realPath).deletingLastPathComponent().path + "/reminders-caldav"
    let (status, _, stderr) = try DesktopSession.run(helper, [], environment: ["LANG": "ja_JP.UTF-8"])
    #expect(status == 64)
    #expect(stderr == "reminders-caldav: reminders が起動するための補助プログラムです\n")
  }
}
