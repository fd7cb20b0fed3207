import RemindersDBus
import RemindersDesktop

/// `LocationSource` over GeoClue2 on the system bus `environment` names, as the desktop entry
/// `reminders` at GeoClue's most exact level.
public struct GeoClueLocator: LocationSource {
  public let environment: [String: String]

  public init(environment: [String: String]) { self.environment = environment }

  public var origin: String { GeoClue.systemBusAddress(environment: environment) }

  public func reachable() throws(GeoClueError) { try GeoClue.reachable(environment: environment) }

  public func locate(timeout: Duration, settles: (GeoLocation) -> Bool) throws(GeoClueError) -> GeoLocation {
    try GeoClue.locate(
      desktopID: ApplicationID.value, accuracy: .exact, timeout: timeout, environment: environment,
      settles: settles)
  }
}
