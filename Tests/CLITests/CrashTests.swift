import CLITestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `cards add` killed with SIGKILL at random moments: the deck must always parse and hold every
/// card whose add reported success.
@Suite struct CrashTests {
  /// Runs the binary with `arguments` and sends it SIGKILL after a random time within `window`
  /// microseconds (`killed` counts the kills that landed); returns what it printed and whether it
  /// finished with success. The window follows how long a command takes here (loaded or not):
  /// about two kills in three land, the others let the command finish.
  static func killAtRandom(
    _ arguments: [String], _ bin: Binary, window: inout UInt32, killed: inout Int,
    rng: inout SystemRandomNumberGenerator
  ) throws -> (printed: String, finished: Bool) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Binary.path)
    process.arguments = arguments
    process.environment = bin.environment
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    usleep(UInt32.random(in: 0...window, using: &rng))
    let landed = kill(process.processIdentifier, SIGKILL) == 0
    if landed { killed += 1 }
    window = landed ? min(window + window / 20, 2_000_000) : max(window - window / 10, 1000)
    let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (printed, process.terminationReason == .exit && process.terminationStatus == 0)
  }

  /// A deck of 1,500 cards (`seed-0` …), so that a write takes long enough to be interrupted in
  /// the middle.
  static func writeSeedDeck(_ bin: Binary) throws {
    var cards: [String] = []
    for i in 0..<1500 {
      cards.append(
        "{\"id\": \"seed-\(i)\", \"front\": \"単語 \(i) の表面\", \"back\": \"back side number \(i)\", \"collection\": \"C\(i % 7)\", \"tags\": [], \"stepIndex\": \(i % 7), \"nextReviewDate\": \"2026-11-\(10 + i % 20)\", \"createdAt\": \"2026-11-01T00:00:00Z\"}"
      )
    }
    try bin.writeDeck("{\"version\": 1, \"cards\": [\n" + cards.joined(separator: ",\n") + "\n]}\n")
  }

  @Test func killedAddsNeverTearTheDeck() throws {
    let bin = try Binary()
    try Self.writeSeedDeck(bin)
    // Kill uniformly within a window that starts at twice the time one add takes here and
    // follows it, so that some adds complete and most die at some point of their run (start-up,
    // read, write, fsync, rename).
    let started = Date()
    let first = try bin.run("cards", "add", "timing", "x")
    #expect(first.status == 0)
    var window = UInt32(min(max(Date().timeIntervalSince(started) * 2, 0.02), 2) * 1_000_000)
    var confirmed: Set<String> = [first.stdout.trimmingCharacters(in: .whitespacesAndNewlines)]
    var killed = 0
    var rng = SystemRandomNumberGenerator()
    for attempt in 0..<200 {
      let (printed, finished) = try Self.killAtRandom(
        ["cards", "add", "crash \(attempt)", "x"], bin, window: &window, killed: &killed, rng: &rng)
      let id = printed.trimmingCharacters(in: .whitespacesAndNewlines)
      if finished, !id.isEmpty { confirmed.insert(id) }
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

  /// Every kind of change (`cards add`, `edit`, `suspend`, `remove`, `import`, `recall add`) and
  /// the minute job's fold (`run`), killed with SIGKILL at random moments: every change that
  /// reported success is in the deck every reader sees, and, folded, in `deck.json` alone.
  @Test func killedChangesAndFoldsLoseNothingAcknowledged() throws {
    let bin = try Binary()
    try Self.writeSeedDeck(bin)
    let started = Date()
    #expect(try bin.run("run", "--now", "2026-11-21T03:00:00Z").status == 0)
    var window = UInt32(min(max(Date().timeIntervalSince(started) * 2, 0.02), 2) * 1_000_000)
    var added: Set<String> = []
    var edited: [String: String] = [:]
    var suspended: Set<String> = []
    var removed: Set<String> = []
    var imported: Set<String> = []
    var recalls: Set<String> = []
    var killed = 0
    var rng = SystemRandomNumberGenerator()
    let file = bin.home + "/import.tsv"
    for attempt in 0..<120 {
      let card = "seed-\(attempt)"
      let arguments: [String]
      switch attempt % 7 {
      case 0: arguments = ["cards", "add", "crash \(attempt)", "x"]
      case 1: arguments = ["cards", "edit", card, "--back", "edited \(attempt)"]
      case 2: arguments = ["cards", "suspend", card]
      case 3: arguments = ["cards", "remove", card]
      case 4:
        try "取 \(attempt)\tx\n取 \(attempt) b\ty\n".write(toFile: file, atomically: true, encoding: .utf8)
        arguments = ["cards", "import", file]
      case 5: arguments = ["recall", "add", "思 \(attempt)", "--at", "2026-11-21T12:00:00Z"]
      default: arguments = ["run", "--now", "2026-11-21T03:\(String(format: "%02d", attempt % 60)):00Z"]
      }
      let (printed, finished) = try Self.killAtRandom(
        arguments, bin, window: &window, killed: &killed, rng: &rng)
      if finished {
        switch attempt % 7 {
        case 0: added.insert(printed.trimmingCharacters(in: .whitespacesAndNewlines))
        case 1: edited[card] = "edited \(attempt)"
        case 2: suspended.insert(card)
        case 3: removed.insert(card)
        case 4: imported.formUnion(["取 \(attempt)", "取 \(attempt) b"])
        case 5: recalls.insert("思 \(attempt)")
        default: break
        }
      }
      func check(_ deck: [String: Any], _ what: String) {
        let list = deck["cards"] as? [[String: Any]] ?? []
        let byID = Dictionary(list.map { ($0["id"] as? String ?? "", $0) }) { a, _ in a }
        let fronts = Set(list.compactMap { $0["front"] as? String })
        let topics = Set((deck["recalls"] as? [[String: Any]] ?? []).compactMap { $0["topic"] as? String })
        #expect(
          added.allSatisfy { id in byID.keys.contains { $0.hasPrefix(id) } },
          "\(what) \(attempt): an add lost")
        #expect(
          edited.allSatisfy { byID[$0.key]?["back"] as? String == $0.value },
          "\(what) \(attempt): an edit lost")
        #expect(
          suspended.allSatisfy { byID[$0]?["suspended"] as? Bool == true },
          "\(what) \(attempt): a suspend lost")
        #expect(removed.allSatisfy { byID[$0] == nil }, "\(what) \(attempt): a removal lost")
        #expect(imported.isSubset(of: fronts), "\(what) \(attempt): an import lost")
        #expect(recalls.isSubset(of: topics), "\(what) \(attempt): a recall item lost")
      }
      // Every reader sees every acknowledged change at once.
      let seen = try bin.storedDeck()
      check(seen, "reader")
      if attempt % 10 == 9 {
        // And folded, the deck file alone holds them.
        #expect(try bin.run("run", "--now", "2026-11-21T04:00:00Z").status == 0)
        let text = try String(contentsOfFile: bin.deckPath, encoding: .utf8)
        check(try #require(try json(text) as? [String: Any]), "deck.json")
        #expect(!FileManager.default.fileExists(atPath: bin.deckPath + ".journal"))
      }
    }
    #expect(killed > 10, "only \(killed) kills landed")
    #expect(
      added.count + edited.count + suspended.count + removed.count > 10, "few changes completed under fire")
  }
}
