import Foundation
import RemindersStore

#if canImport(Glibc)
  import Glibc
#endif

/// One of our files as `doctor` finds it: there or not, readable, parsed, private.
struct FileHealth {
  enum Role: String {
    case config, deck, ledger, held, fallback, alarms
  }

  var role: Role
  var path: String
  var exists: Bool
  /// nil when the file does not exist.
  var readable: Bool?
  var parses: Bool?
  /// The permission bits; nil when the file does not exist.
  var mode: mode_t?
  /// Why the file cannot be used as it is (unreadable, does not parse); nil when it can. In
  /// words: `DoctorText.problem(of:)`.
  var error: (any Error)?

  /// Private: no permission for group or others, as reminders creates its files (0600).
  var isPrivate: Bool? { mode.map { $0 & 0o077 == 0 } }

  /// Reads the file at `path` and hands its bytes to `parse`; writes nothing.
  static func examine(_ role: Role, path: String, parse: ([UInt8]) throws -> Void) -> FileHealth {
    var health = FileHealth(role: role, path: path, exists: false, readable: nil, parses: nil, mode: nil)
    var info = stat()
    do {
      try systemCall("stat") { stat(path, &info) }
    } catch  where error.code == ENOENT {
      return health
    } catch {
      health.exists = true
      health.readable = false
      health.error = StoreError.unreadable(path: path, reason: .system(error))
      return health
    }
    health.exists = true
    health.mode = info.st_mode & 0o7777
    do {
      guard let bytes = try FileIO.read(path) else { return health }
      health.readable = true
      do {
        try parse(bytes)
        health.parses = true
      } catch {
        health.parses = false
        health.error = error
      }
    } catch {
      health.readable = false
      health.error = error
    }
    return health
  }

  /// One line, in `text`'s language: the path and how it stands.
  func summary(_ text: DoctorText) -> String {
    guard exists else { return text.missing(path, role) }
    if let problem = text.problem(of: self) {
      return problem.hasPrefix(path) ? problem : "\(path): \(problem)"
    }
    return text.fileOK(path, mode: String(format: "%04o", mode ?? 0), shared: isPrivate == false)
  }

  func json(_ text: DoctorText) -> OrderedJSON {
    .object([
      ("role", .string(role.rawValue)),
      ("path", .string(path)),
      ("exists", .bool(exists)),
      ("readable", readable.map(OrderedJSON.bool) ?? .null),
      ("parses", parses.map(OrderedJSON.bool) ?? .null),
      ("mode", mode.map { .string(String(format: "%04o", $0)) } ?? .null),
      ("private", isPrivate.map(OrderedJSON.bool) ?? .null),
      ("problem", text.problem(of: self).map(OrderedJSON.string) ?? .null),
    ])
  }
}
