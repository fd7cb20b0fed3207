import Foundation
import RemindersCore
import RemindersICalendar
import Testing

@Suite("Feed")
struct ICalendarFeedTests {
  /// Set `REMINDERS_UPDATE_GOLDEN=1` to rewrite the golden files from the current output.
  static let updatingGolden = ProcessInfo.processInfo.environment["REMINDERS_UPDATE_GOLDEN"] == "1"

  static func golden(_ name: String, _ bytes: [UInt8]) throws -> [UInt8] {
    let url = Fixtures.goldenDirectory.appendingPathComponent(name)
    if updatingGolden { try Data(bytes).write(to: url) }
    return [UInt8](try Data(contentsOf: url))
  }

  static func render(_ feed: ICalendarFeed, _ reminders: [Reminder], stamp: Date = Fixtures.stamp) -> String {
    String(decoding: feed.render(reminders, stamp: stamp), as: UTF8.self)
  }

  @Test(arguments: Language.allCases)
  func feedMatchesGoldenFile(language: Language) throws {
    let feed = ICalendarFeed(name: "reminders", language: language)
    let bytes = feed.render(Fixtures.plan(language), stamp: Fixtures.stamp)
    // Compared as text, so that a difference reads as one.
    let golden = try Self.golden("feed-\(language.rawValue).ics", bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: golden, as: UTF8.self))
    #expect(bytes == golden)
  }

  @Test(arguments: Language.allCases)
  func fallbackMatchesGoldenFile(language: Language) throws {
    let bytes = try FallbackCalendar.merge(
      existing: nil, reminders: Fixtures.plan(language), language: language, stamp: Fixtures.stamp)
    let golden = try Self.golden("fallback-\(language.rawValue).ics", bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: golden, as: UTF8.self))
    #expect(bytes == golden)
  }

  @Test(arguments: Language.allCases)
  func everyLineEndsInCRLFAndFits(language: Language) throws {
    let feed = ICalendarFeed(name: "復習リマインダー; reminders, \"all\"", language: language)
    let many = (0..<40).map { i in
      Fixtures.reminder(
        id: .recall(firstItem: "\(i)"), at: Fixtures.recallAt.addingTimeInterval(Double(i) * 600),
        title: String(repeating: "長い題名 long title ", count: i % 7 + 1),
        body: String(repeating: "本文\n", count: i))
    }
    let bytes = feed.render(Fixtures.plan(language) + many, stamp: Fixtures.stamp)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(bytes.suffix(2) == [13, 10])
    for (index, byte) in bytes.enumerated() {
      if byte == 10 { #expect(index > 0 && bytes[index - 1] == 13, "bare LF at byte \(index)") }
      if byte == 13 { #expect(index + 1 < bytes.count && bytes[index + 1] == 10, "bare CR at byte \(index)") }
    }
    #expect(physicalLines(text).allSatisfy { $0.count <= ContentLine.maxOctets })
    #expect(try events(in: text).count == 42)
  }

  @Test func headerNamesTheCalendar() throws {
    let feed = ICalendarFeed(name: "reminders", language: .en)
    let lines = try ContentLine.unfold(Self.render(feed, []))
    #expect(
      lines == [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//reminders//reminders 0.1//EN", "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH", "NAME:reminders", "X-WR-CALNAME:reminders",
        "DESCRIPTION;LANGUAGE=en:Flashcard review reminders", "X-WR-CALDESC:Flashcard review reminders",
        "REFRESH-INTERVAL;VALUE=DURATION:PT1H", "X-PUBLISHED-TTL:PT1H", "END:VCALENDAR",
      ])
  }

  @Test func eventsKeepInputOrderAndCarryTheirText() throws {
    let reminders = [
      Fixtures.reminder(id: "recall:b", at: Fixtures.recallAt, title: "B; later", body: "b,\nbody"),
      Fixtures.reminder(
        id: "daily:2026-11-21", kind: .dailyReview, at: Fixtures.dailyAt, title: "A", body: ""),
    ]
    let text = Self.render(ICalendarFeed(name: "r", language: .ja), reminders)
    let found = try events(in: text)
    #expect(found.map { rawValue("UID", in: $0) } == ["recall-b@reminders", "daily-2026-11-21@reminders"])
    #expect(found.map { rawValue("DTSTART", in: $0) } == ["20261121T011000Z", "20261120T230000Z"])
    #expect(found.map { rawValue("DTSTAMP", in: $0) } == ["20261120T210000Z", "20261120T210000Z"])
    #expect(found[0].contains("SUMMARY;LANGUAGE=ja:B\\; later"))
    #expect(found[0].contains("DESCRIPTION;LANGUAGE=ja:b\\,\\nbody"))
    #expect(found[0].contains("CATEGORIES:reminders,recall"))
    #expect(found[1].contains("CATEGORIES:reminders,daily-review"))
    // An empty body leaves out the event's DESCRIPTION; the alarm's is the title.
    #expect(!found[1].contains { $0.hasPrefix("DESCRIPTION;") })
    #expect(
      Array(found[1].suffix(5)) == [
        "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:A", "TRIGGER:PT0S", "END:VALARM",
      ])
    #expect(found.allSatisfy { $0.contains("DURATION:PT5M") && !$0.contains { $0.hasPrefix("SEQUENCE") } })
  }

  @Test(arguments: [
    ("daily:2026-11-21", "daily-2026-11-21@reminders"),
    ("recall:7c9e6679-7425-40de-944b-e07fc1f90ae7", "recall-7c9e6679-7425-40de-944b-e07fc1f90ae7@reminders"),
    ("recall:a:b", "recall-a%3Ab@reminders"),
    ("recall:a-b", "recall-a-b@reminders"),
    ("recall:x y@z/日", "recall-x%20y%40z%2F%E6%97%A5@reminders"),
    ("recall:A_b.c", "recall-A_b.c@reminders"),
  ])
  func uidIsDerivedFromTheReminderID(id: String, uid: String) {
    #expect(ICalendarFeed.uid(for: id) == uid)
  }

  /// Re-exporting a reminder whose time and text changed keeps its UID.
  @Test func uidDependsOnlyOnTheID() throws {
    let before = Fixtures.reminder(id: "recall:r9", at: Fixtures.recallAt, title: "one")
    let after = Fixtures.reminder(id: "recall:r9", at: Fixtures.dailyAt, title: "two", body: "")
    let feeds = [(before, Language.en, Fixtures.stamp), (after, .ja, Fixtures.dailyAt)].map {
      r, language, stamp in
      Self.render(ICalendarFeed(name: "x", language: language), [r], stamp: stamp)
    }
    let uids = try feeds.map { try rawValue("UID", in: events(in: $0)[0]) }
    #expect(uids == ["recall-r9@reminders", "recall-r9@reminders"])
  }

  @Test(arguments: [
    ("1970-01-01T00:00:00Z", "19700101T000000Z"),
    ("2026-11-21T23:59:00+09:00", "20261121T145900Z"),
    ("2026-11-21T08:00:00.999Z", "20261121T080000Z"),
    ("2028-02-29T23:59:59-05:00", "20280301T045959Z"),
    ("1969-12-31T23:59:59Z", "19691231T235959Z"),
  ])
  func startIsWrittenInUTC(instant: String, utc: String) throws {
    let at = try #require(Timestamp.parse(instant))
    let text = Self.render(ICalendarFeed(name: "x", language: .en), [Fixtures.reminder(at: at)], stamp: at)
    let event = try #require(try events(in: text).first)
    #expect(rawValue("DTSTART", in: event) == utc)
    #expect(rawValue("DTSTAMP", in: event) == utc)
  }
}
