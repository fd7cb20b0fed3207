import Foundation
import RemindersCore
import RemindersDelivery
import RemindersDesktop

/// A notification server in memory: remembers what it was asked, fails when told to.
public final class FakeSender: NotificationSender {
  public struct Shown: Equatable {
    public var popup: Popup
    public var replacing: UInt32?

    public init(popup: Popup, replacing: UInt32?) {
      self.popup = popup
      self.replacing = replacing
    }
  }

  public var shown: [Shown] = []
  public var closed: [UInt32] = []
  /// Every `show` fails with this, when set.
  public var failure: SendFailure?
  public var nextID: UInt32 = 40

  public init() {}

  public func show(_ popup: Popup, replacing: UInt32?) throws(SendFailure) -> UInt32 {
    if let failure { throw failure }
    shown.append(Shown(popup: popup, replacing: replacing))
    nextID += 1
    return replacing ?? nextID
  }

  public func close(_ id: UInt32) throws(SendFailure) {
    if let failure { throw failure }
    closed.append(id)
  }

  /// Its unique bus name: a restarted server has another, and counts its ids again.
  public var server: String? = ":1.7"
  public func serverIdentity() -> String? { server }

  /// Whether the server advertises `actions`.
  public var actions = true
  public func supportsActions() -> Bool { actions }
}

/// A connection to a notification server in memory, for `SessionDesktop` and `doctor`: a
/// `FakeSender` that also says who it is and what its do-not-disturb reads.
public final class FakeConnection: NotificationServerConnection {
  public let sender = FakeSender()
  public var connectionName = ":1.42"
  /// What the bus's probes read.
  public var reading = DoNotDisturbReading(state: .off, probe: .dunst, server: "dunst")
  /// Who the server says it is; `serverInformation` fails with `informationFailure` when set.
  public var information = ServerInformation(
    name: "dunst", vendor: "knopwob", version: "1.9", specVersion: "1.2")
  public var informationFailure: SendFailure?
  public var capabilityList = ["actions", "body"]

  public init() {}

  public func show(_ popup: Popup, replacing: UInt32?) throws(SendFailure) -> UInt32 {
    try sender.show(popup, replacing: replacing)
  }
  public func close(_ id: UInt32) throws(SendFailure) { try sender.close(id) }
  public func supportsActions() -> Bool { capabilityList.contains("actions") }
  public func serverIdentity() -> String? { sender.serverIdentity() }
  public func doNotDisturb() -> DoNotDisturbReading { reading }
  public func serverInformation() throws(SendFailure) -> ServerInformation {
    if let informationFailure { throw informationFailure }
    return information
  }
  public func capabilities() -> [String] { capabilityList }
}

/// A session desktop over `FakeConnection`s: counts its connections, or fails to connect with
/// `failure`.
public final class FakeDesktop {
  public let connection = FakeConnection()
  public var failure: SendFailure?
  public var connects = 0
  public var environment: [String: String]

  public init(environment: [String: String] = [:]) { self.environment = environment }

  /// The `SessionDesktop` the rules see.
  public var desktop: SessionDesktop {
    SessionDesktop(
      environment: environment, busAddress: "unix:path=/fake/bus",
      connect: { [self] () throws(SendFailure) -> any NotificationServerConnection in
        connects += 1
        if let failure { throw failure }
        return connection
      })
  }
}

/// The notification events of a test, in order; reading past the last stops the watch as a
/// bus that went away would.
public final class FakeEvents: NotificationEventSource {
  public var events: [NotificationEvent]

  public init(_ events: [NotificationEvent]) { self.events = events }

  public func nextEvent() throws -> NotificationEvent? {
    guard !events.isEmpty else {
      throw WatchFailure.stopped(BusFailure(name: "org.freedesktop.DBus.Error.Disconnected", fault: .closed))
    }
    return events.removeFirst()
  }
}

/// A terminal launcher and pop-up closer that remember what they were asked.
public final class FakeActions: ActionTaker {
  public var started: [(recallsOnly: Bool, token: String?)] = []
  /// Whether each review started was asked for in the desktop app.
  public var inApp: [Bool] = []
  public var ankiStarted: [String?] = []
  public var closed: [UInt32] = []
  public var fails = false
  /// What a watch without a terminal says.
  public static let noTerminal = LaunchFailure(.noTerminal(tried: "term"))

  public init() {}

  public func startReview(recallsOnly: Bool, inApp: Bool, activationToken: String?) throws -> [String] {
    if fails { throw Self.noTerminal }
    started.append((recallsOnly, activationToken))
    self.inApp.append(inApp)
    return ["term", "reminders", "review"] + (recallsOnly ? ["--recalls"] : [])
  }

  public func startAnki(activationToken: String?) throws -> [String] {
    if fails { throw Self.noTerminal }
    ankiStarted.append(activationToken)
    return ["anki"]
  }

  public func close(_ id: UInt32) { closed.append(id) }

  /// What `tell` was asked to say.
  public var told: [ActionFailure] = []
  public func tell(_ failure: ActionFailure) { told.append(failure) }

  /// Starts the review in the pop-up (a test gives the real `PopupReview` over its files).
  public var cards: ((UInt32, CardChoice, Date) throws -> (any CardPopups)?)?
  public func startCards(replacing id: UInt32, choice: CardChoice, at now: Date) throws -> (any CardPopups)? {
    guard let cards else { throw Self.noTerminal }
    return try cards(id, choice, now)
  }
}
