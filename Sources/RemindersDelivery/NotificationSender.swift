import RemindersCore
import RemindersDesktop
import RemindersMessages

/// A pop-up as the notification server gets it.
public struct Popup: Equatable, Sendable {
  public var kind: ReminderKind
  public var title: String
  /// The body as written, never markup: a sender that speaks to a `body-markup` server escapes it.
  public var body: String
  public var critical: Bool
  /// Action keys and labels, alternating (`Notify`'s `actions`); empty: no buttons.
  public var actions: [String]
  /// Milliseconds; -1: as the server likes, 0: until closed (`daily.persist`).
  public var expireTimeout: Int32

  public init(
    kind: ReminderKind, title: String, body: String, critical: Bool = false, actions: [String] = [],
    expireTimeout: Int32 = -1
  ) {
    self.kind = kind
    self.title = title
    self.body = body
    self.critical = critical
    self.actions = actions
    self.expireTimeout = expireTimeout
  }

  public init(_ reminder: Reminder, actions: [String] = [], expireTimeout: Int32 = -1) {
    self.init(
      kind: reminder.kind, title: reminder.title, body: reminder.body, critical: reminder.critical,
      actions: actions, expireTimeout: expireTimeout)
  }
}

/// What delivery needs of a notification server: the one seam between the delivery rules and
/// D-Bus. RemindersDesktopDBus implements it with libdbus; tests use a double; `preview` a
/// recorder.
public protocol NotificationSender: AnyObject {
  /// Shows `popup`, in place of the pop-up `replacing` when given; returns the server's id.
  func show(_ popup: Popup, replacing: UInt32?) throws(SendFailure) -> UInt32
  /// Closes a pop-up this sender showed.
  func close(_ id: UInt32) throws(SendFailure)
  /// Whether the server draws or otherwise offers actions (its `actions` capability).
  func supportsActions() -> Bool
  /// Who the server is now (its unique name on the bus), nil when that cannot be told: a
  /// notification id is good only on the server that gave it.
  func serverIdentity() -> String?
}

extension NotificationSender {
  public func serverIdentity() -> String? { nil }
}

/// What `reach` and `doctor` ask of a connection to the session's notification server beyond
/// sending: the second small seam between the rules and D-Bus, beside `NotificationSender`.
/// RemindersDesktopDBus implements it with libdbus; tests use a double.
public protocol NotificationServerConnection: NotificationSender {
  /// This connection's unique name on the bus, such as `:1.42`.
  var connectionName: String { get }
  /// Do-not-disturb as the server (or the bus) tells it; never throws and never starts a
  /// service. GNOME Shell's answer is `unknown` with probe `.gnome` left to the caller, who reads
  /// GSettings (`SessionDesktop.doNotDisturb(on:)`).
  func doNotDisturb() -> DoNotDisturbReading
  /// Who the server says it is, asked as a pop-up would be (a server the bus can start is
  /// started, as `run` would start it).
  func serverInformation() throws(SendFailure) -> ServerInformation
  /// The optional features the server offers (`GetCapabilities`); empty when it does not say.
  func capabilities() -> [String]
}

/// The desktop as a run finds it.
public enum DesktopAccess {
  /// A notification server to talk to, and whether the desktop is in do-not-disturb.
  case reachable(any NotificationSender, doNotDisturb: DoNotDisturbReading)
  /// No pop-up can be shown, and why.
  case unreachable(SendFailure)
}

/// Why a pop-up could not be shown (or its fate is not known).
public struct SendFailure: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Kind: String, Equatable, Sendable {
    /// No session bus to connect to.
    case noBus
    /// Neither `DBUS_SESSION_BUS_ADDRESS` nor `XDG_RUNTIME_DIR` is set: no session bus to look for.
    case noBusAddress
    /// Nobody serves `org.freedesktop.Notifications`.
    case noServer
    /// The server did not answer in time.
    case noAnswer
    /// The server answered with an error.
    case refused
    /// The run that was sending it stopped before it recorded whether it arrived.
    case interrupted
  }

  public var kind: Kind
  /// What the bus said (nil for `interrupted`, and when it said nothing worth repeating); the
  /// adapter that speaks D-Bus says which kind an error is.
  public var bus: BusFailure?

  public init(_ kind: Kind, bus: BusFailure? = nil) {
    self.kind = kind
    self.bus = bus
  }

  /// The catalogue's name for its kind.
  public var kindWord: PopupFailureKind {
    switch kind {
    case .noBus: .noBus
    case .noBusAddress: .noBusAddress
    case .noServer: .noServer
    case .noAnswer: .noAnswer
    case .refused: .refused
    case .interrupted: .interrupted
    }
  }

  /// In words, in `language` (the catalogue's, with what the bus said).
  public func text(_ language: Language) -> String {
    language.words.popupFailure(kindWord, detail: bus?.text(language) ?? "")
  }

  /// Its kind and what the bus said (`refused: org.freedesktop.DBus.Error.Failed: …`): the
  /// ledger's `closedBecause` of a pop-up it took off screen, a token of the file, never shown.
  public var description: String { bus.map { "\(kind.rawValue): \($0)" } ?? kind.rawValue }
}

extension BusFailure {
  /// What the bus said, for a person: the error's name, then the peer's words as they came or
  /// the catalogue's for a fault this side found (`org.freedesktop.DBus.Error.Disconnected: the
  /// bus closed the connection`).
  public func text(_ language: Language) -> String {
    let said = fault.map { language.words.busProblem(BusProblem($0)) } ?? message
    return said.isEmpty ? name : "\(name): \(said)"
  }
}

extension BusProblem {
  /// The catalogue's name for a fault found on the bus.
  public init(_ fault: BusFault) {
    switch fault {
    case .closed: self = .closed
    case .outOfMemory(let function): self = .outOfMemory(function: function)
    case .nulCharacter(let member): self = .nulCharacter(member: member)
    case .unexpectedReply(let call, let expected, let got):
      self = .unexpectedReply(call: call, expected: expected, got: got)
    case .unexpectedValue(let property, let value): self = .unexpectedValue(property: property, value: value)
    case .notDoubles(let path, let properties): self = .notDoubles(path: path, properties: properties)
    case .doNotDisturbInGSettings: self = .doNotDisturbInGSettings
    }
  }
}
