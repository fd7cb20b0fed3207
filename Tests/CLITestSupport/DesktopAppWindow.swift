import DesktopTestSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The built `reminders-desktop`, started in a test desktop session (Xvfb, a private bus and the
/// accessibility bus) on a binary's scratch home, and read and pressed only through AT-SPI, by
/// role and accessible name (Tests/harness/app-probe.py), as Orca reads it.
public final class DesktopAppWindow {
  /// One node of the window as the accessibility bus shows it.
  public struct Node: Decodable, Equatable {
    public var role: String
    public var name: String
    public var description: String
    public var text: String
    public var sensitive: Bool
    public var focused: Bool
    public var checked: Bool
  }

  /// The application's name on the accessibility bus.
  public static let application = "reminders-desktop"
  public static let probe = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("harness/app-probe.py").path
  /// `reminders-desktop` beside `reminders` in the build folder.
  public static var path: String {
    URL(fileURLWithPath: Binary.path).deletingLastPathComponent().path + "/reminders-desktop"
  }
  /// Where the tests keep their screenshots (`.build/app-screenshots`, beside the binaries).
  public static var screenshots: String {
    URL(fileURLWithPath: Binary.path).deletingLastPathComponent().deletingLastPathComponent().path
      + "/app-screenshots"
  }

  public let session: DesktopSession
  public let binary: Binary
  public private(set) var process: Process?
  /// The app another program started (the watch, for a pop-up's click), found by its command line.
  public private(set) var startedElsewhere: pid_t?
  let log: String

  /// Starts the app on `binary`'s home in `session`, with `arguments` (`--lang ja`, …), and
  /// waits until its window shows a push button named `ready`.
  public init(session: DesktopSession, binary: Binary, arguments: [String] = [], ready: String) throws {
    self.session = session
    self.binary = binary
    log = binary.home + "/reminders-desktop.log"
    process = try launch(arguments)
    guard wait(role: "push button", name: ready) else {
      let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      throw HarnessError("reminders-desktop showed no button \(ready) (its output: \(said.suffix(2000)))")
    }
  }

  /// The app someone else started on `binary`'s files (the watch, on a pop-up's click), once a
  /// push button named `ready` shows, within `seconds`.
  public init(startedFor binary: Binary, in session: DesktopSession, ready: String, seconds: Double = 30)
    throws
  {
    self.session = session
    self.binary = binary
    log = binary.home + "/reminders-desktop.log"
    let deadline = Date().addingTimeInterval(seconds)
    while startedElsewhere == nil && Date() < deadline {
      startedElsewhere = DesktopAppWindow.running(config: binary.configPath).first
      if startedElsewhere == nil { usleep(100_000) }
    }
    guard startedElsewhere != nil else {
      throw HarnessError("no reminders-desktop started on \(binary.configPath)")
    }
    guard wait(role: "push button", name: ready, seconds: max(1, deadline.timeIntervalSinceNow)) else {
      throw HarnessError("reminders-desktop showed no button \(ready)")
    }
  }

  /// The processes of `reminders-desktop` whose command line names `config`.
  public static func running(config: String) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> pid_t? in
      guard let pid = pid_t(entry),
        let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
      else { return nil }
      let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      guard arguments.first?.hasSuffix("/reminders-desktop") == true, arguments.contains(config) else {
        return nil
      }
      return pid
    }
  }

  /// The environment the app runs in: the home's, the session's bus and display, GTK on Cairo
  /// (no GL under Xvfb).
  public var environment: [String: String] {
    var environment = binary.environment
    environment["GSK_RENDERER"] = "cairo"
    environment["NO_AT_BRIDGE"] = nil
    environment["GTK_A11Y"] = nil
    return environment
  }

  /// Starts one more `reminders-desktop` (a second launch), returning its process.
  @discardableResult
  public func launch(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: DesktopAppWindow.path)
    process.arguments = arguments
    process.environment = environment
    FileManager.default.createFile(atPath: log, contents: nil)
    let handle = FileHandle(forWritingAtPath: log)
    handle?.seekToEndOfFile()
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    return process
  }

  /// Ends the app (and so its window), by its PID.
  public func stop() {
    if let pid = startedElsewhere {
      DesktopAppWindow.end(pid) { kill(pid, 0) == 0 }
      startedElsewhere = nil
    }
    guard let process, process.isRunning else { return }
    DesktopAppWindow.end(process.processIdentifier) { process.isRunning }
    process.waitUntilExit()
    self.process = nil
  }

  /// SIGTERM, up to 5 s for it to end (the app closes a session first), then SIGKILL.
  static func end(_ pid: pid_t, while running: () -> Bool) {
    kill(pid, SIGTERM)
    let deadline = Date().addingTimeInterval(5)
    while running() && Date() < deadline { usleep(50_000) }
    if running() { kill(pid, SIGKILL) }
  }

  deinit { stop() }

  func probe(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    try DesktopSession.run("/usr/bin/python3", [DesktopAppWindow.probe] + arguments, environment: environment)
  }

  /// Every showing node of the window.
  public func nodes() throws -> [Node] {
    let result = try probe(["dump", DesktopAppWindow.application])
    let decoder = JSONDecoder()
    return result.stdout.split(separator: "\n").compactMap {
      try? decoder.decode(Node.self, from: Data($0.utf8))
    }
  }

  /// The first showing node of `role` whose name (or text) satisfies `matches`, within 10 s.
  public func node(role: String, seconds: Double = 10, where matches: (Node) -> Bool) -> Node? {
    let deadline = Date().addingTimeInterval(seconds)
    repeat {
      if let found = (try? nodes())?.first(where: { $0.role == role && matches($0) }) { return found }
      usleep(200_000)
    } while Date() < deadline
    return nil
  }

  /// Whether a showing `role` named `name` appears within `seconds`.
  public func wait(role: String, name: String, seconds: Double = 20) -> Bool {
    node(role: role, seconds: seconds) { $0.name == name } != nil
  }

  /// A label whose text starts with `prefix`, within 10 s.
  public func label(startingWith prefix: String, seconds: Double = 10) -> Node? {
    node(role: "label", seconds: seconds) { $0.name.hasPrefix(prefix) || $0.text.hasPrefix(prefix) }
  }

  /// Presses the showing `role` named `name` (its accessible action, as Orca presses it).
  public func press(_ name: String, role: String = "push button") throws {
    let result = try probe(["press", DesktopAppWindow.application, role, name])
    guard result.status == 0 else { throw HarnessError("could not press \(role) \(name): \(result.stderr)") }
  }

  /// Puts `text` into the text field named `name`, then presses the button `apply`.
  public func type(_ text: String, into name: String, apply: String) throws {
    let result = try probe(["type", DesktopAppWindow.application, name, text, apply])
    guard result.status == 0 else { throw HarnessError("could not type into \(name): \(result.stderr)") }
  }

  /// Keys typed into the focused window.
  public func key(_ keys: String) throws {
    _ = try probe(["key", DesktopAppWindow.application, keys])
  }

  /// A screenshot of the display to `name`.png in `screenshots`, and whether it shows more than
  /// a few colours (not blank).
  @discardableResult
  public func screenshot(_ name: String) throws -> (path: String, colours: Int) {
    try FileManager.default.createDirectory(
      atPath: DesktopAppWindow.screenshots, withIntermediateDirectories: true)
    let xwd = DesktopAppWindow.screenshots + "/\(name).xwd"
    let png = DesktopAppWindow.screenshots + "/\(name).png"
    let display = session.display ?? ":0"
    let shot = try DesktopSession.run("/usr/bin/xwd", ["-root", "-display", display, "-out", xwd])
    guard shot.status == 0 else { throw HarnessError("xwd failed: \(shot.stderr)") }
    let converted = try DesktopSession.run("/usr/bin/convert", [xwd, png])
    guard converted.status == 0 else { throw HarnessError("convert failed: \(converted.stderr)") }
    try? FileManager.default.removeItem(atPath: xwd)
    let counted = try DesktopSession.run("/usr/bin/identify", ["-format", "%k", png])
    return (png, Int(counted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0)
  }
}
