import DesktopTestSupport
import Foundation
import Testing

// The helpers of the suites whose tests are in two targets: the tests that start a desktop or
// GeoClue in CLIDesktopTests, the others in CLITests, each half a suite of the same name that
// conforms to the protocol below (docs/development.md, "The fast loop").

/// RunTests' helpers.
public protocol RunFixtures {}

extension RunFixtures {
  /// A scratch home with the fixture deck, pointed at `session` (or at no bus at all).
  public func home(_ session: DesktopSession?) throws -> Binary { try Binary.withFixture(session) }

  public func fallbackEvents(_ bin: Binary) throws -> [[String: Any]] {
    let path = bin.home + "/data/reminders/fallback.ics"
    let (status, stdout, stderr) = try DesktopSession.run(
      try Programs.venvPython(), [Programs.repository + "/Tests/icalendar/check_ics.py", path])
    #expect(status == 0, "the independent reader refused \(path): \(stderr)")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    return root["events"] as? [[String: Any]] ?? []
  }
}

/// DoctorTests' helpers.
public protocol DoctorFixtures {}

extension DoctorFixtures {
  public func doctor(_ bin: Binary) throws -> (Binary.Result, [String: Any]) {
    let result = try bin.run("doctor", "--json")
    let root = try #require(try json(result.stdout) as? [String: Any], "\(result.stdout)\(result.stderr)")
    return (result, root)
  }

  public func home(_ session: DesktopSession?) throws -> Binary {
    var bin = try Binary()
    bin.use(session)
    return bin
  }
}

/// DoctorLanguageTests' helpers.
public protocol DoctorLanguageFixtures {}

extension DoctorLanguageFixtures {
  /// The labels of the English report, none of which may start a Japanese row.
  public static var englishLabels: [String] {
    [
      "bus", "server", "capabilities", "do-not-disturb", "timer", "config", "deck", "ledger", "held",
      "fallback",
      "font", "verdict:",
    ]
  }

  public func expectJapanese(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let lines = text.split(separator: "\n")
    for line in lines {
      let label = line.split(separator: " ").first.map(String.init) ?? ""
      #expect(!Self.englishLabels.contains(label), "\(line)", sourceLocation: sourceLocation)
    }
    for english in [
      "missing (", "does not answer", "the timer is not installed", "ok, mode", "installed: no",
    ] {
      #expect(!text.contains(english), "\(english) in \(text)", sourceLocation: sourceLocation)
    }
  }
}
