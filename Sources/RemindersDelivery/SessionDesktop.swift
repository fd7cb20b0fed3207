import Foundation
import RemindersCore
import RemindersDesktop
import RemindersStore

/// The desktop of the user's session: the notification server on the session bus, and
/// do-not-disturb as the server (or GNOME's settings) tells it.
///
/// The bus itself is behind `connect` (RemindersDesktopDBus gives one over libdbus, tests a
/// double); what is decided here is which reading of do-not-disturb counts.
public struct SessionDesktop {
  public let environment: [String: String]
  /// The session bus's address as the environment names it; nil when it names none.
  public let busAddress: String?
  let connector: () throws(SendFailure) -> any NotificationServerConnection

  public init(
    environment: [String: String], busAddress: String?,
    connect: @escaping () throws(SendFailure) -> any NotificationServerConnection
  ) {
    self.environment = environment
    self.busAddress = busAddress
    self.connector = connect
  }

  /// A new connection to the notification server's bus; nothing is asked of the server yet.
  public func connect() throws(SendFailure) -> any NotificationServerConnection {
    try connector()
  }

  /// Connects and reads do-not-disturb; never throws.
  public func reach() -> DesktopAccess {
    do throws(SendFailure) {
      let connection = try connect()
      return .reachable(connection, doNotDisturb: doNotDisturb(on: connection))
    } catch {
      return .unreachable(error)
    }
  }

  /// Do-not-disturb as `connection`'s server tells it, or as GNOME's settings do when they
  /// decide (`GnomeBanners`).
  public func doNotDisturb(on connection: any NotificationServerConnection) -> DoNotDisturbReading {
    var dnd = connection.doNotDisturb()
    if GnomeBanners.decides(dnd, environment: environment) {
      if let gnome = GnomeBanners.doNotDisturb(environment: environment, server: dnd.server) {
        dnd = gnome
      } else if let server = dnd.server, DoNotDisturbProbe.gnome.matches(server: server) {
        // GNOME Shell, whose setting could not be read (no gsettings, no schema, dconf hung):
        // unknown, and said to be GNOME's, so that `doctor` shows where it looked.
        dnd = DoNotDisturbReading(state: .unknown, probe: .gnome, server: server)
      }
    }
    return dnd
  }

  /// The hints of a reminder's pop-up, the first one and its replacements alike: urgency, and
  /// category `x-reminders.<kind>`; a card's is `resident`; an alarm's is `resident` and names the freedesktop sound
  /// `alarm-clock-elapsed` (docs/alarms.md).
  public static func hints(_ popup: Popup) -> NotificationHints {
    let alarm = popup.kind == .alarm
    // A card's pop-up is resident too: a server that honours it keeps the pop-up after an
    // action, so that the next card replaces it in place.
    return NotificationHints(
      urgency: popup.critical ? .critical : .normal, category: "x-reminders.\(popup.kind.rawValue)",
      resident: alarm || popup.kind == .card, soundName: alarm ? AlarmSoundRule.soundName : nil)
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
