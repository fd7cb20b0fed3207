import Foundation
import RemindersCore
import RemindersICalendar
import Testing

@Suite("Fallback calendar")
struct FallbackCalendarTests {
  static let later = Fixtures.stamp.addingTimeInterval(3600)

  static func merge(_ existing: String?, _ reminders: [Reminder], stamp: Date = Fixtures.stamp) throws
    -> String
  {
    let bytes = try FallbackCalendar.merge(
      existing: existing.map { Array($0.utf8) }, reminders: reminders, language: .en, stamp: stamp)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A calendar a calendar application wrote: LF line ends, a time zone, a recurring event with
  /// properties this module knows nothing of, and a long line folded at a different place.
  static let foreign = """
    BEGIN:VCALENDAR
    VERSION:2.0
    PRODID:-//Example Corp.//CalApp 3.1//EN
    X-WR-CALNAME:Home
    BEGIN:VTIMEZONE
    TZID:Asia/Tokyo
    BEGIN:STANDARD
    DTSTART:19700101T000000
    TZOFFSETFROM:+0900
    TZOFFSETTO:+0900
    TZNAME:JST
    END:STANDARD
    END:VTIMEZONE
    BEGIN:VEVENT
    UID:weekly-standup@example.com
    DTSTAMP:20261101T000000Z
    DTSTART;TZID=Asia/Tokyo:20261102T093000
    DTEND;TZID=Asia/Tokyo:20261102T094500
    RRULE:FREQ=WEEKLY;BYDAY=MO,WE
    SUMMARY:Standup\\, weekly
    X-FOO;X-PARAM="a:b;c":keep me; exactly, as is
    DESCRIPTION:A long description that a calendar application folded at its o
     wn width\\, not ours\\; it must come back with the same content.
    END:VEVENT
    END:VCALENDAR

    """

  static let foreignEventLines = [
    "BEGIN:VEVENT", "UID:weekly-standup@example.com", "DTSTAMP:20261101T000000Z",
    "DTSTART;TZID=Asia/Tokyo:20261102T093000", "DTEND;TZID=Asia/Tokyo:20261102T094500",
    "RRULE:FREQ=WEEKLY;BYDAY=MO,WE", "SUMMARY:Standup\\, weekly",
    "X-FOO;X-PARAM=\"a:b;c\":keep me; exactly, as is",
    "DESCRIPTION:A long description that a calendar application folded at its own width\\, not ours\\; it must "
      + "come back with the same content.",
    "END:VEVENT",
  ]

  @Test func aNewFileHoldsTheHeaderAndTheEvents() throws {
    let text = try Self.merge(nil, [Fixtures.reminder()])
    let lines = try ContentLine.unfold(text)
    #expect(lines.prefix(3) == ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//reminders//reminders 0.1//EN"])
    #expect(lines.contains("NAME:reminders (fallback)"))
    #expect(lines.contains("X-WR-CALNAME:reminders (fallback)"))
    let found = try events(in: text)
    #expect(found.count == 1)
    #expect(rawValue("SEQUENCE", in: found[0]) == "0")
    #expect(rawValue("LAST-MODIFIED", in: found[0]) == "20261120T210000Z")
    #expect(rawValue("UID", in: found[0]) == "recall-r1@reminders")
  }

  @Test(arguments: ["", "\r\n", "\n\n"])
  func anEmptyFileStartsANewCalendar(existing: String) throws {
    #expect(try Self.merge(existing, [Fixtures.reminder()]) == (try Self.merge(nil, [Fixtures.reminder()])))
  }

  @Test func mergingTheSameReminderTwiceKeepsOneEvent() throws {
    let once = try Self.merge(nil, [Fixtures.reminder()])
    let twice = try Self.merge(once, [Fixtures.reminder()], stamp: Self.later)
    #expect(twice == once)
    let both = try Self.merge(nil, [Fixtures.reminder(), Fixtures.reminder()])
    #expect(try events(in: both).count == 1)
  }

  /// A title with a CR LF reads back as LF; that must not count as a change.
  @Test func textThatEscapingNormalizesIsNotAChange() throws {
    let reminder = Fixtures.reminder(title: "two\r\nlines\u{7}", body: "a;b,c\\d")
    let once = try Self.merge(nil, [reminder])
    #expect(try Self.merge(once, [reminder], stamp: Self.later) == once)
  }

  @Test(arguments: [
    Fixtures.reminder(title: "Time to recall: changed"),
    Fixtures.reminder(body: "A new note."),
    Fixtures.reminder(at: Fixtures.recallAt.addingTimeInterval(600)),
  ])
  func aChangedReminderIsReplacedInPlace(changed: Reminder) throws {
    let other = Fixtures.reminder(id: "recall:r2", title: "other")
    let once = try Self.merge(Self.foreign, [Fixtures.reminder(), other])
    let updated = try Self.merge(once, [changed], stamp: Self.later)
    let found = try events(in: updated)
    #expect(
      found.map { rawValue("UID", in: $0) } == [
        "weekly-standup@example.com", "recall-r1@reminders", "recall-r2@reminders",
      ])
    let event = found[1]
    #expect(rawValue("SEQUENCE", in: event) == "1")
    #expect(rawValue("LAST-MODIFIED", in: event) == "20261120T220000Z")
    #expect(rawValue("DTSTAMP", in: event) == "20261120T220000Z")
    #expect(rawValue("SUMMARY", in: event).map(ICalText.unescape) == changed.title)
    #expect(rawValue("DESCRIPTION", in: event).map(ICalText.unescape) == changed.body)
    #expect(rawValue("DTSTART", in: event) == ICalendarFeedTestsSupport.utc(changed.fireAt))
    #expect(found[2] == (try events(in: once))[2], "the other reminder's event is untouched")

    // A second change climbs again.
    var again = changed
    again.title += " again"
    let twice = try events(in: Self.merge(updated, [again], stamp: Self.later.addingTimeInterval(60)))
    #expect(rawValue("SEQUENCE", in: twice[1]) == "2")
    #expect(rawValue("LAST-MODIFIED", in: twice[1]) == "20261120T220100Z")
  }

  @Test func foreignComponentsSurviveWithTheirContent() throws {
    let merged = try Self.merge(Self.foreign, [Fixtures.reminder()])
    let lines = try ContentLine.unfold(merged)
    let start = try #require(lines.firstIndex(of: "BEGIN:VEVENT"))
    #expect(Array(lines[start..<(start + Self.foreignEventLines.count)]) == Self.foreignEventLines)
    let original = try ContentLine.unfold(Self.foreign)
    // Everything read is written back, in order, with the new event before END:VCALENDAR.
    #expect(Array(lines.prefix(original.count - 1)) == Array(original.dropLast()))
    #expect(lines.last == "END:VCALENDAR")
    #expect(try events(in: merged).count == 2)
    // Written with CRLF although read with LF.
    #expect(
      !merged.utf8.enumerated().contains { $0.element == 10 && Array(merged.utf8)[$0.offset - 1] != 13 })
  }

  /// What a calendar application added to one of our events stays when the reminder changes.
  @Test func additionsToOurEventSurviveAChange() throws {
    let once = try Self.merge(nil, [Fixtures.reminder()])
    let edited = once.replacingOccurrences(
      of: "TRANSP:TRANSPARENT\r\n",
      with: "TRANSP:TRANSPARENT\r\nX-MOZ-LASTACK:20261121T011500Z\r\nBEGIN:VALARM\r\nACTION:AUDIO\r\n"
        + "TRIGGER:-PT10M\r\nEND:VALARM\r\n")
    let updated = try Self.merge(edited, [Fixtures.reminder(title: "new title")], stamp: Self.later)
    let event = try #require(try events(in: updated).first)
    #expect(event.contains("X-MOZ-LASTACK:20261121T011500Z"))
    #expect(event.contains("TRIGGER:-PT10M"))
    #expect(event.filter { $0 == "BEGIN:VALARM" }.count == 2)
    #expect(event.contains("DESCRIPTION:new title"))
    #expect(!event.contains("DESCRIPTION:Time to recall: ephemeral"))
  }

  /// How khal (through python-icalendar) stores our daily event after `khal import`: properties
  /// reordered, `DTSTART;VALUE=DATE-TIME`, `TRIGGER:P0D`, no SEQUENCE.
  static let rewrittenByKhal = """
    BEGIN:VCALENDAR
    VERSION:2.0
    PRODID:-//PIMUTILS.ORG//NONSGML khal / icalendar //EN
    BEGIN:VEVENT
    SUMMARY;LANGUAGE=ja:今日の復習 12枚
    DTSTART;VALUE=DATE-TIME:20261120T230000Z
    DURATION:PT5M
    DTSTAMP:20261120T210000Z
    UID:daily-2026-11-21@reminders
    CATEGORIES:reminders,daily-review
    DESCRIPTION;LANGUAGE=ja:JLPT 4枚、TOEIC 8枚。連続記録 5日。
    TRANSP:TRANSPARENT
    BEGIN:VALARM
    ACTION:DISPLAY
    DESCRIPTION:今日の復習 12枚
    TRIGGER:P0D
    END:VALARM
    END:VEVENT
    END:VCALENDAR

    """

  @Test func anEventRewrittenByAnotherApplicationIsStillOurs() throws {
    let daily = Fixtures.plan(.ja)[0]
    let same = try Self.merge(Self.rewrittenByKhal, [daily], stamp: Self.later)
    #expect(same == Self.rewrittenByKhal.replacingOccurrences(of: "\n", with: "\r\n"))

    var changed = daily
    changed.title = "今日の復習 13枚"
    let updated = try events(in: Self.merge(Self.rewrittenByKhal, [changed], stamp: Self.later))
    #expect(updated.count == 1)
    #expect(rawValue("SEQUENCE", in: updated[0]) == "1")
    #expect(updated[0].filter { $0.hasPrefix("DTSTART") } == ["DTSTART:20261120T230000Z"])
    // The zero-duration DISPLAY alarm was ours: replaced, not kept beside the new one.
    #expect(updated[0].filter { $0 == "BEGIN:VALARM" }.count == 1)
    #expect(updated[0].contains("DESCRIPTION:今日の復習 13枚"))
  }

  /// A fold that another writer put inside a UTF-8 character joins back into it.
  @Test func aFoldInsideACharacterIsJoined() throws {
    let head = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-NOTE:日本".utf8)
    // "語" is E8 AA 9E; the fold comes after its first byte.
    let bytes = head + [0xE8, 13, 10, 32, 0xAA, 0x9E] + Array("\r\nEND:VCALENDAR\r\n".utf8)
    let merged = try FallbackCalendar.merge(
      existing: bytes, reminders: [], language: .ja, stamp: Fixtures.stamp)
    #expect(merged == Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-NOTE:日本語\r\nEND:VCALENDAR\r\n".utf8))
  }

  @Test(arguments: [
    ("VERSION:2.0\nBEGIN:VCALENDAR\nEND:VCALENDAR\n", 1),
    ("BEGIN:VEVENT\nEND:VEVENT\n", 1),
    ("BEGIN:VCALENDAR\nVERSION 2.0\nEND:VCALENDAR\n", 2),
    ("BEGIN:VCALENDAR\nno colon here\nEND:VCALENDAR\n", 2),
    ("BEGIN:VCALENDAR\n:no name\nEND:VCALENDAR\n", 2),
    ("BEGIN:VCALENDAR\nX-A;P=\"unclosed:quote\nEND:VCALENDAR\n", 2),
    (" folded:before anything\nBEGIN:VCALENDAR\nEND:VCALENDAR\n", 1),
    ("BEGIN:VCALENDAR\nBEGIN:VEVENT\nEND:VCALENDAR\n", 3),
    ("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:x\n", 2),
    ("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\nEND:VEVENT\r\n", 3),
    ("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\nX-AFTER:1\r\n", 3),
    ("BEGIN:VCALENDAR\r\nBEGIN:\r\nEND:\r\nEND:VCALENDAR\r\n", 2),
    ("BEGIN:VCALENDAR\r\nX-A:bare\rCR\r\nEND:VCALENDAR\r\n", 2),
    ("<html>\n<body>not a calendar</body>\n", 1),
  ])
  func malformedInputThrowsWithItsLine(text: String, line: Int) throws {
    let error = #expect(throws: ICalendarError.self) { try Self.merge(text, [Fixtures.reminder()]) }
    guard case .malformed(let found, let reason)? = error else { return }
    #expect(found == line, "\(reason)")
    let said = "\(error!)"
    #expect(!said.isEmpty && !said.contains("\n"))
  }

  @Test func malformedInputThatIsNotUTF8Throws() {
    let bytes = Array("BEGIN:VCALENDAR\r\nX-A:caf".utf8) + [0xE9] + Array("\r\nEND:VCALENDAR\r\n".utf8)
    #expect(throws: ICalendarError.malformed(line: 2, reason: .notUTF8)) {
      try FallbackCalendar.merge(existing: bytes, reminders: [], language: .en, stamp: Fixtures.stamp)
    }
  }

  @Test func errorsDescribeTheirLine() {
    #expect(
      "\(ICalendarError.malformed(line: 12, reason: .endWithoutBegin(name: "VEVENT")))"
        == "line 12: END:VEVENT without a BEGIN")
  }
}

enum ICalendarFeedTestsSupport {
  /// The DTSTART value the writer gives `instant`, read back from a one-event feed.
  static func utc(_ instant: Date) -> String? {
    let bytes = ICalendarFeed(name: "x", language: .en).render(
      [Fixtures.reminder(at: instant)], stamp: instant)
    let text = String(decoding: bytes, as: UTF8.self)
    return (try? events(in: text)).flatMap { rawValue("DTSTART", in: $0[0]) }
  }
}
