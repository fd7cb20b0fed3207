// A client of GeoClue2 (https://www.freedesktop.org/software/geoclue/docs/), over a private
// connection to the system bus: where the learner is, for the alarms' place gate (docs/alarms.md). The
// location and why none came (`GeoLocation`, `GeoClueError`) are RemindersDesktop's plain values.

import RemindersDesktop

/// Where GeoClue2 lives on the bus, and how it is asked.
public enum GeoClue {
  public static let name = "org.freedesktop.GeoClue2"
  public static let managerPath = "/org/freedesktop/GeoClue2/Manager"
  public static let managerInterface = "org.freedesktop.GeoClue2.Manager"
  public static let clientInterface = "org.freedesktop.GeoClue2.Client"
  public static let locationInterface = "org.freedesktop.GeoClue2.Location"

  /// GeoClue's accuracy levels (`GClueAccuracyLevel`).
  public enum AccuracyLevel: UInt32, Sendable {
    case none = 0
    case country = 1
    case city = 4
    case neighborhood = 5
    case street = 6
    case exact = 8
  }

  /// Where the system bus is: `DBUS_SYSTEM_BUS_ADDRESS`, else the well-known socket.
  public static func systemBusAddress(environment: [String: String]) -> String {
    if let address = environment["DBUS_SYSTEM_BUS_ADDRESS"], !address.isEmpty { return address }
    return "unix:path=/var/run/dbus/system_bus_socket"
  }

  /// Asks GeoClue where we are and waits at most `timeout` for the answer.
  ///
  /// The whole exchange runs on one private connection, since GeoClue ties a client object to
  /// the connection that asked for it and drops it when that connection closes:
  /// `Manager.GetClient` (which waits until the desktop's agent has registered for our user),
  /// `DesktopId` and `RequestedAccuracyLevel` set on the client, a match rule for its
  /// `LocationUpdated` signal, `Start` (which the agent may have to authorise), then the first
  /// location: the client's `Location` when it has one already, else the object the first
  /// `LocationUpdated` names, whose `Latitude`, `Longitude` and `Accuracy` are read. Closing the
  /// connection stops the client.
  ///
  /// A first fix is often coarse (Wi-Fi or the IP address, before a GPS has a fix): while
  /// `settles` says a fix is not enough to decide, the next `LocationUpdated` is read, until one
  /// settles (returned at once) or the time is up, when the most accurate fix seen is returned.
  /// By default the first fix settles.
  /// Whether GeoClue can be reached at all, without asking it anything: a system bus answers, and
  /// `org.freedesktop.GeoClue2` has an owner or can be started by the bus. Throws `noSystemBus` or
  /// `notAvailable` (or `timedOut` when the bus does not answer within `timeout`).
  public static func reachable(environment: [String: String], timeout: Duration = .seconds(5))
    throws(GeoClueError)
  {
    let seconds = Double(timeout.components.seconds)
    let bus: SessionBus
    do throws(BusError) {
      bus = try SessionBus.connect(
        address: systemBusAddress(environment: environment), environment: environment, timeout: timeout)
    } catch {
      throw error.isUnresponsive
        ? .timedOut(seconds: seconds, waitingFor: .systemBus) : .noSystemBus(error.failure)
    }
    let activatable: [String]
    do throws(BusError) {
      if try bus.nameHasOwner(name, timeout: timeout) { return }
      let reply = try bus.call(
        destination: BusDriver.name, path: BusDriver.path, interface: BusDriver.interface,
        member: "ListActivatableNames", arguments: [], expecting: "as", timeout: timeout)
      activatable = reply.first?.strings ?? []
    } catch {
      throw error.isUnresponsive
        ? .timedOut(seconds: seconds, waitingFor: .systemBus) : .failed(error.failure)
    }
    guard activatable.contains(name) else { throw .notActivatable }
  }

  public static func locate(
    desktopID: String, accuracy: AccuracyLevel = .exact, timeout: Duration, environment: [String: String],
    settles: (GeoLocation) -> Bool = { _ in true }
  ) throws(GeoClueError) -> GeoLocation {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    var step = GeoClueStep.systemBus
    /// What is left of the time, at most `cap`.
    func left(_ cap: Duration = .seconds(3600)) throws(GeoClueError) -> Duration {
      let remaining = deadline - clock.now
      guard remaining > .zero else { throw .timedOut(seconds: seconds, waitingFor: step) }
      return min(remaining, cap)
    }
    func fail(_ error: BusError) -> GeoClueError {
      switch error.name {
      case .noReply, .timeout: .timedOut(seconds: seconds, waitingFor: step)
      case .serviceUnknown, .nameHasNoOwner: .notAvailable(error.failure)
      case .accessDenied: .refused(error.failure)
      default: .failed(error.failure)
      }
    }

    let bus: SessionBus
    let connecting = try left(SessionBus.defaultTimeout)
    do throws(BusError) {
      bus = try SessionBus.connect(
        address: systemBusAddress(environment: environment), environment: environment, timeout: connecting)
    } catch {
      throw error.isUnresponsive ? .timedOut(seconds: seconds, waitingFor: step) : .noSystemBus(error.failure)
    }
    do {
      step = .client
      let client = try bus.call(
        destination: name, path: managerPath, interface: managerInterface, member: "GetClient",
        expecting: "o", timeout: try left())
      guard let path = client.first?.string else {
        throw BusError(
          name: .invalidSignature,
          fault: .unexpectedReply(call: "\(managerInterface).GetClient", expected: "o", got: "\(client)"))
      }
      step = .clientSettings
      try bus.setProperty(
        destination: name, path: path, interface: clientInterface, name: "DesktopId",
        value: .string(desktopID), timeout: try left())
      try bus.setProperty(
        destination: name, path: path, interface: clientInterface, name: "RequestedAccuracyLevel",
        value: .uint32(accuracy.rawValue), timeout: try left())
      try bus.addMatch(
        "type='signal',sender='\(name)',interface='\(clientInterface)',member='LocationUpdated',path='\(path)'",
        timeout: try left())
      step = .start
      _ = try bus.call(
        destination: name, path: path, interface: clientInterface, member: "Start", expecting: "",
        timeout: try left())
      step = .firstLocation
      var location = try bus.getProperty(
        destination: name, path: path, interface: clientInterface, name: "Location", timeout: try left()
      ).string
      if location == nil || location == "/" {
        location = try bus.nextSignal(timeout: try left()) { signal -> String? in
          guard signal.member == "LocationUpdated", signal.path == path, signal.arguments.count == 2,
            let new = signal.arguments[1].string, new != "/"
          else { return nil }
          return new
        }
      }
      guard var location, location != "/" else {
        throw GeoClueError.timedOut(seconds: seconds, waitingFor: step)
      }
      /// The fix at `path`.
      func fix(_ path: String) throws -> GeoLocation {
        let properties = try bus.getAllProperties(
          destination: name, path: path, interface: locationInterface, timeout: try left())
        guard case .double(let latitude)? = properties["Latitude"],
          case .double(let longitude)? = properties["Longitude"],
          case .double(let accuracyMetres)? = properties["Accuracy"]
        else {
          throw BusError(
            name: .invalidSignature,
            fault: .notDoubles(path: path, properties: ["Latitude", "Longitude", "Accuracy"]))
        }
        return GeoLocation(latitude: latitude, longitude: longitude, accuracy: accuracyMetres)
      }
      step = .properties
      var best = try fix(location)
      var latest = best
      while !settles(latest) {
        // A better fix may come (a GPS after Wi-Fi): wait for it while time is left.
        let remaining = deadline - clock.now
        guard remaining > .zero,
          let next = try bus.nextSignal(
            timeout: remaining,
            as: { signal -> String? in
              guard signal.member == "LocationUpdated", signal.path == path, signal.arguments.count == 2,
                let new = signal.arguments[1].string, new != "/", new != location
              else { return nil }
              return new
            })
        else { break }
        location = next
        // GeoClue drops a location object when a newer one comes: one that is gone is skipped.
        guard let read = try? fix(next) else { continue }
        latest = read
        if read.accuracy < best.accuracy || !(best.accuracy >= 0) { best = read }
      }
      return settles(latest) ? latest : best
    } catch let error as GeoClueError {
      throw error
    } catch let error as BusError {
      throw fail(error)
    } catch {
      throw .failed(BusFailure(name: BusError.Name.failed.rawValue, message: "\(error)"))
    }
  }
}

extension SessionBus {
  /// Asks the bus to route signals matching `rule` to this connection
  /// (`org.freedesktop.DBus.AddMatch`); `nextSignal` then sees them.
  public func addMatch(_ rule: String, timeout: Duration = defaultTimeout) throws(BusError) {
    _ = try call(
      destination: BusDriver.name, path: BusDriver.path, interface: BusDriver.interface, member: "AddMatch",
      arguments: [.string(rule)], expecting: "", timeout: timeout)
  }

  /// Sets one property (`org.freedesktop.DBus.Properties.Set`).
  func setProperty(
    destination: String, path: String, interface: String, name: String, value: Argument,
    timeout: Duration = defaultTimeout
  ) throws(BusError) {
    _ = try call(
      destination: destination, path: path, interface: "org.freedesktop.DBus.Properties", member: "Set",
      arguments: [.string(interface), .string(name), .variant(value)], expecting: "", timeout: timeout)
  }

  /// Reads every property of `interface` (`org.freedesktop.DBus.Properties.GetAll`), by name.
  public func getAllProperties(
    destination: String, path: String, interface: String, timeout: Duration = defaultTimeout
  ) throws(BusError) -> [String: BusValue] {
    let reply = try call(
      destination: destination, path: path, interface: "org.freedesktop.DBus.Properties", member: "GetAll",
      arguments: [.string(interface)], expecting: "a{sv}", timeout: timeout)
    guard case .dictionary(let entries)? = reply.first else { return [:] }
    var properties: [String: BusValue] = [:]
    for entry in entries {
      if let key = entry.key.string { properties[key] = entry.value }
    }
    return properties
  }
}
