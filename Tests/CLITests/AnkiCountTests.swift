import CLITestSupport
import Foundation
import RemindersAnki
import RemindersCore
import TestFolders
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every file in `folder` and its bytes, to show that nothing was written there.
func folderContents(_ folder: String) throws -> [String: Data] {
  var out: [String: Data] = [:]
  let enumerator = FileManager.default.enumerator(atPath: folder)
  while let name = enumerator?.nextObject() as? String {
    var isFolder: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder)
    out[name] = isFolder.boolValue ? Data() : FileManager.default.contents(atPath: folder + "/" + name)
  }
  return out
}

/// What `status --json` says of Anki: its state, and each deck with cards due.
func ankiStatus(_ bin: Binary, now: String, extra: [String] = []) throws -> (
  state: String, method: String?, decks: [String: [Int]], root: [String: Any]
) {
  let result = try bin.run(["status", "--json", "--now", now] + extra)
  try #require(result.status == 0, "status: \(result.stderr)")
  let root = try #require(try json(result.stdout) as? [String: Any])
  let anki = try #require(root["anki"] as? [String: Any])
  var decks: [String: [Int]] = [:]
  for deck in anki["decks"] as? [[String: Any]] ?? [] {
    let counts = ["new", "learning", "review"].map { deck[$0] as? Int ?? -1 }
    if counts.reduce(0, +) > 0 { decks[deck["name"] as? String ?? ""] = counts }
  }
  return (anki["state"] as? String ?? "", anki["method"] as? String, decks, root)
}

/// `reminders` counts what Anki shows as due (docs/anki.md), compared with Anki's own deck list at the
/// same moment, in collections Anki built: the day boundary at rollover hours 0, 4, 12 and 23 in
/// UTC, New York and Tokyo; new-card limits on a parent and its subdecks (a deck's own limit, a
/// limit for today, cards studied today, `applyAllParentLimits`, `newCardsIgnoreReviewLimit`);
/// learning cards (steps of a minute, an hour and two days, relearning, the learn-ahead limit);
/// suspended and buried cards (buried today, and on an earlier day: back); FSRS on; filtered
/// decks (counted home by their original due); reviews made overdue by moving `crt` back; a
/// Japanese deck name and the Default deck. `status`, `preview`, `export` and `run` agree, and
/// the collection's folder is byte for byte as it was.
@Suite struct AnkiCountTests {
  @Test(arguments: ["UTC", "America/New_York", "Asia/Tokyo"])
  func countsAgreeWithAnki(zone: String) throws {
    let built = try AnkiScenarios.build(zone: zone)
    defer { built.remove() }
    #expect(built.scenarios.count >= 6)
    for scenario in built.scenarios {
      let folder =
        FileManager.default.fileExists(atPath: scenario.collection)
        ? (scenario.collection as NSString).deletingLastPathComponent : ""
      let before = try folderContents(folder)
      let bin = try ankiHome(collection: scenario.collection, zone: zone)
      for (i, check) in scenario.checks.enumerated() {
        let now = rfc3339(check.now, zone: zone)
        let expected = AnkiScenarios.due(check.decks)
        let ours = try ankiStatus(bin, now: now)
        #expect(ours.state == "current" && ours.method == "direct")
        #expect(ours.decks == expected, "\(zone) \(scenario.name) at \(now)")
        let total = expected.values.reduce(0) { $0 + $1.reduce(0, +) }
        #expect(ours.root["dueToday"] as? Int == total, "\(scenario.name) at \(now)")
        // The daily reminder at this moment says the same (outside the window at 23:59 there is
        // none to say it).
        let today = DayClock(zone: TimeZone(identifier: zone)!).day(
          of: Date(timeIntervalSince1970: TimeInterval(check.now)))
        let plan = try #require(
          try json(bin.run("preview", "--json", "--days", "1", "--now", now).stdout) as? [String: Any])
        let daily = (plan["reminders"] as? [[String: Any]] ?? []).first {
          $0["id"] as? String == "daily:\(today)"
        }
        if total > 0 && !now.contains("T23:59:") {
          #expect(daily?["dueCount"] as? Int == total, "\(scenario.name) at \(now)")
          #expect(
            daily?["collections"] as? [String: Int] == expected.mapValues { $0.reduce(0, +) },
            "\(scenario.name)")
        }
        if i == 0, let title = daily?["title"] as? String {
          // The feed and a delivery (to the fallback calendar: no bus here; in a home of its own,
          // so that the checks after it still see the reminder to come) say it too.
          let summary = "SUMMARY;LANGUAGE=en:\(title)\r\n"
          let feed = try bin.run("export", "--days", "1", "--output", "-", "--now", now)
          #expect(feed.stdout.contains(summary), "\(scenario.name)")
          let delivered = try ankiHome(collection: scenario.collection, zone: zone)
          let run = try delivered.run("run", "--now", now)
          #expect(run.status == 0, "\(run.stderr)")
          let fallback = try String(
            contentsOfFile: delivered.home + "/data/reminders/fallback.ics", encoding: .utf8)
          #expect(fallback.contains(summary))
          let ledger = try String(
            contentsOfFile: delivered.home + "/state/reminders/ledger.json", encoding: .utf8)
          #expect(ledger.contains("\"anki\": true"), "the entry says the pop-up counts Anki's cards")
          #expect(FileManager.default.fileExists(atPath: delivered.home + "/state/reminders/anki.json"))
        }
      }
      #expect(try folderContents(folder) == before, "\(scenario.name): the collection's folder changed")
      try decodedAsAnkiDecodes(scenario)
    }
  }

  /// The protobuf fields as read here are what Anki's own classes decode from the same blobs.
  func decodedAsAnkiDecodes(_ scenario: AnkiScenarios.Scenario) throws {
    let (collection, _, _) = try AnkiCollectionFile(path: scenario.collection).read(
      deadline: Date().addingTimeInterval(10))
    for entry in scenario.decks {
      let id = Int64(entry["id"] as? Int ?? 0)
      let deck = try #require(collection.decks.first { $0.id == id }, "\(scenario.name): deck \(id)")
      let common = entry["common"] as? [Int] ?? []
      #expect([deck.studied.day, deck.studied.new, deck.studied.review] == common, "\(scenario.name) \(id)")
      switch (deck.kind, entry["kind"] as? String) {
      case (.filtered, "filtered"?): break
      case (.normal(let limits), "normal"?):
        let normal = try #require(entry["normal"] as? [String: Any])
        #expect(limits.presetID == Int64(normal["config"] as? Int ?? -1))
        #expect(limits.reviewLimit == normal["reviewLimit"] as? Int)
        #expect(limits.newLimit == normal["newLimit"] as? Int)
        #expect(limits.reviewLimitToday.map { [$0.limit, $0.day] } == normal["reviewLimitToday"] as? [Int])
        #expect(limits.newLimitToday.map { [$0.limit, $0.day] } == normal["newLimitToday"] as? [Int])
      default: Issue.record("\(scenario.name): deck \(id) is \(deck.kind), Anki says \(entry["kind"] ?? "?")")
      }
    }
    for entry in scenario.presets {
      let preset = collection.presets[Int64(entry["id"] as? Int ?? 0)]
      #expect(
        preset?.newPerDay == entry["newPerDay"] as? Int
          && preset?.reviewsPerDay == entry["reviewsPerDay"] as? Int)
    }
  }

  /// The daily reminder counts Anki's cards when it shows, not at `daily.time`: at 12:00 with
  /// quiet hours 12:00–13:00 (the window as it comes), it shows at 13:00 and says what Anki's
  /// deck list says at 13:00 — in `preview`, `export`, `status` and `run` alike. A learning card
  /// due 13:10 is counted (none is at 12:00); a new card allowed for Anki's today only, gone at
  /// 13:00 (rollover 13), is not, and the next day's reminder still comes with its review.
  @Test func countedWhenTheReminderShows() throws {
    let built = try AnkiScenarios.build(zone: "UTC", only: ["quiet", "quiet-limit"])
    defer { built.remove() }
    for scenario in built.scenarios {
      var bin = try Binary()
      try bin.writeConfig(
        """
        [time]
        zone = "UTC"
        [daily]
        time = "12:00"
        [quiet]
        hours = ["12:00-13:00"]
        [anki]
        collection = "\(scenario.collection)"
        """)
      bin.use(nil)
      let shows = scenario.checks.filter { $0.now % 86400 == 13 * 3600 }
      let start = try #require(scenario.checks.first).now - 3600
      let plan = try #require(
        try json(
          bin.run("preview", "--json", "--days", "\(shows.count)", "--now", rfc3339(start, zone: "UTC"))
            .stdout)
          as? [String: Any])
      let dailies = (plan["reminders"] as? [[String: Any]] ?? []).filter {
        ($0["id"] as? String)?.hasPrefix("daily:") == true
      }
      let expected = shows.compactMap { check -> (String, Int)? in
        let total = check.decks.values.reduce(0) { $0 + $1.reduce(0, +) }
        return total > 0 ? (rfc3339(check.now, zone: "UTC"), total) : nil
      }
      #expect(
        dailies.map { "\($0["fireAt"] as? String ?? "?") \($0["dueCount"] as? Int ?? -1)" }
          == expected.map { "\($0.0) \($0.1)" }, "\(scenario.name): \(dailies)")
      for check in shows {
        let at = rfc3339(check.now, zone: "UTC")
        #expect(
          try ankiStatus(bin, now: at).decks == AnkiScenarios.due(check.decks), "\(scenario.name) \(at)")
      }
      // `run` at the first 13:00 delivers what `preview` said (to the fallback calendar: no bus).
      let first = try #require(shows.first)
      let run = try bin.run("run", "--now", rfc3339(first.now, zone: "UTC"))
      #expect(run.status == 0, "\(run.stderr)")
      let fallback =
        (try? String(contentsOfFile: bin.home + "/data/reminders/fallback.ics", encoding: .utf8)) ?? ""
      if let title = dailies.first(where: { $0["fireAt"] as? String == rfc3339(first.now, zone: "UTC") })?[
        "title"] as? String
      {
        #expect(fallback.contains("SUMMARY;LANGUAGE=en:\(title)\r\n"), "\(scenario.name)")
      } else {
        #expect(!fallback.contains("SUMMARY"), "\(scenario.name): \(fallback)")
      }
    }
  }

  /// Anki open, as its application holds a collection (WAL, `locking_mode=EXCLUSIVE`, changes
  /// in the WAL only): a plain read gets "database is locked", yet `status` answers within
  /// seconds with Anki's current counts (the WAL's answers included), from a copy; the collection
  /// and its WAL are byte for byte as they were, no `-shm` appears, and Anki goes on writing.
  @Test func ankiOpenAtTheSameTime() throws {
    let built = try AnkiScenarios.build(zone: "UTC", only: ["limits"])
    defer { built.remove() }
    let path = try #require(built.scenarios.first?.collection)
    let folder = (path as NSString).deletingLastPathComponent
    let holder = try AnkiHolder(collection: path)
    defer { holder.stop() }
    let first = try holder.firstLine()
    #expect(first["journal"] as? String == "wal" && first["locking"] as? String == "exclusive")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(names.contains("collection.anki2-wal") && !names.contains("collection.anki2-shm"), "\(names)")
    let before = try folderContents(folder)
    let bin = try ankiHome(collection: path, zone: "UTC")
    let now = rfc3339(first["now"] as? Int ?? 0, zone: "UTC")
    let started = Date()
    let ours = try ankiStatus(bin, now: now)
    #expect(Date().timeIntervalSince(started) < 10)
    #expect(ours.state == "current" && ours.method == "snapshot")
    #expect(ours.decks == AnkiScenarios.due(first["decks"] as? [String: [Int]] ?? [:]))
    let run = try bin.run("run", "--now", now)
    #expect(run.status == 0, "\(run.stderr)")
    let text = try bin.run("status", "--now", now)
    #expect(text.stdout.contains("Anki: current (read at "), "\(text.stdout)")
    #expect(text.stdout.contains("from a copy, as Anki has it open"))
    #expect(try folderContents(folder) == before, "the collection or its WAL changed")
    // Anki still works: it answers one more card, and the next read counts it.
    let answered = try holder.answer()
    #expect(answered["answered"] as? Bool == true)
    let later = rfc3339(answered["now"] as? Int ?? 0, zone: "UTC")
    #expect(
      try ankiStatus(bin, now: later).decks == AnkiScenarios.due(answered["decks"] as? [String: [Int]] ?? [:])
    )
  }

  /// When no consistent snapshot can be had (here a named pipe where the WAL would be, which
  /// cannot be copied), the counts are the last reading's, said as of when, by `status`,
  /// `preview` and `doctor`; nothing hangs and nothing is written beside the collection.
  @Test func theLastCountWhenTheCollectionCannotBeRead() throws {
    let built = try AnkiScenarios.build(zone: "Asia/Tokyo", only: ["overdue"])
    defer { built.remove() }
    let scenario = try #require(built.scenarios.first)
    let bin = try ankiHome(collection: scenario.collection, zone: "Asia/Tokyo")
    let check = try #require(scenario.checks.first)
    let now = rfc3339(check.now, zone: "Asia/Tokyo")
    let readBefore = Date().addingTimeInterval(-1)
    #expect(try bin.run("run", "--now", now).status == 0)
    let readAfter = Date().addingTimeInterval(1)
    #expect(mkfifo(scenario.collection + "-wal", 0o600) == 0)
    defer { unlink(scenario.collection + "-wal") }
    let later = rfc3339(check.now + 600, zone: "Asia/Tokyo")
    let started = Date()
    let stale = try ankiStatus(bin, now: later)
    #expect(Date().timeIntervalSince(started) < 10)
    #expect(stale.state == "stale" && stale.decks == AnkiScenarios.due(check.decks))
    let anki = try #require(stale.root["anki"] as? [String: Any])
    // Read at is when the file was read by the wall clock, not the `--now` of the run.
    let readAt = try #require(anki["readAt"] as? String)
    let read = try #require(Timestamp.parse(readAt))
    #expect(read >= readBefore && read <= readAfter, "\(readAt)")
    #expect((anki["reason"] as? String)?.contains("named pipe") == true)
    let hhmm = String(readAt.dropFirst(11).prefix(5))
    let asOf = readAt.prefix(10) == later.prefix(10) ? hhmm : "\(readAt.prefix(10)) \(hhmm)"
    #expect(
      try bin.run("status", "--now", later).stdout.contains(
        "Anki: counts as of \(asOf) (it cannot be read now: "))
    // In Japanese, the reason too (the path as it is).
    let ja = try bin.run("status", "--now", later, "--lang", "ja").stdout
    #expect(ja.contains("Anki: \(asOf) 時点の枚数です（いまは読めません: "), "\(ja)")
    #expect(ja.contains("は名前付きパイプ（FIFO）で、通常のファイルではありません") && !ja.contains("named pipe"), "\(ja)")
    let preview = try bin.run("preview", "--now", later)
    #expect(preview.stdout.contains("Anki: counts as of \(asOf)"), "\(preview.stdout)")
    let previewJSON = try #require(
      try json(bin.run("preview", "--json", "--now", later).stdout) as? [String: Any])
    #expect((previewJSON["anki"] as? [String: Any])?["state"] as? String == "stale")
    let doctor = try bin.run("doctor")
    #expect(doctor.stdout.contains("counts as of"), "\(doctor.stdout)")
    // Nothing read yet: not counted, and said so; `run` says it once a run on stderr.
    try FileManager.default.removeItem(atPath: bin.home + "/state/reminders/anki.json")
    let none = try ankiStatus(bin, now: later)
    #expect(none.state == "unavailable" && none.decks.isEmpty)
    let run = try bin.run("run", "--now", later)
    #expect(
      run.status == 0 && run.stderr.hasPrefix("reminders: Anki: not counted (it cannot be read: "),
      "\(run.stderr)")
  }

  /// A path that names no Anki collection (missing, a folder, a named pipe, an empty or a text
  /// file) silences nothing: every command that counts goes on with the deck, exits 0 and says the
  /// problem in one line naming the config file, the key and the collection; the daily reminder
  /// is delivered; `doctor` says Anki's cards are not counted and exits 1. A pipe never hangs.
  @Test func aPathThatIsNoCollection() throws {
    let scratch = try TemporaryFolder.make("reminders-anki")
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    try "hello\n".write(toFile: scratch + "/text.anki2", atomically: true, encoding: .utf8)
    #expect(FileManager.default.createFile(atPath: scratch + "/empty.anki2", contents: Data()))
    #expect(mkfifo(scratch + "/pipe.anki2", 0o600) == 0)
    let cases: [(String, String, String)] = [
      (scratch + "/none.anki2", "no such file", "ファイルがありません"),
      (scratch + "/text.anki2", "not an Anki collection (not an SQLite database)", "Anki のコレクションではありません"),
      (scratch + "/empty.anki2", "not an Anki collection (no table col)", "Anki のコレクションではありません"),
      (scratch, "it is a folder, not a regular file", "通常のファイルではありません"),
      (scratch + "/pipe.anki2", "it is a named pipe (FIFO), not a regular file", "通常のファイルではありません"),
    ]
    for (path, english, japanese) in cases {
      let bin = try ankiHome(collection: path, zone: "UTC")
      try bin.writeDeck(fixtureDeck)
      try """
      {"alarms": [{"at": "08:00", "date": "2026-11-21", "days": null, "enabled": true, "id": "3f2a9c1b", "name": "Gym", \
      "place": {"latitude": 35.681236, "longitude": 139.767125}, "radius": 100, "setAt": "2026-11-20T21:14:03Z"}], \
      "version": 1}
      """.write(toFile: bin.home + "/data/reminders/alarms.json", atomically: true, encoding: .utf8)
      let line = "reminders: \(bin.configPath): anki.collection: \(path): \(english)"
      let now = ["--now", "2026-11-21T08:00:00Z"]
      for command in [["status"] + now, ["preview"] + now, ["export", "--output", "-"] + now, ["run"] + now] {
        let result = try bin.bounded(command)
        #expect(result.status == 0, "\(command) \(result.stderr)")
        // One line says it (`run` says where each reminder went besides).
        let said = result.stderrLines.filter { $0.contains("anki.collection") }
        #expect(
          said == [Substring(line + " (Anki's cards are not counted; the deck's reminders go on)")],
          "\(command) \(result.stderr)")
        if command[0] != "run" { #expect(result.stderrLines.count == 1, "\(command) \(result.stderr)") }
      }
      // The daily reminder went out (to the calendar file: no desktop here).
      let ledger = try String(contentsOfFile: bin.home + "/state/reminders/ledger.json", encoding: .utf8)
      #expect(
        ledger.contains("\"daily:2026-11-21\"") && ledger.contains("\"alarm:3f2a9c1b:2026-11-21\""),
        "\(ledger)")
      let ja = try bin.bounded(["status", "--lang", "ja"])
      #expect(
        ja.stderr.hasPrefix(
          "reminders: \(bin.configPath): 設定が正しくありません: anki.collection: \(path): \(japanese)"))
      #expect(ja.stderr.hasSuffix("（Anki のカードは数えません。デッキのリマインダーは続きます）\n"))
      let doctor = try bin.bounded(["doctor"])
      #expect(doctor.status == 1)
      #expect(
        doctor.stdout.split(separator: "\n").last?.contains(
          "Anki's cards are not counted anew (\(bin.configPath): anki.collection: \(path): \(english))")
          == true,
        "\(doctor.stdout)")
      // Commands that do not count leave the collection alone.
      #expect(try bin.run("cards", "add", "a", "b").status == 0)
    }
  }
}

/// A Python process holding a collection open as Anki's application does
/// (`Tests/anki/hold_open.py`): it answers on a line each, and ends when its input closes.
final class AnkiHolder {
  let process = Process()
  let input = Pipe()
  let output = Pipe()
  var buffer = Data()

  init(collection: String) throws {
    process.executableURL = URL(fileURLWithPath: try Programs.venvPython())
    process.arguments = [Programs.repository + "/Tests/anki/hold_open.py", collection]
    process.environment = [
      "TZ": "UTC", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": NSTemporaryDirectory(),
    ]
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let fd = output.fileHandleForReading.fileDescriptor
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
  }

  /// The next line it prints, as JSON; fails after 60 s.
  func line() throws -> [String: Any] {
    let deadline = Date().addingTimeInterval(60)
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = buffer[..<newline]
        buffer = buffer[(newline + 1)...]
        return try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
      }
      try #require(Date() < deadline && process.isRunning, "the holder said nothing")
      // Read without waiting (the pipe is non-blocking): a holder that hangs fails the test.
      var chunk = [UInt8](repeating: 0, count: 4096)
      let n = chunk.withUnsafeMutableBytes {
        Glibc.read(output.fileHandleForReading.fileDescriptor, $0.baseAddress, $0.count)
      }
      if n > 0 { buffer.append(contentsOf: chunk[..<n]) } else { usleep(20_000) }
    }
  }

  func firstLine() throws -> [String: Any] { try line() }

  func answer() throws -> [String: Any] {
    input.fileHandleForWriting.write(Data("answer\n".utf8))
    return try line()
  }

  /// Closes its input (it closes the collection and ends); ended by its pid if it does not.
  func stop() {
    try? input.fileHandleForWriting.close()
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }
}
