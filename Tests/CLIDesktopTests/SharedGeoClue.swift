import CLITestSupport
import DesktopTestSupport
import Foundation

/// One GeoClue2 on a private system bus for the whole test process, started at the first
/// `alarm add` that needs it: an alarm is added only where a location can be asked for
/// (docs/alarms.md), and most alarm tests never ask for one. Without an agent (nothing here asks
/// for a location); it goes with the process (`--watch`).
enum SharedGeoClue {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var started: Result<GeoClueSystem, any Error>?

  /// `DBUS_SYSTEM_BUS_ADDRESS` of that bus, started on first use.
  static func environment() throws -> [String: String] {
    lock.lock()
    defer { lock.unlock() }
    if started == nil { started = Result { try GeoClueSystem.start(.noAgent) } }
    return ["DBUS_SYSTEM_BUS_ADDRESS": try started!.get().busAddress]
  }
}

extension Binary {
  /// `reminders alarm add ARGUMENTS` where GeoClue can be reached (the shared one).
  func addAlarm(_ arguments: String...) throws -> Result {
    try run(["alarm", "add"] + arguments, extraEnvironment: SharedGeoClue.environment())
  }
}
