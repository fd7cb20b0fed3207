import Foundation
import RemindersMessages

#if canImport(Glibc)
  import Glibc
#endif

/// Where our files live: the home folder, the XDG base directories, and our files in them,
/// overridden by `--config`, `--deck`, `--state-dir`. Every command and `doctor` resolve them here.
public struct Paths: Equatable, Sendable {
  /// `HOME` when it is an absolute path, else the home folder the user database gives this user.
  public var home: String
  /// `$XDG_CONFIG_HOME`, else `~/.config` (a relative or empty XDG value counts as unset).
  public var configHome: String
  /// `$XDG_DATA_HOME`, else `~/.local/share`.
  public var dataHome: String
  /// `$XDG_STATE_HOME`, else `~/.local/state`.
  public var stateHome: String
  /// `$XDG_CACHE_HOME`, else `~/.cache`.
  public var cacheHome: String

  public var config: String
  public var deck: String
  public var stateDir: String
  public var cacheDir: String
  /// `$XDG_DATA_HOME/reminders/fallback.ics`; config `fallback.path` replaces it.
  public var defaultFallback: String

  /// No home folder: `HOME` is unset, empty or relative, and the user database has none either.
  public struct HomeUnknown: Error, Equatable, CustomStringConvertible {
    public var userID: UInt32
    /// In English, the catalogue's words (a command says them in the session's language).
    public var description: String { English().homeUnknown(userID: userID) }
  }

  /// Resolves from the environment (passed in) and the global overrides. `userHome` is the user
  /// database's answer, asked only when `HOME` is unusable.
  public init(
    environment: [String: String], config: String? = nil, deck: String? = nil, stateDir: String? = nil,
    userHome: () -> String? = Paths.userDatabaseHome
  ) throws(HomeUnknown) {
    let home: String
    if let value = environment["HOME"], value.hasPrefix("/") {
      home = value
    } else if let value = userHome(), value.hasPrefix("/") {
      home = value
    } else {
      throw HomeUnknown(userID: getuid())
    }
    self.home = home
    func base(_ key: String, _ fallback: String) -> String {
      // The XDG Base Directory spec ignores relative values: they are treated as unset.
      if let value = environment[key], value.hasPrefix("/") { return value }
      return (home == "/" ? "" : home) + "/" + fallback
    }
    configHome = base("XDG_CONFIG_HOME", ".config")
    dataHome = base("XDG_DATA_HOME", ".local/share")
    stateHome = base("XDG_STATE_HOME", ".local/state")
    cacheHome = base("XDG_CACHE_HOME", ".cache")
    self.config = config ?? configHome + "/reminders/config.toml"
    self.deck = deck ?? dataHome + "/reminders/deck.json"
    self.stateDir = stateDir ?? stateHome + "/reminders"
    cacheDir = cacheHome + "/reminders"
    defaultFallback = dataHome + "/reminders/fallback.ics"
  }

  /// This user's home folder in the user database (`getpwuid_r`), when it names one.
  public static func userDatabaseHome() -> String? {
    var entry = passwd()
    var found: UnsafeMutablePointer<passwd>?
    var buffer = [CChar](repeating: 0, count: 16_384)
    let status = getpwuid_r(getuid(), &entry, &buffer, buffer.count, &found)
    guard status == 0, found != nil, let directory = entry.pw_dir else { return nil }
    let home = String(cString: directory)
    return home.isEmpty ? nil : home
  }

  /// `$XDG_CONFIG_HOME/systemd/user`: the user's own systemd units, first in the user manager's
  /// search path.
  public var systemdUserUnits: String { configHome + "/systemd/user" }
  /// `reminders export`'s default output: `$XDG_DATA_HOME/reminders/reminders.ics`.
  public var defaultFeed: String { dataHome + "/reminders/reminders.ics" }
  public var ledger: String { stateDir + "/ledger.json" }
  /// `$XDG_DATA_HOME/reminders/alarms.json` (docs/alarms.md), and the lock it is changed under.
  public var alarms: String { dataHome + "/reminders/alarms.json" }
  public var alarmsLock: String { stateDir + "/alarms.lock" }
  public var lock: String { stateDir + "/lock" }
  /// Held by `reminders watch` for as long as it runs: whether anyone follows pop-ups on screen.
  public var watchLock: String { stateDir + "/watch.lock" }
}

/// Whole-file reads and atomic writes.
///
/// Every open is non-blocking until the file is known to be a regular one, so that a named pipe
/// (or a device) where a file of ours should be is refused at once instead of hanging `run`
/// while it holds the lock.
public enum FileIO {
  /// The folder part of `path`, as a string: `.` for a bare name (`f`), `/` for `/f`. Trailing
  /// slashes are ignored, and nothing is resolved (`..` and links stay as they are, so that the
  /// kernel resolves them as it would `path` itself).
  public static func parentDirectory(of path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    let parent = trimmingTrailingSlashes(String(trimmed[..<slash]))
    return parent.isEmpty ? "/" : parent
  }

  /// The last component of `path`: `f` for `f`, `a/f` and `/a/f/`; `/` for `/`.
  public static func fileName(of path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
    let name = String(trimmed[trimmed.index(after: slash)...])
    return name.isEmpty ? "/" : name
  }

  private static func trimmingTrailingSlashes(_ path: String) -> String {
    var path = Substring(path)
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    return String(path)
  }

  /// The file's bytes, or `nil` when it does not exist.
  ///
  /// Throws `StoreError.unreadable` when it cannot be read or is not a regular file (a named
  /// pipe, a folder, a device); a symbolic link is read through, unless `followingLinks` is
  /// false (a file only we ever make, such as the journal), when it too is not a regular file.
  public static func read(_ path: String, followingLinks: Bool = true) throws(StoreError) -> [UInt8]? {
    let fd: Int32
    do throws(SystemError) {
      // O_NONBLOCK: opening a named pipe for reading would wait for a writer. It changes nothing
      // for a regular file, whose reads never block.
      let flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
      fd = try systemCall("open") { open(path, flags) }
    } catch  where error.code == ENOENT {
      return nil
    } catch {
      throw StoreError.unreadable(path: path, reason: refusedLink(path, error))
    }
    defer { close(fd) }
    var info = stat()
    do throws(SystemError) {
      try systemCall("fstat") { fstat(fd, &info) }
    } catch {
      throw StoreError.unreadable(path: path, reason: .system(error))
    }
    let kind = FileKind(mode: info.st_mode)
    guard kind == .regular else { throw StoreError.unreadable(path: path, reason: .notRegularFile(kind)) }
    // One byte more than the size, so that reading the whole file meets end-of-file without
    // growing the buffer (growing would copy a large deck).
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
    var filled = 0
    while true {
      if filled == bytes.count {
        bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count / 2)))
      }
      let n: Int
      do throws(SystemError) {
        // (`withUnsafeMutableBytes` only rethrows untyped errors: the result is carried out.)
        n = try bytes.withUnsafeMutableBytes { buffer in
          Result { () throws(SystemError) in
            try systemCall("read") { Glibc.read(fd, buffer.baseAddress! + filled, buffer.count - filled) }
          }
        }.get()
      } catch {
        throw StoreError.unreadable(path: path, reason: .system(error))
      }
      if n == 0 { break }
      filled += n
    }
    bytes.removeSubrange(filled...)
    return bytes
  }

  /// What a write does with a symbolic link where the file should be (docs/files.md).
  public enum LinkHandling: Sendable {
    /// The user's own files (the deck, the alarms, the calendars, the systemd units, a path
    /// named on the command line): the link is written through, so a deck linked into a synced
    /// folder keeps syncing.
    case writeThrough
    /// Files only `reminders` makes (state and caches): a link there is not ours to follow, so
    /// the new file replaces the link itself; its target is never opened, written or chmod'ed.
    case replace
  }

  /// Writes `bytes` to `path` so that a crash at any moment leaves the old file or the new one:
  /// a temporary file in the same folder, written, flushed (`fsync`), renamed over the target,
  /// then the folder flushed. The file gets `mode` (0600: our files are private).
  ///
  /// With `.writeThrough`, a symbolic link is written through: the new file replaces the link's
  /// final target, beside which the temporary file is made, and the link stays. A link whose
  /// target is missing gets its target created when the target's folder exists; otherwise
  /// nothing is written (`FileProblem.danglingLink`). With `.replace`, the new file replaces the
  /// link. Something other than a regular file or a link (a named pipe, a folder) is never
  /// replaced. Every failure is `StoreError.writeFailed`, with the old file untouched.
  ///
  /// `durable` false: neither the file nor the folder is synced (a file whose loss or emptiness
  /// after a crash only costs work, such as `<state>/quiet`): the rename still leaves the old
  /// file or the new one for every reader.
  public static func writeAtomically(
    _ bytes: [UInt8], to path: String, mode: mode_t = 0o600, links: LinkHandling = .writeThrough,
    durable: Bool = true
  ) throws(StoreError) {
    let target = links == .writeThrough ? try writeTarget(of: path) : try replacedFile(at: path)
    let directory = parentDirectory(of: target)
    let name = fileName(of: target)
    func failed(_ error: SystemError) -> StoreError { .writeFailed(path: path, reason: .system(error)) }
    try makeDirectory(directory)
    removeStaleTemporaries(in: directory, name: name)
    let temporary = directory + "/.\(name).\(getpid()).tmp"
    // One left by an earlier process with our pid; O_EXCL below then never opens anything but a
    // new file (not a link or a pipe someone put there).
    unlink(temporary)
    let fd: Int32
    do throws(SystemError) {
      fd = try systemCall("open") {
        open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
      }
    } catch {
      throw failed(error)
    }
    var ok = false
    defer {
      if !ok { unlink(temporary) }
    }
    do throws(SystemError) {
      defer { close(fd) }
      fchmod(fd, mode)
      var written = 0
      while written < bytes.count {
        written += try bytes.withUnsafeBytes { buffer in
          Result { () throws(SystemError) in
            try systemCall("write") { Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written) }
          }
        }.get()
      }
      if durable { try systemCall("fsync") { fsync(fd) } }
      try systemCall("rename") { rename(temporary, target) }
    } catch {
      throw failed(error)
    }
    ok = true
    // The rename is on disk once the folder is; a failure here leaves the new file in place.
    if durable { syncDirectory(of: target) }
  }

  /// Flushes the folder holding `path`, so that a file created or renamed there survives a power
  /// cut; best effort (the file itself is already written).
  static func syncDirectory(of path: String) {
    let directory = parentDirectory(of: path)
    if let dfd = try? systemCall("open", { open(directory, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC) })
    {
      fsync(dfd)
      close(dfd)
    }
  }

  /// Links followed before giving up as the kernel does (`ELOOP`): its own limit, `MAXSYMLINKS`.
  static let maximumLinks = 40

  /// The file a write to `path` replaces: `path` itself, or the final target of the symbolic
  /// links it names. A relative link target is relative to the link's folder.
  static func writeTarget(of path: String) throws(StoreError) -> String {
    var current = path
    for _ in 0...maximumLinks {
      var info = stat()
      do throws(SystemError) {
        try systemCall("lstat") { lstat(current, &info) }
      } catch  where error.code == ENOENT {
        if current != path && !isDirectory(parentDirectory(of: current)) {
          throw StoreError.writeFailed(path: path, reason: .danglingLink(target: current))
        }
        return current
      } catch {
        throw StoreError.writeFailed(path: path, reason: .system(error))
      }
      switch FileKind(mode: info.st_mode) {
      case .regular: return current
      case .symbolicLink:
        let target = try linkText(current, for: path)
        current = target.hasPrefix("/") ? target : parentDirectory(of: current) + "/" + target
      case let kind:
        throw StoreError.writeFailed(path: path, reason: .notRegularFile(kind))
      }
    }
    throw StoreError.writeFailed(path: path, reason: .system(SystemError(call: "readlink", code: ELOOP)))
  }

  /// What an open with `O_NOFOLLOW` that failed means: a symbolic link at `path` (`ELOOP`) is a
  /// file that is not a regular one; anything else is what the system said.
  static func refusedLink(_ path: String, _ error: SystemError) -> FileProblem {
    var info = stat()
    if error.code == ELOOP, lstat(path, &info) == 0, FileKind(mode: info.st_mode) == .symbolicLink {
      return .notRegularFile(.symbolicLink)
    }
    return .system(error)
  }

  /// The file a `.replace` write renames over: `path` itself, when it names nothing, a regular
  /// file or a symbolic link (never followed).
  static func replacedFile(at path: String) throws(StoreError) -> String {
    var info = stat()
    do throws(SystemError) {
      try systemCall("lstat") { lstat(path, &info) }
    } catch  where error.code == ENOENT {
      return path
    } catch {
      throw StoreError.writeFailed(path: path, reason: .system(error))
    }
    switch FileKind(mode: info.st_mode) {
    case .regular, .symbolicLink: return path
    case let kind: throw StoreError.writeFailed(path: path, reason: .notRegularFile(kind))
    }
  }

  /// What the symbolic link at `link` holds (`readlink`).
  private static func linkText(_ link: String, for path: String) throws(StoreError) -> String {
    do throws(SystemError) {
      return try linkTarget(of: link)
    } catch {
      throw StoreError.writeFailed(path: path, reason: .system(error))
    }
  }

  /// Whether `path` is a folder (through links).
  private static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return (try? systemCall("stat") { stat(path, &info) }) != nil
      && FileKind(mode: info.st_mode) == .directory
  }

  /// Creates a folder and its parents, private (0700) where we create them.
  public static func makeDirectory(_ path: String) throws(StoreError) {
    var info = stat()
    do throws(SystemError) {
      try systemCall("stat") { stat(path, &info) }
      if FileKind(mode: info.st_mode) == .directory { return }
      throw SystemError(call: "mkdir", code: ENOTDIR)
    } catch  where error.code == ENOENT {
      // Missing: its parents first.
    } catch {
      throw StoreError.writeFailed(path: path, reason: .system(error))
    }
    let parent = parentDirectory(of: path)
    if parent != path { try makeDirectory(parent) }
    do throws(SystemError) {
      try systemCall("mkdir") { mkdir(path, 0o700) }
    } catch  where error.code == EEXIST && isDirectory(path) {
      // Made meanwhile by another process.
    } catch {
      throw StoreError.writeFailed(path: path, reason: .system(error))
    }
  }

  /// Removes temporaries that a killed writer left behind (their process is gone).
  static func removeStaleTemporaries(in directory: String, name: String) {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    let prefix = ".\(name)."
    for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
      let middle = entry.dropFirst(prefix.count).dropLast(4)
      guard let pid = Int32(middle), pid != getpid() else { continue }
      do throws(SystemError) {
        try systemCall("kill") { kill(pid, 0) }
      } catch  where error.code == ESRCH {
        unlink(directory + "/" + entry)
      } catch {
        // Alive, or not ours to signal: its temporary stays.
      }
    }
  }
}

/// Questions about paths, and removals, for the files of ours that are not data: the systemd
/// units and their links.
extension FileIO {
  /// Whether `path` names something, through links (`access` with `F_OK`): a link to nothing
  /// names nothing.
  public static func exists(_ path: String) -> Bool {
    (try? systemCall("access") { access(path, F_OK) }) != nil
  }

  /// Whether this process may run the file at `path` (`access` with `X_OK`).
  public static func isExecutable(_ path: String) -> Bool {
    (try? systemCall("access") { access(path, X_OK) }) != nil
  }

  /// What the symbolic link at `link` holds, as it holds it (`readlink`): a relative target
  /// stays relative. Fails with `EINVAL` when `link` is not a symbolic link.
  public static func linkTarget(of link: String) throws(SystemError) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let n = try systemCall("readlink") { readlink(link, &buffer, buffer.count - 1) }
    return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Removes the name `path` (`unlink`: a symbolic link goes, not what it points at); a name
  /// already gone is no error. Throws `StoreError.writeFailed` otherwise.
  public static func remove(_ path: String) throws(StoreError) {
    do throws(SystemError) {
      try systemCall("unlink") { unlink(path) }
    } catch  where error.code == ENOENT {
      // Already gone.
    } catch {
      throw StoreError.writeFailed(path: path, reason: .system(error))
    }
  }

  /// Removes the folder at `path` if it is empty (`rmdir`); one with anything in it stays, and
  /// the error says `ENOTEMPTY`.
  public static func removeEmptyDirectory(_ path: String) throws(SystemError) {
    try systemCall("rmdir") { rmdir(path) }
  }
}

/// An exclusive lock held on a file with `flock`, released on `deinit` (or when the process dies).
public final class FileLock {
  let fd: Int32

  /// Waits up to `seconds` for the lock; throws `StoreError.locked` when it is not released, and
  /// `StoreError.writeFailed` when the lock file cannot be made or is not a regular file.
  ///
  /// `shared`: a shared lock (`LOCK_SH`), which any number of holders may have at once and which
  /// keeps out only an exclusive one.
  public init(path: String, seconds: Int, shared: Bool = false) throws {
    try FileIO.makeDirectory(FileIO.parentDirectory(of: path))
    // The descriptor becomes the lock's only once it is locked: an initializer that throws after
    // `fd` is set would run `deinit`, and a second `close` of the same number could close a
    // descriptor another thread has just opened.
    let descriptor: Int32
    do throws(SystemError) {
      // O_NOFOLLOW: a lock is a file only we make; through a link, `O_CREAT` would make a file
      // wherever the link points.
      descriptor = try systemCall("open") {
        open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0o600)
      }
    } catch {
      throw StoreError.writeFailed(path: path, reason: FileIO.refusedLink(path, error))
    }
    var info = stat()
    if fstat(descriptor, &info) == 0, FileKind(mode: info.st_mode) != .regular {
      close(descriptor)
      throw StoreError.writeFailed(path: path, reason: .notRegularFile(FileKind(mode: info.st_mode)))
    }
    let deadline = Date().addingTimeInterval(TimeInterval(seconds))
    while true {
      do throws(SystemError) {
        try systemCall("flock") { flock(descriptor, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) }
        break
      } catch  where error.code == EWOULDBLOCK && Date() < deadline {
        usleep(20_000)
      } catch  where error.code == EWOULDBLOCK {
        close(descriptor)
        throw StoreError.locked(path: path, seconds: seconds)
      } catch {
        close(descriptor)
        throw StoreError.writeFailed(path: path, reason: .system(error))
      }
    }
    fd = descriptor
  }

  deinit {
    flock(fd, LOCK_UN)
    close(fd)
  }

  /// Whether some process holds the lock on `path` now. Creates nothing: a missing file (or
  /// anything but a regular file) is a lock nobody holds. (When it is free, it is taken shared
  /// for an instant and let go.) `evenShared`: held shared counts too (then it is taken
  /// exclusive for the instant).
  public static func isHeld(_ path: String, evenShared: Bool = false) -> Bool {
    guard let fd = try? systemCall("open", { open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) })
    else { return false }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, FileKind(mode: info.st_mode) == .regular else { return false }
    do throws(SystemError) {
      try systemCall("flock") { flock(fd, (evenShared ? LOCK_EX : LOCK_SH) | LOCK_NB) }
      return false
    } catch {
      return error.code == EWOULDBLOCK
    }
  }
}
