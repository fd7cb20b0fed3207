import CLITestSupport
import Foundation
import Testing

/// The CLI fuzz's findings (Fuzz/CLIRegressions, one JSON case each: the command line, the
/// environment, the files), replayed through the built binary by the fuzz's own checker: each
/// case ends within 10 s and not by a signal, exits with one of the codes of docs/exit-codes.md,
/// says a failure in `reminders:` lines, and leaves every file it was given as it was after a failure.
@Suite struct CLIFuzzReplayTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func everyKeptCaseKeepsTheRules() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      Self.repository.appendingPathComponent("Fuzz/cli/fuzz_cli.py").path, "replay", "--bin", Binary.path,
      Self.repository.appendingPathComponent("Fuzz/CLIRegressions").path,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(said)")
    #expect(said.contains("cases, 0 broke a rule"), "\(said)")
  }
}
