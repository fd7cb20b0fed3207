import RemindersDesktop

/// GeoClue in memory: offers its fixes in order, as GeoClue improves its answer, and stops at
/// the first the caller says settles it; or fails with `failure`.
public final class FakeLocator: LocationSource {
  public var origin = "unix:path=/fake/system_bus_socket"
  /// What GeoClue would give, in the order it would give it.
  public var fixes: [GeoLocation]
  public var failure: GeoClueError?
  /// The timeout of each question asked.
  public var asked: [Duration] = []

  public init(_ fixes: [GeoLocation] = []) { self.fixes = fixes }

  /// A fix `metres` north of `latitude`,`longitude` (a degree of latitude is 111,195 m on
  /// GeoPoint's sphere), accurate to `accuracy`.
  public convenience init(north metres: Double, of latitude: Double, _ longitude: Double, accuracy: Double) {
    self.init([
      GeoLocation(latitude: latitude + metres / 111_195.08, longitude: longitude, accuracy: accuracy)
    ])
  }

  /// Why GeoClue cannot be reached at all, when set (`failure` alone may be a refusal or a
  /// timeout, which a reachable GeoClue gives).
  public var unreachable: GeoClueError?
  public func reachable() throws(GeoClueError) { if let unreachable { throw unreachable } }

  public func locate(timeout: Duration, settles: (GeoLocation) -> Bool) throws(GeoClueError) -> GeoLocation {
    asked.append(timeout)
    if let failure { throw failure }
    guard !fixes.isEmpty else { throw GeoClueError.timedOut(seconds: 1, waitingFor: .firstLocation) }
    // The time is up at the last one: then the most accurate seen is the answer.
    return fixes.first(where: settles) ?? fixes.min { $0.accuracy < $1.accuracy }!
  }
}
