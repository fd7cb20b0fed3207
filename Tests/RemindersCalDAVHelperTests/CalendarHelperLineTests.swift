import Foundation
import RemindersApp
import RemindersCalDAVHelper
import Testing

/// The lines `reminders` and `reminders-caldav` speak (docs/calendar.md): what one side encodes,
/// the other reads back as it was, whatever the fields hold.
@Suite struct CalendarHelperLineTests {
  @Test func fieldsKeepTheirTabsNewlinesAndPercents() {
    for field in ["", "plain", "a\tb", "line\nnext\r", "100%", "%09 is a tab", "日本語"] {
      #expect(CalendarHelperLine.unescape(Substring(CalendarHelperLine.escape(field))) == field)
      #expect(!CalendarHelperLine.escape(field).contains { "\t\n\r".contains($0) })
    }
  }

  /// Every fault, each with what it carries (a tab among it).
  static let faults: [CalendarFault] = [
    .unreachable(.notAnAddress("ftp://x")), .unreachable(.caFileUnreadable("/etc/ca.pem")),
    .unreachable(.connectionRefused), .unreachable(.tls("handshake\tfailed")),
    .unreachable(.said("no route\tto host")),
    .unreachable(.helperMissing(beside: "/usr/bin/reminders")),
    .unreachable(.helperNotStarted(helper: "/usr/bin/reminders-caldav", error: "Permission denied")),
    .unreachable(.helperEnded), .timedOut, .refused(401), .status(500),
    .badAnswer(.commentNotClosed), .badAnswer(.cdataNotClosed), .badAnswer(.tagNotClosed),
    .badAnswer(.referenceNotClosed), .badAnswer(.unknownReference("nbsp")), .badAnswer(.responseWithoutHref),
    .badAnswer(.noMultistatus), .badAnswer(.notHTTP("invalid character in header")),
    .badAnswer(.helperSaid("hello")), .badAnswer(.helperSaid(nil)),
    .badAnswer(.helperDidNotStart), .badAnswer(.unknownRequest), .badAnswer(.said("not XML")),
    .password(.notFound(command: "pass")),
    .password(.notStarted(command: "pass", error: "Permission denied")),
    .password(.noAnswer(command: "pass", seconds: 10)), .password(.exit(command: "pass", status: 1)),
    .password(.printedNothing(command: "pass")), .password(.noLine(command: "pass", bytes: 65_536)),
    .password(.said("exit 1")),
  ]

  static let answers: [Result<Conditional, CalendarFault>] =
    [
      .success(.done(etag: "\"e1\"")), .success(.done(etag: nil)), .success(.preconditionFailed),
      .success(.gone),
      .success(.rejected(409)),
    ] + faults.map { .failure($0) }

  /// By index: the testing library's description of these nested enums reads past them in the
  /// Swift 6.3 runtime (a crash in String.debugDescription), so the values are not its arguments.
  @Test(arguments: answers.indices)
  func anAnswerReadsBackAsItWas(_ index: Int) throws {
    let answer = Self.answers[index]
    let message = try Self.read(CalendarHelperLine.encode(answer))
    let (back, listing) = CalendarHelperLine.decodeAnswer(message.fields, body: message.body)
    #expect(back == answer)
    #expect(listing.isEmpty)
  }

  @Test func aListingReadsBackWithItsETags() throws {
    let listing: [String: String?] = ["/cal/a.ics": "\"1\"", "/cal/b c.ics": nil, "/cal/tab\t.ics": ""]
    let message = try Self.read(CalendarHelperLine.encode(.success(.done(etag: nil)), listing: listing))
    let (answer, back) = CalendarHelperLine.decodeAnswer(message.fields, body: message.body)
    #expect(answer == .success(.done(etag: nil)))
    #expect(back == listing)
  }

  @Test func anUnknownAnswerIsABadAnswer() {
    let (answer, _) = CalendarHelperLine.decodeAnswer(["hello"], body: [])
    guard case .failure(.badAnswer) = answer else {
      Issue.record("\(answer)")
      return
    }
  }

  /// The message `bytes` holds, read as `reminders` reads the helper's output, through a pipe.
  static func read(_ bytes: [UInt8]) throws -> (fields: [String], body: [UInt8]) {
    let pipe = Pipe()
    try pipe.fileHandleForWriting.write(contentsOf: Data(bytes))
    try pipe.fileHandleForWriting.close()
    var reader = CalendarHelperReader(fd: pipe.fileHandleForReading.fileDescriptor)
    let message = reader.next(deadline: Date().addingTimeInterval(5))
    return try #require(message)
  }
}
