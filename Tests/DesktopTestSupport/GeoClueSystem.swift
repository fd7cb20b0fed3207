import Foundation

/// A private system bus with GeoClue2 on it, fed by a GPS receiver the test moves, started by
/// `Tests/harness/geoclue-system.sh` (as root: GeoClue runs as the `geoclue` user).
///
/// Missing programs make `start()` throw, so the tests that need it fail in CI (where `make test`
/// installs geoclue-2.0, python3-dbus and python3-gi) rather than skip; only a caller who is not
/// root skips, and says why (`GeoClueSystem.canRun`).
public struct GeoClueSystem: Sendable {
  public static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("harness/geoclue-system.sh")

  /// Whether this process may start one: GeoClue runs as its own user and without network, which
  /// only root can arrange.
  public static var canRun: Bool { getuid() == 0 }
  /// Why the GeoClue tests skip when `canRun` is false.
  public static let needsRoot =
    "GeoClue runs as the geoclue user on a private system bus without network: run the tests as root (CI does)"

  /// The private system bus, for `DBUS_SYSTEM_BUS_ADDRESS`.
  public let busAddress: String
  /// Its scratch directory: the bus socket, the receiver's position, the logs.
  public let directory: String

  /// Who answers on the bus.
  public enum Setup: Sendable {
    /// GeoClue, with an agent that allows every application.
    case geoclue
    /// GeoClue with an agent that refuses every application.
    case refusingAgent
    /// GeoClue without any agent: `GetClient` waits for one that never comes.
    case noAgent
    /// The bus alone.
    case noGeoClue
  }

  /// Starts the bus (and GeoClue, the receiver at `latitude`, `longitude`, and an agent, as
  /// `setup` says).
  public static func start(
    _ setup: Setup = .geoclue, latitude: Double = 35.681236, longitude: Double = 139.767125
  ) throws -> GeoClueSystem {
    var arguments = [
      script.path, "start", "--watch", String(ProcessInfo.processInfo.processIdentifier), "--at",
      "\(latitude),\(longitude)",
    ]
    switch setup {
    case .geoclue: break
    case .refusingAgent: arguments.append("--refuse")
    case .noAgent: arguments.append("--no-agent")
    case .noGeoClue: arguments.append("--no-geoclue")
    }
    let result = try DesktopSession.run("/bin/bash", arguments)
    guard result.status == 0 else {
      throw HarnessError(
        "could not start the GeoClue system bus with \(script.path): "
          + result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    let exports = try HarnessExports.read(result.stdout)
    guard let address = exports["DBUS_SYSTEM_BUS_ADDRESS"], let directory = exports["REMINDERS_GEOCLUE_DIR"]
    else {
      throw HarnessError("the GeoClue harness printed no usable exports:\n\(result.stdout)")
    }
    return GeoClueSystem(busAddress: address, directory: directory)
  }

  /// Moves the receiver; GeoClue reads the new position within a quarter of a second. HDOP sets
  /// the accuracy GeoClue reports: 1.5 about 1 m, 25 about 300 m.
  public func move(latitude: Double, longitude: Double, hdop: Double = 1.5) throws {
    let path = directory + "/position"
    try "\(latitude) \(longitude) \(hdop)\n".write(toFile: path + ".tmp", atomically: false, encoding: .utf8)
    guard rename(path + ".tmp", path) == 0 else {
      throw HarnessError("cannot move the receiver: errno \(errno)")
    }
  }

  /// Ends every process it started and removes its directory.
  public func stop() {
    _ = try? DesktopSession.run("/bin/bash", [Self.script.path, "stop", directory])
  }

  /// What GeoClue and the agent logged, for a failing test's message.
  public var logs: String {
    ["geoclue.log", "agent.log", "feeder.log", "dbus.log"].map { name in
      let text = (try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)) ?? "(none)"
      return "== \(name)\n" + text.split(separator: "\n").suffix(15).joined(separator: "\n")
    }.joined(separator: "\n")
  }
}

/// The `export NAME=VALUE` lines a harness script prints.
enum HarnessExports {
  /// By name, unquoted.
  static func read(_ output: String) throws -> [String: String] {
    var exports: [String: String] = [:]
    for line in output.split(separator: "\n") where line.hasPrefix("export ") {
      let assignment = line.dropFirst("export ".count)
      guard let equals = assignment.firstIndex(of: "=") else { continue }
      exports[String(assignment[..<equals])] = try unquote(assignment[assignment.index(after: equals)...])
    }
    return exports
  }

  /// Undoes bash's `printf %q` for the plain values the harness prints (backslash escapes, as
  /// in the `\,` of a bus address).
  static func unquote(_ quoted: Substring) throws -> String {
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
