import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A folder of its own for one test, removed with everything in it when the value goes. The one
/// way the tests make a scratch folder (docs/development.md, "Scratch folders").
public final class TemporaryFolder {
  public let path: String

  /// A new folder in the system's temporary folder whose name starts with `prefix`.
  public init(_ prefix: String = "reminders-test") throws {
    path = try TemporaryFolder.make(prefix)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Writes `text` to `name` in the folder; returns its path.
  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String {
    let file = path + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    return file
  }

  /// A new folder like the value's, but left in place: its path, for a helper that hands out a
  /// path (the caller removes it, or leaves it in the temporary folder). Made by `mkdtemp`, so no
  /// other test can have the same name; `mode` as `chmod` takes it (`mkdtemp` makes 0700).
  public static func make(_ prefix: String = "reminders-test", mode: mode_t = 0o700) throws -> String {
    // One slash between the two: a path with `//` in it is not the path a program prints back.
    var folder = NSTemporaryDirectory()
    while folder.hasSuffix("/") { folder.removeLast() }
    var template = Array((folder + "/\(prefix)-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: String(cString: template)])
    }
    let path = String(cString: made)
    if mode != 0o700 && chmod(path, mode) != 0 {
      throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
    }
    return path
  }
}
