import Foundation
import RemindersCore
import RemindersDBus
import RemindersStore

/// The desktop of the user's session: the notification server on the session bus, through
/// libdbus, and do-not-disturb as the server (or GNOME's settings) tells it.
public struct SessionDesktop {
  public let environment: [String: String]

  public init(environment: [String: String]) { self.environment = environment }

  /// Connects and reads do-not-disturb; never throws.
  public func reach() -> DesktopAccess {
    do throws(BusError) {
      let bus = try SessionBus.connect(environment: environment)
      var dnd = bus.doNotDisturb()
      if GnomeBanners.decides(dnd, environment: environment) {
        if let gnome = GnomeBanners.doNotDisturb(environment: environment, server: dnd.server) {
          dnd = gnome
        } else if let server = dnd.server, DoNotDisturbProbe.gnome.matches(server: server) {
          // GNOME Shell, whose setting could not be read (no gsettings, no schema, dconf hung):
          // unknown, and said to be GNOME's, so that `doctor` shows where it looked.
          dnd = DoNotDisturbReading(state: .unknown, probe: .gnome, server: server)
        }
      }
      return .reachable(SessionBusSender(bus: bus), doNotDisturb: dnd)
    } catch {
      return .unreachable(SendFailure(error))
    }
  }

  /// The hints of a reminder's pop-up, the first one and its replacements alike: urgency, and
  /// category `x-reminders.<kind>`; an alarm's is `resident` and names the freedesktop sound
  /// `alarm-clock-elapsed` (docs/alarms.md).
  public static func hints(_ popup: Popup) -> NotificationHints {
    let alarm = popup.kind == .alarm
    return NotificationHints(
      urgency: popup.critical ? .critical : .normal, category: "x-reminders.\(popup.kind.rawValue)",
      resident: alarm, soundName: alarm ? AlarmSoundLoop.soundName : nil)
  }
}

/// `NotificationSender` over a libdbus session bus connection.
public final class SessionBusSender: NotificationSender {
  public let bus: SessionBus

  public init(bus: SessionBus) { self.bus = bus }

  public func show(_ popup: Popup, replacing: UInt32?) throws(SendFailure) -> UInt32 {
    do throws(BusError) {
      return try bus.notify(
        replacesID: replacing ?? 0, summary: popup.title, body: try bodyText(popup.body),
        actions: popup.actions, hints: SessionDesktop.hints(popup), expireTimeout: popup.expireTimeout)
    } catch {
      throw SendFailure(error)
    }
  }

  public func close(_ id: UInt32) throws(SendFailure) {
    do throws(BusError) {
      try bus.closeNotification(id: id)
    } catch {
      throw SendFailure(error)
    }
  }

  public func supportsActions() -> Bool {
    if let known = capabilities { return known.contains("actions") }
    let asked = (try? bus.getCapabilities()) ?? []
    capabilities = asked
    return asked.contains("actions")
  }

  public func serverIdentity() -> String? {
    if let known = identity { return known }
    identity = try? bus.nameOwner(NotificationServer.name)
    return identity
  }

  /// The unique name of the server, once known.
  var identity: String?

  /// The server's capabilities, once asked.
  var capabilities: [String]?

  /// The body as the server should get it: escaped when the server advertises `body-markup`.
  ///
  /// Capabilities are asked only when the text holds `<`, `>` or `&`, the only characters that
  /// escaping changes: most bodies need no extra round trip.
  func bodyText(_ body: String) throws(BusError) -> String {
    guard body.contains(where: { $0 == "<" || $0 == ">" || $0 == "&" }) else { return body }
    return try bus.getCapabilities().contains("body-markup") ? NotificationMarkup.escape(body) : body
  }
}

/// GNOME's do-not-disturb: `org.gnome.desktop.notifications show-banners` false, read with
/// gsettings (GSettings is not a D-Bus question).
enum GnomeBanners {
  /// Whether GSettings decides do-not-disturb, given what the bus said: when the server is GNOME
  /// Shell (it names itself `gnome-shell`), whatever `XDG_CURRENT_DESKTOP` says — the user
  /// manager that starts `run` does not always carry that variable; otherwise only when the
  /// session says GNOME and the server is one no probe knows (a known server, such as dunst,
  /// answers for itself) and its reading is not already on.
  static func decides(_ reading: DoNotDisturbReading, environment: [String: String]) -> Bool {
    if let server = reading.server, DoNotDisturbProbe.gnome.matches(server: server) { return true }
    guard (environment["XDG_CURRENT_DESKTOP"] ?? "").uppercased().contains("GNOME"), reading.state != .on
    else { return false }
    return !DoNotDisturbProbe.allCases.contains { probe in
      reading.server.map { probe.matches(server: $0) } ?? false
    }
  }

  /// The reading from GSettings, for `server`; nil when gsettings is missing, fails or hangs.
  static func doNotDisturb(environment: [String: String], server: String?) -> DoNotDisturbReading? {
    // A few milliseconds when dconf answers; a hung one must not hold the run (and its lock).
    guard let gsettings = ProcessRunner.find("gsettings", environment: environment),
      let result = try? ProcessRunner.run(
        gsettings, ["get", "org.gnome.desktop.notifications", "show-banners"], environment: environment,
        timeout: 2),
      result.succeeded
    else { return nil }
    let on = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "false"
    return DoNotDisturbReading(state: on ? .on : .off, probe: .gnome, server: server)
  }
}
