import Foundation
import RemindersStore
import TestFolders

@testable import RemindersSystemd

/// A user manager in memory: remembers the `systemctl` calls, answers `show` from a table, and
/// fails when told to.
final class FakeUserManager: UserManager {
  /// Every `systemctl --user` call, its arguments in order.
  var calls: [[String]] = []
  /// A call whose first argument (`enable`, `disable`, `daemon-reload`) is a key fails so.
  var failures: [String: SystemdError] = [:]
  /// What `show` gives, by unit.
  var shown: [String: [String: String]] = [:]
  /// Every `show` fails with this, when set.
  var showFailure: SystemdError?

  init(shown: [String: [String: String]] = [:]) { self.shown = shown }

  func systemctl(_ arguments: [String]) throws(SystemdError) -> String {
    calls.append(arguments)
    if let failure = arguments.first.flatMap({ failures[$0] }) { throw failure }
    return ""
  }

  func properties(of unit: String, _ names: [String]) throws(SystemdError) -> [String: String] {
    if let showFailure { throw showFailure }
    return (shown[unit] ?? [:]).filter { names.contains($0.key) }
  }
}

/// A home of its own for one test: the unit folders under it, and a stand-in for
/// `/etc/systemd/user` and a package's folder, so that nothing outside it is read.
struct ScratchHome {
  let root: String
  var folders: UnitFolders
  /// Where a package would put its units (`/usr/lib/systemd/user`), after `own` in the search
  /// path.
  var packaged: String { root + "/usr/lib/systemd/user" }

  init() throws {
    root = try TemporaryFolder.make("reminders-systemd")
    let own = root + "/config/systemd/user"
    let everyUser = root + "/etc/systemd/user"
    folders = UnitFolders(
      own: own, searchPath: [own, everyUser, root + "/usr/lib/systemd/user"], everyUser: everyUser)
  }

  func installation(_ manager: FakeUserManager?) -> TimerInstallation {
    TimerInstallation(
      folders: folders, userManager: manager.map { .success($0) } ?? .failure(.noRuntimeDirectory))
  }

  func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(
      atPath: FileIO.parentDirectory(of: path), withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  func link(_ path: String, to target: String) throws {
    try FileManager.default.createDirectory(
      atPath: FileIO.parentDirectory(of: path), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
  }

  func exists(_ path: String) -> Bool {
    (try? FileManager.default.attributesOfItem(atPath: path)) != nil
  }

  func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

  func remove() { try? FileManager.default.removeItem(atPath: root) }
}
