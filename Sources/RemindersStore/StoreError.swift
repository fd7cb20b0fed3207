/// Why a file of ours could not be read or written.
public enum StoreError: Error, Equatable, CustomStringConvertible {
  /// A deck or ledger that does not parse or holds a wrong value; the file is left untouched.
  case corrupt(path: String, line: Int, column: Int, reason: String)
  /// A config value that is not acceptable; `key` is the dotted TOML key, when there is one.
  case badConfig(path: String, key: String?, reason: String)
  /// A file that exists but cannot be read, or a write that failed.
  case unreadable(path: String, reason: String)
  case writeFailed(path: String, reason: String)
  /// Another process holds the lock and did not release it in time.
  case locked(path: String, seconds: Int)

  public var description: String {
    switch self {
    case .corrupt(let path, let line, let column, let reason): return "\(path):\(line):\(column): \(reason)"
    case .badConfig(let path, let key?, let reason): return "\(path): \(key): \(reason)"
    case .badConfig(let path, nil, let reason): return "\(path): \(reason)"
    case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
    case .writeFailed(let path, let reason): return "\(path): cannot write: \(reason)"
    case .locked(let path, let seconds):
      return "\(path): another reminders process held the lock for over \(seconds) s"
    }
  }
}
