// Watching signals that are not addressed to us: a monitor connection
// (`org.freedesktop.DBus.Monitoring.BecomeMonitor`, D-Bus specification, "Monitoring"). What the
// notification events mean is RemindersDesktop's `NotificationEvent`.

import RemindersDesktop

/// A signal as it arrived on the bus.
public struct BusSignal: Equatable, Sendable {
  /// The sender's unique name (such as `:1.7`), or `org.freedesktop.DBus` for the bus itself.
  public var sender: String
  public var path: String
  public var interface: String
  public var member: String
  public var arguments: [BusValue]

  public init(sender: String, path: String, interface: String, member: String, arguments: [BusValue]) {
    self.sender = sender
    self.path = path
    self.interface = interface
    self.member = member
    self.arguments = arguments
  }
}

extension SessionBus {
  /// Turns this connection into a monitor that receives every message matching one of `rules`
  /// (D-Bus match rules such as `type='signal',member='NotificationClosed'`), whoever it is
  /// addressed to.
  ///
  /// A monitor is needed where a peer sends a signal to one connection only: dunst sends
  /// `NotificationClosed` to the connection that called `Notify`, which for `reminders run` has
  /// long gone. Afterwards the connection can only receive (`nextSignal`); the bus refuses
  /// anything it sends. Buses allow monitors to connections of the bus's own user
  /// (dbus-daemon and dbus-broker alike); others get `AccessDenied`.
  public func becomeMonitor(matching rules: [String], timeout: Duration = defaultTimeout) throws(BusError) {
    _ = try call(
      destination: BusDriver.name, path: BusDriver.path, interface: "org.freedesktop.DBus.Monitoring",
      member: "BecomeMonitor", arguments: [.strings(rules), .uint32(0)], expecting: "", timeout: timeout)
  }

  /// The next signal that reaches this connection, waiting at most `timeout` (nil: as long as
  /// it takes); nil when none came in time. Other messages (a monitor also sees method calls
  /// its rules match) are skipped.
  ///
  /// Throws `BusError` named `Disconnected` when the bus has gone away.
  public func nextSignal(timeout: Duration? = nil) throws(BusError) -> BusSignal? {
    try nextSignal(timeout: timeout) { $0 }
  }

  /// The next signal that `read` turns into a value, skipping the signals it returns nil for;
  /// nil when none came within `timeout` (nil: as long as it takes).
  public func nextSignal<Value>(timeout: Duration?, as read: (BusSignal) -> Value?) throws(BusError) -> Value?
  {
    let deadline = timeout.map { ContinuousClock.now + $0 }
    while true {
      let left = deadline.map { $0 - ContinuousClock.now }
      if let left, left <= .zero { return nil }
      guard let message = try connection.nextMessage(timeout: left) else { return nil }
      guard message.isSignal else { continue }
      if message.interface == "org.freedesktop.DBus.Local" && message.member == "Disconnected" {
        throw BusError(name: .disconnected, fault: .closed)
      }
      let signal = BusSignal(
        sender: message.sender, path: message.path, interface: message.interface, member: message.member,
        arguments: message.arguments())
      if let value = read(signal) { return value }
    }
  }
}

extension NotificationEvent {
  /// The event a signal stands for; nil for any other signal.
  public init?(_ signal: BusSignal) {
    switch (signal.interface, signal.member) {
    case (NotificationServer.interface, "NotificationClosed"):
      guard signal.arguments.count >= 2, case .uint32(let id) = signal.arguments[0],
        case .uint32(let reason) = signal.arguments[1]
      else { return nil }
      self = .closed(id: id, reason: CloseReason(reason))
    case (NotificationServer.interface, "ActionInvoked"):
      guard signal.arguments.count >= 2, case .uint32(let id) = signal.arguments[0],
        case .string(let key) = signal.arguments[1]
      else { return nil }
      self = .action(id: id, key: key)
    case (NotificationServer.interface, "ActivationToken"):
      guard signal.arguments.count >= 2, case .uint32(let id) = signal.arguments[0],
        case .string(let token) = signal.arguments[1]
      else { return nil }
      self = .activationToken(id: id, token: token)
    case ("org.freedesktop.DBus", "NameOwnerChanged"):
      guard signal.sender == "org.freedesktop.DBus",
        signal.arguments.first == .string(NotificationServer.name)
      else { return nil }
      self = .serverChanged
    default:
      return nil
    }
  }
}

extension SessionBus {
  /// Makes this connection a monitor of `NotificationEvent`s (see `becomeMonitor`).
  public func monitorNotifications(timeout: Duration = defaultTimeout) throws(BusError) {
    try becomeMonitor(matching: NotificationEvent.matchRules, timeout: timeout)
  }

  /// The next `NotificationEvent`, waiting at most `timeout` (nil: as long as it takes); nil
  /// when none came in time.
  public func nextNotificationEvent(timeout: Duration? = nil) throws(BusError) -> NotificationEvent? {
    try nextSignal(timeout: timeout, as: NotificationEvent.init)
  }
}
