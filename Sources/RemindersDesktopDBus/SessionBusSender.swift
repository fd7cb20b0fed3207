// RemindersDelivery's protocols over RemindersDBus: the one place where the delivery rules meet
// libdbus.
//
// A thin target of its own rather than RemindersDBus implementing the protocols: RemindersDBus
// would then import RemindersDelivery, and with it the deck, the ledger and the calendar — it
// knows notifications and GeoClue2, not flashcards, and its tests build without them; the rules,
// the other way, build and are tested without libdbus. What is a rule (which hints a reminder's
// pop-up carries, when GNOME's settings decide do-not-disturb) stays in RemindersDelivery; what
// is left here only carries calls and turns `BusError`s into the rules' failures.

import RemindersDBus
import RemindersDelivery
import RemindersDesktop

extension SessionDesktop {
  /// The desktop of the session `environment` names, reached over libdbus.
  public static func onSessionBus(environment: [String: String]) -> SessionDesktop {
    SessionDesktop(
      environment: environment, busAddress: SessionBus.sessionAddress(environment: environment),
      connect: { () throws(SendFailure) -> any NotificationServerConnection in
        do throws(BusError) {
          return SessionBusSender(bus: try SessionBus.connect(environment: environment))
        } catch {
          throw SendFailure(error)
        }
      })
  }
}

extension SendFailure {
  /// The failure a D-Bus error stands for.
  public init(_ error: BusError) {
    switch error.name {
    case .serviceUnknown: self.init(.noServer, bus: BusFailure(name: error.name.rawValue))
    case .noReply, .timeout: self.init(.noAnswer, bus: BusFailure(name: error.name.rawValue))
    case .badAddress where error.message.isEmpty && error.fault == nil: self.init(.noBusAddress)
    case .fileNotFound, .noServer, .badAddress, .disconnected: self.init(.noBus, bus: error.failure)
    default: self.init(.refused, bus: error.failure)
    }
  }
}

/// `NotificationSender` over a libdbus session bus connection.
public final class SessionBusSender: NotificationServerConnection {
  public let bus: SessionBus

  public init(bus: SessionBus) { self.bus = bus }

  public func show(_ popup: Popup, replacing: UInt32?) throws(SendFailure) -> UInt32 {
    do throws(BusError) {
      return try bus.notify(
        replacesID: replacing ?? 0, summary: popup.title, body: try bodyText(popup.body),
        actions: popup.actions, hints: SessionDesktop.hints(popup), expireTimeout: popup.expireTimeout)
    } catch {
      throw SendFailure(error)
    }
  }

  public func close(_ id: UInt32) throws(SendFailure) {
    do throws(BusError) {
      try bus.closeNotification(id: id)
    } catch {
      throw SendFailure(error)
    }
  }

  public func supportsActions() -> Bool {
    if let known = capabilitiesAsked { return known.contains("actions") }
    let asked = (try? bus.getCapabilities()) ?? []
    capabilitiesAsked = asked
    return asked.contains("actions")
  }

  public func serverIdentity() -> String? {
    if let known = identity { return known }
    identity = try? bus.nameOwner(NotificationServer.name)
    return identity
  }

  public var connectionName: String { bus.uniqueName }

  public func doNotDisturb() -> DoNotDisturbReading { bus.doNotDisturb() }

  public func serverInformation() throws(SendFailure) -> ServerInformation {
    do throws(BusError) {
      return try bus.getServerInformation()
    } catch {
      throw SendFailure(error)
    }
  }

  public func capabilities() -> [String] { (try? bus.getCapabilities()) ?? [] }

  /// The unique name of the server, once known.
  var identity: String?

  /// The server's capabilities, once asked for `supportsActions`.
  var capabilitiesAsked: [String]?

  /// The body as the server should get it: escaped when the server advertises `body-markup`.
  ///
  /// Capabilities are asked only when the text holds `<`, `>` or `&`, the only characters that
  /// escaping changes: most bodies need no extra round trip.
  func bodyText(_ body: String) throws(BusError) -> String {
    guard body.contains(where: { $0 == "<" || $0 == ">" || $0 == "&" }) else { return body }
    return try bus.getCapabilities().contains("body-markup") ? NotificationMarkup.escape(body) : body
  }
}
