import CLITestSupport
import Foundation
import Testing

/// `reminders alarm`'s parts that need no GeoClue. Every other alarm command test adds an alarm,
/// which asks a GeoClue on a private system bus: those are AlarmCommandTests in CLIDesktopTests.
@Suite struct AlarmCommandTests {
  /// The desktop file says why reminders asks for the location (GNOME Shell's dialog shows
  /// `X-Geoclue-Reason` when GeoClue asks it to authorise the application), in both languages,
  /// and stays valid.
  @Test func theDesktopFileGivesGeoClueAReason() throws {
    let path = Programs.repository + "/packaging/io.github.reminders.Reminders.desktop"
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("X-Geoclue-Reason=") && $0.contains("stop") })
    #expect(lines.contains { $0.hasPrefix("X-Geoclue-Reason[ja]=") })
    let validate = try Programs.run(["desktop-file-validate", path])
    #expect(validate.status == 0 && validate.stdout.isEmpty, "\(validate.stdout)\(validate.stderr)")
  }
}
