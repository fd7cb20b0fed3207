import CLITestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Review sessions killed at random moments, and sessions side by side: no answer whose next
/// card had been shown is ever lost, and two writers never lose each other's answers.
@Suite(.serialized) struct ReviewCrashTests {
  /// A deck of `count` cards, all due, with unique fronts `card N`.
  func deck(_ count: Int) throws -> Binary {
    var bin = try Binary()
    bin.use(nil)
    var cards: [String] = []
    for i in 0..<count {
      cards.append(
        "{\"id\": \"c-\(i)\", \"front\": \"card \(i)\", \"back\": \"back \(i)\", \"collection\": \"C\(i % 5)\", \"tags\": [], \"stepIndex\": 1, \"nextReviewDate\": \"2026-11-\(String(format: "%02d", 1 + i % 20))\", \"createdAt\": \"2026-11-01T00:00:00Z\", \"lastReviewedAt\": \"2026-10-31T00:00:00Z\"}"
      )
    }
    try bin.writeDeck("{\"version\": 1, \"cards\": [\n" + cards.joined(separator: ",\n") + "\n]}\n")
    return bin
  }

  /// A running `review` whose prompts are read a line at a time, within a deadline.
  final class Session {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    var buffer: [UInt8] = []

    init(_ bin: Binary, _ arguments: [String]) throws {
      process.executableURL = URL(fileURLWithPath: Binary.path)
      process.arguments = ["review"] + arguments
      process.environment = bin.environment
      process.standardInput = input
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
    }

    /// The next line, or nil when the output ended or nothing came within 10 s.
    func line() -> String? {
      let fd = output.fileHandleForReading.fileDescriptor
      let deadline = Date().addingTimeInterval(10)
      while true {
        if let newline = buffer.firstIndex(of: 0x0A) {
          let text = String(decoding: buffer[..<newline], as: UTF8.self)
          buffer.removeSubrange(...newline)
          return text
        }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let left = Int32(max(deadline.timeIntervalSinceNow, 0) * 1000)
        guard left > 0, poll(&poller, 1, left) > 0 else { return nil }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = read(fd, &chunk, chunk.count)
        guard n > 0 else { return nil }
        buffer += chunk[..<n]
      }
    }

    /// The next card's prompt (`[n/N …`), past the lines that report an answer; nil when none came.
    func prompt() -> String? {
      while let text = line() {
        if text.hasPrefix("[") { return text }
      }
      return nil
    }

    func send(_ text: String) { input.fileHandleForWriting.write(Data(text.utf8)) }
  }

  /// The answers the deck holds, by card id: after `run` (the timer's job) has folded the
  /// journal of answers into deck.json, as it does within a minute of them.
  func logged(_ bin: Binary) throws -> [String] {
    let run = try bin.run("run", "--now", "2026-11-21T09:00:00Z")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: bin.deckPath + ".journal"))
    let root = try #require(try json(String(contentsOfFile: bin.deckPath, encoding: .utf8)) as? [String: Any])
    return (root["reviewLog"] as? [[String: Any]] ?? []).compactMap { $0["cardId"] as? String }
  }

  @Test func killedSessionsLoseNoShownAnswer() throws {
    let bin = try deck(1500)
    var confirmed: [String] = []
    var rng = SystemRandomNumberGenerator()
    var kills = 0
    for attempt in 0..<100 {
      let session = try Session(bin, ["--now", "2026-11-21T09:00:00Z"])
      // Answer a few cards, then kill at a random moment: right after sending an answer, or
      // while a prompt is being read.
      let answers = Int.random(in: 1...4, using: &rng)
      var current: String?
      for n in 0...answers {
        guard let prompt = session.prompt() else { break }
        // This prompt shows the next card: the answer before it is durable.
        if let answered = current { confirmed.append(answered) }
        current = String(prompt.split(separator: "]")[1].split(separator: "—")[0]).trimmingCharacters(
          in: .whitespaces)
        if n == answers { break }
        session.send("y\n")
        if Bool.random(using: &rng) { usleep(UInt32.random(in: 0...20_000, using: &rng)) }
      }
      if kill(session.process.processIdentifier, SIGKILL) == 0 { kills += 1 }
      session.process.waitUntilExit()
      let ids = try logged(bin)
      for front in confirmed {
        let id = "c-" + front.dropFirst("card ".count)
        #expect(ids.contains(id), "attempt \(attempt): the answer to \(front) was lost")
      }
      #expect(Set(ids).count == ids.count, "attempt \(attempt): an answer was logged twice")
    }
    #expect(kills > 50 && confirmed.count > 50, "kills \(kills), confirmed answers \(confirmed.count)")
  }

  /// Two sessions and a `cards answer` at once: every answer is in the log.
  @Test func twoSessionsAndAnAnswerLoseNothing() throws {
    let bin = try deck(300)
    let first = try Session(bin, ["--now", "2026-11-21T09:00:00Z"])
    let second = try Session(bin, ["--now", "2026-11-21T09:00:00Z", "--shuffle"])
    var answered = 0
    for _ in 0..<15 {
      for session in [first, second] {
        guard session.prompt() != nil else { continue }
        session.send("y\n")
        answered += 1
      }
    }
    let other = try bin.run("cards", "answer", "c-299", "correct", "--now", "2026-11-21T09:00:00Z")
    #expect(other.status == 0, "\(other.stderr)")
    for session in [first, second] {
      session.send("q\n")
      session.process.waitUntilExit()
      #expect(session.process.terminationStatus == 0)
    }
    #expect(answered == 30)
    #expect(try logged(bin).count == 31)
  }
}
