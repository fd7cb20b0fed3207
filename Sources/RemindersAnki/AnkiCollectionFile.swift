import Foundation
import RemindersCore
import RemindersMessages
import RemindersStore

#if canImport(Glibc)
  import Glibc
#endif

/// Why a collection was not read.
public enum AnkiReadFailure: Error, Equatable, Sendable {
  /// The path names nothing this version reads as an Anki collection: a config problem, which
  /// waiting will not fix.
  case notACollection(AnkiProblem)
  /// The collection could not be read consistently just now (Anki wrote to it during every
  /// copy, an I/O error, the time limit): the last reading stands in.
  case unavailable(AnkiUnreadable)
}

/// Why the collection cannot be read just now: said in the session's language (the catalogue's
/// `AnkiUnreadableWord`, `words`); `description` is the English, as `--json` gives it.
public enum AnkiUnreadable: Error, Equatable, Sendable, CustomStringConvertible {
  /// Anki wrote to it during every try.
  case keptChanging
  /// A system call on `path` failed (`stat`, `open`, `read`, `write`, `mkdtemp`).
  case system(path: String, SystemError)
  /// Something other than a regular file where a file is copied from.
  case notRegularFile(path: String, FileKind)
  /// The copy fails `PRAGMA quick_check`, which said this (nil: nothing).
  case copyDoesNotCheckOut(String?)
  /// The time limit passed while copying.
  case tooSlow
  /// Not room enough in `folder` for the copy (bytes needed, bytes free).
  case noSpace(folder: String, needed: Int64, free: Int64)
  /// What the content says, not yet confirmed on a second look at the same files.
  case content(AnkiProblem)
  /// The path names no collection this version reads (confirmed): the config's problem, said
  /// on its own line, while the deck's reminders go on.
  case notACollection(AnkiProblem)
  /// SQLite's own message.
  case sqlite(String)

  /// In the catalogue's words.
  public var words: AnkiUnreadableWord {
    switch self {
    case .keptChanging: .keptChanging
    case .system(let path, let error): .system(path: path, error: "\(error)")
    case .notRegularFile(let path, let kind): .notRegularFile(path: path, kind: FileKindName(kind))
    case .copyDoesNotCheckOut(let check): .copyDoesNotCheckOut(check)
    case .tooSlow: .tooSlow
    case .noSpace(let folder, let needed, let free):
      .noSpace(folder: folder, needed: AnkiUnreadable.megabytes(needed), free: AnkiUnreadable.megabytes(free))
    case .content(let problem), .notACollection(let problem): .content(problem.words)
    case .sqlite(let message): .sqlite(message)
    }
  }

  /// In English, the catalogue's words (a person reads them in the session's language).
  public var description: String { English().ankiUnreadable(words) }

  /// A word for programs (`--json`'s `reasonCode`), the same in every language:
  /// `kept-changing`, `too-slow`, `no-space`, or what is wrong with the file (`not-sqlite`, …).
  public var code: String {
    switch self {
    case .keptChanging: "kept-changing"
    case .system: "system"
    case .notRegularFile: "not-regular-file"
    case .copyDoesNotCheckOut: "copy-does-not-check-out"
    case .tooSlow: "too-slow"
    case .noSpace: "no-space"
    case .content(let problem), .notACollection(let problem): problem.code
    case .sqlite: "sqlite"
    }
  }

  /// Whether it is `notACollection`: the config's problem, not one of the moment.
  public var isNotACollection: Bool {
    if case .notACollection = self { true } else { false }
  }

  public static func megabytes(_ bytes: Int64) -> String { "\((bytes + (1 << 20) - 1) >> 20) MB" }
}

/// What is wrong with the file `anki.collection` names.
public enum AnkiProblem: Equatable, Sendable, CustomStringConvertible {
  case missing
  case notRegularFile(FileKind)
  case unreadable(SystemError)
  case notSQLite
  /// An SQLite database without Anki's tables.
  case notAnki(missing: String)
  /// `col.ver` other than 18.
  case schema(Int)
  /// Still on Anki's first scheduler (`schedVer` 1), which current Anki upgrades on opening.
  case firstScheduler
  /// A value of Anki's that does not decode (a protobuf blob, most likely from a newer Anki).
  case badValue(AnkiBadValue)

  /// In the catalogue's words.
  public var words: AnkiProblemWord {
    switch self {
    case .missing: .missing
    case .notRegularFile(let kind): .notRegularFile(kind: FileKindName(kind))
    case .unreadable(let error): .unreadable("\(error)")
    case .notSQLite: .notSQLite
    case .notAnki(let table): .notAnki(missingTable: table)
    case .schema(let version): .schema(version, reads: AnkiCollectionFile.schema)
    case .firstScheduler: .firstScheduler
    case .badValue(let value): .badValue(value)
    }
  }

  /// In English, the catalogue's words.
  public var description: String { English().ankiUnreadable(.content(words)) }

  /// A word for programs, the same in every language.
  public var code: String {
    switch self {
    case .missing: "missing"
    case .notRegularFile: "not-regular-file"
    case .unreadable: "unreadable"
    case .notSQLite: "not-sqlite"
    case .notAnki: "not-anki"
    case .schema: "schema"
    case .firstScheduler: "first-scheduler"
    case .badValue: "bad-value"
    }
  }
}

/// How a reading was taken.
public enum AnkiReadMethod: String, Equatable, Sendable {
  /// From the file itself, opened read-only (no WAL or journal beside it: Anki has it closed).
  case direct
  /// From a private copy of the file and its WAL (or journal), taken while Anki has it open.
  case snapshot
}

/// The collection file and the files SQLite keeps beside it, each as `stat` saw it: any write
/// by Anki changes one of them (the WAL while it is open, the file at a checkpoint or a sync).
public struct AnkiFileIdentity: Equatable, Sendable, CustomStringConvertible {
  public struct Stamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: timespec

    public static func == (a: Stamp, b: Stamp) -> Bool {
      a.device == b.device && a.inode == b.inode && a.size == b.size
        && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
    }
  }

  public var database: Stamp
  public var wal: Stamp?
  public var journal: Stamp?

  /// Whether Anki (or a crash of it) left a WAL or a rollback journal: then the file alone is
  /// not the collection, and a copy of both is read.
  public var hasSidecar: Bool { wal != nil || journal != nil }

  /// The latest modification among the files.
  public var lastModified: Date {
    [database, wal, journal].compactMap { $0 }.map {
      Date(timeIntervalSince1970: Double($0.modified.tv_sec) + Double($0.modified.tv_nsec) / 1e9)
    }.max()!
  }

  public var description: String {
    func text(_ s: Stamp?) -> String {
      guard let s else { return "-" }
      return "\(s.device):\(s.inode):\(s.size):\(s.modified.tv_sec).\(s.modified.tv_nsec)"
    }
    return "db \(text(database)) wal \(text(wal)) journal \(text(journal))"
  }
}

/// An Anki collection (`collection.anki2`), read only and never locked against Anki (docs/anki.md).
///
/// Anki keeps its collection in SQLite's WAL mode with `locking_mode=EXCLUSIVE` while it runs:
/// another connection gets "database is locked", and even a read-only open would create `-wal`
/// and `-shm` files beside it. So the file is never opened as a database where it is:
/// - no WAL or journal beside it (Anki closed): opened `immutable=1` (no lock, nothing created),
///   and kept only when the file is the same after the read as before;
/// - a WAL or journal beside it (Anki open, or a crash): the file and those copied into a private
///   folder, kept only when none changed during the copy, and the copy opened (SQLite folds the
///   WAL into the copy's view) and checked (`PRAGMA quick_check`).
/// A few attempts, then `unavailable`; statements stop at a deadline.
public struct AnkiCollectionFile: Sendable {
  /// The schema this version reads: Anki 2.1.50 and later write 18.
  public static let schema = 18

  /// The collection, its symbolic links resolved (SQLite names the WAL after the resolved path).
  public let path: String

  /// Where private copies are made (`<state>/anki-copy` for `reminders`); nil: `$TMPDIR`,
  /// else `/tmp`.
  public let copyFolder: String?

  public init(path: String, copyFolder: String? = nil) {
    var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    self.path = realpath(path, &resolved) != nil ? AnkiCollectionFile.string(resolved) : path
    self.copyFolder = copyFolder
  }

  /// The files as they are now; `notACollection` when the collection itself is missing or is not
  /// a regular file.
  public func identity() throws(AnkiReadFailure) -> AnkiFileIdentity {
    func stamp(_ path: String) throws(AnkiReadFailure) -> AnkiFileIdentity.Stamp? {
      var info = stat()
      guard stat(path, &info) == 0 else {
        let code = errno
        if code == ENOENT || code == ENOTDIR { return nil }
        // EACCES, EIO, ESTALE, ELOOP…: maybe passing (a network mount, a permission being
        // fixed); the last reading stands in rather than stopping every reminder.
        throw .unavailable(.system(path: path, SystemError(call: "stat", code: code)))
      }
      return AnkiFileIdentity.Stamp(
        device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
        modified: info.st_mtim)
    }
    guard let database = try stamp(path) else { throw .notACollection(.missing) }
    var info = stat()
    if stat(path, &info) == 0, FileKind(mode: info.st_mode) != .regular {
      throw .notACollection(.notRegularFile(FileKind(mode: info.st_mode)))
    }
    return AnkiFileIdentity(
      database: database, wal: try stamp(path + "-wal"), journal: try stamp(path + "-journal"))
  }

  /// Reads the collection: what was read, the files as they were, and how.
  public func read(deadline: Date, attempts: Int = 3) throws(AnkiReadFailure) -> (
    AnkiCollection, AnkiFileIdentity, AnkiReadMethod
  ) {
    try read(deadline: deadline, attempts: attempts) { try AnkiCollectionFile.load($0) }
  }

  /// Reads the collection and its review log (`fsrs optimize --anki`), the same way.
  public func readHistory(deadline: Date, attempts: Int = 3) throws(AnkiReadFailure) -> (
    AnkiHistory, AnkiFileIdentity, AnkiReadMethod
  ) {
    try read(deadline: deadline, attempts: attempts) { db in
      AnkiHistory(collection: try AnkiCollectionFile.load(db), log: try AnkiCollectionFile.loadLog(db))
    }
  }

  /// Reads with `load` from the file itself or from a private copy, as the type's summary says.
  func read<Content>(deadline: Date, attempts: Int, load: (SQLiteDatabase) throws -> Content)
    throws(AnkiReadFailure) -> (Content, AnkiFileIdentity, AnkiReadMethod)
  {
    var last = AnkiUnreadable.keptChanging
    // A content failure (not SQLite, not Anki's tables, a value that does not decode) is the
    // file's only when the files are the same after it and it comes again from the same files
    // on a retry: one read of a file being replaced or written proves nothing.
    var suspect: (problem: AnkiProblem, files: AnkiFileIdentity)?
    func content(_ problem: AnkiProblem, _ before: AnkiFileIdentity) throws(AnkiReadFailure) {
      let after = try identity()
      guard after == before else {
        suspect = nil
        return
      }
      if let suspect, suspect.problem == problem, suspect.files == before { throw .notACollection(problem) }
      suspect = (problem, before)
      last = .content(problem)
    }
    for attempt in 0..<max(attempts, 2) {
      if attempt > 0 { usleep(50_000) }
      let before = try identity()
      do {
        if before.hasSidecar {
          let collection = try readCopy(before, deadline: deadline, load: load)
          return (collection, before, .snapshot)
        }
        let collection = try load(SQLiteDatabase(path: path, mode: .immutable, deadline: deadline))
        // Anki may have opened it meanwhile: what was read holds only if the file is unchanged.
        guard try identity().database == before.database else { continue }
        return (collection, before, .direct)
      } catch Retry.changed {
        continue
      } catch Retry.failed(let why) {
        last = why
      } catch AnkiReadFailure.notACollection(let problem) {
        try content(problem, before)
      } catch let failure as AnkiReadFailure {
        throw failure
      } catch let error as SQLiteError where error.isNotADatabase {
        try content(.notSQLite, before)
      } catch let error as SQLiteError {
        if error.isInterrupted { throw .unavailable(.tooSlow) }
        last = .sqlite(error.message)
      } catch {
        last = .sqlite("\(error)")
      }
      if Date() >= deadline { break }
    }
    throw .unavailable(last)
  }

  /// A C string's text.
  static func string(_ chars: [CChar]) -> String {
    String(decoding: chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  enum Retry: Error {
    /// A file changed while it was copied.
    case changed
    /// This attempt failed (I/O, a copy that does not check out).
    case failed(AnkiUnreadable)
  }

  /// Copies the collection and its WAL or journal into a private folder and reads the copy.
  func readCopy<Content>(
    _ before: AnkiFileIdentity, deadline: Date, load: (SQLiteDatabase) throws -> Content
  ) throws -> Content {
    let base: String
    if let copyFolder {
      base = copyFolder
      try? FileManager.default.createDirectory(
        atPath: base, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      AnkiCollectionFile.removeStaleCopies(in: base)
    } else {
      base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    }
    try AnkiCollectionFile.checkSpace(in: base, for: before)
    var template = Array((base + "/\(AnkiCollectionFile.copyPrefix)\(getpid()).XXXXXX").utf8CString)
    guard mkdtemp(&template) != nil else {
      throw Retry.failed(.system(path: base, SystemError(call: "mkdtemp", code: errno)))
    }
    let folder = AnkiCollectionFile.string(template)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let copy = folder + "/collection.anki2"
    try AnkiCollectionFile.copy(path, to: copy, deadline: deadline)
    if before.wal != nil { try AnkiCollectionFile.copy(path + "-wal", to: copy + "-wal", deadline: deadline) }
    if before.journal != nil {
      try AnkiCollectionFile.copy(path + "-journal", to: copy + "-journal", deadline: deadline)
    }
    guard try identity() == before else { throw Retry.changed }
    let database = try SQLiteDatabase(path: copy, mode: .privateCopy, deadline: deadline)
    let check = try database.text("PRAGMA quick_check")
    guard check == "ok" else { throw Retry.failed(.copyDoesNotCheckOut(check)) }
    return try load(database)
  }

  /// The names of the private copies' folders: `reminders-anki.<pid>.XXXXXX`.
  static let copyPrefix = "reminders-anki."

  /// Removes the copies a read left in `folder` when it was killed (a signal skips its
  /// clean-up): those whose process is gone and that are more than a minute old.
  static func removeStaleCopies(in folder: String, now: Date = Date()) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where name.hasPrefix(copyPrefix) {
      let parts = name.dropFirst(copyPrefix.count).split(separator: ".")
      guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0 else { continue }
      if kill(pid, 0) == 0 || errno == EPERM { continue }
      var info = stat()
      guard lstat(folder + "/" + name, &info) == 0, FileKind(mode: info.st_mode) == .directory,
        now.timeIntervalSince1970 - Double(info.st_mtim.tv_sec) > 60
      else { continue }
      try? FileManager.default.removeItem(atPath: folder + "/" + name)
    }
  }

  /// Room for the copy, with a margin: not enough leaves the collection unavailable (the last
  /// reading stands in) rather than filling the disk.
  static func checkSpace(in folder: String, for files: AnkiFileIdentity) throws(AnkiReadFailure) {
    let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }  // mkdtemp says what is wrong with the folder.
    defer { close(fd) }
    var info = statvfs()
    guard fstatvfs(fd, &info) == 0 else { return }
    let needed = [files.database, files.wal, files.journal].compactMap { $0 }.reduce(Int64(0)) {
      $0 + $1.size
    }
    let free = Int64(clamping: UInt64(info.f_bavail) &* UInt64(info.f_frsize))
    let margin = max(needed / 10, 16 << 20)
    if free < needed + margin {
      throw .unavailable(.noSpace(folder: folder, needed: needed + margin, free: free))
    }
  }

  /// Copies `source` (a regular file, opened without waiting) to the new file `target`.
  static func copy(_ source: String, to target: String, deadline: Date) throws {
    let input = open(source, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard input >= 0 else {
      // Gone since it was seen (Anki closed): the identity check says so.
      if errno == ENOENT { throw Retry.changed }
      throw Retry.failed(.system(path: source, SystemError(call: "open", code: errno)))
    }
    defer { close(input) }
    var info = stat()
    guard fstat(input, &info) == 0, FileKind(mode: info.st_mode) == .regular else {
      throw Retry.failed(.notRegularFile(path: source, FileKind(mode: info.st_mode)))
    }
    let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard output >= 0 else {
      throw Retry.failed(.system(path: target, SystemError(call: "open", code: errno)))
    }
    defer { close(output) }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      guard Date() < deadline else { throw Retry.failed(.tooSlow) }
      let n = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
      if n == 0 { return }
      guard n > 0 else {
        if errno == EINTR { continue }
        throw Retry.failed(.system(path: source, SystemError(call: "read", code: errno)))
      }
      var written = 0
      while written < n {
        let w = buffer.withUnsafeBytes { Glibc.write(output, $0.baseAddress! + written, n - written) }
        guard w > 0 else {
          if w < 0, errno == EINTR { continue }
          throw Retry.failed(.system(path: target, SystemError(call: "write", code: errno)))
        }
        written += w
      }
    }
  }
}
