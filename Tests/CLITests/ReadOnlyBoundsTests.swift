import CLITestSupport
import Foundation
import Testing

/// Every read-only command (`status`, `preview`, `export`, `stats`, `doctor`) ends, whatever state
/// the product wrote: a focus session of each shape, a year of ledger, 10,000 recall items. Each
/// runs under a watchdog of 60 s, where the same command on an empty home takes a tenth of a
/// second and these inputs take a few seconds at most in a debug build: a guard against a walk
/// that does not advance or grows with the square of its input (the repros took minutes or never
/// ended), not a speed assertion (`make bench` measures speed).
@Suite struct ReadOnlyBoundsTests {
  static let now = "2026-11-24T09:00:00+09:00"
  static let config = "[time]\nzone = \"Asia/Tokyo\"\n"

  /// The read-only commands, as a learner types them.
  static let commands: [[String]] = [
    ["status"], ["status", "--json"], ["preview", "--days", "7", "--json"], ["preview", "--days", "3"],
    ["export", "--output", "-"], ["stats"], ["stats", "--json"], ["doctor"],
  ]

  /// Runs each command at `now` in `bin`'s home, each bounded; every one ends, and ends well.
  func runAll(_ bin: Binary, seconds: Double = 60, sourceLocation: SourceLocation = #_sourceLocation) throws {
    for command in Self.commands {
      // doctor reads the machine as it is now: it takes no --now.
      let at = command[0] == "doctor" ? [] : ["--now", Self.now]
      let result = try bin.bounded(command + at, seconds: seconds, sourceLocation: sourceLocation)
      // doctor says 1 when something is not ready (no bus here); every other command 0.
      let allowed: Set<Int32> = command[0] == "doctor" ? [0, 1] : [0]
      #expect(
        allowed.contains(result.status), "\(command): \(result.status) \(result.stderr)",
        sourceLocation: sourceLocation)
    }
  }

  func home() throws -> Binary {
    var bin = try Binary()
    bin.use(nil)
    try bin.writeConfig(Self.config)
    #expect(try bin.run("cards", "add", "a", "b", "--now", "2026-11-20T09:00:00+09:00").status == 0)
    return bin
  }

  /// One-minute phases without `--cycles`, started three days before: 4,320 phase ends passed,
  /// 1,440 a day ahead. `preview --days 7` lists 10,080 of them, a step each.
  @Test func anEndlessSessionOfOneMinutePhases() throws {
    let bin = try home()
    let started = try bin.run(
      "focus", "--minutes", "1", "--break", "1", "--long-break", "1", "--detach", "--now",
      "2026-11-21T09:00:00+09:00")
    #expect(started.status == 0, "\(started.stderr)")
    try runAll(bin)
    let preview = try bin.bounded(["preview", "--days", "2", "--json", "--now", Self.now], seconds: 60)
    let plan = try #require(try json(preview.stdout) as? [String: Any])
    let reminders = try #require(plan["reminders"] as? [[String: Any]])
    // The phase end at now (not yet said), then one a minute until the end of tomorrow (the one
    // at midnight after it is the day after's).
    let focusEnds = reminders.filter { $0["kind"] as? String == "focus" }.count
    let expected = 1 + (15 * 60 - 1) + 24 * 60
    #expect(focusEnds == expected)
  }

  /// The defaults with four cycles, and a session stopped mid-phase.
  @Test func sessionsWithCyclesAndStopped() throws {
    let bin = try home()
    #expect(
      try bin.run("focus", "--cycles", "4", "--detach", "--now", "2026-11-24T08:30:00+09:00").status == 0)
    try runAll(bin)
    #expect(try bin.run("focus", "stop", "--now", "2026-11-24T08:40:00+09:00").status == 0)
    try runAll(bin)
  }

  /// A year of daily pop-ups and recall pop-ups in the ledger, and 10,000 recall items in the
  /// deck (30 answered wrong a day for a year), half of them delivered.
  @Test func aYearOfLedgerAndTenThousandRecallItems() throws {
    let bin = try home()
    var clock = Calendar(identifier: .gregorian)
    clock.timeZone = TimeZone(identifier: "Asia/Tokyo")!
    let format = ISO8601DateFormatter()
    format.timeZone = clock.timeZone
    let end = format.date(from: "2026-11-24T09:00:00+09:00")!
    var recalls: [[String: Any]] = []
    var delivered: [[String: Any]] = []
    for i in 0..<10_000 {
      let due = end.addingTimeInterval(Double(i - 5_000) * 3_153.6)
      let id = String(format: "00000000-0000-4000-8000-%012d", i)
      recalls.append(["id": id, "topic": "topic \(i)", "dueAt": format.string(from: due)])
      if due < end.addingTimeInterval(-3_600) {
        delivered.append([
          "id": "recall:\(id)", "at": format.string(from: due), "channel": "popup", "recallItems": [id],
          "title": "Time to recall: topic \(i)", "body": "", "onScreen": false,
        ])
      }
    }
    for day in 1...365 {
      let at = end.addingTimeInterval(-Double(day) * 86_400)
      let date = clock.dateComponents([.year, .month, .day], from: at)
      let name = String(format: "%04d-%02d-%02d", date.year!, date.month!, date.day!)
      delivered.append([
        "id": "daily:\(name)", "at": format.string(from: at), "channel": "popup", "recallItems": [],
        "title": "Today's reviews: 1 card", "body": "", "onScreen": false,
      ])
    }
    var deck = try bin.storedDeck()
    deck["recalls"] = recalls
    try FileManager.default.createDirectory(
      atPath: bin.home + "/state/reminders", withIntermediateDirectories: true)
    try JSONSerialization.data(withJSONObject: deck).write(
      to: URL(fileURLWithPath: bin.home + "/data/reminders/deck.json"))
    try JSONSerialization.data(withJSONObject: ["version": 1, "delivered": delivered, "held": [:]]).write(
      to: URL(fileURLWithPath: bin.home + "/state/reminders/ledger.json"))
    try runAll(bin)
  }

  /// A ledger whose recall entry lists no items (an older version's, or edited by hand): the
  /// pop-up it names was delivered, so `run` never delivers it again, and the walks end.
  @Test func aRecallEntryThatListsNoItems() throws {
    var bin = try Binary()
    bin.use(nil)
    try bin.writeConfig(Self.config)
    let added = try bin.run("recall", "add", "topic A", "--at", "2026-11-21T11:00:00+09:00")
    #expect(added.status == 0, "\(added.stderr)")
    let first = try bin.run("run", "--now", "2026-11-21T11:00:30+09:00")
    #expect(first.stdout.contains("Time to recall: topic A"), "\(first.stdout)")
    let path = bin.home + "/state/reminders/ledger.json"
    var ledger = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    var entries = try #require(ledger["delivered"] as? [[String: Any]])
    #expect(entries.count == 1)
    entries[0]["recallItems"] = [String]()
    ledger["delivered"] = entries
    try JSONSerialization.data(withJSONObject: ledger).write(to: URL(fileURLWithPath: path))
    let again = try bin.bounded(["run", "--now", "2026-11-21T11:02:00+09:00"], seconds: 30)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(!again.stdout.contains("recall:"), "delivered twice: \(again.stdout)")
    for command in [["status", "--json"], ["preview", "--json"], ["export", "--output", "-"]] {
      let result = try bin.bounded(command + ["--now", "2026-11-21T11:02:00+09:00"], seconds: 30)
      #expect(result.status == 0, "\(command): \(result.stderr)")
      #expect(!result.stdout.contains("topic A"), "\(command): \(result.stdout)")
    }
  }
}
