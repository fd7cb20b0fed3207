// Where the learner is, for the alarms' place gate (docs/alarms.md), as plain values: RemindersDBus asks
// GeoClue2 on the system bus (`GeoClue.locate`), the alarm commands read the answer through
// `LocationSource`.

/// A location as GeoClue gives it.
public struct GeoLocation: Equatable, Sendable {
  /// Degrees (WGS 84).
  public var latitude: Double
  public var longitude: Double
  /// Metres: the radius of the circle the true position lies in.
  public var accuracy: Double

  public init(latitude: Double, longitude: Double, accuracy: Double) {
    self.latitude = latitude
    self.longitude = longitude
    self.accuracy = accuracy
  }
}

/// Why no location came (in words: the catalogue's `LocationFailure`). The bus's part of it is
/// a `BusFailure`: the D-Bus error as the bus said it, so that it needs no bus to be read.
public enum GeoClueError: Error, Equatable, Sendable {
  /// No system bus to connect to (or it did not answer).
  case noSystemBus(BusFailure)
  /// Nobody serves `org.freedesktop.GeoClue2` on the system bus, and it cannot be started.
  case notAvailable(BusFailure)
  /// Nobody owns `org.freedesktop.GeoClue2`, and the bus has no service file to start it.
  case notActivatable
  /// GeoClue (its configuration or the desktop's agent) refused to locate us.
  case refused(BusFailure)
  /// No location came within the time allowed (`seconds`); `waitingFor` says at which step.
  case timedOut(seconds: Double, waitingFor: GeoClueStep)
  /// Anything else GeoClue or the bus said.
  case failed(BusFailure)
}

/// The steps of asking GeoClue where we are (`GeoClue.locate`), each of which may be the one a
/// location is still waited for when the time runs out.
public enum GeoClueStep: Equatable, Sendable {
  /// Connecting to the system bus.
  case systemBus
  /// `Manager.GetClient`: GeoClue waits for the desktop's location agent.
  case client
  /// Setting the client's `DesktopId` and `RequestedAccuracyLevel`.
  case clientSettings
  /// `Client.Start`: the desktop's agent authorises reminders.
  case start
  /// The first location.
  case firstLocation
  /// The location's properties.
  case properties
}

/// Where the learner is: the one seam between the alarms' place gate and GeoClue2 (a GeoClue
/// client on the system bus in production, a fake in tests).
public protocol LocationSource {
  /// Where the location is asked, for `doctor` (the system bus's address).
  var origin: String { get }

  /// Asks where we are and waits at most `timeout`. While `settles` says a fix is not enough to
  /// decide, a better one is waited for; when the time is up, the most accurate one seen is
  /// returned.
  func locate(timeout: Duration, settles: (GeoLocation) -> Bool) throws(GeoClueError) -> GeoLocation

  /// Whether a location can be asked for here at all (a system bus, and GeoClue on it or
  /// startable), without asking for one: `alarm add` refuses an alarm that could never be
  /// stopped. Throws `noSystemBus` or `notAvailable` when not.
  func reachable() throws(GeoClueError)
}
