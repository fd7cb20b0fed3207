import CLITestSupport
import Foundation
import Testing

/// `reminders run` with no session bus at all (against dunst: RunTests in CLIDesktopTests).
@Suite struct RunTests: RunFixtures {
  @Test func noBusFallsBack() throws {
    let bin = try home(nil)
    let result = try bin.run("run", "--now", "2026-11-21T08:00:00+09:00")
    #expect(result.status == 0)
    #expect(result.stderr.contains("no session bus"))
    #expect(try fallbackEvents(bin).count == 1)
    // Merging the same reminder again (a replayed run) keeps one event.
    #expect(try bin.run("run", "--now", "2026-11-21T08:00:00+09:00").status == 0)
    #expect(try fallbackEvents(bin).count == 1)
  }
}
