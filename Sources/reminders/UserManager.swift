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
      return .failure(.noRuntimeDirectory)
    }
    let socketPath = runtime + "/systemd/private"
    if let error = connectError(socketPath) {
      return .failure(.noAnswer(socket: socketPath, error: error))
    }
    guard let systemctl = ProcessRunner.find("systemctl", environment: environment) else {
      return .failure(.noSystemctl)
    }
    return .success(UserManager(environment: environment, systemctlPath: systemctl))
  }

  /// Why no user manager can be spoken to (in words: `TimerText.unreachable`).
  enum Unreachable: Error, CustomStringConvertible {
    /// `XDG_RUNTIME_DIR` is not set to an absolute path.
    case noRuntimeDirectory
    /// Nothing accepts connections on the manager's private socket; `error` is the system's word.
    case noAnswer(socket: String, error: String)
    case noSystemctl

    var description: String { TimerText(SessionLanguage.current).unreachable(self) }
  }

  /// A `systemctl --user` call that failed (in words: `TimerText.failure`).
  struct Failure: Error, CustomStringConvertible {
    enum Output {
      /// What systemctl printed, as it said it.
      case said(String)
      case timedOut
      /// It printed nothing and exited with this status.
      case status(Int32)
    }

    var command: String
    var output: Output
    var description: String { TimerText(SessionLanguage.current).failure(self) }
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
        output: result.timedOut ? .timedOut : said.isEmpty ? .status(result.status) : .said(said))
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
