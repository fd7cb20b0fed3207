/// A value read off the bus: a property, or one argument of a reply.
///
/// Variants are unwrapped to the value they hold, so a property of D-Bus type `v` containing `b`
/// reads as `.bool`.
public enum BusValue: Equatable, Sendable {
  case bool(Bool)
  case byte(UInt8)
  case int16(Int16)
  case uint16(UInt16)
  case int32(Int32)
  case uint32(UInt32)
  case int64(Int64)
  case uint64(UInt64)
  case double(Double)
  case string(String)
  case objectPath(String)
  case signature(String)
  case array([BusValue])
  case dictionary([Entry])
  case structure([BusValue])
  /// A type this module does not decode (such as a Unix file descriptor), by its type code.
  case unsupported(String)

  /// One key and value of a D-Bus dictionary (`a{…}`), in wire order.
  public struct Entry: Equatable, Sendable {
    public var key: BusValue
    public var value: BusValue
    public init(key: BusValue, value: BusValue) {
      self.key = key
      self.value = value
    }
  }

  /// The value if it is a boolean.
  public var bool: Bool? {
    if case .bool(let value) = self { value } else { nil }
  }

  /// The value if it is a string, object path or signature.
  public var string: String? {
    switch self {
    case .string(let value), .objectPath(let value), .signature(let value): value
    default: nil
    }
  }

  /// The value if it is an array of strings.
  public var strings: [String]? {
    guard case .array(let items) = self else { return nil }
    var strings: [String] = []
    for item in items {
      guard let string = item.string else { return nil }
      strings.append(string)
    }
    return strings
  }

  /// The value if it is an unsigned 32-bit integer.
  public var uint32: UInt32? {
    if case .uint32(let value) = self { value } else { nil }
  }

  /// The value if it is a signed 32-bit integer.
  public var int32: Int32? {
    if case .int32(let value) = self { value } else { nil }
  }
}
