import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `reminders watch` in the background for one test; its output goes to a file.
public final class WatchProcess {
  public let process = Process()
  public let path: String

  public init(_ bin: Binary) throws {
    path = bin.home + "/watch-\(UUID().uuidString).out"
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    let (executable, arguments) = bin.command(["watch"])
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = bin.environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    try handle.close()
    try waitFor("reminders watch to start") {
      self.output.contains("Watching notifications on ") || !self.process.isRunning
    }
    #expect(process.isRunning, "reminders watch did not start: \(output)")
  }

  public var output: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

  /// SIGKILL: a watch may die at any moment, and nothing it leaves may matter.
  public func stop() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }
}

/// Polls `condition` until it holds; records an issue after `seconds`.
public func waitFor(_ what: String, seconds: Double = 10, _ condition: () throws -> Bool) throws {
  let deadline = Date().addingTimeInterval(seconds)
  while try !condition() {
    guard Date() < deadline else {
      Issue.record("gave up waiting for \(what) after \(seconds) s")
      return
    }
    usleep(20_000)
  }
}
