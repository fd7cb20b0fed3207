import CLITestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Faults around delivery, tried as an attacker would: a ledger of the wrong shape, empty
/// paths, a named config that is not there, a full disk under the state folder.
@Suite(.serialized) struct DeliveryFaultTests {
  func home() throws -> Binary { try Binary.withFixture() }

  var ledgerPath: (Binary) -> String { { $0.home + "/state/reminders/ledger.json" } }

  /// A ledger whose fields have the wrong type is bad data (65), named with the field: never an
  /// empty ledger that would deliver everything again and overwrite the record.
  @Test(arguments: [
    ("{\"version\": 1, \"delivered\": {}}", "delivered: expected a list of entries"),
    ("{\"version\": 1, \"delivered\": [], \"held\": []}", "held: expected an object of times by id"),
    (
      "{\"version\": 1, \"delivered\": [{\"id\": \"daily:2026-11-21\", \"at\": \"2026-11-21T08:00:00+09:00\", \"channel\": \"popup\", \"onScreen\": \"yes\"}]}",
      "delivered[0].onScreen: expected true or false"
    ),
    (
      "{\"version\": 1, \"delivered\": [{\"id\": \"daily:2026-11-21\", \"at\": \"2026-11-21T08:00:00+09:00\", \"channel\": \"popup\", \"recallItems\": \"r-1\"}]}",
      "delivered[0].recallItems: expected a list of recall item ids"
    ),
    (
      "{\"version\": 1, \"delivered\": [{\"id\": \"daily:2026-11-21\", \"at\": \"2026-11-21T08:00:00+09:00\", \"channel\": \"popup\", \"notificationId\": -3}]}",
      "delivered[0].notificationId: expected a whole number up to 4294967295"
    ),
    (
      "{\"version\": 1, \"delivered\": [{\"id\": \"daily:2026-11-21\", \"at\": \"2026-11-21T08:00:00+09:00\", \"channel\": \"popup\", \"notificationId\": \"7\"}]}",
      "delivered[0].notificationId: expected a whole number"
    ),
  ])
  func aLedgerOfTheWrongShapeStopsTheRun(text: String, reason: String) throws {
    let bin = try home()
    try FileManager.default.createDirectory(
      atPath: bin.home + "/state/reminders", withIntermediateDirectories: true)
    try text.write(toFile: ledgerPath(bin), atomically: true, encoding: .utf8)
    let before = bin.snapshot()
    let result = try bin.run("run", "--now", "2026-11-21T13:00:00+09:00")
    #expect(result.status == 65)
    #expect(result.stderrLines == ["reminders: \(ledgerPath(bin)): \(reason)"])
    #expect(result.stdout == "")
    // Nothing delivered (not even to the fallback calendar), nothing rewritten: only the lock
    // file (empty) and the plan cache may be new.
    func data(_ files: [String: Data]) -> [String: Data] {
      files.filter { !$0.key.hasPrefix("cache") && $0.key != "state/reminders/lock" }
    }
    #expect(data(bin.snapshot()) == data(before))
    #expect(try bin.run("preview", "--now", "2026-11-21T13:00:00+09:00").status == 65)
  }

  /// Fields a newer version wrote survive this version's rewrite.
  @Test func unknownLedgerFieldsAreKept() throws {
    let bin = try home()
    try FileManager.default.createDirectory(
      atPath: bin.home + "/state/reminders", withIntermediateDirectories: true)
    let text = """
      {"version": 1, "future": {"a": [1, 2.50]}, "delivered": [{"id": "focus:s1:1", "at": "2026-11-21T07:00:00+09:00",
       "channel": "popup", "notificationId": 3, "sound": "bell"}]}
      """
    try text.write(toFile: ledgerPath(bin), atomically: true, encoding: .utf8)
    #expect(try bin.run("run", "--now", "2026-11-21T08:00:00+09:00").status == 0)
    let root = try #require(
      try json(String(contentsOfFile: ledgerPath(bin), encoding: .utf8)) as? [String: Any])
    #expect((root["future"] as? [String: Any])?["a"] as? [Double] == [1, 2.5])
    let entries = try #require(root["delivered"] as? [[String: Any]])
    #expect(entries.map { $0["id"] as? String } == ["focus:s1:1", "daily:2026-11-21"])
    #expect(entries[0]["sound"] as? String == "bell")
    #expect(try String(contentsOfFile: ledgerPath(bin), encoding: .utf8).contains("2.50"))
  }

  /// Empty path options are usage errors, not the root folder.
  @Test(arguments: [
    (["preview", "--state-dir", ""], "--state-dir takes a folder path, not an empty string"),
    (["run", "--state-dir", ""], "--state-dir takes a folder path, not an empty string"),
    (["run", "--deck", ""], "--deck takes a file path, not an empty string"),
    (["cards", "list", "--config", ""], "--config takes a file path, not an empty string"),
    // Every path a command takes, by one rule.
    (["export", "--output", ""], "--output takes a file path, not an empty string"),
    (["stats", "--svg", ""], "--svg takes a file path, not an empty string"),
    (["cards", "import", ""], "FILE takes a file path, not an empty string"),
    (["timer", "print-unit", "service", "--exec", ""], "--exec takes a file path, not an empty string"),
  ])
  func emptyPathsAreUsageErrors(arguments: [String], message: String) throws {
    let bin = try home()
    let result = try bin.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderrLines == ["reminders: \(message)"])
    #expect(
      !FileManager.default.fileExists(atPath: "/ledger.json")
        && !FileManager.default.fileExists(atPath: "/lock"))
  }

  /// A config named with --config that is not there is an error, not the defaults.
  @Test func aNamedConfigMustExist() throws {
    let bin = try home()
    let missing = bin.home + "/no-such.toml"
    let result = try bin.run("preview", "--config", missing)
    #expect(result.status == 65)
    #expect(result.stderrLines == ["reminders: \(missing): cannot read: No such file or directory"])
    let ja = try bin.run("preview", "--config", missing, "--lang", "ja")
    #expect(
      ja.status == 65 && ja.stderrLines.count == 1 && ja.stderr.contains("読めません: ファイルがありません"), "\(ja.stderr)")
  }

}
