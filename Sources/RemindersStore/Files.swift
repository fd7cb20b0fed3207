import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where our files live: XDG base directories, overridden by `--config`, `--deck`, `--state-dir`.
public struct Paths: Equatable, Sendable {
  public var config: String
  public var deck: String
  public var stateDir: String
  public var cacheDir: String
  /// `$XDG_DATA_HOME/reminders/fallback.ics`; config `fallback.path` replaces it.
  public var defaultFallback: String

  /// Resolves from the environment (passed in) and the global overrides.
  public init(
    environment: [String: String], config: String? = nil, deck: String? = nil, stateDir: String? = nil
  ) {
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    func base(_ key: String, _ fallback: String) -> String {
      // The spec ignores relative XDG values: they are treated as unset.
      if let value = environment[key], value.hasPrefix("/") { return value }
      return home + "/" + fallback
    }
    let configHome = base("XDG_CONFIG_HOME", ".config")
    let dataHome = base("XDG_DATA_HOME", ".local/share")
    let stateHome = base("XDG_STATE_HOME", ".local/state")
    let cacheHome = base("XDG_CACHE_HOME", ".cache")
    self.config = config ?? configHome + "/reminders/config.toml"
    self.deck = deck ?? dataHome + "/reminders/deck.json"
    self.stateDir = stateDir ?? stateHome + "/reminders"
    self.cacheDir = cacheHome + "/reminders"
    self.defaultFallback = dataHome + "/reminders/fallback.ics"
  }

  /// `reminders export`'s default output: `$XDG_DATA_HOME/reminders/reminders.ics`.
  public var defaultFeed: String {
    (defaultFallback as NSString).deletingLastPathComponent + "/reminders.ics"
  }
  public var ledger: String { stateDir + "/ledger.json" }
  public var lock: String { stateDir + "/lock" }
  /// Held by `reminders watch` for as long as it runs: whether anyone follows pop-ups on screen.
  public var watchLock: String { stateDir + "/watch.lock" }
}

/// Whole-file reads and atomic writes.
public enum FileIO {
  /// The file's bytes, or `nil` when it does not exist.
  public static func read(_ path: String) throws -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw StoreError.unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw StoreError.unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw StoreError.unreadable(path: path, reason: "not a regular file")
    }
    // One byte more than the size, so that reading the whole file meets end-of-file without
    // growing the buffer (growing would copy a large deck).
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
    var filled = 0
    while true {
      if filled == bytes.count {
        bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count / 2)))
      }
      let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
      if n < 0 {
        if errno == EINTR { continue }
        throw StoreError.unreadable(path: path, reason: String(cString: strerror(errno)))
      }
      if n == 0 { break }
      filled += n
    }
    bytes.removeSubrange(filled...)
    return bytes
  }

  /// Writes `bytes` to `path` so that a crash at any moment leaves the old file or the new one:
  /// a temporary file in the same folder, written, flushed (`fsync`), renamed over the target,
  /// then the folder flushed. The file gets `mode` (0600: our files are private).
  public static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws {
    let directory = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    try makeDirectory(directory.isEmpty ? "." : directory)
    removeStaleTemporaries(in: directory.isEmpty ? "." : directory, name: name)
    let temporary = (directory.isEmpty ? "." : directory) + "/.\(name).\(getpid()).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard fd >= 0 else { throw StoreError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
    var ok = false
    defer {
      if !ok { unlink(temporary) }
    }
    do {
      defer { close(fd) }
      fchmod(fd, mode)
      var written = 0
      while written < bytes.count {
        let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
        if n < 0 {
          if errno == EINTR { continue }
          throw StoreError.writeFailed(path: path, reason: String(cString: strerror(errno)))
        }
        written += n
      }
      guard fsync(fd) == 0 else {
        throw StoreError.writeFailed(path: path, reason: String(cString: strerror(errno)))
      }
    }
    guard rename(temporary, path) == 0 else {
      throw StoreError.writeFailed(path: path, reason: String(cString: strerror(errno)))
    }
    ok = true
    let dfd = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if dfd >= 0 {
      fsync(dfd)
      close(dfd)
    }
  }

  /// Creates a folder and its parents, private (0700) where we create them.
  public static func makeDirectory(_ path: String) throws {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
      return
    }
    do {
      try FileManager.default.createDirectory(
        atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw StoreError.writeFailed(path: path, reason: "cannot create the folder")
    }
  }

  /// Removes temporaries that a killed writer left behind (their process is gone).
  static func removeStaleTemporaries(in directory: String, name: String) {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    let prefix = ".\(name)."
    for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
      let middle = entry.dropFirst(prefix.count).dropLast(4)
      if let pid = Int32(middle), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
        unlink(directory + "/" + entry)
      }
    }
  }
}

/// An exclusive lock held on a file with `flock`, released on `deinit` (or when the process dies).
public final class FileLock {
  let fd: Int32

  /// Waits up to `seconds` for the lock; throws `StoreError.locked` when it is not released.
  public init(path: String, seconds: Int) throws {
    try FileIO.makeDirectory((path as NSString).deletingLastPathComponent)
    fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw StoreError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
    let deadline = Date().addingTimeInterval(TimeInterval(seconds))
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
        close(fd)
        throw StoreError.locked(path: path, seconds: seconds)
      }
      usleep(20_000)
    }
  }

  deinit {
    flock(fd, LOCK_UN)
    close(fd)
  }

  /// Whether some process holds the lock on `path` now. Creates nothing: a missing file is a
  /// lock nobody holds. (When it is free, it is taken shared for an instant and let go.)
  public static func isHeld(_ path: String) -> Bool {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    if flock(fd, LOCK_SH | LOCK_NB) == 0 { return false }
    return errno == EWOULDBLOCK
  }
}
