import Foundation
import RemindersApp
import RemindersStore

#if canImport(Glibc)
  import Glibc
#endif

/// The lines `reminders` and its helper `reminders-caldav` speak over the helper's standard input
/// and output (docs/calendar.md).
///
/// The HTTP client (AsyncHTTPClient, with its TLS) lives in the helper alone: linked into
/// `reminders`, it made every start of the every-minute `run` 1.7 ms slower (a third more) even
/// when nothing was synced. So `reminders` keeps every rule of the sync and starts the helper
/// only when a request is to be sent; the helper sends each request it is given and says what
/// came back. The password goes to it on its standard input, never in its arguments or
/// environment.
///
/// A message is one line of tab-separated fields (each with `%`, tab, CR and LF escaped as
/// `%XX`), the last field the length of the raw bytes that follow the line.
/// - Requests: `list`, `get HREF`, `put HREF CONDITION ETAG`, `delete HREF CONDITION ETAG`, with
///   CONDITION `absent`, `match` or `none`.
/// - Answers: `done ETAG-OR-EMPTY HAS-ETAG` (a listing's lines in the bytes: `PATH HAS-ETAG
///   ETAG`), `precondition`, `gone`, `rejected STATUS`, or `fault` and the fault's fields
///   (`CalendarProblemSyntax`: `fault unreachable refused`, `fault status 503`).
public enum CalendarHelperLine {
  public static func escape(_ field: String) -> String {
    var out = ""
    for scalar in field.unicodeScalars {
      switch scalar {
      case "%": out += "%25"
      case "\t": out += "%09"
      case "\n": out += "%0A"
      case "\r": out += "%0D"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  public static func unescape(_ field: Substring) -> String {
    guard field.contains("%") else { return String(field) }
    var bytes: [UInt8] = []
    var rest = Array(field.utf8)[...]
    while let byte = rest.popFirst() {
      if byte == UInt8(ascii: "%"), rest.count >= 2,
        let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        rest.removeFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A message: its fields, then the length of `body`, then `body`.
  public static func encode(_ fields: [String], body: [UInt8] = []) -> [UInt8] {
    Array((fields.map(escape) + [String(body.count)]).joined(separator: "\t").utf8) + [0x0A] + body
  }

  /// The answer of a `Conditional` or a fault.
  public static func encode(_ answer: Result<Conditional, CalendarFault>, listing: [String: String?]? = nil)
    -> [UInt8]
  {
    switch answer {
    case .success(.done(let etag)):
      var body: [UInt8] = []
      for (path, etag) in (listing ?? [:]).sorted(by: { $0.key < $1.key }) {
        body +=
          Array([escape(path), etag == nil ? "0" : "1", escape(etag ?? "")].joined(separator: "\t").utf8) + [
            0x0A
          ]
      }
      return encode(["done", etag ?? "", etag == nil ? "0" : "1"], body: body)
    case .success(.preconditionFailed): return encode(["precondition"])
    case .success(.gone): return encode(["gone"])
    case .success(.rejected(let status)): return encode(["rejected", String(status)])
    case .failure(let fault):
      return encode(["fault"] + CalendarProblemSyntax.fields(fault))
    }
  }

  /// An answer's fields and bytes, read back: the `Conditional`, or the fault; a listing's
  /// entries when there are any.
  public static func decodeAnswer(_ fields: [String], body: [UInt8]) -> (
    Result<Conditional, CalendarFault>, [String: String?]
  ) {
    func bad() -> (Result<Conditional, CalendarFault>, [String: String?]) {
      (.failure(.badAnswer(.helperSaid(fields.first))), [:])
    }
    switch fields.first {
    case "done" where fields.count == 3:
      var listing: [String: String?] = [:]
      for line in String(decoding: body, as: UTF8.self).split(separator: "\n") {
        let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return bad() }
        listing[unescape(parts[0])] = parts[1] == "1" ? .some(unescape(parts[2])) : .some(nil)
      }
      return (.success(.done(etag: fields[2] == "1" ? fields[1] : nil)), listing)
    case "precondition": return (.success(.preconditionFailed), [:])
    case "gone": return (.success(.gone), [:])
    case "rejected" where fields.count == 2: return (.success(.rejected(Int(fields[1]) ?? 0)), [:])
    case "fault":
      return CalendarProblemSyntax.problem(Array(fields.dropFirst())).map { (.failure($0), [:]) } ?? bad()
    default: return bad()
    }
  }
}

/// Reads the messages of `CalendarHelperLine` from a file descriptor, each within a deadline.
public struct CalendarHelperReader {
  let fd: Int32
  var buffer: [UInt8] = []

  public init(fd: Int32) { self.fd = fd }

  /// The next message's fields and bytes; nil at the end of the input, or when `deadline`
  /// passed first.
  public mutating func next(deadline: Date? = nil) -> (fields: [String], body: [UInt8])? {
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let raw = buffer[..<newline].split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
        guard let last = raw.last, let length = Int(String(decoding: last, as: UTF8.self)), length >= 0 else {
          return nil
        }
        let bodyStart = newline + 1
        if buffer.count - bodyStart >= length {
          let fields = raw.dropLast().map {
            CalendarHelperLine.unescape(Substring(String(decoding: $0, as: UTF8.self)))
          }
          let body = Array(buffer[bodyStart..<(bodyStart + length)])
          buffer.removeSubrange(..<(bodyStart + length))
          return (fields, body)
        }
      }
      guard fill(deadline: deadline) else { return nil }
    }
  }

  /// Reads what is there (waiting until `deadline` at most); false at the end or the deadline.
  mutating func fill(deadline: Date?) -> Bool {
    if let deadline {
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      while true {
        let left = deadline.timeIntervalSinceNow
        guard left > 0 else { return false }
        let ready = poll(&descriptor, 1, Int32(min(left * 1000, 60_000)) + 1)
        if ready > 0 { break }
        if ready < 0, errno != EINTR { return false }
      }
    }
    var chunk = [UInt8](repeating: 0, count: 65_536)
    let n = read(fd, &chunk, chunk.count)
    guard n > 0 else { return false }
    buffer += chunk[..<n]
    return true
  }
}
