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
  /// the error has a place in the text; the file is left untouched.
  case corrupt(path: String, at: TextPosition?, reason: String)
  /// A config value that is not acceptable; `key` is the dotted TOML key, when there is one, and
  /// `position` where the text does not parse.
  case badConfig(path: String, key: String?, at: TextPosition?, reason: String)
  /// A file that exists but cannot be read, or a write that failed.
  case unreadable(path: String, reason: String)
  case writeFailed(path: String, reason: String)
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
    case .corrupt(let path, let at?, let reason): return "\(path):\(at): \(reason)"
    case .corrupt(let path, nil, let reason): return "\(path): \(reason)"
    case .badConfig(let path, let key, let at, let reason):
      return [at.map { "\(path):\($0)" } ?? path, key, reason].compactMap { $0 }.joined(separator: ": ")
    case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
    case .writeFailed(let path, let reason): return "\(path): cannot write: \(reason)"
    case .locked(let path, let seconds):
      return "\(path): another reminders process held the lock for over \(seconds) s"
    }
  }
}
