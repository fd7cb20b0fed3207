// Do-not-disturb, as the notification servers that expose it over D-Bus report it, in plain
// values: RemindersDBus runs the probes (`SessionBus.doNotDisturb()`), the delivery rules hold
// pop-ups by the reading, `doctor` shows where it was read.
// GNOME keeps it in GSettings (`org.gnome.desktop.notifications show-banners`), which the caller
// reads with gsettings; it is not a D-Bus question (dconf is read from its file). The bus tells
// only that the server is GNOME Shell, which is what decides that GSettings is to be asked.

/// Whether the desktop holds back pop-ups.
public enum DoNotDisturbState: String, Sendable {
  case on
  case off
  /// No probe could tell.
  case unknown
}

/// One desktop's way of telling whether it is in do-not-disturb.
public enum DoNotDisturbProbe: String, CaseIterable, Sendable {
  /// dunst: property `paused` of `org.dunstproject.cmd0`.
  case dunst
  /// KDE Plasma: property `Inhibited` of `org.freedesktop.Notifications`.
  case plasma
  /// mako: the mode `do-not-disturb` in property `Modes` (mako ≥ 1.10) or `ListModes()`.
  /// The mode is mako's documented convention, configured by the user, not built in.
  case mako
  /// SwayNotificationCenter: `GetDnd()`, or `IsInhibited()`, on `org.erikreider.swaync.cc`.
  case swaync
  /// xfce4-notifyd: xfconf property `/do-not-disturb` of channel `xfce4-notifyd`.
  case xfce
  /// GNOME Shell: `show-banners` false in GSettings `org.gnome.desktop.notifications`. Not on the
  /// bus: `SessionBus.doNotDisturb()` recognises the server (`GetServerInformation` names it
  /// `gnome-shell`) and leaves the reading to the caller, who runs gsettings.
  case gnome
  /// notification-daemon (the GNOME project's stand-alone server, vendor `GNOME`): has no
  /// do-not-disturb at all, so it is always off. MATE's server gives the same name with vendor
  /// `MATE` and does have one (in its own GSettings): it is not this probe's.
  case notificationDaemon = "notification-daemon"

  /// Where a probe learns the state.
  public enum Source: Sendable {
    /// It asks the bus (`readDoNotDisturb`).
    case bus
    /// GSettings, which the caller reads (`.gnome`).
    case gsettings
    /// Nowhere: the server has none, so it is off.
    case none
  }

  public var source: Source {
    switch self {
    case .dunst, .plasma, .mako, .swaync, .xfce: .bus
    case .gnome: .gsettings
    case .notificationDaemon: .none
    }
  }

  /// Whether `server` (the name from `GetServerInformation`, and its vendor when known) is the one
  /// this probe is for.
  public func matches(server: String, vendor: String? = nil) -> Bool {
    let server = server.lowercased()
    return switch self {
    case .dunst: server == "dunst"
    case .plasma: server == "plasma"
    case .mako: server == "mako"
    case .swaync: server == "swaynotificationcenter" || server.hasPrefix("swaync")
    case .xfce: server.contains("xfce")
    case .gnome: server == "gnome-shell"
    case .notificationDaemon: server == "notification daemon" && vendor?.lowercased() == "gnome"
    }
  }

  /// The bus name the probe talks to, so that one hung peer is asked only once; empty for the
  /// probes that ask no peer.
  public var destination: String {
    switch self {
    case .dunst, .plasma, .mako: NotificationServer.name
    case .swaync: SwayNC.name
    case .xfce: Xfconf.name
    case .gnome, .notificationDaemon: ""
    }
  }

  /// Where mako answers (on `NotificationServer.name`).
  public enum Mako {
    public static let path = "/fr/emersion/Mako"
    public static let interface = "fr.emersion.Mako"
  }

  /// SwayNotificationCenter's control centre, a name of its own.
  public enum SwayNC {
    public static let name = "org.erikreider.swaync.cc"
    public static let path = "/org/erikreider/swaync/cc"
    public static let interface = "org.erikreider.swaync.cc"
  }

  /// Xfce's settings daemon, where xfce4-notifyd keeps its setting.
  public enum Xfconf {
    public static let name = "org.xfce.Xfconf"
    public static let path = "/org/xfce/Xfconf"
    public static let interface = "org.xfce.Xfconf"
  }
}

/// What a desktop said about do-not-disturb (`SessionBus.doNotDisturb()`, then GSettings on
/// GNOME).
public struct DoNotDisturbReading: Equatable, Sendable, CustomStringConvertible {
  public var state: DoNotDisturbState
  /// The probe that answered (`.gnome`: the caller read GSettings); nil when none did.
  public var probe: DoNotDisturbProbe?
  /// The notification server's name, when it answered `GetServerInformation`.
  public var server: String?

  public init(state: DoNotDisturbState, probe: DoNotDisturbProbe?, server: String?) {
    self.state = state
    self.probe = probe
    self.server = server
  }

  public var description: String {
    let serverPart = server.map { "server \($0)" } ?? "no notification server answered"
    if let probe {
      let verb = state == .unknown ? "could not be read from" : "read from"
      return "\(state.rawValue) (\(serverPart); \(verb) \(probe.rawValue))"
    }
    return state == .unknown
      ? "\(state.rawValue) (\(serverPart); no do-not-disturb probe answered)"
      : "\(state.rawValue) (\(serverPart))"
  }
}
