import Foundation
import Testing

/// A private dbus-daemon, Xvfb and dunst, started by `Tests/harness/desktop-session.sh`.
///
/// Missing programs make `start()` throw, so the tests that need the session fail (they are
/// meant to run in CI, where `make test` installs dbus, xvfb and dunst) rather than skip.
///
/// Public so that it can move as is into a shared test-support target.
public struct DesktopSession: Sendable {
  public static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("harness/desktop-session.sh")

  /// The session the enclosing `.desktopSession` suite started.
  @TaskLocal public static var current: DesktopSession?

  /// The private bus, for `DBUS_SESSION_BUS_ADDRESS`.
  public let busAddress: String
  /// The Xvfb display, for `DISPLAY`.
  public let display: String
  /// The session's scratch directory (config files, logs, the bus socket).
  public let directory: String
  /// nil when the session was started without a notification server.
  public let dunstPID: pid_t?

  /// The test process's environment, pointed at this session.
  public var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["DBUS_SESSION_BUS_ADDRESS"] = busAddress
    environment["DISPLAY"] = display
    environment["WAYLAND_DISPLAY"] = nil
    return environment
  }

  /// Starts a session; with `notificationServer` false, nobody serves notifications on its bus;
  /// with `monitors` false, the bus refuses `BecomeMonitor`.
  public static func start(notificationServer: Bool = true, monitors: Bool = true) throws -> DesktopSession {
    // --watch: the session ends with this process even if the test run is killed.
    var arguments = [script.path, "start", "--watch", String(ProcessInfo.processInfo.processIdentifier)]
    if !notificationServer { arguments.append("--no-dunst") }
    if !monitors { arguments.append("--no-monitors") }
    let result = try run("/bin/bash", arguments)
    guard result.status == 0 else {
      throw HarnessError(
        "could not start the test desktop session (dbus-daemon, Xvfb, dunst) with \(script.path): "
          + result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    var exports: [String: String] = [:]
    for line in result.stdout.split(separator: "\n") where line.hasPrefix("export ") {
      let assignment = line.dropFirst("export ".count)
      guard let equals = assignment.firstIndex(of: "=") else { continue }
      exports[String(assignment[..<equals])] = try unquote(assignment[assignment.index(after: equals)...])
    }
    guard let address = exports["DBUS_SESSION_BUS_ADDRESS"], let display = exports["DISPLAY"],
      let directory = exports["REMINDERS_SESSION_DIR"]
    else {
      throw HarnessError("the harness printed no usable exports:\n\(result.stdout)")
    }
    let dunstPID = exports["REMINDERS_SESSION_DUNST_PID"].flatMap { pid_t($0) }
    if notificationServer && dunstPID == nil {
      throw HarnessError("the harness printed no dunst pid:\n\(result.stdout)")
    }
    return DesktopSession(busAddress: address, display: display, directory: directory, dunstPID: dunstPID)
  }

  /// Stops every process the session started and removes its directory.
  public func stop() {
    _ = try? Self.run("/bin/bash", [Self.script.path, "stop", directory])
  }

  /// Runs `dunstctl` against this session and returns its standard output.
  @discardableResult
  public func dunstctl(_ arguments: String...) throws -> String {
    let result = try Self.run("/usr/bin/env", ["dunstctl"] + arguments, environment: environment)
    guard result.status == 0 else {
      throw HarnessError("dunstctl \(arguments.joined(separator: " ")) failed: \(result.stderr)")
    }
    return result.stdout
  }

  /// The notifications in dunst's history (`dunstctl history`), each as its fields' values.
  public func history() throws -> [[String: Any]] {
    let json = try dunstctl("history")
    guard let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
      let data = object["data"] as? [[[String: Any]]], let entries = data.first
    else {
      throw HarnessError("unexpected dunstctl history output:\n\(json)")
    }
    return entries.map { entry in entry.compactMapValues { ($0 as? [String: Any])?["data"] } }
  }

  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil
  ) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // The harness's daemons write to their own logs, so these pipes close when the script exits.
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self)
    )
  }

  /// Undoes bash's `printf %q` for the plain values the harness prints (backslash escapes).
  private static func unquote(_ quoted: Substring) throws -> String {
    guard !quoted.hasPrefix("$'") else { throw HarnessError("cannot read the harness value \(quoted)") }
    var value = ""
    var escaped = false
    for character in quoted {
      if !escaped && character == "\\" {
        escaped = true
      } else {
        value.append(character)
        escaped = false
      }
    }
    return value
  }
}

public struct HarnessError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}

/// Starts a `DesktopSession` around a whole suite (`@Suite(.desktopSession)`), and stops it after;
/// the suite's tests find it in `DesktopSession.current`.
public struct DesktopSessionTrait: SuiteTrait, TestScoping {
  public var notificationServer: Bool
  public var isRecursive: Bool { false }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let session = try DesktopSession.start(notificationServer: notificationServer)
    defer { session.stop() }
    try await DesktopSession.$current.withValue(session) { try await function() }
  }
}

extension Trait where Self == DesktopSessionTrait {
  /// A private bus and display with dunst serving notifications.
  public static var desktopSession: Self { Self(notificationServer: true) }
  /// A private bus and display where nobody serves notifications.
  public static var desktopSessionWithoutNotificationServer: Self { Self(notificationServer: false) }
}
