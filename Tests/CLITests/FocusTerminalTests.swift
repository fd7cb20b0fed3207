import CLITestSupport
import Foundation
import Testing

/// The focus timer's foreground view in a real terminal (tmux, as `ReviewTerminalTests`): the
/// phase, the progress bar and the time left drawn each second, `p` pausing and resuming, the
/// break following, `q` stopping, and the terminal given back.
@Suite struct FocusTerminalTests {
  typealias Pane = ReviewTerminalTests.Pane

  @Test func progressPauseStop() throws {
    let bin = try Binary.withFixture()
    let pane = try Pane(bin, width: 80, height: 24, environment: ["NO_COLOR": "1"])
    defer { pane.close() }
    // 6 s of focus, then a 3 s break.
    try pane.type("\(Binary.path) focus --minutes 0.1 --break 0.05 --cycles 2 --task Kanji")
    var rows = try pane.wait("the focus phase") { $0.contains("Focus · cycle 1 of 2") }
    #expect(try pane.alternateScreen())
    #expect(rows.contains("Task: Kanji"))
    #expect(rows.contains { $0.hasPrefix("[") && $0.hasSuffix("%") })
    #expect(rows.last == "p: pause · q: stop")
    try pane.wait("the bar to move") { $0.contains { $0.hasPrefix("[#") } }
    try pane.send("p")
    rows = try pane.wait("the pause") { $0.contains("Paused") }
    #expect(rows.last == "p: resume · q: stop")
    let left = try #require(rows.first { $0.hasSuffix(" left") })
    usleep(1_500_000)
    #expect(try pane.screen().contains(left), "the time left moved while paused")
    try pane.send("p")
    try pane.wait("the resume") { !$0.contains("Paused") }
    rows = try pane.wait("the break", seconds: 20) { $0.contains("Break · cycle 1 of 2") }
    try pane.send("q")
    try pane.wait("the summary", seconds: 30) { $0.contains { $0.hasPrefix("Focus session over.") } }
    try pane.expectRestored()
    let status = try bin.run("focus", "status")
    #expect(status.stdout.hasPrefix("No focus session is running"))
  }
}
