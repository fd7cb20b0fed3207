import DesktopTestSupport
import Foundation
import RemindersCore
import RemindersStore
import TestFolders
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built `reminders` binary, run as a user would, in a scratch home of its own.
public struct Binary {
  public struct Result {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
      self.status = status
      self.stdout = stdout
      self.stderr = stderr
    }

    public var stderrLines: [Substring] { stderr.split(separator: "\n") }
  }

  /// `REMINDERS_BIN`, else `reminders` beside the test bundle in the build folder.
  public static let path: String = {
    if let explicit = ProcessInfo.processInfo.environment["REMINDERS_BIN"] { return explicit }
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
    }
    while !dir.path.hasSuffix("debug") && !dir.path.hasSuffix("release") && dir.path != "/" {
      dir.deleteLastPathComponent()
    }
    return dir.appendingPathComponent("reminders").path
  }()

  /// `path` with its symbolic links resolved: what a unit's ExecStart must name.
  public static let realPath = URL(fileURLWithPath: path).resolvingSymlinksInPath().path

  public let home: String
  public var environment: [String: String]
  /// The user the binary runs as (through `setpriv`), when a session has one of its own: a sway
  /// session's bus, compositor and server run as an unprivileged user, and so do its programs.
  public var user: DesktopSession.User?

  /// A fresh home with XDG folders under it and no locale, zone `UTC` unless set.
  public init() throws {
    // 0755, as a mkdir makes it: the programs of a desktop session read in it.
    home = try TemporaryFolder.make("reminders-cli", mode: 0o755)
    environment = [
      "HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data",
      "XDG_STATE_HOME": home + "/state", "XDG_CACHE_HOME": home + "/cache", "TZ": "UTC", "LANG": "C.UTF-8",
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      // No system bus unless a test gives one (the alarms' GeoClue): never the machine's.
      "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(home)/no-system-bus",
    ]
    // `make test-clock`: monotonic clocks (timeouts, sleeps) stay real.
    if Binary.clockOffset != nil { environment["FAKETIME_DONT_FAKE_MONOTONIC"] = "1" }
  }

  /// With `REMINDERS_TEST_CLOCK=HH:MM` (set by `make test-clock`), the offset from now to that
  /// time of day, UTC, today, in seconds (`+N`/`-N`): the binary then runs under `faketime`,
  /// its clock reading that time and going on from there, so that a test that runs the binary
  /// at the real time is run at other hours of the day too. The test process and the desktop
  /// sessions keep the real clock. (The `faketime` wrapper, not a bare `LD_PRELOAD` of
  /// libfaketime: preloaded alone, the library edits the environment as it starts, and a Swift
  /// program then finds no arguments.)
  public static let clockOffset: String? = {
    guard let wanted = ProcessInfo.processInfo.environment["REMINDERS_TEST_CLOCK"] else { return nil }
    let parts = wanted.split(separator: ":").compactMap { Int($0) }
    guard parts.count == 2, (0..<24).contains(parts[0]), (0..<60).contains(parts[1]) else {
      fatalError("REMINDERS_TEST_CLOCK takes HH:MM (UTC), not \(wanted)")
    }
    guard FileManager.default.isExecutableFile(atPath: faketime) else {
      fatalError("REMINDERS_TEST_CLOCK needs \(faketime) (Debian: apt-get install faketime)")
    }
    var utc = Calendar(identifier: .gregorian)
    utc.timeZone = TimeZone(identifier: "UTC")!
    let now = Date()
    let target = utc.date(bySettingHour: parts[0], minute: parts[1], second: 0, of: now)!
    let offset = Int(target.timeIntervalSince(now).rounded())
    return (offset < 0 ? "" : "+") + String(offset)
  }()

  public static let faketime = "/usr/bin/faketime"

  /// A scratch home with the Tokyo config and the fixture deck, pointed at `session`'s bus (nil:
  /// at a bus that does not exist).
  public static func withFixture(_ session: DesktopSession? = nil) throws -> Binary {
    var bin = try Binary()
    try bin.writeConfig(tokyoConfig)
    try bin.writeDeck(fixtureDeck)
    bin.use(session)
    return bin
  }

  /// Points the binary at `session`'s bus and display, or at a bus that does not exist; as the
  /// session's user when it has one. On GNOME, the home's dconf folder is the session's, so
  /// that gsettings reads what GNOME Shell reads.
  public mutating func use(_ session: DesktopSession?) {
    if let session {
      environment["DBUS_SESSION_BUS_ADDRESS"] = session.busAddress
      environment["DISPLAY"] = session.display
      environment["WAYLAND_DISPLAY"] = session.waylandDisplay
      user = session.user
      if session.server == .gnome {
        try? FileManager.default.createDirectory(atPath: home + "/config", withIntermediateDirectories: true)
        try? FileManager.default.createSymbolicLink(
          atPath: home + "/config/dconf", withDestinationPath: session.configHome + "/dconf")
      }
    } else {
      environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(home)/no-such-bus"
    }
  }

  /// The program and arguments that run the binary with `arguments` as this home's user.
  public func command(_ arguments: [String]) -> (executable: String, arguments: [String]) {
    var (executable, arguments) = (Binary.path, arguments)
    if let offset = Binary.clockOffset {
      (executable, arguments) = (Binary.faketime, ["-f", offset, executable] + arguments)
    }
    guard let user else { return (executable, arguments) }
    giveHome(to: user)
    return (
      "/usr/bin/setpriv",
      ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "--", executable] + arguments
    )
  }

  /// Makes everything under the home the user's (files the test wrote as itself included).
  private func giveHome(to user: DesktopSession.User) {
    lchown(home, user.uid, user.gid)
    let enumerator = FileManager.default.enumerator(atPath: home)
    while let relative = enumerator?.nextObject() as? String {
      lchown(home + "/" + relative, user.uid, user.gid)
    }
  }

  public var configPath: String { home + "/config/reminders/config.toml" }
  public var deckPath: String { home + "/data/reminders/deck.json" }

  public func writeConfig(_ text: String) throws {
    try FileManager.default.createDirectory(
      atPath: home + "/config/reminders", withIntermediateDirectories: true)
    try text.write(toFile: configPath, atomically: true, encoding: .utf8)
  }

  public func writeDeck(_ text: String) throws {
    try FileManager.default.createDirectory(
      atPath: home + "/data/reminders", withIntermediateDirectories: true)
    try text.write(toFile: deckPath, atomically: true, encoding: .utf8)
  }

  @discardableResult
  public func run(_ arguments: String..., extraEnvironment: [String: String] = [:]) throws -> Result {
    try run(arguments, extraEnvironment: extraEnvironment)
  }

  public func run(
    _ arguments: [String], extraEnvironment: [String: String] = [:], input: String? = nil
  ) throws -> Result {
    let process = Process()
    let (executable, arguments) = command(arguments)
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment.merging(extraEnvironment) { $1 }
    if let input {
      // Standard input from a file: the command reads it as a script would give it, to its end.
      let path = home + "/.in-\(UUID().uuidString)"
      try input.write(toFile: path, atomically: true, encoding: .utf8)
      defer { try? FileManager.default.removeItem(atPath: path) }
      process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      return try Binary.capture(process, scratch: home)
    }
    return try Binary.capture(process, scratch: home)
  }

  /// Runs `process` to its end with its outputs sent to files in `scratch` (so that a large
  /// output can never block the child on a full pipe) and returns what it printed.
  public static func capture(_ process: Process, scratch: String) throws -> Result {
    let base = scratch + "/.out-\(UUID().uuidString)"
    _ = FileManager.default.createFile(atPath: base + ".1", contents: nil)
    _ = FileManager.default.createFile(atPath: base + ".2", contents: nil)
    defer {
      try? FileManager.default.removeItem(atPath: base + ".1")
      try? FileManager.default.removeItem(atPath: base + ".2")
    }
    let out = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".1"))
    let err = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".2"))
    process.standardOutput = out
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: FileManager.default.contents(atPath: base + ".1") ?? Data(), as: UTF8.self),
      stderr: String(decoding: FileManager.default.contents(atPath: base + ".2") ?? Data(), as: UTF8.self))
  }

  /// The deck as every reader sees it: `deck.json` with the journal of answers beside it applied,
  /// by the store's own reader (files left as they are), written out as the deck's JSON with
  /// times in `zone`.
  public func storedDeck(zone: String = "Asia/Tokyo") throws -> [String: Any] {
    let stored = try DeckStore(path: deckPath, lockPath: home + "/state/reminders/lock").load()
    let clock = DayClock(zone: try #require(TimeZone(identifier: zone)))
    let bytes = DeckCodec.encode(stored, clock: clock)
    return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
  }

  /// Every file under the home, with its bytes: to show that a command wrote nothing.
  public func snapshot() -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: home)
    while let relative = enumerator?.nextObject() as? String {
      if relative.hasPrefix(".out-") { continue }
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: home + "/" + relative, isDirectory: &isDirectory)
      files[relative] =
        isDirectory.boolValue ? Data() : FileManager.default.contents(atPath: home + "/" + relative)
    }
    return files
  }
}

/// The parsed JSON of a command's stdout.
public func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }
