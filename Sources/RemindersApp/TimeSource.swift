import Foundation

/// Where a use case reads the time: the only clock of the app layer, so that a test moves time
/// by hand and `--now` replays a moment. The core never reads one; it is given `now`.
public protocol TimeSource {
  /// The current instant, as this source tells it.
  func now() -> Date
}

/// The system clock, shifted by `offset` seconds (`--now` minus the clock at the start, for a
/// session that runs on from a given moment).
public struct SystemTime: TimeSource {
  public var offset: TimeInterval

  public init(offset: TimeInterval = 0) { self.offset = offset }

  public func now() -> Date { Date().addingTimeInterval(offset) }
}

/// One instant, always: `--now` for a command in which every step happens at that moment.
public struct FixedTime: TimeSource {
  public var instant: Date

  public init(_ instant: Date) { self.instant = instant }

  public func now() -> Date { instant }
}
