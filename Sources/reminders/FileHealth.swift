import Foundation
import RemindersStore

#if canImport(Glibc)
  import Glibc
#endif

/// One of our files as `doctor` finds it: there or not, readable, parsed, private.
struct FileHealth {
  enum Role: String {
    case config, deck, ledger, held, fallback
  }

  var role: Role
  var path: String
  var exists: Bool
  /// nil when the file does not exist.
  var readable: Bool?
  var parses: Bool?
  /// The permission bits; nil when the file does not exist.
  var mode: mode_t?
  /// Why the file cannot be used as it is (unreadable, does not parse); nil when it can.
  var problem: String?
  /// What a missing file means (defaults, an empty deck, …).
  var whenMissing: String

  /// Private: no permission for group or others, as reminders creates its files (0600).
  var isPrivate: Bool? { mode.map { $0 & 0o077 == 0 } }

  /// Reads the file at `path` and hands its bytes to `parse`; writes nothing.
  static func examine(
    _ role: Role, path: String, whenMissing: String, parse: ([UInt8]) throws -> Void
  ) -> FileHealth {
    var health = FileHealth(
      role: role, path: path, exists: false, readable: nil, parses: nil, mode: nil, problem: nil,
      whenMissing: whenMissing)
    var info = stat()
    do {
      try systemCall("stat") { stat(path, &info) }
    } catch  where error.code == ENOENT {
      return health
    } catch {
      health.exists = true
      health.readable = false
      health.problem = StoreError.unreadable(path: path, reason: .system(error)).description
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
        health.problem = "\(error)"
      }
    } catch {
      health.readable = false
      health.problem = "\(error)"
    }
    return health
  }

  /// One line: the path and how it stands.
  var summary: String {
    guard exists else { return "\(path): missing (\(whenMissing))" }
    if let problem { return problem.hasPrefix(path) ? problem : "\(path): \(problem)" }
    var text = "\(path): ok, mode \(String(format: "%04o", mode ?? 0))"
    if isPrivate == false { text += " (others may read it; reminders creates its files 0600)" }
    return text
  }

  var json: OrderedJSON {
    .object([
      ("role", .string(role.rawValue)),
      ("path", .string(path)),
      ("exists", .bool(exists)),
      ("readable", readable.map(OrderedJSON.bool) ?? .null),
      ("parses", parses.map(OrderedJSON.bool) ?? .null),
      ("mode", mode.map { .string(String(format: "%04o", $0)) } ?? .null),
      ("private", isPrivate.map(OrderedJSON.bool) ?? .null),
      ("problem", problem.map(OrderedJSON.string) ?? .null),
    ])
  }
}
