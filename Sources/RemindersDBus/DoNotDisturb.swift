// Do-not-disturb, as the notification servers that expose it over D-Bus report it.
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

  /// Where the probe reads, for messages such as `reminders doctor`.
  public var location: String {
    switch self {
    case .dunst:
      "property org.dunstproject.cmd0.paused of \(NotificationServer.name) \(NotificationServer.path)"
    case .plasma:
      "property \(NotificationServer.interface).Inhibited of \(NotificationServer.name) \(NotificationServer.path)"
    case .mako:
      "mode do-not-disturb in \(Mako.interface).Modes of \(NotificationServer.name) \(Mako.path)"
    case .swaync:
      "\(SwayNC.interface).GetDnd/IsInhibited of \(SwayNC.name) \(SwayNC.path)"
    case .xfce:
      "xfconf xfce4-notifyd /do-not-disturb via \(Xfconf.name) \(Xfconf.path)"
    case .gnome:
      "GSettings org.gnome.desktop.notifications show-banners (false: on), read with gsettings"
    case .notificationDaemon:
      "nowhere: notification-daemon has no do-not-disturb"
    }
  }

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

  /// The bus name the probe talks to, so that one hung peer is asked only once.
  var destination: String {
    switch self {
    case .dunst, .plasma, .mako: NotificationServer.name
    case .swaync: SwayNC.name
    case .xfce: Xfconf.name
    case .gnome, .notificationDaemon: ""
    }
  }
}

/// The outcome of `SessionBus.doNotDisturb()`.
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
      return "\(state.rawValue) (\(serverPart); \(verb) \(probe.rawValue): \(probe.location))"
    }
    return state == .unknown
      ? "\(state.rawValue) (\(serverPart); no do-not-disturb probe answered)"
      : "\(state.rawValue) (\(serverPart))"
  }
}

extension SessionBus {
  /// Tells whether the desktop is in do-not-disturb: asks the notification server its name and
  /// runs the probe made for that server; when the name matches no probe (or nobody answers),
  /// tries every probe in turn and takes the first that answers.
  ///
  /// GNOME Shell (`.gnome`) is recognised but not read here: the reading is `unknown`, with the
  /// server's name, and the caller asks GSettings. notification-daemon has no do-not-disturb: off.
  /// Only the probes that ask the bus are tried for a server no probe recognises.
  ///
  /// A recognised server is asked only through its own probe: another desktop's setting (say, a
  /// leftover Xfce preference) says nothing about the dunst that is actually showing pop-ups.
  /// Never throws and never starts a service; a peer that does not answer is asked only once, so
  /// the worst case is a few `timeout`s, not one per probe.
  public func doNotDisturb(timeout: Duration = defaultTimeout) -> DoNotDisturbReading {
    var unresponsive: Set<String> = []
    var server: String?
    var vendor: String?
    do throws(BusError) {
      let information = try getServerInformation(autoStart: false, timeout: timeout)
      (server, vendor) = (information.name, information.vendor)
    } catch {
      if error.isUnresponsive { unresponsive.insert(NotificationServer.name) }
    }
    let matching =
      server.map { name in DoNotDisturbProbe.allCases.filter { $0.matches(server: name, vendor: vendor) } }
      ?? []
    let candidates = matching.isEmpty ? DoNotDisturbProbe.allCases.filter { $0.source == .bus } : matching
    for probe in candidates where !unresponsive.contains(probe.destination) {
      switch probe.source {
      case .gsettings: continue
      case .none: return DoNotDisturbReading(state: .off, probe: probe, server: server)
      case .bus: break
      }
      do throws(BusError) {
        let on = try readDoNotDisturb(probe, timeout: timeout)
        return DoNotDisturbReading(state: on ? .on : .off, probe: probe, server: server)
      } catch {
        if error.isUnresponsive { unresponsive.insert(probe.destination) }
      }
    }
    return DoNotDisturbReading(state: .unknown, probe: nil, server: server)
  }

  /// Runs one probe: true when that desktop is in do-not-disturb. Throws when the probe's
  /// interface is not there (`NameHasNoOwner`, `UnknownMethod`, …) or does not answer.
  public func readDoNotDisturb(
    _ probe: DoNotDisturbProbe, timeout: Duration = defaultTimeout
  ) throws(BusError) -> Bool {
    switch probe {
    case .dunst:
      let value = try getProperty(
        destination: NotificationServer.name, path: NotificationServer.path,
        interface: "org.dunstproject.cmd0", name: "paused", timeout: timeout)
      return try expect(value.bool, "org.dunstproject.cmd0.paused", value)
    case .plasma:
      let value = try getProperty(
        destination: NotificationServer.name, path: NotificationServer.path,
        interface: NotificationServer.interface, name: "Inhibited", timeout: timeout)
      return try expect(value.bool, "\(NotificationServer.interface).Inhibited", value)
    case .mako:
      return try makoModes(timeout: timeout).contains("do-not-disturb")
    case .swaync:
      return try swayncDoNotDisturb(timeout: timeout)
    case .xfce:
      return try xfceDoNotDisturb(timeout: timeout)
    case .gnome:
      throw BusError(name: .failed, message: "GNOME's do-not-disturb is in GSettings, not on the bus")
    case .notificationDaemon:
      return false
    }
  }

  private func makoModes(timeout: Duration) throws(BusError) -> [String] {
    do throws(BusError) {
      let value = try getProperty(
        destination: NotificationServer.name, path: Mako.path, interface: Mako.interface, name: "Modes",
        timeout: timeout)
      return try expect(value.strings, "\(Mako.interface).Modes", value)
    } catch let error where error.isUnknownMember {
      // mako before 1.10 has only the method.
      let reply = try call(
        destination: NotificationServer.name, path: Mako.path, interface: Mako.interface,
        member: "ListModes", expecting: "as", autoStart: false, timeout: timeout)
      return reply[0].strings!
    }
  }

  private func swayncDoNotDisturb(timeout: Duration) throws(BusError) -> Bool {
    let dnd = try call(
      destination: SwayNC.name, path: SwayNC.path, interface: SwayNC.interface, member: "GetDnd",
      expecting: "b", autoStart: false, timeout: timeout)[0].bool!
    if dnd { return true }
    // An app's inhibitor holds pop-ups back just the same; older versions lack the method.
    do throws(BusError) {
      return try call(
        destination: SwayNC.name, path: SwayNC.path, interface: SwayNC.interface, member: "IsInhibited",
        expecting: "b", autoStart: false, timeout: timeout)[0].bool!
    } catch let error where error.isUnknownMember {
      return false
    }
  }

  private func xfceDoNotDisturb(timeout: Duration) throws(BusError) -> Bool {
    do throws(BusError) {
      let reply = try call(
        destination: Xfconf.name, path: Xfconf.path, interface: Xfconf.interface, member: "GetProperty",
        arguments: [.string("xfce4-notifyd"), .string("/do-not-disturb")], expecting: "v",
        autoStart: false, timeout: timeout)
      return try expect(reply[0].bool, "xfconf xfce4-notifyd /do-not-disturb", reply[0])
    } catch let error where error.name == Xfconf.propertyNotFound {
      return false  // never toggled: xfce4-notifyd's default is off
    }
  }

  private func expect<Value>(_ value: Value?, _ what: String, _ raw: BusValue) throws(BusError) -> Value {
    guard let value else {
      throw BusError(name: .invalidSignature, message: "\(what): unexpected value \(raw)")
    }
    return value
  }
}

private enum Mako {
  static let path = "/fr/emersion/Mako"
  static let interface = "fr.emersion.Mako"
}

private enum SwayNC {
  static let name = "org.erikreider.swaync.cc"
  static let path = "/org/erikreider/swaync/cc"
  static let interface = "org.erikreider.swaync.cc"
}

private enum Xfconf {
  static let name = "org.xfce.Xfconf"
  static let path = "/org/xfce/Xfconf"
  static let interface = "org.xfce.Xfconf"
  static let propertyNotFound: BusError.Name = "org.xfce.Xfconf.Error.PropertyNotFound"
}
