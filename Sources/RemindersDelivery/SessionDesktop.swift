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
      if dnd.state != .on, let gnome = GnomeBanners.doNotDisturb(environment: environment) { dnd = gnome }
      return .reachable(SessionBusSender(bus: bus), doNotDisturb: dnd)
    } catch {
      return .unreachable(SendFailure(error))
    }
  }

  /// The hints of a reminder's pop-up, the first one and its replacements alike: urgency, and
  /// category `x-reminders.<kind>`; an alarm's is `resident` and names the freedesktop sound
  /// `alarm-clock-elapsed` (SPEC §8).
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
/// gsettings (GSettings is not a D-Bus question). Asked only on a GNOME session.
enum GnomeBanners {
  static func doNotDisturb(environment: [String: String]) -> DoNotDisturbReading? {
    guard (environment["XDG_CURRENT_DESKTOP"] ?? "").uppercased().contains("GNOME") else { return nil }
    // A few milliseconds when dconf answers; a hung one must not hold the run (and its lock).
    guard let gsettings = ProcessRunner.find("gsettings", environment: environment),
      let result = try? ProcessRunner.run(
        gsettings, ["get", "org.gnome.desktop.notifications", "show-banners"], environment: environment,
        timeout: 2),
      result.succeeded
    else { return nil }
    let text = result.stdout
    let on = text.trimmingCharacters(in: .whitespacesAndNewlines) == "false"
    return DoNotDisturbReading(state: on ? .on : .off, probe: nil, server: "GNOME (gsettings show-banners)")
  }
}
