import Foundation
import RemindersCore
import Testing

/// Collections built by Anki itself (`Tests/anki/anki_scenarios.py`, with the PyPI package
/// `anki` in the tests' virtual environment), and Anki's own counts in them.
public struct AnkiScenarios {
  public struct Check {
    public var now: Int
    /// Top-level deck → [new, learning, review], as Anki's deck list shows them.
    public var decks: [String: [Int]]
  }

  public struct Scenario {
    public var name: String
    public var collection: String
    public var checks: [Check]
    /// The decks' and presets' blobs as Anki's own protobuf classes decode them.
    public var decks: [[String: Any]]
    public var presets: [[String: Any]]
  }

  public let zone: String
  public let ankiVersion: String
  public let scenarios: [Scenario]
  /// Where they were built; `remove()` when done.
  public let folder: String

  public func remove() { try? FileManager.default.removeItem(atPath: folder) }

  public static let script = Programs.repository + "/Tests/anki/anki_scenarios.py"

  /// Builds the zone's scenarios (or those named) in a new folder.
  public static func build(zone: String, only names: [String] = []) throws -> AnkiScenarios {
    let python = try Programs.venvPython()
    let folder = NSTemporaryDirectory() + "reminders-anki-\(UUID().uuidString)"
    let result = try Programs.run(
      [python, script, folder, zone] + names,
      environment: [
        "TZ": zone, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        "HOME": folder, "LANG": "C.UTF-8",
      ])
    try #require(result.status == 0, "anki_scenarios.py failed: \(result.stderr)")
    let root = try #require(try json(result.stdout) as? [String: Any])
    let scenarios = try #require(root["scenarios"] as? [[String: Any]]).map { s in
      Scenario(
        name: s["name"] as? String ?? "", collection: s["collection"] as? String ?? "",
        checks: (s["checks"] as? [[String: Any]] ?? []).map { c in
          Check(
            now: c["now"] as? Int ?? 0,
            decks: (c["decks"] as? [String: [Int]] ?? [:]))
        }, decks: s["decks"] as? [[String: Any]] ?? [], presets: s["presets"] as? [[String: Any]] ?? [])
    }
    return AnkiScenarios(
      zone: zone, ankiVersion: root["anki"] as? String ?? "?", scenarios: scenarios, folder: folder)
  }

  /// Anki's counts without the decks that have nothing due.
  public static func due(_ decks: [String: [Int]]) -> [String: [Int]] {
    decks.filter { $0.value.reduce(0, +) > 0 }
  }
}

/// A scratch home whose config points at an Anki collection, in `zone` (the window open all day
/// and the daily reminder at 00:00, so that the daily reminder at any moment counts that moment).
public func ankiHome(collection: String, zone: String, extra: String = "") throws -> Binary {
  var bin = try Binary()
  try bin.writeConfig(
    """
    [time]
    zone = "\(zone)"
    [window]
    start = "00:00"
    end = "23:59"
    [daily]
    time = "00:00"
    [anki]
    collection = "\(collection)"
    \(extra)
    """)
  bin.use(nil)
  return bin
}

/// The moment as `--now` takes it, in `zone`.
public func rfc3339(_ seconds: Int, zone: String) -> String {
  Timestamp.format(
    Date(timeIntervalSince1970: TimeInterval(seconds)), in: DayClock(zone: TimeZone(identifier: zone)!))
}
