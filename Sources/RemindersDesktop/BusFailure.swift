// A failed call on a D-Bus bus, as plain values: what RemindersDBus throws, carried up to the
// rules and said by the catalogue (RemindersDelivery's `BusFailure.text`), so that the adapter
// holds no sentence a person reads.

/// A failed call on a bus: the D-Bus error's name and the words that came with it, quoted as they
/// came (the peer's or libdbus's own, in their language, never translated); or, when this side
/// found the fault, which fault it was (in words: the catalogue's `BusProblem`).
public struct BusFailure: Equatable, Sendable, CustomStringConvertible {
  /// The D-Bus error name, such as `org.freedesktop.DBus.Error.NoReply`.
  public var name: String
  /// What the peer or libdbus said with it (empty when nothing, or when `fault` says it).
  public var message: String
  /// The fault this side found, when the error is ours rather than the peer's.
  public var fault: BusFault?

  public init(name: String, message: String = "", fault: BusFault? = nil) {
    self.name = name
    self.message = message
    self.fault = fault
  }

  /// A token for logs and files, never shown: `name: message`, or the fault as Swift writes it.
  public var description: String {
    if let fault { return "\(name): \(fault)" }
    return message.isEmpty ? name : "\(name): \(message)"
  }
}

/// A fault this side found in a call on the bus (in words: the catalogue's `BusProblem`).
public enum BusFault: Equatable, Sendable {
  /// The bus closed the connection.
  case closed
  /// libdbus could not allocate memory in `function` (its name, such as `dbus_bus_set_unique_name`).
  case outOfMemory(function: String)
  /// A string argument of `member` holds a NUL character, which libdbus would cut the text at.
  case nulCharacter(member: String)
  /// `call` (`interface.member` or a bus driver method) answered with the signature `got`, not
  /// `expected`.
  case unexpectedReply(call: String, expected: String, got: String)
  /// `property` held `value` (as this module writes bus values), not a value of its type.
  case unexpectedValue(property: String, value: String)
  /// The object at `path` lacks one of `properties` as a double.
  case notDoubles(path: String, properties: [String])
  /// GNOME keeps do-not-disturb in GSettings, not on the bus: asked of the bus, it has no answer.
  case doNotDisturbInGSettings
}
