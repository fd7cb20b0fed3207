import RemindersDesktop

/// A failure reported by libdbus, the bus, or the peer: a D-Bus error name plus its message.
///
/// Errors from the other side keep the name the peer sent (for example
/// `org.freedesktop.DBus.Error.ServiceUnknown` when nobody owns the destination); errors that
/// arise here use the standard names libdbus would use for the same condition.
public struct BusError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The D-Bus error name, such as `org.freedesktop.DBus.Error.NoReply`.
  public var name: Name
  /// The words that came with it from the peer or libdbus, quoted as they came (empty when none,
  /// or when `fault` says what went wrong).
  public var message: String
  /// The fault this side found (a reply of the wrong type, no memory, a closed connection), said
  /// by the catalogue rather than here.
  public var fault: BusFault?

  public init(name: Name, message: String) {
    self.name = name
    self.message = message
    self.fault = nil
  }

  /// An error this side found.
  public init(name: Name, fault: BusFault) {
    self.name = name
    self.message = ""
    self.fault = fault
  }

  /// As plain values, for the rules and the catalogue.
  public var failure: BusFailure { BusFailure(name: name.rawValue, message: message, fault: fault) }

  /// A token for logs and tests, never shown (`BusFailure.description`).
  public var description: String { failure.description }

  /// A D-Bus error name.
  public struct Name: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
  {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }

    /// Nobody owns the destination name, and it cannot be activated.
    public static let serviceUnknown: Name = "org.freedesktop.DBus.Error.ServiceUnknown"
    /// Nobody owns the destination name, and the call asked the bus not to activate it.
    public static let nameHasNoOwner: Name = "org.freedesktop.DBus.Error.NameHasNoOwner"
    /// The destination did not answer within the call's timeout.
    public static let noReply: Name = "org.freedesktop.DBus.Error.NoReply"
    /// Connecting failed: the socket exists but nobody listens on it.
    public static let noServer: Name = "org.freedesktop.DBus.Error.NoServer"
    /// Connecting failed: the socket path does not exist.
    public static let fileNotFound: Name = "org.freedesktop.DBus.Error.FileNotFound"
    /// The bus address is malformed or missing.
    public static let badAddress: Name = "org.freedesktop.DBus.Error.BadAddress"
    /// The connection was closed.
    public static let disconnected: Name = "org.freedesktop.DBus.Error.Disconnected"
    /// A timeout elapsed (for example while authenticating).
    public static let timeout: Name = "org.freedesktop.DBus.Error.Timeout"
    /// An argument was not acceptable (an invalid name, a string holding NUL, …).
    public static let invalidArgs: Name = "org.freedesktop.DBus.Error.InvalidArgs"
    /// A reply did not have the types the interface promises.
    public static let invalidSignature: Name = "org.freedesktop.DBus.Error.InvalidSignature"
    /// libdbus could not allocate memory.
    public static let noMemory: Name = "org.freedesktop.DBus.Error.NoMemory"
    /// The peer has no such method.
    public static let unknownMethod: Name = "org.freedesktop.DBus.Error.UnknownMethod"
    /// The peer has no such object.
    public static let unknownObject: Name = "org.freedesktop.DBus.Error.UnknownObject"
    /// The peer's object has no such interface.
    public static let unknownInterface: Name = "org.freedesktop.DBus.Error.UnknownInterface"
    /// The peer's interface has no such property.
    public static let unknownProperty: Name = "org.freedesktop.DBus.Error.UnknownProperty"
    /// The bus or the peer does not allow this call (for example `BecomeMonitor` from another
    /// user).
    public static let accessDenied: Name = "org.freedesktop.DBus.Error.AccessDenied"
    /// A generic failure.
    public static let failed: Name = "org.freedesktop.DBus.Error.Failed"
  }
}

extension BusError {
  /// Whether the peer (rather than the bus or this side) answered, but not with what we asked for:
  /// the method, interface, property or object does not exist there.
  var isUnknownMember: Bool {
    [.unknownMethod, .unknownObject, .unknownInterface, .unknownProperty, .invalidArgs].contains(name)
  }

  /// Whether the destination looks hung: asking it again would only wait again.
  var isUnresponsive: Bool {
    [.noReply, .timeout, .disconnected].contains(name)
  }
}
