import Foundation
import RemindersCore
import Testing

@Suite struct DayTests {
  @Test(arguments: [
    ("1970-01-01", 0), ("2026-11-21", 20778), ("2000-02-29", 11016), ("1969-12-31", -1),
    ("2026-03-08", 20520),
  ])
  func dayNumbers(text: String, number: Int) {
    let day = Day(iso: text)
    #expect(day?.number == number)
    #expect(day?.description == text)
  }

  @Test(arguments: [
    "2026-02-29", "2026-13-01", "2026-00-10", "2026-1-01", "26-11-21", "2026/11/21", "2026-11-21x",
  ])
  func rejectsImpossibleDates(text: String) { #expect(Day(iso: text) == nil) }

  @Test func weekday() {
    #expect(Day(iso: "2026-11-21")!.weekday == 6)  // a Saturday
    #expect(Day(iso: "2026-11-22")!.weekday == 0)
  }

  @Test(arguments: [("08:00", 480), ("0:05", 5), ("23:59", 1439)])
  func wallTimes(text: String, minutes: Int) { #expect(WallTime(text)?.minutes == minutes) }

  @Test(arguments: ["25:00", "24:00", "08:60", "8", "08:5", "ab:cd", "-1:00", "08:00:00"])
  func rejectsBadWallTimes(text: String) { #expect(WallTime(text) == nil) }
}

@Suite struct DayClockTests {
  /// The day an instant falls on depends on the day zone only.
  @Test(arguments: [
    ("2026-11-21T14:59:00Z", "Asia/Tokyo", "2026-11-21"),  // 23:59 JST
    ("2026-11-21T15:00:00Z", "Asia/Tokyo", "2026-11-22"),  // 00:00 JST
    ("2026-11-21T15:00:00Z", "America/New_York", "2026-11-21"),
    ("2026-11-22T04:59:59Z", "America/New_York", "2026-11-21"),
    ("2026-11-22T05:00:00Z", "America/New_York", "2026-11-22"),
    ("2026-11-21T23:59:59Z", "UTC", "2026-11-21"),
    ("2026-11-22T00:00:00Z", "UTC", "2026-11-22"),
    ("2026-03-08T04:59:59Z", "America/New_York", "2026-03-07"),  // EST midnight before spring forward
    ("2026-11-01T03:59:59Z", "America/New_York", "2026-10-31"),  // EDT midnight before fall back
  ])
  func dayOfInstant(instant: String, zone: String, day: String) {
    #expect(Fixture.clock(zone).day(of: Fixture.t(instant)).description == day)
  }

  /// Wall times map to instants; the spring-forward gap moves forward to the first instant that
  /// exists, the fall-back overlap takes the first occurrence.
  @Test(arguments: [
    ("Asia/Tokyo", "2026-11-21", "08:00", "2026-11-20T23:00:00Z"),
    ("UTC", "2026-11-21", "08:00", "2026-11-21T08:00:00Z"),
    ("America/New_York", "2026-03-07", "08:00", "2026-03-07T13:00:00Z"),  // EST
    ("America/New_York", "2026-03-08", "08:00", "2026-03-08T12:00:00Z"),  // EDT
    ("America/New_York", "2026-03-08", "01:59", "2026-03-08T06:59:00Z"),
    ("America/New_York", "2026-03-08", "02:00", "2026-03-08T07:00:00Z"),  // gap → 03:00 EDT
    ("America/New_York", "2026-03-08", "02:30", "2026-03-08T07:00:00Z"),  // gap → 03:00 EDT
    ("America/New_York", "2026-03-08", "03:00", "2026-03-08T07:00:00Z"),
    ("America/New_York", "2026-11-01", "00:59", "2026-11-01T04:59:00Z"),
    ("America/New_York", "2026-11-01", "01:30", "2026-11-01T05:30:00Z"),  // first of two 01:30s (EDT)
    ("America/New_York", "2026-11-01", "02:00", "2026-11-01T07:00:00Z"),  // EST
    ("America/Los_Angeles", "2026-03-08", "02:15", "2026-03-08T10:00:00Z"),
  ])
  func wallTimeToInstant(zone: String, day: String, time: String, expected: String) {
    let clock = Fixture.clock(zone)
    #expect(clock.instant(on: Fixture.day(day), at: Fixture.wall(time)) == Fixture.t(expected))
  }

  @Test func secondsOfDayAcrossDST() {
    let ny = Fixture.newYork
    #expect(ny.secondsOfDay(at: Fixture.t("2026-03-08T07:00:00Z")) == 3 * 3600)
    #expect(ny.secondsOfDay(at: Fixture.t("2026-11-01T06:30:00Z")) == 3600 + 1800)  // second 01:30 (EST)
  }
}

@Suite struct TimestampTests {
  @Test(arguments: [
    ("2026-11-21T23:59:00+09:00", "2026-11-21T14:59:00Z"),
    ("2026-11-21T14:59:00Z", "2026-11-21T14:59:00Z"),
    ("2026-11-21T09:59:00-05:00", "2026-11-21T14:59:00Z"),
    ("2026-11-21T14:59:00.500Z", "2026-11-21T14:59:00Z"),
  ])
  func parses(text: String, utc: String) {
    let parsed = Timestamp.parse(text)!
    #expect(Timestamp.format(parsed, in: Fixture.utc).replacingOccurrences(of: "+00:00", with: "Z") == utc)
  }

  @Test(arguments: [
    "2026-11-21T23:59:00", "2026-11-21 23:59", "2026-11-21T24:00:00Z", "tomorrow", "2026-11-21T23:59:00+9",
  ])
  func rejects(text: String) { #expect(Timestamp.parse(text) == nil) }

  @Test func formatsWithTheZoneOffset() {
    let instant = Fixture.t("2026-11-21T14:59:00Z")
    #expect(Timestamp.format(instant, in: Fixture.tokyo) == "2026-11-21T23:59:00+09:00")
    #expect(Timestamp.format(instant, in: Fixture.newYork) == "2026-11-21T09:59:00-05:00")
    #expect(
      Timestamp.format(Fixture.t("2026-07-01T12:00:00Z"), in: Fixture.newYork) == "2026-07-01T08:00:00-04:00")
  }

  @Test(arguments: [("10m", 600), ("3h", 10800), ("1h30m", 5400), ("90s", 90), ("2d", 172800)])
  func durations(text: String, seconds: Int) {
    #expect(DurationSyntax.parse(text) == seconds)
    #expect(DurationSyntax.parse(DurationSyntax.format(seconds)) == seconds)
  }

  @Test(arguments: ["", "3", "h", "3x", "0m", "-3h", "3 hours", "1.5h"])
  func rejectsBadDurations(text: String) { #expect(DurationSyntax.parse(text) == nil) }
}

/// Durations are bounded, and times keep their instant whatever the zone's offset.
@Suite struct DurationAndTimestampLimitTests {
  @Test(
    arguments: [
      ("3660d", 3660 * 86400), ("3661d", nil), (String(repeating: "9999999d", count: 10_000), nil),
      ("1h30m", 5400),
    ] as [(String, Int?)])
  func durationsAreBounded(text: String, seconds: Int?) {
    #expect(DurationSyntax.parse(text) == seconds)
  }

  /// Local mean time (Tokyo's offset before 1888 was +9:18:59): the instant is written in UTC,
  /// so that reading it back gives the same instant.
  @Test func anOffsetWithSecondsIsWrittenInUTC() throws {
    let instant = try #require(Timestamp.parse("0816-03-01T12:00:00Z"))
    let text = Timestamp.format(instant, in: Fixture.tokyo)
    #expect(Timestamp.parse(text) == instant)
    #expect(
      Timestamp.format(Fixture.t("2026-11-21T08:00:00+09:00"), in: Fixture.tokyo)
        == "2026-11-21T08:00:00+09:00")
  }
}
