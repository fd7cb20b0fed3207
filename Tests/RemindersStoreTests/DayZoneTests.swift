import Foundation
import Testing

@testable import RemindersStore

/// `TZ` read as the C library reads it, checked against `date` run with the same `TZ`; what it
/// does not read that way is refused, never taken as UTC.
@Suite struct DayZoneTests {
  /// Instants in winter and summer, both sides of the usual daylight-saving changes.
  static let instants: [Int] = [1_768_435_200, 1_784_073_600, 1_793_000_000, 1_800_000_000]

  /// `date`'s UTC offset in seconds east (from `+%z`) at `instant` with `TZ=tz`.
  static func dateOffset(_ tz: String, at instant: Int) throws -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/date")
    process.arguments = ["-d", "@\(instant)", "+%z"]
    process.environment = ["TZ": tz, "LANG": "C"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    process.waitUntilExit()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let digits = Array(text.dropFirst())
    let magnitude =
      try #require(Int(String(digits[0..<2]))) * 3600 + (try #require(Int(String(digits[2..<4])))) * 60
    return text.hasPrefix("-") ? -magnitude : magnitude
  }

  @Test(arguments: [
    ("UTC-9", "UTC+09:00"), ("JST-9", "UTC+09:00"), ("UTC+14", "UTC-14:00"), ("GMT+3", "UTC-03:00"),
    ("<+0530>-5:30", "UTC+05:30"), ("<-03>3", "UTC-03:00"), ("Asia/Tokyo", "Asia/Tokyo"),
    (":America/New_York", "America/New_York"), ("Etc/GMT-9", "Etc/GMT-9"), ("EST5EDT", "EST5EDT"),
    ("UTC", "UTC"), ("/usr/share/zoneinfo/Europe/Berlin", "Europe/Berlin"),
    (":/usr/share/zoneinfo/Australia/Lord_Howe", "Australia/Lord_Howe"),
  ])
  func readAsTheCLibraryReadsIt(tz: String, name: String) throws {
    let day = try DayZone.resolve(configured: nil, environment: ["TZ": tz])
    #expect(day.name == name)
    for instant in Self.instants {
      let date = Date(timeIntervalSince1970: TimeInterval(instant))
      #expect(
        day.zone.secondsFromGMT(for: date) == (try Self.dateOffset(tz, at: instant)), "TZ=\(tz) at \(instant)"
      )
    }
  }

  /// `/etc/localtime` (a link into the zone database) names the zone it links to.
  @Test func aPathThatLinksIntoTheDatabase() throws {
    let dir = try scratchFolder()
    #expect(symlink("/usr/share/zoneinfo/Asia/Kolkata", dir + "/localtime") == 0)
    let day = try DayZone.resolve(configured: nil, environment: ["TZ": ":" + dir + "/localtime"])
    #expect(day.name == "Asia/Kolkata")
    #expect(
      day.zone.secondsFromGMT(for: Date()) == (try Self.dateOffset(dir + "/localtime", at: Self.instants[0])))
  }

  /// Never UTC in silence: a POSIX string with daylight saving time, a zone file outside the
  /// database, a name of nothing, an offset out of range.
  @Test(arguments: [
    "EST5EDT,M3.2.0,M11.1.0", "JST-9JDT", "CET-1CEST,M3.5.0,M10.5.0/3", "Nowhere/City", "UTC-99", "U-9",
    "/usr/share/zoneinfo/zone.tab", "/nonexistent/zone", "../../../etc/passwd", "Asia/../Asia/Tokyo",
  ])
  func refused(tz: String) throws {
    #expect(throws: DayZone.UnusableTZ(value: tz)) {
      try DayZone.resolve(configured: nil, environment: ["TZ": tz])
    }
  }

  /// A zone file that is not the database's.
  @Test func aZoneFileOutsideTheDatabaseIsRefused() throws {
    let dir = try scratchFolder()
    try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Asia/Tokyo", toPath: dir + "/Tokyo")
    #expect(throws: DayZone.UnusableTZ.self) {
      try DayZone.resolve(configured: nil, environment: ["TZ": dir + "/Tokyo"])
    }
  }

  /// The config's zone comes first, and then `TZ` is not looked at; an empty `TZ` (or `:`) is
  /// no `TZ`.
  @Test func theConfigFirstAndAnEmptyTZIsNone() throws {
    let configured = try DayZone.resolve(
      configured: "Asia/Tokyo", environment: ["TZ": "EST5EDT,M3.2.0,M11.1.0"])
    #expect(configured.name == "Asia/Tokyo")
    let system = try DayZone.resolve(configured: nil, environment: [:])
    #expect(try DayZone.resolve(configured: nil, environment: ["TZ": ""]) == system)
    #expect(try DayZone.resolve(configured: nil, environment: ["TZ": ":"]) == system)
  }
}
