import CLITestSupport
import Foundation
import Testing

/// The day zone from `TZ`, as `date` reads the same `TZ`; one that is not read so is refused
/// with one line and exit 64, never taken as UTC.
@Suite struct DayZoneCommandTests {
  /// What `date` shows at `instant` with `TZ=tz`, as `preview` shows its `now`.
  func date(_ tz: String, _ instant: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/date")
    process.arguments = ["-d", instant, "+%Y-%m-%d %a %H:%M"]
    process.environment = ["TZ": tz, "LANG": "C"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    process.waitUntilExit()
    return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test(arguments: [
    ("UTC-9", "UTC+09:00"), ("JST-9", "UTC+09:00"), ("UTC+14", "UTC-14:00"), (":Asia/Tokyo", "Asia/Tokyo"),
    ("/usr/share/zoneinfo/America/New_York", "America/New_York"),
  ])
  func previewIsInTheZoneDateReads(tz: String, name: String) throws {
    let bin = try Binary()
    let now = "2026-11-21T20:30:00Z"
    let result = try bin.run(["preview", "--now", now], extraEnvironment: ["TZ": tz])
    #expect(result.status == 0, "\(result.stderr)")
    let first = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first.hasPrefix("\(name) · now \(try date(tz, now)) · "), "\(first)")
  }

  @Test(arguments: ["EST5EDT,M3.2.0,M11.1.0", "JST-9JDT", "/nonexistent/zone", "Nowhere/City"])
  func aTZItDoesNotReadIsRefused(tz: String) throws {
    let bin = try Binary()
    for command in [["preview"], ["run"], ["status"], ["doctor"]] {
      let result = try bin.run(command, extraEnvironment: ["TZ": tz])
      #expect(result.status == 64, "\(command) \(result.stderr)")
      #expect(
        result.stderr
          == "reminders: TZ=\(tz): not a time zone this version reads (expected a zone name such as "
          + "Asia/Tokyo, a zone file under /usr/share/zoneinfo, or a fixed offset such as UTC-9; time.zone "
          + "in the config overrides it)\n")
    }
    // The config's zone: TZ is not looked at.
    try bin.writeConfig("[time]\nzone = \"Asia/Tokyo\"\n")
    #expect(try bin.run(["preview"], extraEnvironment: ["TZ": tz]).status == 0)
  }
}
