import Foundation
import RemindersStore
import Testing

@testable import RemindersSystemd

/// The real adapter where no user manager is needed: finding one (or why not), and `systemctl`
/// played by small scripts.
@Suite struct SystemctlUserManagerTests {
  @Test func noRuntimeDirectory() {
    for environment in [[:], ["XDG_RUNTIME_DIR": ""], ["XDG_RUNTIME_DIR": "run/user/1000"]] {
      #expect(throws: UserManagerUnreachable.noRuntimeDirectory) {
        try SystemctlUserManager.reach(environment: environment).get()
      }
    }
  }

  /// No socket where the manager would listen: its path and the system's word for why.
  @Test func noManagerOnTheSocket() throws {
    let home = try ScratchHome()
    defer { home.remove() }
    let socket = home.root + "/systemd/private"
    #expect(
      throws: UserManagerUnreachable.noAnswer(
        socket: socket, error: .system(SystemError(call: "connect", code: ENOENT)))
    ) {
      try SystemctlUserManager.reach(environment: ["XDG_RUNTIME_DIR": home.root]).get()
    }
    let long = "/" + String(repeating: "r", count: 120)
    #expect(throws: UserManagerUnreachable.noAnswer(socket: long + "/systemd/private", error: .pathTooLong)) {
      try SystemctlUserManager.reach(environment: ["XDG_RUNTIME_DIR": long]).get()
    }
  }

  /// A `systemctl` that prints `output` to stderr and exits with `status`.
  func systemctl(_ home: ScratchHome, stdout: String = "", stderr: String = "", status: Int32) throws
    -> SystemctlUserManager
  {
    let path = home.root + "/systemctl"
    try home.write("#!/bin/sh\nprintf '\(stdout)'\nprintf '\(stderr)' >&2\nexit \(status)\n", to: path)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    return SystemctlUserManager(environment: [:], systemctlPath: path)
  }

  @Test func failuresSayWhatSystemctlSaid() throws {
    let home = try ScratchHome()
    defer { home.remove() }
    let table: [(stdout: String, stderr: String, status: Int32, output: SystemctlFailure.Output?)] = [
      ("", "", 0, nil),
      ("", "Failed to enable unit: Access denied\\n", 1, .said("Failed to enable unit: Access denied")),
      ("said on stdout\\n", "", 3, .said("said on stdout")),
      ("", "", 5, .status(5)),
    ]
    for row in table {
      let manager = try systemctl(home, stdout: row.stdout, stderr: row.stderr, status: row.status)
      let expected = row.output.map {
        SystemdError.systemctlFailed(
          SystemctlFailure(command: "systemctl --user enable --now reminders.timer", output: $0))
      }
      do throws(SystemdError) {
        try manager.systemctl(["enable", "--now", "reminders.timer"])
        #expect(expected == nil)
      } catch {
        #expect(error == expected)
      }
    }
  }

  @Test func aSystemctlThatCannotStart() throws {
    let manager = SystemctlUserManager(environment: [:], systemctlPath: "/nowhere/systemctl")
    #expect {
      try manager.systemctl(["daemon-reload"])
    } throws: { error in
      guard case .systemctlNotStarted(let system) = error as? SystemdError else { return false }
      return system.code == ENOENT
    }
  }

  /// `show`'s `NAME=value` lines, a value holding `=` whole; its exit status does not matter.
  @Test func properties() throws {
    let home = try ScratchHome()
    defer { home.remove() }
    let manager = try systemctl(
      home, stdout: "LoadState=loaded\\nExecMainStatus=0\\nEnvironment=A=1 B=2\\nno equals sign\\n", status: 1
    )
    #expect(
      try manager.properties(of: "reminders.timer", ["LoadState"])
        == ["LoadState": "loaded", "ExecMainStatus": "0", "Environment": "A=1 B=2"])
    #expect(SystemctlUserManager.properties(in: "") == [:])
  }
}
