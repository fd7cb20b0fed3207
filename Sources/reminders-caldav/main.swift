import Foundation
import RemindersApp
import RemindersCalDAV
import RemindersCalDAVHelper
import RemindersMessages
import RemindersStore

#if canImport(Glibc)
  import Glibc
#endif

// `reminders-caldav URL USER CA-FILE SECONDS`: the helper through which `reminders` speaks to a
// CalDAV calendar (docs/calendar.md). It reads the password from its first input line, then
// sends each request `reminders` gives it (CalendarHelperLine) and says what came back, until its
// input ends. Not a command for people: `reminders calendar sync` is.
signal(SIGPIPE, SIG_IGN)
let arguments = CommandLine.arguments
guard arguments.count == 5, let seconds = TimeInterval(arguments[4]) else {
  let words = Language.fromLocale(ProcessInfo.processInfo.environment).words
  FileHandle.standardError.write(Data((words.calendarHelperOnly + "\n").utf8))
  exit(64)
}
var settings = CalendarSettings(url: arguments[1])
settings.username = arguments[2].isEmpty ? nil : arguments[2]
settings.caFile = arguments[3].isEmpty ? nil : arguments[3]
var reader = CalendarHelperReader(fd: STDIN_FILENO)

func say(_ bytes: [UInt8]) {
  try? FileHandle.standardOutput.write(contentsOf: Data(bytes))
}

guard let first = reader.next(), first.fields.count == 1 else { exit(65) }
let password = first.fields[0].isEmpty ? nil : first.fields[0]
let client: CalDAVClient
do {
  client = try CalDAVClient(settings: settings, password: password, seconds: seconds)
} catch {
  say(
    CalendarHelperLine.encode(
      .failure(error as? CalendarFault ?? .unreachable(.said(String(describing: error))))))
  exit(0)
}
say(CalendarHelperLine.encode(["ready"]))

func condition(_ fields: [String]) -> PutCondition {
  switch fields[2] {
  case "absent": .absent
  case "match": .matches(fields[3])
  default: .unconditional
  }
}

/// The answer to one request: what it met, or its fault.
func answer(_ request: () throws -> Conditional) -> [UInt8] {
  do {
    return CalendarHelperLine.encode(.success(try request()))
  } catch {
    return CalendarHelperLine.encode(
      .failure(error as? CalendarFault ?? .unreachable(.said(String(describing: error)))))
  }
}

while let request = reader.next() {
  let fields = request.fields
  switch (fields.first, fields.count) {
  case ("list", 1):
    do {
      let listing = try client.list()
      say(CalendarHelperLine.encode(.success(.done(etag: nil)), listing: listing))
    } catch {
      say(
        CalendarHelperLine.encode(
          .failure(error as? CalendarFault ?? .unreachable(.said(String(describing: error))))))
    }
  case ("get", 2):
    say(answer { try client.head(fields[1]) })
  case ("put", 4):
    say(answer { try client.put(fields[1], body: request.body, condition: condition(fields)) })
  case ("delete", 4):
    let etag: String? = fields[2] == "match" ? fields[3] : nil
    say(answer { try client.delete(fields[1], etag: etag) })
  default:
    say(CalendarHelperLine.encode(.failure(.badAnswer(.unknownRequest))))
  }
}
client.close()
