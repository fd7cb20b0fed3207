import Foundation
import RemindersCore
import TestFolders
import Testing

@testable import RemindersStore

@Suite struct ConfigurationTests {
  @Test func emptyConfigMeansDefaults() throws {
    #expect(try Configuration.parse("", path: "c.toml", home: "/h") == .standard)
    #expect(Configuration.standard.schedule == .standard)
  }

  @Test func readsEveryKey() throws {
    let text = """
      language = "ja"
      [time]
      zone = "Asia/Tokyo"
      [daily]
      time = "07:30"
      [window]
      start = "07:00"
      end = "22:00"
      [quiet]
      hours = ["12:00-13:00", "21:00-06:00"]
      [recall]
      coalesce = "15m"
      after_wrong = "off"
      [fallback]
      path = "~/cal/fallback.ics"
      """
    let config = try Configuration.parse(text, path: "c.toml", home: "/home/u")
    #expect(config.language == .ja)
    #expect(config.zoneIdentifier == "Asia/Tokyo")
    #expect(config.schedule.dailyTime == WallTime("07:30"))
    #expect(
      config.schedule.windowStart == WallTime("07:00") && config.schedule.windowEnd == WallTime("22:00"))
    #expect(config.schedule.quietHours == [QuietRange("12:00-13:00")!, QuietRange("21:00-06:00")!])
    #expect(config.schedule.recallCoalesce == 900)
    #expect(config.schedule.recallAfterWrong == nil)
    #expect(config.fallbackPath == "/home/u/cal/fallback.ics")
  }

  /// Every bad value is refused when read, naming the key.
  @Test(arguments: [
    ("[window]\nstart = \"18:00\"\nend = \"08:00\"", "window.end"),
    ("[window]\nend = \"08:00\"", "window.end"),
    ("[daily]\ntime = \"25:00\"", "daily.time"),
    ("[daily]\ntime = 8", "daily.time"),
    ("[daily]\ntime = \"19:00\"", "daily.time"),
    ("[time]\nzone = \"Mars/Olympus\"", "time.zone"),
    ("[quiet]\nhours = [\"12:00-13\"]", "quiet.hours[0]"),
    ("[quiet]\nhours = [\"12:00-12:00\"]", "quiet.hours[0]"),
    ("[quiet]\nhours = \"12:00-13:00\"", "quiet.hours"),
    ("[quiet]\nhours = [\"07:00-19:00\"]", "quiet.hours"),
    ("[recall]\ncoalesce = \"ten minutes\"", "recall.coalesce"),
    ("[recall]\nafter_wrong = \"3\"", "recall.after_wrong"),
    ("language = \"fr\"", "language"),
    ("[windw]\nstart = \"08:00\"", "windw"),
    ("[window]\nbegin = \"08:00\"", "window.begin"),
    ("window = 3", "window"),
    ("[daily]\npersist = \"yes\"", "daily.persist"),
    ("[daily]\nagain = \"5pm\"", "daily.again"),
    ("[snooze]\nafter = \"off\"", "snooze.after"),
    ("[snooze]\nafter = \"0m\"", "snooze.after"),
    ("[review]\nterminal = \"foot\"", "review.terminal"),
    ("[review]\nterminal = []", "review.terminal"),
    ("[review]\nterminal = [\"\"]", "review.terminal"),
    ("[review]\nterminal = [\"xterm\", 1]", "review.terminal"),
    ("[review]\nrelearn_after = -1", "review.relearn_after"),
    ("[review]\nrelearn_after = 2.5", "review.relearn_after"),
    ("[review]\nrelearn_after = \"3\"", "review.relearn_after"),
    ("[review]\ndrip = \"30s\"", "review.drip"),
    ("[review]\ndrip = 45", "review.drip"),
    ("[review]\ndrip = \"often\"", "review.drip"),
    ("[anki]\ndecks = [\"A\"]", "anki.collection"),
    ("[anki]\ncollection = \"\"", "anki.collection"),
    ("[anki]\ncollection = 3", "anki.collection"),
    ("[anki]\ncollection = \"c.anki2\"\ndecks = []", "anki.decks"),
    ("[anki]\ncollection = \"c.anki2\"\ndecks = \"A\"", "anki.decks"),
    ("[anki]\ncollection = \"c.anki2\"\ndecks = [\"A::B\"]", "anki.decks"),
    ("[anki]\ncollection = \"c.anki2\"\ndecks = [\"\"]", "anki.decks"),
    ("[anki]\ncollection = \"c.anki2\"\ncommand = []", "anki.command"),
    ("[anki]\ncollection = \"c.anki2\"\ncommand = [\"\"]", "anki.command"),
    ("[anki]\ncollection = \"c.anki2\"\ncommand = 1", "anki.command"),
    ("[anki]\ncollection = \"c.anki2\"\ncommand = \"flatpak run net.ankiweb.Anki\"", "anki.command"),
    ("[anki]\ncollection = \"c.anki2\"\ncommand = \"anki\\t--profile\"", "anki.command"),
    ("[anki]\ncollection = \"c.anki2\"\nprofile = \"User 1\"", "anki.profile"),
  ])
  func badValuesNameTheKey(text: String, key: String) {
    do {
      _ = try Configuration.parse(text, path: "c.toml", home: "/h")
      Issue.record("accepted \(text)")
    } catch let StoreError.badConfig(path, badKey, _, problem) {
      #expect(path == "c.toml")
      #expect(badKey == key, "\(problem)")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  /// The keys of acting on pop-ups
  /// (docs/delivery.md#a-pop-up-you-can-act-on-review-now-snooze-dailypersist-dailyagain):
  /// `daily.persist`, `daily.again`, `snooze.after`, `review.terminal`.
  @Test func actionKeys() throws {
    let config = try Configuration.parse(
      "[daily]\npersist = true\nagain = \"17:00\"\n[snooze]\nafter = \"1h\"\n[review]\nterminal = [\"xterm\", \"-e\"]\n",
      path: "c.toml", home: "/h")
    #expect(config.schedule.dailyPersist && config.schedule.dailyAgain == WallTime("17:00"))
    #expect(config.schedule.snoozeAfter == 3600)
    #expect(config.reviewTerminal == ["xterm", "-e"])
    let off = try Configuration.parse("[daily]\nagain = \"off\"\n", path: "c.toml", home: "/h")
    #expect(off.schedule.dailyAgain == nil && !off.schedule.dailyPersist && off.schedule.snoozeAfter == 600)
    #expect(off.reviewTerminal == nil)
  }

  /// `review.relearn_after` (docs/commands.md#relearning-in-the-session): a whole number, 0 or
  /// more; default 3.
  @Test(arguments: [("", 3), ("[review]\nrelearn_after = 0\n", 0), ("[review]\nrelearn_after = 12\n", 12)])
  func relearnAfter(text: String, expected: Int) throws {
    #expect(try Configuration.parse(text, path: "c.toml", home: "/h").relearnAfter == expected)
  }

  /// `review.drip` (docs/delivery.md): a duration of a minute or more, or "off"; default off.
  @Test(
    arguments: [
      ("", nil), ("[review]\ndrip = \"off\"\n", nil), ("[review]\ndrip = \"45m\"\n", 2700),
      ("[review]\ndrip = \"1h30m\"\n", 5400), ("[review]\ndrip = \"1m\"\n", 60),
    ] as [(String, Int?)])
  func drip(text: String, expected: Int?) throws {
    #expect(try Configuration.parse(text, path: "c.toml", home: "/h").schedule.drip == expected)
  }

  /// `[anki]` (docs/anki.md): the collection (`~/` is the home folder), the top-level decks, and the
  /// command that starts Anki, a word or a list; whether the path is a collection is checked when
  /// it is read.
  @Test func ankiKeys() throws {
    let config = try Configuration.parse(
      "[anki]\ncollection = \"~/.local/share/Anki2/User 1/collection.anki2\"\ndecks = [\"日本語\", \"Kanji\"]\n"
        + "command = [\"flatpak\", \"run\", \"net.ankiweb.Anki\"]\n",
      path: "c.toml", home: "/home/u")
    #expect(
      config.anki
        == AnkiSettings(
          collection: "/home/u/.local/share/Anki2/User 1/collection.anki2", decks: ["日本語", "Kanji"],
          command: ["flatpak", "run", "net.ankiweb.Anki"]))
    let plain = try Configuration.parse(
      "[anki]\ncollection = \"/c.anki2\"\ncommand = \"anki-beta\"\n", path: "c.toml", home: "/h")
    #expect(plain.anki == AnkiSettings(collection: "/c.anki2", decks: nil, command: ["anki-beta"]))
    #expect(
      try Configuration.parse("[anki]\ncollection = \"c\"", path: "c.toml", home: "/h").anki?.command == [
        "anki"
      ])
    #expect(try Configuration.parse("", path: "c.toml", home: "/h").anki == nil)
  }

  @Test func syntaxErrorsNameLineAndColumn() {
    #expect(throws: StoreError.self) {
      try Configuration.parse("[window\nstart = 1", path: "c.toml", home: "/h")
    }
    do {
      _ = try Configuration.parse("a = 1\nb = \n", path: "c.toml", home: "/h")
    } catch let StoreError.badConfig(path, key, at, _) {
      #expect(path == "c.toml")
      #expect(at == TextPosition(line: 2, column: 5))
      #expect(key == nil)
    } catch { Issue.record("unexpected \(error)") }
  }
}

@Suite struct FilesTests {
  func scratch() throws -> String {
    let dir = try TemporaryFolder.make("reminders-store")
    return dir
  }

  @Test func atomicWriteIsPrivateAndReplaces() throws {
    let dir = try scratch()
    let path = dir + "/sub/deck.json"
    try FileIO.writeAtomically(bytes("one"), to: path)
    try FileIO.writeAtomically(bytes("two"), to: path)
    #expect(try FileIO.read(path) == bytes("two"))
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/sub") == ["deck.json"])
  }

  @Test func staleTemporariesOfDeadWritersAreRemoved() throws {
    let dir = try scratch()
    // pid 999999999 cannot exist (above pid_max), so its temporary is stale.
    _ = FileManager.default.createFile(atPath: dir + "/.deck.json.999999999.tmp", contents: Data("torn".utf8))
    try FileIO.writeAtomically(bytes("{}"), to: dir + "/deck.json")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["deck.json"])
  }

  @Test func missingFileReadsAsNil() throws {
    #expect(try FileIO.read(try scratch() + "/nothing") == nil)
  }

  @Test func deckThatDoesNotParseIsNeverOverwritten() throws {
    let dir = try scratch()
    let path = dir + "/deck.json"
    try FileIO.writeAtomically(bytes("{\"version\": 1, \"cards\": [tor"), to: path)
    let store = DeckStore(path: path, lockPath: dir + "/lock")
    #expect(throws: StoreError.self) { try store.update(clock: tokyo) { $0.deck.cards.removeAll() } }
    #expect(try FileIO.read(path) == bytes("{\"version\": 1, \"cards\": [tor"))
  }

  @Test func lockTimesOut() throws {
    let dir = try scratch()
    var held: FileLock? = try FileLock(path: dir + "/lock", seconds: 1)
    #expect(held != nil)
    #expect(throws: StoreError.locked(path: dir + "/lock", seconds: 0)) {
      try FileLock(path: dir + "/lock", seconds: 0)
    }
    #expect(FileLock.isHeld(dir + "/lock"))
    held = nil
    #expect(!FileLock.isHeld(dir + "/lock"))
    #expect(!FileLock.isHeld(dir + "/none") && !FileManager.default.fileExists(atPath: dir + "/none"))
    _ = try FileLock(path: dir + "/lock", seconds: 0)
  }

  @Test func ledgerRoundTrip() throws {
    let dir = try scratch()
    let store = LedgerStore(path: dir + "/ledger.json", lockPath: dir + "/lock")
    #expect(try store.load() == DeliveryLedger())
    let ledger = DeliveryLedger(
      entries: [
        .init(
          reminderID: "daily:2026-11-21", deliveredAt: Timestamp.parse("2026-11-21T08:00:00+09:00")!,
          channel: .popup,
          notificationID: 7, recallItemIDs: [], title: "今日の復習 3枚", body: "TOEIC: 2、JLPT: 1。", onScreen: true,
          updatedAt: Timestamp.parse("2026-11-21T09:10:00+09:00")!),
        .init(
          reminderID: "daily:2026-11-20", deliveredAt: Timestamp.parse("2026-11-20T08:00:00+09:00")!,
          channel: .popup,
          notificationID: 3, recallItemIDs: [], title: "今日の復習 1枚",
          closedAt: Timestamp.parse("2026-11-20T08:00:10+09:00")!,
          closedBecause: "expired"),
        .init(
          reminderID: "recall:a", deliveredAt: Timestamp.parse("2026-11-21T14:30:00+09:00")!,
          channel: .calendar,
          notificationID: nil, recallItemIDs: ["a", "b"], title: "x"),
      ], held: ["recall:c": Timestamp.parse("2026-11-21T15:00:00+09:00")!])
    try store.update(lockSeconds: 1, clock: tokyo) { $0 = ledger }
    #expect(try store.load() == ledger)
    #expect(try store.load().contains(recallItem: "b"))
  }

  /// A ledger written before pop-ups were followed on screen reads with no body and nothing on
  /// screen; a bad time in the new fields is a precise error.
  @Test func ledgerOfAnEarlierVersion() throws {
    let dir = try scratch()
    let store = LedgerStore(path: dir + "/ledger.json", lockPath: dir + "/lock")
    let old = """
      {"delivered": [{"at": "2026-11-21T08:00:00+09:00", "channel": "popup", "id": "daily:2026-11-21",
        "notificationId": 7, "recallItems": [], "title": "Today's reviews: 2 cards"}], "held": {}, "version": 1}
      """
    try old.write(toFile: store.path, atomically: true, encoding: .utf8)
    let entry = try #require(try store.load().entries["daily:2026-11-21"])
    #expect(entry.body == "" && !entry.onScreen && entry.closedAt == nil && entry.notificationID == 7)
    try old.replacingOccurrences(of: "\"title\"", with: "\"closedAt\": \"soon\", \"title\"")
      .write(toFile: store.path, atomically: true, encoding: .utf8)
    expectCorrupt(
      CorruptFile(
        path: store.path, at: nil, reason: "delivered[0].closedAt: expected a time")
    ) {
      try store.load()
    }
  }

  @Test func xdgPaths() throws {
    let p = try Paths(environment: [
      "HOME": "/home/u", "XDG_DATA_HOME": "/data", "XDG_STATE_HOME": "relative/ignored",
    ])
    #expect(p.config == "/home/u/.config/reminders/config.toml")
    #expect(p.deck == "/data/reminders/deck.json")
    #expect(p.stateDir == "/home/u/.local/state/reminders")
    #expect(p.defaultFallback == "/data/reminders/fallback.ics")
    let o = try Paths(environment: ["HOME": "/home/u"], config: "/c.toml", deck: "/d.json", stateDir: "/s")
    #expect(o.config == "/c.toml" && o.deck == "/d.json" && o.ledger == "/s/ledger.json")
  }
}
