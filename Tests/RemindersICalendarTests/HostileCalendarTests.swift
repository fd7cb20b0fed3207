import Foundation
import RemindersCore
import RemindersICalendar
import Testing

@Suite("Hostile calendars")
struct HostileCalendarTests {
  static func nested(_ depth: Int) -> [UInt8] {
    var text = "BEGIN:VCALENDAR\r\n"
    for i in 1..<depth { text += "BEGIN:X-LEVEL-\(i)\r\n" }
    for i in (1..<depth).reversed() { text += "END:X-LEVEL-\(i)\r\n" }
    text += "END:VCALENDAR\r\n"
    return Array(text.utf8)
  }

  static func merge(_ existing: [UInt8]) throws(ICalendarError) -> [UInt8] {
    try FallbackCalendar.merge(
      existing: existing, reminders: [Fixtures.reminder()], language: .en, stamp: Fixtures.stamp)
  }

  /// Components nested 20,000 deep overflowed the stack (exit 139) in the recursive writer; the
  /// depth is bounded, and the component that goes too deep is named with its line.
  @Test(arguments: [33, 34, 20_000])
  func deepNestingIsMalformed(depth: Int) {
    #expect(
      throws: ICalendarError.malformed(
        line: 33, reason: .tooDeep(name: "X-LEVEL-32", depth: 32))
    ) {
      try Self.merge(Self.nested(depth))
    }
  }

  /// Up to the bound, unknown components of any depth are kept as they were.
  @Test func nestingUpToTheBoundIsKept() throws {
    let text = String(decoding: try Self.merge(Self.nested(32)), as: UTF8.self)
    #expect(text.contains("BEGIN:X-LEVEL-31\r\nEND:X-LEVEL-31\r\n"))
    #expect(text.contains("UID:"))
  }

  /// A name quoted in an error is cut, and what cannot be seen is escaped.
  @Test func namesInErrorsAreCapped() {
    let long = String(repeating: "N", count: 10_000)
    do {
      _ = try Self.merge(Array("BEGIN:\(long)\r\n".utf8))
      Issue.record("accepted")
    } catch {
      #expect(error.description == "line 1: expected BEGIN:VCALENDAR, found BEGIN:\(long.prefix(80))…")
    }
    // Escapes count as they show (found by the calendar fuzzer: a name of NULs made a message of
    // 432 characters).
    let nuls = String(repeating: "\u{0}", count: 100)
    #expect(
      throws: ICalendarError.malformed(
        line: 3,
        reason: .endMismatch(
          name: "VALARM", open: "VALAR" + String(repeating: "\\u{0}", count: 15) + "…", line: 2))
    ) {
      try Self.merge(Array("BEGIN:VCALENDAR\r\nBEGIN:VALAR\(nuls)\r\nEND:VALARM\r\n".utf8))
    }
    #expect(throws: ICalendarError.malformed(line: 3, reason: .endWithoutBegin(name: "\\u{1B}[2J"))) {
      try Self.merge(Array("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\nEND:\u{1B}[2J\r\n".utf8))
    }
  }
}
