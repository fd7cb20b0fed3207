import Foundation

/// A folder of its own for one test, removed with everything in it when the value goes.
public final class TemporaryFolder {
  public let path: String

  public init() throws {
    var template = Array((NSTemporaryDirectory() + "/reminders-test-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: String(cString: template)])
    }
    path = String(cString: made)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Writes `text` to `name` in the folder; returns its path.
  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String {
    let file = path + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    return file
  }
}
