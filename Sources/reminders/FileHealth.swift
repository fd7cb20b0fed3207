import Foundation
import RemindersCore
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
  /// words: `problem(_:)`.
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

  /// One line, in `language`: the path and how it stands.
  func summary(_ language: Language) -> String {
    let words = language.catalogue
    guard exists else { return words.missingFile(path, role.words) }
    if let problem = problem(language) {
      return problem.hasPrefix(path) ? problem : "\(path): \(problem)"
    }
    return words.fileOK(path, mode: String(format: "%04o", mode ?? 0), shared: isPrivate == false)
  }

  /// Why the file cannot be used, in `language`; nil when it can.
  func problem(_ language: Language) -> String? {
    switch error {
    case nil: nil
    case let error as StoreError: StoreErrorText(language: language).text(error)
    case let error?: "\(error)"
    }
  }

  func json(_ language: Language) -> OrderedJSON {
    .object([
      ("role", .string(role.rawValue)),
      ("path", .string(path)),
      ("exists", .bool(exists)),
      ("readable", readable.map(OrderedJSON.bool) ?? .null),
      ("parses", parses.map(OrderedJSON.bool) ?? .null),
      ("mode", mode.map { .string(String(format: "%04o", $0)) } ?? .null),
      ("private", isPrivate.map(OrderedJSON.bool) ?? .null),
      ("problem", problem(language).map(OrderedJSON.string) ?? .null),
    ])
  }
}
