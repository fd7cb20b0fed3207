import Foundation
import RemindersStore

#if canImport(Glibc)
  import Glibc
#endif

/// One of our files as `doctor` finds it: there or not, readable, parsed, private.
public struct FileHealth {
  public enum Role: String, CaseIterable, Sendable {
    case config, deck, ledger, held, fallback, alarms, dictionary
  }

  public var role: Role
  public var path: String
  public var exists: Bool
  /// nil when the file does not exist.
  public var readable: Bool?
  public var parses: Bool?
  /// The permission bits; nil when the file does not exist.
  public var mode: mode_t?
  /// Why the file cannot be used as it is (unreadable, does not parse); nil when it can. In
  /// words: the command line's `FileHealth.problem(_:)`.
  public var error: (any Error)?

  public init(
    role: Role, path: String, exists: Bool, readable: Bool? = nil, parses: Bool? = nil, mode: mode_t? = nil,
    error: (any Error)? = nil
  ) {
    self.role = role
    self.path = path
    self.exists = exists
    self.readable = readable
    self.parses = parses
    self.mode = mode
    self.error = error
  }

  /// Private: no permission for group or others, as reminders creates its files (0600).
  public var isPrivate: Bool? { mode.map { $0 & 0o077 == 0 } }

  /// Whether the file at `path` is there and can be read, without reading it (the dictionary:
  /// 19 MB that only `lookup` needs).
  public static func examinePresence(_ role: Role, path: String) -> FileHealth {
    let (found, info) = stated(role, path: path)
    guard let info else { return found }
    var health = found
    guard FileKind(mode: info.st_mode) == .regular else {
      health.readable = false
      health.error = StoreError.unreadable(path: path, reason: .notRegularFile(FileKind(mode: info.st_mode)))
      return health
    }
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    if fd >= 0 { close(fd) }
    health.readable = fd >= 0
    if fd < 0 {
      health.error = StoreError.unreadable(
        path: path, reason: .system(SystemError(call: "open", code: errno)))
    }
    return health
  }

  /// What `stat` tells of the file: missing, there but not to be looked at (with why), or there
  /// with its mode and its `stat`.
  private static func stated(_ role: Role, path: String) -> (FileHealth, stat?) {
    var health = FileHealth(role: role, path: path, exists: false)
    var info = stat()
    do {
      try systemCall("stat") { stat(path, &info) }
    } catch  where error.code == ENOENT {
      return (health, nil)
    } catch {
      health.exists = true
      health.readable = false
      health.error = StoreError.unreadable(path: path, reason: .system(error))
      return (health, nil)
    }
    health.exists = true
    health.mode = info.st_mode & 0o7777
    return (health, info)
  }

  /// Reads the file at `path` and hands its bytes to `parse`; writes nothing.
  public static func examine(_ role: Role, path: String, parse: ([UInt8]) throws -> Void) -> FileHealth {
    let (found, info) = stated(role, path: path)
    guard info != nil else { return found }
    var health = found
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
}
