// Watching signals that are not addressed to us: a monitor connection
// (`org.freedesktop.DBus.Monitoring.BecomeMonitor`, D-Bus specification, "Monitoring").

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
        throw BusError(name: .disconnected, message: "the bus closed the connection")
      }
      let signal = BusSignal(
        sender: message.sender, path: message.path, interface: message.interface, member: message.member,
        arguments: message.arguments())
      if let value = read(signal) { return value }
    }
  }
}

/// What happened to notifications, as a monitor sees it.
public enum NotificationEvent: Equatable, Sendable {
  /// The server closed notification `id` (`NotificationClosed`).
  case closed(id: UInt32, reason: CloseReason)
  /// The name `org.freedesktop.Notifications` changed hands (the server quit, crashed or was
  /// replaced): every notification it showed is gone, and its ids mean nothing any more.
  case serverChanged
  /// The learner chose action `key` of notification `id` (`ActionInvoked`; `default` is a click
  /// on the pop-up itself).
  case action(id: UInt32, key: String)
  /// The server's activation token for the window an action of `id` opens (`ActivationToken`,
  /// sent just before `ActionInvoked`).
  case activationToken(id: UInt32, token: String)

  /// Why a notification closed: the `reason` argument of `NotificationClosed`.
  public enum CloseReason: Equatable, Sendable, CustomStringConvertible {
    /// It timed out.
    case expired
    /// The user dismissed it.
    case dismissed
    /// Someone called `CloseNotification`.
    case closedByCall
    /// The server gave no reason (4), or a value the specification does not define.
    case undefined(UInt32)

    public init(_ raw: UInt32) {
      switch raw {
      case 1: self = .expired
      case 2: self = .dismissed
      case 3: self = .closedByCall
      default: self = .undefined(raw)
      }
    }

    public var description: String {
      switch self {
      case .expired: "it expired"
      case .dismissed: "dismissed by the user"
      case .closedByCall: "closed by a CloseNotification call"
      case .undefined: "no reason given"
      }
    }
  }

  /// The match rules a monitor needs to see these events.
  public static let matchRules = [
    "type='signal',interface='\(NotificationServer.interface)',member='NotificationClosed'",
    "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',"
      + "arg0='\(NotificationServer.name)'",
    "type='signal',interface='\(NotificationServer.interface)',member='ActionInvoked'",
    "type='signal',interface='\(NotificationServer.interface)',member='ActivationToken'",
  ]

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
