import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension Binary {
  /// Runs the binary in `directory` (default: the home) and gives it `seconds` to end: one that
  /// hangs is killed and fails the test instead of blocking the run.
  public func bounded(
    _ arguments: [String], in directory: String? = nil, seconds: Double = 15,
    extraEnvironment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Binary.path)
    process.arguments = arguments
    process.environment = environment.merging(extraEnvironment) { $1 }
    process.currentDirectoryURL = URL(fileURLWithPath: directory ?? home)
    process.standardInput = FileHandle.nullDevice
    let watchdog = DispatchWorkItem { [process] in
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog)
    defer { watchdog.cancel() }
    let result = try Binary.capture(process, scratch: home)
    if process.terminationReason == .uncaughtSignal && result.status == SIGKILL {
      Issue.record(
        "reminders \(arguments.joined(separator: " ")) hung: killed after \(seconds) s",
        sourceLocation: sourceLocation)
    }
    return result
  }
}
