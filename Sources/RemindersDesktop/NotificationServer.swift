// What the Desktop Notifications Specification
// (https://specifications.freedesktop.org/notification-spec/) names and says, as plain values:
// RemindersDBus carries them over the bus, the delivery rules read them.

/// Where notification servers live on the bus.
public enum NotificationServer {
  public static let name = "org.freedesktop.Notifications"
  public static let path = "/org/freedesktop/Notifications"
  public static let interface = "org.freedesktop.Notifications"
}

/// What a notification server says about itself (`GetServerInformation`).
public struct ServerInformation: Equatable, Sendable {
  /// The product, such as `dunst`, `Plasma`, `mako`, `SwayNotificationCenter`.
  public var name: String
  public var vendor: String
  public var version: String
  /// The version of the specification it implements, such as `1.2`.
  public var specVersion: String

  public init(name: String, vendor: String, version: String, specVersion: String) {
    self.name = name
    self.vendor = vendor
    self.version = version
    self.specVersion = specVersion
  }
}

/// The `urgency` hint.
public enum Urgency: UInt8, Sendable, CaseIterable {
  case low = 0
  case normal = 1
  case critical = 2
}

/// The hints `Notify` sends (its `a{sv}` argument).
public struct NotificationHints: Equatable, Sendable {
  /// `urgency` (a byte); always sent.
  public var urgency: Urgency
  /// `category`, such as `reminder` or `x-reminders.recall`; sent when non-nil.
  public var category: String?
  /// `desktop-entry`: the `.desktop` file name without its suffix; sent when non-nil.
  public var desktopEntry: String?
  /// `resident`: the server keeps the notification after an action is invoked on it (until it
  /// is closed); sent when true.
  public var resident: Bool
  /// `sound-name`: a themed sound for the server to play, such as `alarm-clock-elapsed`; sent
  /// when non-nil.
  public var soundName: String?

  public init(
    urgency: Urgency = .normal, category: String? = nil, desktopEntry: String? = ApplicationID.value,
    resident: Bool = false, soundName: String? = nil
  ) {
    self.urgency = urgency
    self.category = category
    self.desktopEntry = desktopEntry
    self.resident = resident
    self.soundName = soundName
  }
}

/// The markup subset servers with the `body-markup` capability parse.
public enum NotificationMarkup {
  /// Escapes `text` so that a server with `body-markup` shows it literally.
  public static func escape(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&apos;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
