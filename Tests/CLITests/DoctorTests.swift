import DesktopTestSupport
import Foundation
import Testing

/// `reminders doctor` against a real private bus with dunst, a bus without a notification
/// server, and no bus at all.
@Suite(.serialized) struct DoctorTests {
  func doctor(_ bin: Binary) throws -> (Binary.Result, [String: Any]) {
    let result = try bin.run("doctor", "--json")
    let root = try #require(try json(result.stdout) as? [String: Any], "\(result.stdout)\(result.stderr)")
    return (result, root)
  }

  func home(_ session: DesktopSession?) throws -> Binary {
    var bin = try Binary()
    bin.use(session)
    return bin
  }

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

  @Test func noBusMeansFallbackAndExit1() throws {
    let bin = try home(nil)
    let (result, root) = try doctor(bin)
    #expect(result.status == 1)
    #expect(result.stderr.isEmpty)
    let bus = try #require(root["bus"] as? [String: Any])
    #expect(bus["answers"] as? Bool == false)
    #expect((bus["error"] as? String)?.contains("no session bus") == true)
    #expect(root["server"] is NSNull)
    let verdict = try #require(root["verdict"] as? [String: Any])
    #expect(verdict["delivery"] as? String == "fallback")
    #expect(verdict["exitCode"] as? Int == 1)
    let message = try #require(verdict["message"] as? String)
    #expect(
      message.hasPrefix(
        "reminders will fall back to the calendar file \(bin.home)/data/reminders/fallback.ics: no session bus"
      ))
    let text = try bin.run("doctor")
    #expect(text.status == 1)
    #expect(text.stdout.split(separator: "\n").last == "verdict: \(message)")
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

  /// Every file `run` reads: missing, private, shared, unparsable; doctor writes nothing.
  @Test func filesAreCheckedAndNothingIsWritten() throws {
    let bin = try home(nil)
    try bin.writeConfig("[fallback]\npath = \"\(bin.home)/calendar/mine.ics\"\n")
    chmod(bin.configPath, 0o644)
    try bin.writeDeck("{\"version\": 1, \"cards\": [}")
    chmod(bin.deckPath, 0o600)
    let before = bin.snapshot()
    let (result, root) = try doctor(bin)
    #expect(bin.snapshot() == before)
    #expect(result.status == 1)
    let files = try #require(root["files"] as? [[String: Any]])
    #expect(
      files.map { $0["role"] as? String } == [
        "config", "deck", "ledger", "held", "fallback", "alarms", "dictionary",
      ])
    let config = files[0]
    #expect(config["parses"] as? Bool == true)
    #expect(config["mode"] as? String == "0644")
    #expect(config["private"] as? Bool == false)
    let deck = files[1]
    #expect(deck["readable"] as? Bool == true)
    #expect(deck["parses"] as? Bool == false)
    #expect(deck["mode"] as? String == "0600")
    #expect(deck["private"] as? Bool == true)
    #expect((deck["problem"] as? String)?.hasPrefix("\(bin.deckPath):1:") == true)
    #expect(files[2]["exists"] as? Bool == false)
    // The fallback path follows the config.
    #expect(files[4]["path"] as? String == "\(bin.home)/calendar/mine.ics")
    let verdict = try #require(root["verdict"] as? [String: Any])
    #expect(verdict["delivery"] as? String == "broken")
    #expect((verdict["message"] as? String)?.hasPrefix("reminders run stops on \(bin.deckPath):1:") == true)

    // The same deck, repaired: the verdict is about the bus again.
    try bin.writeDeck("{\"version\": 1, \"cards\": []}")
    let (_, repaired) = try doctor(bin)
    #expect((repaired["verdict"] as? [String: Any])?["delivery"] as? String == "fallback")
  }
}
