// Do-not-disturb, as the notification servers that expose it over D-Bus report it: the probes
// run here; what they read (`DoNotDisturbReading`) and which probe is whose are RemindersDesktop's
// plain values. GNOME keeps it in GSettings, which the caller reads with gsettings.

import RemindersDesktop

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
      throw BusError(name: .failed, fault: .doNotDisturbInGSettings)
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
      throw BusError(name: .invalidSignature, fault: .unexpectedValue(property: what, value: "\(raw)"))
    }
    return value
  }
}

private typealias Mako = DoNotDisturbProbe.Mako
private typealias SwayNC = DoNotDisturbProbe.SwayNC
private typealias Xfconf = DoNotDisturbProbe.Xfconf

extension DoNotDisturbProbe.Xfconf {
  /// The error xfconf answers for a property never set.
  fileprivate static let propertyNotFound: BusError.Name = "org.xfce.Xfconf.Error.PropertyNotFound"
}
