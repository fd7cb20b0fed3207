import RemindersDesktop

/// A private connection to the D-Bus session bus.
///
/// Every call waits at most its `timeout` (default `SessionBus.defaultTimeout`): a peer that owns
/// a name but never answers costs that long and ends in `BusError.Name.noReply`, never a hang.
/// The connection closes when the last reference goes away.
public final class SessionBus: Sendable {
  /// How long a call waits for its reply unless told otherwise.
  public static let defaultTimeout: Duration = .milliseconds(5000)

  /// The address this connection was opened on.
  public let address: String
  /// The unique name the bus gave this connection (such as `:1.42`).
  public let uniqueName: String

  let connection: Connection

  private init(connection: Connection, address: String, uniqueName: String) {
    self.connection = connection
    self.address = address
    self.uniqueName = uniqueName
  }

  /// Where the session bus is: `DBUS_SESSION_BUS_ADDRESS`, else the systemd/dbus-broker default
  /// `unix:path=$XDG_RUNTIME_DIR/bus`; nil when the environment names neither.
  public static func sessionAddress(environment: [String: String]) -> String? {
    if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty {
      return address
    }
    if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
      return "unix:path=\(runtime)/bus"
    }
    return nil
  }

  /// Connects to `address`, or to the session bus named by `environment` (see
  /// `sessionAddress(environment:)`), and registers with the bus.
  ///
  /// Throws `BusError` named `FileNotFound` or `NoServer` when nothing listens there,
  /// `BadAddress` when there is no usable address, and `NoReply`/`Timeout` when the bus does not
  /// complete the handshake within `timeout`.
  ///
  /// The corresponding libdbus functions are `dbus_connection_open_private` and
  /// `dbus_bus_register`. Registration sends `Hello` itself (then `dbus_bus_set_unique_name`),
  /// because `dbus_bus_register` would wait libdbus's default 25 s for a stuck bus.
  public static func connect(
    address: String? = nil,
    environment: [String: String],
    timeout: Duration = defaultTimeout
  ) throws(BusError) -> SessionBus {
    guard let address = address ?? sessionAddress(environment: environment) else {
      // No address at all (neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set): the
      // name alone, with no message, which a caller tells apart from a malformed address.
      throw BusError(name: .badAddress, message: "")
    }
    let connection = try Connection(address: address)
    let hello = try Message.methodCall(
      destination: BusDriver.name, path: BusDriver.path, interface: BusDriver.interface,
      member: "Hello", autoStart: false)
    let reply = try connection.sendWithReply(hello, timeout: timeout)
    guard reply.signature == "s", case .string(let uniqueName) = reply.arguments().first else {
      throw BusError(
        name: .invalidSignature,
        fault: .unexpectedReply(call: "\(BusDriver.interface).Hello", expected: "s", got: reply.signature))
    }
    try connection.setUniqueName(uniqueName)
    return SessionBus(connection: connection, address: address, uniqueName: uniqueName)
  }

  /// Calls a method and returns the reply's arguments, after checking their signature when
  /// `expecting` is given.
  ///
  /// With `autoStart` false, a name nobody owns fails with `NameHasNoOwner` instead of starting
  /// an activatable service: probes must not launch daemons.
  func call(
    destination: String, path: String, interface: String, member: String,
    arguments: [Argument] = [], expecting signature: String? = nil,
    autoStart: Bool = true, timeout: Duration
  ) throws(BusError) -> [BusValue] {
    let message = try Message.methodCall(
      destination: destination, path: path, interface: interface, member: member,
      autoStart: autoStart)
    try message.append(arguments)
    let reply = try connection.sendWithReply(message, timeout: timeout)
    if let signature, reply.signature != signature {
      throw BusError(
        name: .invalidSignature,
        fault: .unexpectedReply(call: "\(interface).\(member)", expected: signature, got: reply.signature))
    }
    return reply.arguments()
  }

  /// Whether some connection currently owns `name`.
  ///
  /// Asks the bus (`org.freedesktop.DBus.NameHasOwner`); the corresponding libdbus function is
  /// `dbus_bus_name_has_owner`, which has no timeout.
  public func nameHasOwner(_ name: String, timeout: Duration = defaultTimeout) throws(BusError) -> Bool {
    let reply = try call(
      destination: BusDriver.name, path: BusDriver.path, interface: BusDriver.interface,
      member: "NameHasOwner", arguments: [.string(name)], expecting: "b", timeout: timeout)
    return reply[0].bool!
  }

  /// The unique name of the connection that owns `name` (`org.freedesktop.DBus.GetNameOwner`);
  /// fails with `NameHasNoOwner` when nobody does.
  public func nameOwner(_ name: String, timeout: Duration = defaultTimeout) throws(BusError) -> String {
    let reply = try call(
      destination: BusDriver.name, path: BusDriver.path, interface: BusDriver.interface,
      member: "GetNameOwner", arguments: [.string(name)], expecting: "s", timeout: timeout)
    guard case .string(let owner) = reply[0] else {
      throw BusError(
        name: .invalidSignature,
        fault: .unexpectedReply(
          call: "\(BusDriver.interface).GetNameOwner", expected: "s", got: "\(reply[0])"))
    }
    return owner
  }

  /// Reads one property (`org.freedesktop.DBus.Properties.Get`).
  ///
  /// By default it never starts an activatable service, and a name nobody owns fails with
  /// `NameHasNoOwner`; with `autoStart` the bus may start the service, and a name nobody owns
  /// and nothing can provide fails with `ServiceUnknown`.
  public func getProperty(
    destination: String, path: String, interface: String, name: String, autoStart: Bool = false,
    timeout: Duration = defaultTimeout
  ) throws(BusError) -> BusValue {
    let reply = try call(
      destination: destination, path: path, interface: "org.freedesktop.DBus.Properties",
      member: "Get", arguments: [.string(interface), .string(name)], expecting: "v",
      autoStart: autoStart, timeout: timeout)
    return reply[0]
  }
}

/// The bus itself, as a peer.
enum BusDriver {
  static let name = "org.freedesktop.DBus"
  static let path = "/org/freedesktop/DBus"
  static let interface = "org.freedesktop.DBus"
}
