import Foundation
import RemindersStore

#if canImport(Glibc)
  import Glibc
#endif

/// The user's systemd manager, spoken to with `systemctl --user`, when one is running.
struct UserManager {
  /// How long one `systemctl` call may take; `daemon-reload` on a busy manager takes a second.
  static let timeout: TimeInterval = 30

  let environment: [String: String]
  let systemctlPath: String

  /// Whether a user manager answers, and if not, why: a connection to its private socket
  /// (`$XDG_RUNTIME_DIR/systemd/private`) either succeeds at once or is refused at once, so
  /// this never waits, and a socket left behind by a manager that died counts as none.
  static func reach(environment: [String: String]) -> Result<UserManager, Unreachable> {
    guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else {
      return .failure(Unreachable(reason: "XDG_RUNTIME_DIR is not set"))
    }
    let socketPath = runtime + "/systemd/private"
    if let error = connectError(socketPath) {
      return .failure(Unreachable(reason: "no systemd user manager answers on \(socketPath) (\(error))"))
    }
    guard let systemctl = ProcessRunner.find("systemctl", environment: environment) else {
      return .failure(Unreachable(reason: "systemctl is not installed"))
    }
    return .success(UserManager(environment: environment, systemctlPath: systemctl))
  }

  struct Unreachable: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
  }

  /// A `systemctl --user` call that failed.
  struct Failure: Error, CustomStringConvertible {
    var command: String
    var output: String
    var description: String { "\(command) failed: \(output)" }
  }

  /// Runs `systemctl --user ARGUMENTS` and returns its standard output; throws `Failure` when it
  /// exits non-zero or takes longer than `timeout`.
  @discardableResult
  func systemctl(_ arguments: String...) throws -> String { try systemctl(arguments) }

  /// `systemctl(_:)` with the arguments in an array.
  @discardableResult
  func systemctl(_ arguments: [String]) throws -> String {
    let result = try ProcessRunner.run(
      systemctlPath, ["--user", "--no-pager"] + arguments, environment: environment,
      timeout: UserManager.timeout)
    guard result.status == 0 else {
      let said = (result.stderr + result.stdout).trimmingCharacters(in: .whitespacesAndNewlines)
      throw Failure(
        command: "systemctl --user " + arguments.joined(separator: " "),
        output: result.timedOut
          ? "no answer in \(Int(UserManager.timeout)) s" : said.isEmpty ? "exit \(result.status)" : said)
    }
    return result.stdout
  }

  /// The properties `systemctl --user show` reports for `unit`, by name.
  func properties(of unit: String, _ names: [String]) throws -> [String: String] {
    let text = try ProcessRunner.run(
      systemctlPath, ["--user", "--no-pager", "show", unit, "--property=" + names.joined(separator: ",")],
      environment: environment,
      timeout: UserManager.timeout
    ).stdout
    var values: [String: String] = [:]
    for line in text.split(separator: "\n") {
      guard let equals = line.firstIndex(of: "=") else { continue }
      values[String(line[..<equals])] = String(line[line.index(after: equals)...])
    }
    return values
  }

  /// nil when something accepts connections on the unix socket at `path`, else why not.
  private static func connectError(_ path: String) -> String? {
    let fd: Int32
    do {
      fd = try systemCall("socket") {
        socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      }
    } catch {
      return error.description
    }
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return "path too long" }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    do {
      // Not retried after EINTR: the connection then goes on in the background, and a second
      // connect would fail with EALREADY.
      try systemCall("connect", retryingInterrupts: false) {
        withUnsafePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
          }
        }
      }
      return nil
    } catch {
      return error.description
    }
  }
}
