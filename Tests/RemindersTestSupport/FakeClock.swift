import Foundation
import RemindersApp
import RemindersCore

/// A clock that stands still until the test moves it: what a use case reads as "now".
public final class FakeClock: TimeSource {
  public var instant: Date

  public init(_ instant: Date) { self.instant = instant }

  /// An RFC 3339 time with offset, e.g. `2026-11-21T09:00:00+09:00`.
  public convenience init(_ text: String) { self.init(FakeClock.parse(text)) }

  public func now() -> Date { instant }

  /// Moves the clock on by `seconds`.
  public func advance(by seconds: TimeInterval) { instant = instant.addingTimeInterval(seconds) }

  /// Sets the clock to an RFC 3339 time.
  public func set(_ text: String) { instant = FakeClock.parse(text) }

  /// An RFC 3339 time a test writes by hand; a typo is the test's mistake, so it stops there.
  public static func parse(_ text: String) -> Date {
    guard let date = Timestamp.parse(text) else { preconditionFailure("not RFC 3339: \(text)") }
    return date
  }
}
