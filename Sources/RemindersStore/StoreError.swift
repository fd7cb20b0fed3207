import RemindersMessages

#if canImport(Glibc)
  import Glibc
#endif

/// A place in a text file: a line, and the column when it is known (both from 1).
public struct TextPosition: Equatable, Sendable, CustomStringConvertible {
  public var line: Int
  /// nil when only the line is known (an iCalendar content line, a TOML key's table).
  public var column: Int?

  public init(line: Int, column: Int? = nil) {
    self.line = line
    self.column = column
  }

  /// `12:5`, or `12` when the column is not known.
  public var description: String { column.map { "\(line):\($0)" } ?? "\(line)" }
}

/// Why a file of ours could not be read or written.
public enum StoreError: Error, Equatable, CustomStringConvertible {
  /// A deck, ledger or calendar that does not parse or holds a wrong value, at `position` when
  /// the error has a place in the text; the file is left untouched. The catalogue says `reason`
  /// in each language.
  case corrupt(path: String, at: TextPosition?, reason: ContentProblem)
  /// A config value that is not acceptable; `key` is the dotted TOML key, when there is one, and
  /// `position` where the text does not parse. The catalogue says `problem` in each language.
  case badConfig(path: String, key: String?, at: TextPosition?, problem: ConfigProblem)
  /// A file that exists but cannot be read.
  case unreadable(path: String, reason: FileProblem)
  /// A write that failed; the old file, if any, is intact.
  case writeFailed(path: String, reason: FileProblem)
  /// Another process holds the lock and did not release it in time.
  case locked(path: String, seconds: Int)

  /// The file the error is about.
  public var path: String {
    switch self {
    case .corrupt(let path, _, _), .badConfig(let path, _, _, _), .unreadable(let path, _),
      .writeFailed(let path, _), .locked(let path, _):
      return path
    }
  }

  public var description: String {
    switch self {
    case .corrupt(let path, let at, let reason):
      // In English, the catalogue's words (a person reads them through RemindersReports).
      let english = English()
      return english.corrupt(
        place: at.map { "\(path):\($0)" } ?? path, reason: english.contentProblem(reason))
    case .badConfig(let path, let key, let at, let problem):
      // In English, the catalogue's words (a person reads them through RemindersReports).
      let english = English()
      return english.badConfig(
        place: at.map { "\(path):\($0)" } ?? path, key: key, reason: english.configProblem(problem))
    case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
    case .writeFailed(let path, let reason): return "\(path): cannot write: \(reason)"
    case .locked(let path, let seconds):
      return "\(path): another reminders process held the lock for over \(seconds) s"
    }
  }
}

extension StoreError {
  /// A fallback calendar whose line `line` does not read, for `reason`.
  public static func corruptCalendar(path: String, line: Int, reason: CalendarSyntaxProblem) -> StoreError {
    .corrupt(path: path, at: TextPosition(line: line), reason: .calendar(reason))
  }
}

/// Why a file could not be read or written: what the system said, or what we refused.
public enum FileProblem: Error, Equatable, Sendable, CustomStringConvertible {
  /// A C call failed (`No space left on device`, `Permission denied`, …).
  case system(SystemError)
  /// The path names something that is not a regular file (a named pipe, a folder, a device):
  /// it is neither read (a named pipe would block) nor replaced.
  case notRegularFile(FileKind)
  /// The path is a symbolic link to `target`, which is missing and so is the folder it would be
  /// in (an unmounted or unsynced drive, most likely): nothing is created there.
  case danglingLink(target: String)

  public var description: String {
    switch self {
    case .system(let error): return error.description
    case .notRegularFile(let kind): return "it is \(kind), not a regular file"
    case .danglingLink(let target):
      return "it is a symbolic link to \(target), whose folder does not exist"
    }
  }
}

extension FileKindName {
  /// The catalogue's name for what a path names.
  public init(_ kind: FileKind) {
    switch kind {
    case .regular: self = .regular
    case .directory: self = .directory
    case .namedPipe: self = .namedPipe
    case .socket: self = .socket
    case .characterDevice: self = .characterDevice
    case .blockDevice: self = .blockDevice
    case .symbolicLink: self = .symbolicLink
    case .unknown: self = .unknown
    }
  }
}

/// What a path names, from `st_mode`.
public enum FileKind: Equatable, Sendable, CustomStringConvertible {
  case regular, directory, namedPipe, socket, characterDevice, blockDevice, symbolicLink, unknown

  public init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: self = .regular
    case S_IFDIR: self = .directory
    case S_IFIFO: self = .namedPipe
    case S_IFSOCK: self = .socket
    case S_IFCHR: self = .characterDevice
    case S_IFBLK: self = .blockDevice
    case S_IFLNK: self = .symbolicLink
    default: self = .unknown
    }
  }

  /// With its article: `a named pipe (FIFO)`.
  public var description: String {
    switch self {
    case .regular: return "a regular file"
    case .directory: return "a folder"
    case .namedPipe: return "a named pipe (FIFO)"
    case .socket: return "a socket"
    case .characterDevice: return "a character device"
    case .blockDevice: return "a block device"
    case .symbolicLink: return "a symbolic link"
    case .unknown: return "a special file"
    }
  }
}
