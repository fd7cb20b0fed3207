import CLITestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `cards add` killed with SIGKILL at random moments: the deck must always parse and hold every
/// card whose add reported success.
@Suite struct CrashTests {
  @Test func killedAddsNeverTearTheDeck() throws {
    let bin = try Binary()
    // A deck of some size, so that a write takes long enough to be interrupted in the middle.
    var cards: [String] = []
    for i in 0..<1500 {
      cards.append(
        "{\"id\": \"seed-\(i)\", \"front\": \"単語 \(i) の表面\", \"back\": \"back side number \(i)\", \"collection\": \"C\(i % 7)\", \"tags\": [], \"stepIndex\": \(i % 7), \"nextReviewDate\": \"2026-11-\(10 + i % 20)\", \"createdAt\": \"2026-11-01T00:00:00Z\"}"
      )
    }
    try bin.writeDeck("{\"version\": 1, \"cards\": [\n" + cards.joined(separator: ",\n") + "\n]}\n")
    // Kill uniformly within twice the time one add takes here, so that some adds complete and
    // most die at some point of their run (start-up, read, write, fsync, rename).
    let started = Date()
    let first = try bin.run("cards", "add", "timing", "x")
    #expect(first.status == 0)
    let window = UInt32(min(max(Date().timeIntervalSince(started) * 2, 0.02), 2) * 1_000_000)
    var confirmed: Set<String> = [first.stdout.trimmingCharacters(in: .whitespacesAndNewlines)]
    var killed = 0
    var rng = SystemRandomNumberGenerator()
    for attempt in 0..<200 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Binary.path)
      process.arguments = ["cards", "add", "crash \(attempt)", "x"]
      process.environment = bin.environment
      let out = Pipe()
      process.standardOutput = out
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(UInt32.random(in: 0...window, using: &rng))
      if kill(process.processIdentifier, SIGKILL) == 0 { killed += 1 }
      let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      let id = printed.trimmingCharacters(in: .whitespacesAndNewlines)
      if process.terminationReason == .exit, process.terminationStatus == 0, !id.isEmpty {
        confirmed.insert(id)
      }
      // After every attempt the deck parses and holds every confirmed card.
      let list = try bin.run("cards", "list", "--json")
      #expect(list.status == 0, "attempt \(attempt): \(list.stderr)")
      let ids = Set(((try? json(list.stdout)) as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
      // Each printed id (as short as the deck then allowed) is the start of a card's id.
      #expect(
        confirmed.allSatisfy { printed in ids.contains { $0.hasPrefix(printed) } },
        "attempt \(attempt) lost a confirmed card")
      #expect(ids.count >= 1500)
      if list.status != 0 { break }
    }
    // Evidence that the test exercised both outcomes: kills in flight and adds that completed.
    #expect(killed > 20, "only \(killed) kills landed")
    #expect(confirmed.count > 1, "no add completed under fire")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: bin.home + "/data/reminders").filter {
      $0.hasSuffix(".tmp")
    }
    #expect(leftovers.count <= 1)
  }
}
