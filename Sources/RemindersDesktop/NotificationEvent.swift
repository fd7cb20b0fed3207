/// What happened to notifications, as a monitor of the session bus sees it.
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

    /// As the ledger's `closedBecause` keeps it: a token of the file, never shown (a person reads
    /// the catalogue's words for the reason).
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
}
