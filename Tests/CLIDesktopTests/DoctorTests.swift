import CLITestSupport
import DesktopTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `reminders doctor` against a real private bus with dunst, and a bus without a notification
/// server (no bus at all: DoctorTests in CLITests).
@Suite(.serialized) struct DoctorTests: DoctorFixtures {
  /// Whether actions will work here: dunst offers them; then the watch and a terminal decide.
  @Test func actionsNeedTheWatchAndATerminal() throws {
    let session = try DesktopSession.start()
    defer { session.stop() }
    var bin = try home(session)
    try bin.writeConfig("[review]\nterminal = [\"\(bin.home)/no-terminal\"]\n")
    bin.use(session)
    let actions = { () throws -> [String: Any] in try #require(try doctor(bin).1["actions"] as? [String: Any])
    }
    var found = try actions()
    #expect(found["serverOffers"] as? Bool == true)
    #expect(found["watchRuns"] as? Bool == false && found["terminal"] is NSNull)
    #expect(found["available"] as? Bool == false)
    #expect(
      found["message"] as? String
        == "pop-ups carry no buttons (reminders watch is not running; no terminal found (set review.terminal in the config))"
    )
    try bin.writeConfig("[review]\nterminal = [\"/bin/sh\", \"-c\"]\n")
    let watch = try WatchProcess(bin)
    defer { watch.stop() }
    found = try actions()
    #expect(found["available"] as? Bool == true && found["terminal"] as? [String] == ["/bin/sh", "-c"])
    let ja = try bin.run("doctor", "--lang", "ja")
    #expect(ja.stdout.contains("使えます: 「今すぐ復習」は /bin/sh -c で reminders review を開きます"))
  }

  @Test func dunstAnswersAndPopUpsWillBeDelivered() throws {
    let session = try DesktopSession.start()
    defer { session.stop() }
    let bin = try home(session)
    let (result, root) = try doctor(bin)
    #expect(result.status == 0, "\(result.stderr)")
    let bus = try #require(root["bus"] as? [String: Any])
    #expect(bus["address"] as? String == session.busAddress)
    #expect(bus["source"] as? String == "DBUS_SESSION_BUS_ADDRESS")
    #expect(bus["answers"] as? Bool == true)
    let server = try #require(root["server"] as? [String: Any])
    #expect(server["name"] as? String == "dunst")
    #expect(server["vendor"] as? String == "knopwob")
    #expect((server["version"] as? String)?.isEmpty == false)
    #expect(server["specVersion"] as? String == "1.2")
    let capabilities = try #require(root["capabilities"] as? [String])
    #expect(capabilities.contains("actions"))
    #expect(capabilities.contains("body-markup"))
    let dnd = try #require(root["doNotDisturb"] as? [String: Any])
    #expect(dnd["state"] as? String == "off")
    #expect(dnd["probe"] as? String == "dunst")
    #expect((dnd["readFrom"] as? String)?.hasPrefix("property org.dunstproject.cmd0.paused of ") == true)
    let verdict = try #require(root["verdict"] as? [String: Any])
    #expect(verdict["delivery"] as? String == "popup")
    #expect(verdict["exitCode"] as? Int == 0)
    #expect((verdict["message"] as? String)?.hasPrefix("pop-ups will be delivered by dunst ") == true)
    let timer = try #require(root["timer"] as? [String: Any])
    #expect(timer["installed"] as? Bool == false)

    // Paused: reminders are held, not lost, so pop-ups still come (exit 0), and doctor says so.
    try session.dunstctl("set-paused", "true")
    let (paused, pausedRoot) = try doctor(bin)
    #expect(paused.status == 0)
    #expect((pausedRoot["doNotDisturb"] as? [String: Any])?["state"] as? String == "on")
    #expect(
      ((pausedRoot["verdict"] as? [String: Any])?["message"] as? String)?.contains("do-not-disturb is on")
        == true)

    let text = try bin.run("doctor")
    #expect(text.status == 0)
    let lines = text.stdout.split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("server ") && $0.contains("dunst") })
    #expect(lines.last?.hasPrefix("verdict: pop-ups will be delivered by dunst") == true)
  }

  @Test func noNotificationServerMeansFallback() throws {
    let bare = try DesktopSession.start(notificationServer: false)
    defer { bare.stop() }
    let (result, root) = try doctor(try home(bare))
    #expect(result.status == 1)
    #expect((root["bus"] as? [String: Any])?["answers"] as? Bool == true)
    let server = try #require(root["server"] as? [String: Any])
    #expect(server["answers"] as? Bool == false)
    #expect((server["error"] as? String)?.contains("org.freedesktop.DBus.Error.ServiceUnknown") == true)
    #expect((root["verdict"] as? [String: Any])?["delivery"] as? String == "fallback")
  }
}
