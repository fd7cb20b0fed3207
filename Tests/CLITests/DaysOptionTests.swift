import CLITestSupport
import Foundation
import Testing

/// `--days` refuses every number out of range the same way, negative ones included (once read
/// as an unknown flag: "Missing value").
@Suite struct DaysOptionTests {
  @Test(arguments: [["preview"], ["export", "--output", "-"]], ["-1", "0", "3661", "-30"])
  func outOfRangeIsUsage(command: [String], days: String) throws {
    let bin = try Binary()
    let result = try bin.run(command + ["--days", days])
    #expect(result.status == 64)
    #expect(result.stderr == "reminders: --days takes a whole number from 1 to 3660\n")
    #expect(result.stdout.isEmpty)
  }
}
