import Foundation
import RemindersStore

/// The user's systemd manager (`systemd --user`), as the install rules speak to it: through
/// `systemctl --user` in production, a double in the tests.
public protocol UserManager {
  /// Runs `systemctl --user ARGUMENTS` and returns what it printed on standard output.
  @discardableResult
  func systemctl(_ arguments: [String]) throws(SystemdError) -> String
  /// The properties `systemctl --user show` gives for `unit`, by name; those it does not give
  /// are missing.
  func properties(of unit: String, _ names: [String]) throws(SystemdError) -> [String: String]
}

/// The running user manager, spoken to with the `systemctl` binary.
public struct SystemctlUserManager: UserManager {
  /// How long one `systemctl` call may take; `daemon-reload` on a busy manager takes a second.
  public static let timeout: TimeInterval = 30

  let environment: [String: String]
  let systemctlPath: String

  /// The user manager when one answers, and if not, why: a connection to its private socket
  /// (`$XDG_RUNTIME_DIR/systemd/private`) either succeeds at once or is refused at once, so
  /// this never waits, and a socket left behind by a manager that died counts as none.
  public static func reach(environment: [String: String]) -> Result<
    SystemctlUserManager, UserManagerUnreachable
  > {
    guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else {
      return .failure(.noRuntimeDirectory)
    }
    let socketPath = runtime + "/systemd/private"
    do throws(UnixSocket.ConnectFailure) {
      try UnixSocket.probe(socketPath)
    } catch {
      return .failure(.noAnswer(socket: socketPath, error: error))
    }
    guard let systemctl = ProcessRunner.find("systemctl", environment: environment) else {
      return .failure(.noSystemctl)
    }
    return .success(SystemctlUserManager(environment: environment, systemctlPath: systemctl))
  }

  /// Throws `SystemdError.systemctlFailed` when systemctl exits non-zero or takes longer than
  /// `timeout`.
  @discardableResult
  public func systemctl(_ arguments: [String]) throws(SystemdError) -> String {
    let result = try run(["--user", "--no-pager"] + arguments)
    guard result.status == 0 else {
      let said = (result.stderr + result.stdout).trimmingCharacters(in: .whitespacesAndNewlines)
      throw .systemctlFailed(
        SystemctlFailure(
          command: "systemctl --user " + arguments.joined(separator: " "),
          output: result.timedOut ? .timedOut : said.isEmpty ? .status(result.status) : .said(said)))
    }
    return result.stdout
  }

  /// What `systemctl --user show` prints, whatever its exit status: for a unit it does not know
  /// it still gives `LoadState=not-found`.
  public func properties(of unit: String, _ names: [String]) throws(SystemdError) -> [String: String] {
    SystemctlUserManager.properties(
      in: try run(["--user", "--no-pager", "show", unit, "--property=" + names.joined(separator: ",")]).stdout
    )
  }

  /// The `NAME=value` lines of `systemctl show`, by name.
  static func properties(in text: String) -> [String: String] {
    var values: [String: String] = [:]
    for line in text.split(separator: "\n") {
      guard let equals = line.firstIndex(of: "=") else { continue }
      values[String(line[..<equals])] = String(line[line.index(after: equals)...])
    }
    return values
  }

  private func run(_ arguments: [String]) throws(SystemdError) -> ProcessRunner.Result {
    do throws(SystemError) {
      return try ProcessRunner.run(
        systemctlPath, arguments, environment: environment, timeout: SystemctlUserManager.timeout)
    } catch {
      throw .systemctlNotStarted(error)
    }
  }
}
