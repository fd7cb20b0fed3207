import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A private dbus-daemon and a notification server on it, started by
/// `Tests/harness/desktop-session.sh`: dunst on Xvfb (the default), or any server of `Server`.
///
/// Missing programs make `start()` throw, so the tests that need the session fail (they are
/// meant to run in CI, where `make test` installs every server) rather than skip.
///
/// Public so that it can move as is into a shared test-support target.
public struct DesktopSession: Sendable {
  public static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("harness/desktop-session.sh")

  /// The notification servers the harness can start, by the names it takes (`--server`).
  public enum Server: String, Sendable, CaseIterable, CustomStringConvertible {
    case dunst
    case xfce
    case notificationDaemon = "notification-daemon"
    case plasma
    case gnome
    case mako
    case swaync

    public var description: String { rawValue }
  }

  /// The user a session runs as when it is not the test's own (sway refuses root).
  public struct User: Sendable, Equatable {
    public let uid: uid_t
    public let gid: gid_t
  }

  /// The session the enclosing `.desktopSession` suite started.
  @TaskLocal public static var current: DesktopSession?

  /// The notification server; nil when the session has none.
  public let server: Server?
  /// The private bus, for `DBUS_SESSION_BUS_ADDRESS`.
  public let busAddress: String
  /// The Xvfb display, for `DISPLAY` (nil for GNOME Shell and the sway servers).
  public let display: String?
  /// The Wayland compositor's socket, for `WAYLAND_DISPLAY` (sway sessions).
  public let waylandDisplay: String?
  /// The session's `XDG_RUNTIME_DIR`, where its compositor's socket is (sway sessions).
  public let runtimeDirectory: String?
  /// The session's scratch directory (config files, logs, the bus socket).
  public let directory: String
  /// The servers' `XDG_CONFIG_HOME` (dconf keeps GNOME's and swaync's settings there).
  public let configHome: String
  /// Whom the session runs as, when it is not the test process's user.
  public let user: User?
  /// The notification server's process (GNOME: gnome-shell); nil without one.
  public let serverPID: pid_t?
  /// nil unless the server is dunst.
  public var dunstPID: pid_t? { server == .dunst ? serverPID : nil }

  /// The test process's environment, pointed at this session.
  public var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["DBUS_SESSION_BUS_ADDRESS"] = busAddress
    environment["DISPLAY"] = display
    environment["WAYLAND_DISPLAY"] = waylandDisplay
    if let runtimeDirectory { environment["XDG_RUNTIME_DIR"] = runtimeDirectory }
    return environment
  }

  /// Starts a session; with `notificationServer` false, nobody serves notifications on its bus;
  /// with `monitors` false, the bus refuses `BecomeMonitor`.
  public static func start(notificationServer: Bool = true, monitors: Bool = true) throws -> DesktopSession {
    try start(server: notificationServer ? .dunst : nil, monitors: monitors)
  }

  /// Starts a session with `server` (nil: none) on its bus; with `accessibility`, the
  /// accessibility bus too (the desktop app's tests read its window through it).
  public static func start(server: Server?, monitors: Bool = true, accessibility: Bool = false) throws
    -> DesktopSession
  {
    // --watch: the session ends with this process even if the test run is killed.
    var arguments = [
      script.path, "start", "--watch", String(ProcessInfo.processInfo.processIdentifier), "--server",
      server?.rawValue ?? "none",
    ]
    if !monitors { arguments.append("--no-monitors") }
    if accessibility { arguments.append("--accessibility") }
    let result = try run("/bin/bash", arguments)
    guard result.status == 0 else {
      throw HarnessError(
        "could not start the test desktop session (\(server?.rawValue ?? "no server")) with \(script.path): "
          + result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    let exports = try HarnessExports.read(result.stdout)
    guard let address = exports["DBUS_SESSION_BUS_ADDRESS"], let directory = exports["REMINDERS_SESSION_DIR"],
      let configHome = exports["REMINDERS_SESSION_CONFIG_HOME"]
    else {
      throw HarnessError("the harness printed no usable exports:\n\(result.stdout)")
    }
    let serverPID = exports["REMINDERS_SESSION_SERVER_PID"].flatMap { pid_t($0) }
    if server != nil && serverPID == nil {
      throw HarnessError("the harness printed no server pid:\n\(result.stdout)")
    }
    let user = exports["REMINDERS_SESSION_USER"].flatMap { text -> User? in
      let parts = text.split(separator: ":").compactMap { UInt32($0) }
      return parts.count == 2 ? User(uid: parts[0], gid: parts[1]) : nil
    }
    return DesktopSession(
      server: server, busAddress: address, display: exports["DISPLAY"],
      waylandDisplay: exports["WAYLAND_DISPLAY"],
      runtimeDirectory: exports["XDG_RUNTIME_DIR"], directory: directory, configHome: configHome, user: user,
      serverPID: serverPID)
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

  /// Runs a command of the harness on this session (`dnd on`, `shown`, …) and returns its output.
  @discardableResult
  public func harness(_ arguments: String...) throws -> String {
    let result = try Self.run("/bin/bash", [Self.script.path] + arguments + [directory])
    guard result.status == 0 else {
      throw HarnessError(
        "desktop-session.sh \(arguments.joined(separator: " ")) (\(server?.rawValue ?? "no server")) failed: "
          + result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return result.stdout
  }

  /// Switches the server's do-not-disturb the server's own way; returns once it reads so.
  public func setDoNotDisturb(_ on: Bool) throws { try harness("dnd", on ? "on" : "off") }

  /// Xfce: xfconfd started anew, for one that stopped answering (seen on a loaded machine).
  public func restartSettingsDaemon() throws { try harness("settings-restart") }

  /// KDE Plasma: an `Inhibit` caller that lives until `inhibit(false)`.
  public func inhibit(_ on: Bool) throws { try harness("inhibit", on ? "on" : "off") }

  /// A pop-up as the server reports it.
  public struct Shown: Equatable, Sendable, CustomStringConvertible {
    public var summary: String
    /// nil where the server does not tell (swaync's accessible pop-up gives its summary only).
    public var body: String?
    public var description: String { "\(summary) / \(body ?? "-")" }
  }

  /// What the server received (dunst: its history, once closed; xfce: its log; others: what
  /// they show now).
  public func shown() throws -> [Shown] {
    try harness("shown").split(separator: "\n").map { line in
      guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let summary = object["summary"] as? String
      else { throw HarnessError("unexpected line from the harness's shown: \(line)") }
      return Shown(summary: summary, body: object["body"] as? String)
    }
  }

  /// Closes every pop-up on screen the user's way.
  public func closeAll() throws { try harness("close-all") }

  /// Acts on pop-up `summary` as a user would: `default` is a click on it, another key its
  /// button `label` (or the server's own way to choose that action).
  public func act(_ key: String, label: String, on summary: String) throws {
    try harness("act", key, label, summary)
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
}

public struct HarnessError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

/// Starts a `DesktopSession` around a whole suite (`@Suite(.desktopSession)`), and stops it after;
/// the suite's tests find it in `DesktopSession.current`.
public struct DesktopSessionTrait: SuiteTrait, TestScoping {
  public var server: DesktopSession.Server?
  /// The accessibility bus too, whatever the server (the desktop app is read through it).
  public var accessibility = false
  public var isRecursive: Bool { false }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let session = try DesktopSession.start(server: server, accessibility: accessibility)
    defer { session.stop() }
    try await DesktopSession.$current.withValue(session) { try await function() }
  }
}

extension Trait where Self == DesktopSessionTrait {
  /// A private bus and display with dunst serving notifications.
  public static var desktopSession: Self { Self(server: .dunst) }
  /// A private bus and display where nobody serves notifications.
  public static var desktopSessionWithoutNotificationServer: Self { Self(server: nil) }
  /// A private bus with `server` serving notifications.
  public static func desktopSession(_ server: DesktopSession.Server, accessibility: Bool = false) -> Self {
    Self(server: server, accessibility: accessibility)
  }
}
