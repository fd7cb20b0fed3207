import DesktopTestSupport
import Foundation
import RemindersDBus
import RemindersDesktop
import Testing

/// Real-bus tests: a private dbus-daemon with dunst (under Xvfb) as the notification server.
@Suite(.serialized, .desktopSession)
struct DunstTests {
  let session: DesktopSession
  let dunstPID: pid_t
  let bus: SessionBus

  init() throws {
    let session = try #require(DesktopSession.current, "the .desktopSession trait did not start a session")
    self.session = session
    dunstPID = try #require(session.dunstPID, "the session has no dunst")
    bus = try SessionBus.connect(environment: ["DBUS_SESSION_BUS_ADDRESS": session.busAddress])
  }

  @Test func serverInformationAndCapabilities() throws {
    #expect(bus.address == session.busAddress)
    #expect(bus.uniqueName.hasPrefix(":"))

    let server = try bus.getServerInformation()
    #expect(server.name == "dunst")
    #expect(!server.specVersion.isEmpty)

    let capabilities = try bus.getCapabilities()
    #expect(capabilities.contains("actions"))
    #expect(capabilities.contains("body-markup"))
  }

  @Test func notificationArrivesWithItsTexts() throws {
    let token = UUID().uuidString
    let id = try bus.notify(
      summary: "Today's reviews: 3 cards \(token)",
      body: "TOEIC 2, JLPT 1 — streak 5",
      hints: NotificationHints(urgency: .normal, category: "reminder"))
    #expect(id > 0)

    // dunst lists a notification in its history only once it has closed.
    try session.dunstctl("close-all")
    let entry = try #require(try historyEntry(id: id), "notification \(id) is not in dunst's history")
    #expect(entry["summary"] as? String == "Today's reviews: 3 cards \(token)")
    #expect(entry["body"] as? String == "TOEIC 2, JLPT 1 — streak 5")
    #expect(entry["appname"] as? String == "reminders")
    #expect(entry["category"] as? String == "reminder")
  }

  @Test func closeNotificationClosesIt() throws {
    let id = try bus.notify(summary: "to be closed", body: "", expireTimeout: 0)
    #expect(try !session.history().contains { ($0["id"] as? Int) == Int(id) })
    try bus.closeNotification(id: id)
    #expect(try historyEntry(id: id) != nil)
  }

  @Test func markupEscapedBodyArrivesLiterally() throws {
    let body = NotificationMarkup.escape("a < b & \"c\"")
    #expect(body == "a &lt; b &amp; &quot;c&quot;")
    let id = try bus.notify(summary: "markup", body: body)
    try session.dunstctl("close-all")
    let entry = try #require(try historyEntry(id: id))
    #expect(entry["body"] as? String == body)
  }

  @Test func pausedDunstReadsAsDoNotDisturb() throws {
    #expect(bus.doNotDisturb() == DoNotDisturbReading(state: .off, probe: .dunst, server: "dunst"))

    try session.dunstctl("set-paused", "true")
    defer { _ = try? session.dunstctl("set-paused", "false") }

    let paused = try bus.getProperty(
      destination: NotificationServer.name, path: NotificationServer.path,
      interface: "org.dunstproject.cmd0", name: "paused")
    #expect(paused == .bool(true))
    let reading = bus.doNotDisturb()
    #expect(reading == DoNotDisturbReading(state: .on, probe: .dunst, server: "dunst"))
    #expect(reading.description == "on (server dunst; read from dunst)")

    // While paused, dunst queues what it gets instead of showing it.
    _ = try bus.notify(summary: "held back while paused")
    let waiting = try session.dunstctl("count", "waiting").trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(Int(waiting) ?? 0 >= 1)

    // dunst has no Plasma-style `Inhibited` property.
    #expect(throws: BusError.self) { try bus.readDoNotDisturb(.plasma) }
  }

  @Test func nameWithoutOwnerIsServiceUnknown() throws {
    let nobody = "org.example.reminders.Nobody"
    #expect(try bus.nameHasOwner(nobody) == false)
    #expect(try bus.nameHasOwner(NotificationServer.name) == true)

    // Allowed to activate, the bus finds no service file (this bus has none at all).
    let activating = try #require(throws: BusError.self) {
      try bus.getProperty(
        destination: nobody, path: "/org/example", interface: "org.example.X", name: "Y", autoStart: true)
    }
    #expect(activating.name == .serviceUnknown)
    // Not allowed to (the default for property reads), it says so more directly.
    let plain = try #require(throws: BusError.self) {
      try bus.getProperty(destination: nobody, path: "/org/example", interface: "org.example.X", name: "Y")
    }
    #expect(plain.name == .nameHasNoOwner)
  }

  @Test func invalidNamesAreErrorsNotCrashes() throws {
    let error = try #require(throws: BusError.self) {
      try bus.getProperty(destination: "not a name", path: "relative", interface: "x", name: "y")
    }
    #expect(error.name == .invalidArgs)
    let nul = try #require(throws: BusError.self) { try bus.notify(summary: "a\u{0}b") }
    #expect(nul.name == .invalidArgs)
    // Found on this side, it is a fault for the catalogue to say, not a sentence of the adapter's.
    #expect(nul.fault == .nulCharacter(member: "Notify") && nul.message.isEmpty)
    let gnome = try #require(throws: BusError.self) { try bus.readDoNotDisturb(.gnome) }
    #expect(
      gnome.failure == BusFailure(name: "org.freedesktop.DBus.Error.Failed", fault: .doNotDisturbInGSettings))
  }

  @Test func stoppedServerTimesOutWithNoReply() throws {
    try #require(kill(dunstPID, SIGSTOP) == 0)
    defer { kill(dunstPID, SIGCONT) }

    // dunst still owns the name, so the bus delivers the call; nobody answers it.
    let error = try #require(throws: BusError.self) {
      try bus.notify(summary: "nobody will answer", timeout: .milliseconds(1000))
    }
    #expect(error.name == .noReply)

    let reading = bus.doNotDisturb(timeout: .milliseconds(300))
    #expect(reading.state == .unknown)
    #expect(reading.server == nil)

    kill(dunstPID, SIGCONT)
    #expect(try bus.getServerInformation().name == "dunst")
  }

  /// The history entry for notification `id`, waiting briefly for dunst to move it there.
  private func historyEntry(id: UInt32) throws -> [String: Any]? {
    let deadline = Date().addingTimeInterval(2)
    repeat {
      if let entry = try session.history().first(where: { ($0["id"] as? Int) == Int(id) }) {
        return entry
      }
      Thread.sleep(forTimeInterval: 0.05)
    } while Date() < deadline
    return nil
  }
}

/// A bus where nobody serves notifications: what `run` meets when no notification daemon runs.
@Suite(.serialized, .desktopSessionWithoutNotificationServer)
struct NoNotificationServerTests {
  let bus: SessionBus

  init() throws {
    let session = try #require(DesktopSession.current, "the trait did not start a session")
    bus = try SessionBus.connect(address: session.busAddress, environment: [:])
  }

  @Test func notifyFailsWithServiceUnknown() throws {
    #expect(try bus.nameHasOwner(NotificationServer.name) == false)
    let error = try #require(throws: BusError.self) { try bus.notify(summary: "nobody shows this") }
    #expect(error.name == .serviceUnknown)
    let info = try #require(throws: BusError.self) { try bus.getServerInformation() }
    #expect(info.name == .serviceUnknown)
  }

  @Test func doNotDisturbIsUnknown() {
    let reading = bus.doNotDisturb()
    #expect(reading == DoNotDisturbReading(state: .unknown, probe: nil, server: nil))
    #expect(
      reading.description == "unknown (no notification server answered; no do-not-disturb probe answered)")
  }
}
