// The only file that calls libdbus. Handles are owned by final classes whose deinit releases
// them; every fallible call reports through `withDBusError`, which turns libdbus's `DBusError`
// out-parameter into a typed `BusError`. Nothing here is public.

import CDBus
import RemindersDesktop

/// Runs `body` with a fresh `DBusError`, and throws it as a `BusError` if libdbus set it or if
/// `body` returned nil (libdbus's "NULL/FALSE means failure").
///
/// The corresponding libdbus functions are `dbus_error_init`, `dbus_error_is_set` and
/// `dbus_error_free`.
func withDBusError<Result>(
  _ function: String,
  _ body: (UnsafeMutablePointer<DBusError>) -> Result?
) throws(BusError) -> Result {
  var error = DBusError()
  dbus_error_init(&error)
  defer { dbus_error_free(&error) }
  let result = withUnsafeMutablePointer(to: &error) { body($0) }
  if dbus_error_is_set(&error) != 0 {
    throw BusError(
      name: BusError.Name(rawValue: error.name.map { String(cString: $0) } ?? BusError.Name.failed.rawValue),
      message: error.message.map { String(cString: $0) } ?? "")
  }
  guard let result else {
    // libdbus reports only out-of-memory without filling in an error.
    throw BusError(name: .noMemory, fault: .outOfMemory(function: function))
  }
  return result
}

/// Converts a `Duration` to libdbus's millisecond timeout, clamped to what libdbus accepts.
func milliseconds(_ timeout: Duration) -> Int32 {
  let (seconds, attoseconds) = timeout.components
  guard seconds >= 0 else { return 0 }
  let total = seconds.multipliedReportingOverflow(by: 1000)
  guard !total.overflow else { return CDBUS_TIMEOUT_INFINITE }
  let ms = total.partialValue + attoseconds / 1_000_000_000_000_000
  return ms >= Int64(CDBUS_TIMEOUT_INFINITE) ? CDBUS_TIMEOUT_INFINITE : Int32(ms)
}

// MARK: - Connection

/// Owns one private `DBusConnection`.
///
/// `@unchecked Sendable`: libdbus (since 1.7) locks each connection internally, so sending on it
/// from several threads is safe, and the handle itself never changes after init.
final class Connection: @unchecked Sendable {
  let handle: OpaquePointer

  /// Opens a private connection (one that no other part of the process shares, and that we may
  /// close) and stops libdbus from calling `_exit` when the bus goes away.
  ///
  /// The corresponding libdbus functions are `dbus_connection_open_private` and
  /// `dbus_connection_set_exit_on_disconnect`.
  init(address: String) throws(BusError) {
    // Harmless when libdbus already did it (it does since 1.7); needed on older ones.
    _ = dbus_threads_init_default()
    handle = try withDBusError("dbus_connection_open_private") { error in
      address.withCString { dbus_connection_open_private($0, error) }
    }
    dbus_connection_set_exit_on_disconnect(handle, 0)
  }

  /// The corresponding libdbus functions are `dbus_connection_close` (required before the last
  /// unref of a private connection) and `dbus_connection_unref`.
  deinit {
    dbus_connection_close(handle)
    dbus_connection_unref(handle)
  }

  /// Sends `message` and waits at most `timeout` for its reply; an error reply becomes a
  /// `BusError`, and no reply in time becomes `org.freedesktop.DBus.Error.NoReply`.
  ///
  /// The corresponding libdbus function is `dbus_connection_send_with_reply_and_block`.
  func sendWithReply(_ message: Message, timeout: Duration) throws(BusError) -> Message {
    let ms = milliseconds(timeout)
    let reply = try withDBusError("dbus_connection_send_with_reply_and_block") { error in
      dbus_connection_send_with_reply_and_block(handle, message.handle, ms, error)
    }
    return Message(adopting: reply)
  }

  /// The next message that arrived on the connection (a signal, for a monitor), waiting at most
  /// `timeout` for one (nil: as long as it takes); nil when none came in time.
  ///
  /// Throws `Disconnected` once the connection has closed and its queue is empty. (libdbus
  /// queues a last `org.freedesktop.DBus.Local.Disconnected` signal first; callers see it.)
  ///
  /// The corresponding libdbus functions are `dbus_connection_pop_message` and
  /// `dbus_connection_read_write`; nothing is dispatched, so nothing is ever answered.
  func nextMessage(timeout: Duration?) throws(BusError) -> Message? {
    let deadline = timeout.map { ContinuousClock.now + $0 }
    while true {
      if let message = dbus_connection_pop_message(handle) { return Message(adopting: message) }
      var wait = CDBUS_TIMEOUT_INFINITE
      if let deadline {
        let left = deadline - ContinuousClock.now
        guard left > .zero else { return nil }
        wait = max(1, milliseconds(left))
      }
      if dbus_connection_read_write(handle, wait) == 0 {
        if let message = dbus_connection_pop_message(handle) { return Message(adopting: message) }
        throw BusError(name: .disconnected, fault: .closed)
      }
    }
  }

  /// Records the unique name the bus gave us in reply to `Hello`.
  ///
  /// The corresponding libdbus function is `dbus_bus_set_unique_name`.
  func setUniqueName(_ name: String) throws(BusError) {
    let ok = name.withCString { dbus_bus_set_unique_name(handle, $0) }
    if ok == 0 { throw BusError(name: .noMemory, fault: .outOfMemory(function: "dbus_bus_set_unique_name")) }
  }
}

// MARK: - Message

/// Owns one `DBusMessage` reference.
final class Message {
  let handle: OpaquePointer
  /// The member name (a signal's, as the monitor reads it; `reply` for a reply).
  let member: String

  /// Takes over one reference the caller already holds.
  init(adopting handle: OpaquePointer) {
    self.handle = handle
    self.member = dbus_message_get_member(handle).map { String(cString: $0) } ?? "reply"
  }

  /// The corresponding libdbus function is `dbus_message_unref`.
  deinit { dbus_message_unref(handle) }

  /// A method call; the names are checked first, because libdbus aborts the process on invalid
  /// ones.
  ///
  /// The corresponding libdbus functions are `dbus_message_new_method_call`,
  /// `dbus_message_set_auto_start` and the `dbus_validate_*` family.
  static func methodCall(
    destination: String, path: String, interface: String, member: String, autoStart: Bool
  ) throws(BusError) -> Message {
    try withDBusError("dbus_validate_bus_name") { error in
      destination.withCString { dbus_validate_bus_name($0, error) } != 0 ? () : nil
    }
    try withDBusError("dbus_validate_path") { error in
      path.withCString { dbus_validate_path($0, error) } != 0 ? () : nil
    }
    try withDBusError("dbus_validate_interface") { error in
      interface.withCString { dbus_validate_interface($0, error) } != 0 ? () : nil
    }
    try withDBusError("dbus_validate_member") { error in
      member.withCString { dbus_validate_member($0, error) } != 0 ? () : nil
    }
    let handle = try withDBusError("dbus_message_new_method_call") { _ in
      destination.withCString { destination in
        path.withCString { path in
          interface.withCString { interface in
            member.withCString { member in
              dbus_message_new_method_call(destination, path, interface, member)
            }
          }
        }
      }
    }
    let message = Message(adopting: handle)
    // Without auto-start the bus answers NameHasNoOwner instead of launching an activatable
    // service, which is what a probe wants.
    dbus_message_set_auto_start(handle, autoStart ? 1 : 0)
    return message
  }

  /// Whether it is a signal (rather than a method call, a reply or an error).
  ///
  /// The corresponding libdbus function is `dbus_message_get_type`.
  var isSignal: Bool { dbus_message_get_type(handle) == CDBUS_MESSAGE_TYPE_SIGNAL }

  /// The sender's unique name, the object path and the interface; empty where the message has
  /// none.
  ///
  /// The corresponding libdbus functions are `dbus_message_get_sender`, `dbus_message_get_path`
  /// and `dbus_message_get_interface`.
  var sender: String { dbus_message_get_sender(handle).map { String(cString: $0) } ?? "" }
  var path: String { dbus_message_get_path(handle).map { String(cString: $0) } ?? "" }
  var interface: String { dbus_message_get_interface(handle).map { String(cString: $0) } ?? "" }

  /// The signature of the message's arguments, such as `ssss`.
  ///
  /// The corresponding libdbus function is `dbus_message_get_signature`.
  var signature: String {
    dbus_message_get_signature(handle).map { String(cString: $0) } ?? ""
  }

  /// Appends `arguments` in order.
  ///
  /// The corresponding libdbus functions are `dbus_message_iter_init_append`,
  /// `dbus_message_iter_append_basic`, `dbus_message_iter_open_container` and
  /// `dbus_message_iter_close_container`.
  func append(_ arguments: [Argument]) throws(BusError) {
    var iter = DBusMessageIter()
    try withUnsafeMutablePointer(to: &iter) { (iter) throws(BusError) in
      dbus_message_iter_init_append(handle, iter)
      for argument in arguments {
        try argument.append(to: iter, in: member)
      }
    }
  }

  /// Decodes every argument.
  ///
  /// The corresponding libdbus functions are `dbus_message_iter_init`,
  /// `dbus_message_iter_get_arg_type`, `dbus_message_iter_get_basic`,
  /// `dbus_message_iter_recurse` and `dbus_message_iter_next`.
  func arguments() -> [BusValue] {
    var iter = DBusMessageIter()
    return withUnsafeMutablePointer(to: &iter) { iter in
      dbus_message_iter_init(handle, iter) != 0 ? readAll(iter) : []
    }
  }
}

// MARK: - Writing

/// A value to send, with enough type information to write an empty array.
indirect enum Argument {
  case string(String)
  case boolean(Bool)
  case byte(UInt8)
  case int32(Int32)
  case uint32(UInt32)
  case array(elementSignature: String, [Argument])
  case dictEntry(Argument, Argument)
  case variant(Argument)

  static func strings(_ values: [String]) -> Argument {
    .array(elementSignature: "s", values.map(Argument.string))
  }

  var signature: String {
    switch self {
    case .string: "s"
    case .boolean: "b"
    case .byte: "y"
    case .int32: "i"
    case .uint32: "u"
    case .array(let element, _): "a" + element
    case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
    case .variant: "v"
    }
  }

  fileprivate func append(to iter: UnsafeMutablePointer<DBusMessageIter>, in member: String) throws(BusError)
  {
    let appended: Bool
    switch self {
    case .string(let value):
      // libdbus would stop at the NUL, silently cutting the text.
      guard !value.utf8.contains(0) else {
        throw BusError(name: .invalidArgs, fault: .nulCharacter(member: member))
      }
      appended = value.withCString { cdbus_iter_append_string(iter, CDBUS_TYPE_STRING, $0) } != 0
    case .boolean(let value):
      var raw: dbus_bool_t = value ? 1 : 0  // libdbus booleans are 32 bits wide
      appended = dbus_message_iter_append_basic(iter, CDBUS_TYPE_BOOLEAN, &raw) != 0
    case .byte(var value):
      appended = dbus_message_iter_append_basic(iter, CDBUS_TYPE_BYTE, &value) != 0
    case .int32(var value):
      appended = dbus_message_iter_append_basic(iter, CDBUS_TYPE_INT32, &value) != 0
    case .uint32(var value):
      appended = dbus_message_iter_append_basic(iter, CDBUS_TYPE_UINT32, &value) != 0
    case .array(let element, let values):
      try appendContainer(CDBUS_TYPE_ARRAY, signature: element, values, to: iter, in: member)
      appended = true
    case .dictEntry(let key, let value):
      try appendContainer(CDBUS_TYPE_DICT_ENTRY, signature: nil, [key, value], to: iter, in: member)
      appended = true
    case .variant(let value):
      try appendContainer(CDBUS_TYPE_VARIANT, signature: value.signature, [value], to: iter, in: member)
      appended = true
    }
    if !appended {
      throw BusError(name: .noMemory, fault: .outOfMemory(function: "dbus_message_iter_append_basic"))
    }
  }
}

private func appendContainer(
  _ type: Int32, signature: String?, _ values: [Argument],
  to iter: UnsafeMutablePointer<DBusMessageIter>, in member: String
) throws(BusError) {
  var sub = DBusMessageIter()
  try withUnsafeMutablePointer(to: &sub) { (sub) throws(BusError) in
    let opened =
      if let signature {
        signature.withCString { dbus_message_iter_open_container(iter, type, $0, sub) }
      } else {
        dbus_message_iter_open_container(iter, type, nil, sub)
      }
    guard opened != 0 else {
      throw BusError(name: .noMemory, fault: .outOfMemory(function: "dbus_message_iter_open_container"))
    }
    do throws(BusError) {
      for value in values { try value.append(to: sub, in: member) }
    } catch {
      dbus_message_iter_abandon_container(iter, sub)
      throw error
    }
    guard dbus_message_iter_close_container(iter, sub) != 0 else {
      throw BusError(name: .noMemory, fault: .outOfMemory(function: "dbus_message_iter_close_container"))
    }
  }
}

// MARK: - Reading

private func readAll(_ iter: UnsafeMutablePointer<DBusMessageIter>) -> [BusValue] {
  var values: [BusValue] = []
  while case let type = dbus_message_iter_get_arg_type(iter), type != CDBUS_TYPE_INVALID {
    values.append(readOne(iter, type: type))
    if dbus_message_iter_next(iter) == 0 { break }
  }
  return values
}

private func basic<Value: BitwiseCopyable>(_ iter: UnsafeMutablePointer<DBusMessageIter>, _ zero: Value)
  -> Value
{
  var value = zero
  dbus_message_iter_get_basic(iter, &value)
  return value
}

private func readOne(_ iter: UnsafeMutablePointer<DBusMessageIter>, type: Int32) -> BusValue {
  switch type {
  case CDBUS_TYPE_STRING: return .string(String(cString: cdbus_iter_get_string(iter)))
  case CDBUS_TYPE_OBJECT_PATH: return .objectPath(String(cString: cdbus_iter_get_string(iter)))
  case CDBUS_TYPE_SIGNATURE: return .signature(String(cString: cdbus_iter_get_string(iter)))
  case CDBUS_TYPE_BOOLEAN: return .bool(basic(iter, dbus_bool_t(0)) != 0)
  case CDBUS_TYPE_BYTE: return .byte(basic(iter, UInt8(0)))
  case CDBUS_TYPE_INT16: return .int16(basic(iter, Int16(0)))
  case CDBUS_TYPE_UINT16: return .uint16(basic(iter, UInt16(0)))
  case CDBUS_TYPE_INT32: return .int32(basic(iter, Int32(0)))
  case CDBUS_TYPE_UINT32: return .uint32(basic(iter, UInt32(0)))
  case CDBUS_TYPE_INT64: return .int64(basic(iter, Int64(0)))
  case CDBUS_TYPE_UINT64: return .uint64(basic(iter, UInt64(0)))
  case CDBUS_TYPE_DOUBLE: return .double(basic(iter, Double(0)))
  case CDBUS_TYPE_ARRAY, CDBUS_TYPE_STRUCT, CDBUS_TYPE_VARIANT, CDBUS_TYPE_DICT_ENTRY:
    let isDictionary =
      type == CDBUS_TYPE_ARRAY
      && dbus_message_iter_get_element_type(iter) == CDBUS_TYPE_DICT_ENTRY
    var sub = DBusMessageIter()
    return withUnsafeMutablePointer(to: &sub) { sub in
      dbus_message_iter_recurse(iter, sub)
      let items = readAll(sub)
      switch type {
      case CDBUS_TYPE_VARIANT: return items.first ?? .unsupported("v")
      case CDBUS_TYPE_STRUCT, CDBUS_TYPE_DICT_ENTRY: return .structure(items)
      default:
        guard isDictionary else { return .array(items) }
        return .dictionary(
          items.compactMap { entry in
            guard case .structure(let pair) = entry, pair.count == 2 else { return nil }
            return BusValue.Entry(key: pair[0], value: pair[1])
          })
      }
    }
  default:
    // Unix file descriptors (reading one would dup it) and anything newer than this code.
    return .unsupported(String(UnicodeScalar(UInt8(truncatingIfNeeded: type))))
  }
}
