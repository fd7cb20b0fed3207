import Foundation
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
///   ETAG`), `precondition`, `gone`, `rejected STATUS`, or `fault KIND DETAIL`.
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
      let (kind, detail): (String, String) =
        switch fault {
        case .unreachable(let detail): ("unreachable", detail)
        case .timedOut: ("timedout", "")
        case .refused(let status): ("refused", String(status))
        case .status(let status): ("status", String(status))
        case .badAnswer(let detail): ("badanswer", detail)
        case .password(let detail): ("password", detail)
        }
      return encode(["fault", kind, detail])
    }
  }

  /// An answer's fields and bytes, read back: the `Conditional`, or the fault; a listing's
  /// entries when there are any.
  public static func decodeAnswer(_ fields: [String], body: [UInt8]) -> (
    Result<Conditional, CalendarFault>, [String: String?]
  ) {
    func bad() -> (Result<Conditional, CalendarFault>, [String: String?]) {
      (.failure(.badAnswer("the helper reminders-caldav said \(fields.first ?? "nothing")")), [:])
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
    case "fault" where fields.count == 3:
      let fault: CalendarFault? =
        switch fields[1] {
        case "unreachable": .unreachable(fields[2])
        case "timedout": .timedOut
        case "refused": Int(fields[2]).map { .refused($0) }
        case "status": Int(fields[2]).map { .status($0) }
        case "badanswer": .badAnswer(fields[2])
        case "password": .password(fields[2])
        default: nil
        }
      return fault.map { (.failure($0), [:]) } ?? bad()
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

/// The calendar server as `reminders` reaches it: through its helper `reminders-caldav`,
/// started for one sync, spoken to by `CalendarHelperLine`.
public final class CalendarHelperServer: CalendarServer {
  public let collectionPath: String
  public private(set) var requests = 0
  let process: Process
  let input: FileHandle
  var reader: CalendarHelperReader
  let deadline: Date
  var closed = false

  /// Where the helper is: beside this program (a build, `/usr/bin` of a package that installs it
  /// there), else in `lib/reminders` beside this program's folder (`/usr/lib/reminders`).
  public static func locate(executable: String) -> String? {
    let folder = FileIO.parentDirectory(of: executable)
    for candidate in [
      folder + "/reminders-caldav", FileIO.parentDirectory(of: folder) + "/lib/reminders/reminders-caldav",
    ]
    where FileIO.isExecutable(candidate) {
      return candidate
    }
    return nil
  }

  /// Starts the helper for the collection of `settings`; all its requests end within `seconds`.
  public init(
    helper: String, settings: CalendarSettings, password: String?, seconds: TimeInterval
  ) throws {
    guard let address = CalendarSettings.address(settings.url) else {
      throw CalendarFault.unreachable("not an address: \(settings.url)")
    }
    collectionPath = address.path
    deadline = Date().addingTimeInterval(seconds)
    // A helper that ends early must not end this process with its pipe (the write fails instead).
    signal(SIGPIPE, SIG_IGN)
    process = Process()
    process.executableURL = URL(fileURLWithPath: helper)
    process.arguments = [settings.url, settings.username ?? "", settings.caFile ?? "", String(seconds)]
    let toHelper = Pipe()
    let fromHelper = Pipe()
    process.standardInput = toHelper
    process.standardOutput = fromHelper
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw CalendarFault.unreachable("the helper \(helper) cannot be started: \(error)")
    }
    input = toHelper.fileHandleForWriting
    reader = CalendarHelperReader(fd: fromHelper.fileHandleForReading.fileDescriptor)
    // The password, on a line of its own (an empty line: none).
    try send(CalendarHelperLine.encode([password ?? ""]))
    guard let ready = reader.next(deadline: deadline) else { throw failure() }
    if ready.fields.first != "ready" {
      let (answer, _) = CalendarHelperLine.decodeAnswer(ready.fields, body: ready.body)
      if case .failure(let fault) = answer { throw fault }
      throw CalendarFault.badAnswer("the helper reminders-caldav did not start")
    }
  }

  deinit { close() }

  /// What a helper that stopped answering met: the time ran out, or it ended.
  func failure() -> CalendarFault {
    Date() >= deadline ? .timedOut : .unreachable("the helper reminders-caldav ended")
  }

  func send(_ bytes: [UInt8]) throws {
    do {
      try input.write(contentsOf: Data(bytes))
    } catch {
      throw failure()
    }
  }

  func ask(_ fields: [String], body: [UInt8] = []) throws -> (Conditional, [String: String?]) {
    requests += 1
    try send(CalendarHelperLine.encode(fields, body: body))
    // The helper's own requests end by the deadline; a moment more for it to say so.
    guard let message = reader.next(deadline: deadline.addingTimeInterval(2)) else { throw failure() }
    let (answer, listing) = CalendarHelperLine.decodeAnswer(message.fields, body: message.body)
    switch answer {
    case .success(let conditional): return (conditional, listing)
    case .failure(let fault): throw fault
    }
  }

  static func condition(_ condition: PutCondition) -> [String] {
    switch condition {
    case .absent: ["absent", ""]
    case .matches(let etag): ["match", etag]
    case .unconditional: ["none", ""]
    }
  }

  public func list() throws -> [String: String?] {
    try ask(["list"]).1
  }

  public func put(_ href: String, body: [UInt8], condition: PutCondition) throws -> Conditional {
    try ask(["put", href] + Self.condition(condition), body: body).0
  }

  public func head(_ href: String) throws -> Conditional {
    try ask(["get", href]).0
  }

  public func delete(_ href: String, etag: String?) throws -> Conditional {
    try ask(["delete", href] + Self.condition(etag.map { .matches($0) } ?? .unconditional)).0
  }

  public func close() {
    guard !closed else { return }
    closed = true
    try? input.close()
    // It ends when its input does; one that does not is ended.
    let end = Date().addingTimeInterval(2)
    while process.isRunning, Date() < end { usleep(5_000) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }
}
