import CSQLite
import Foundation

/// What SQLite said: its result code and message (`sqlite3_errmsg`).
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
  public var code: Int32
  public var message: String

  /// The primary result code (without the extended bits).
  public var primary: Int32 { code & 0xFF }
  /// SQLITE_NOTADB: the file is not an SQLite database.
  public var isNotADatabase: Bool { primary == SQLITE_NOTADB }
  /// SQLITE_INTERRUPT: stopped at the deadline.
  public var isInterrupted: Bool { primary == SQLITE_INTERRUPT }
  public var description: String { message }
}

/// One SQLite connection, closed when the value goes away (`sqlite3_close_v2`).
///
/// Only RemindersAnki talks to SQLite, and only here. A connection never waits on a lock (no
/// busy handler: a locked database is an answer, SQLITE_BUSY, at once) and every statement stops
/// at `deadline` (a progress handler interrupts it), so reading someone else's database can
/// never hang.
final class SQLiteDatabase {
  private let handle: OpaquePointer
  /// When statements are interrupted.
  let deadline: Date

  /// How a database is opened.
  enum Mode {
    /// Read only, as SQLite's URI `immutable=1` promises: no lock taken, no journal or WAL read,
    /// nothing created beside the file. For a file nothing writes while it is read (checked by
    /// the caller).
    case immutable
    /// Read and write: a private copy, whose WAL SQLite may fold in on opening.
    case privateCopy
    /// Read and write, created when missing: the tests' hand-made collections.
    case create
  }

  init(path: String, mode: Mode, deadline: Date) throws(SQLiteError) {
    self.deadline = deadline
    var db: OpaquePointer?
    let uri: String
    let flags: Int32
    switch mode {
    case .immutable:
      uri = "file:" + SQLiteDatabase.uriPath(path) + "?mode=ro&immutable=1"
      flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
    case .privateCopy, .create:
      uri = "file:" + SQLiteDatabase.uriPath(path)
      flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI | (mode == .create ? SQLITE_OPEN_CREATE : 0)
    }
    let rc = sqlite3_open_v2(uri, &db, flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE, nil)
    guard let db else { throw SQLiteError(code: rc, message: String(cString: sqlite3_errstr(rc))) }
    guard rc == SQLITE_OK else {
      let error = SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(db)))
      sqlite3_close_v2(db)
      throw error
    }
    handle = db
    sqlite3_busy_timeout(db, 0)
    sqlite3_progress_handler(
      db, 1000,
      { context in
        let database = Unmanaged<SQLiteDatabase>.fromOpaque(context!).takeUnretainedValue()
        return Date() >= database.deadline ? 1 : 0
      }, Unmanaged.passUnretained(self).toOpaque())
    // Anki's schema names its own collation for names (`unicase`); statements that touch such a
    // column or index need it to exist. Case-insensitive comparison, as Anki's.
    sqlite3_create_collation_v2(
      db, "unicase", SQLITE_UTF8, nil,
      { _, lengthA, a, lengthB, b in
        let x = String(decoding: UnsafeRawBufferPointer(start: a, count: Int(lengthA)), as: UTF8.self)
          .lowercased()
        let y = String(decoding: UnsafeRawBufferPointer(start: b, count: Int(lengthB)), as: UTF8.self)
          .lowercased()
        return x < y ? -1 : x == y ? 0 : 1
      }, nil)
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// `path` as the path part of an SQLite URI: every byte but letters, digits and `/._~-`
  /// percent-encoded (`?`, `#` and `%` would otherwise end or change it).
  static func uriPath(_ path: String) -> String {
    var out = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "-"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        out +=
          "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
      }
    }
    return out
  }

  /// The error SQLite reports for the last call, with `code`.
  private func error(_ code: Int32) -> SQLiteError {
    if code & 0xFF == SQLITE_INTERRUPT {
      // Interrupted by the time limit (`isInterrupted`): said as the time that ran out.
      return SQLiteError(code: code, message: String(cString: sqlite3_errstr(code)))
    }
    return SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)))
  }

  /// Runs `sql` and hands each row to `each`.
  func rows(_ sql: String, _ each: (Row) throws -> Void) throws {
    var statement: OpaquePointer?
    let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard prepared == SQLITE_OK, let statement else { throw error(prepared) }
    defer { sqlite3_finalize(statement) }
    while true {
      let step = sqlite3_step(statement)
      if step == SQLITE_DONE { return }
      guard step == SQLITE_ROW else { throw error(step) }
      try each(Row(statement: statement))
    }
  }

  /// The first column of the first row of `sql` as text, nil when there is no row.
  func text(_ sql: String) throws -> String? {
    var out: String?
    try rows(sql) { row in if out == nil { out = row.text(0) } }
    return out
  }

  /// A row being read; valid only inside the `rows` call that gave it.
  struct Row {
    fileprivate let statement: OpaquePointer

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    /// A text column as UTF-8 (a bad byte becomes U+FFFD), nil for NULL.
    func text(_ column: Int32) -> String? {
      guard !isNull(column) else { return nil }
      return String(decoding: bytes(column), as: UTF8.self)
    }

    /// A blob (or text) column's bytes.
    func bytes(_ column: Int32) -> [UInt8] {
      // The pointer first, then the length: asking for the length first may convert the value.
      guard let blob = sqlite3_column_blob(statement, column) else { return [] }
      let count = Int(sqlite3_column_bytes(statement, column))
      return Array(UnsafeRawBufferPointer(start: blob, count: count))
    }
  }
}
