import Foundation
import TestFolders
import Testing

/// Other programs the tests run as a user would (systemd-analyze, make, dpkg-deb, groff), found
/// on `PATH`.
public enum Programs {
  /// The repository, for `make` and the files under packaging/.
  public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().path

  /// Runs `arguments` through `/usr/bin/env`; outputs go to files, so that a long build log can
  /// never block the child on a full pipe.
  public static func run(
    _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil
  ) throws -> Binary.Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.standardInput = FileHandle.nullDevice
    return try Binary.capture(process, scratch: NSTemporaryDirectory())
  }

  /// The Python of the tests' virtual environment, which `make deps` makes and fills (`icalendar`,
  /// `anki`): `REMINDERS_VENV`, else `.venv` in the repository. Missing, it fails the test that
  /// needs it: a test that cannot read our output must not pass.
  public static func venvPython() throws -> String {
    let venv = ProcessInfo.processInfo.environment["REMINDERS_VENV"] ?? repository + "/.venv"
    let python = venv + "/bin/python"
    try #require(
      FileManager.default.isExecutableFile(atPath: python),
      "no \(python): `make deps` makes the tests' virtual environment (icalendar, anki)")
    return python
  }

  /// A new private folder (0700), as `XDG_RUNTIME_DIR` must be.
  public static func privateFolder() throws -> String {
    try TemporaryFolder.make("reminders-runtime")
  }
}
