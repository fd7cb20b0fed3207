import Foundation
import RemindersApp
import RemindersStore

#if canImport(Glibc)
  import Glibc
#endif

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
      throw CalendarFault.unreachable(.notAnAddress(settings.url))
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
      throw CalendarFault.unreachable(.helperNotStarted(helper: helper, error: "\(error)"))
    }
    input = toHelper.fileHandleForWriting
    reader = CalendarHelperReader(fd: fromHelper.fileHandleForReading.fileDescriptor)
    // The password, on a line of its own (an empty line: none).
    try send(CalendarHelperLine.encode([password ?? ""]))
    guard let ready = reader.next(deadline: deadline) else { throw failure() }
    if ready.fields.first != "ready" {
      let (answer, _) = CalendarHelperLine.decodeAnswer(ready.fields, body: ready.body)
      if case .failure(let fault) = answer { throw fault }
      throw CalendarFault.badAnswer(.helperDidNotStart)
    }
  }

  deinit { close() }

  /// What a helper that stopped answering met: the time ran out, or it ended.
  func failure() -> CalendarFault {
    Date() >= deadline ? .timedOut : .unreachable(.helperEnded)
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
