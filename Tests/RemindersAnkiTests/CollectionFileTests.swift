import Foundation
import RemindersCore
import RemindersStore
import TestFolders
import Testing

@testable import RemindersAnki

#if canImport(Glibc)
  import Glibc
#endif

/// Protobuf bytes, written by hand as the wire format has them.
enum Wire {
  static func varint(_ value: UInt64) -> [UInt8] {
    var v = value
    var out: [UInt8] = []
    repeat {
      let byte = UInt8(v & 0x7F)
      v >>= 7
      out.append(v == 0 ? byte : byte | 0x80)
    } while v != 0
    return out
  }
  static func int(_ field: Int, _ value: Int64) -> [UInt8] {
    varint(UInt64(field << 3)) + varint(UInt64(bitPattern: value))
  }
  static func message(_ field: Int, _ bytes: [UInt8]) -> [UInt8] {
    varint(UInt64(field << 3 | 2)) + varint(UInt64(bytes.count)) + bytes
  }
  static func hex(_ bytes: [UInt8]) -> String {
    "X'" + bytes.map { String(format: "%02X", $0) }.joined() + "'"
  }
}

/// A folder of its own for each test, and collections made in it by SQLite itself.
struct Scratch {
  let folder: String

  init() throws {
    folder = try TemporaryFolder.make("reminders-anki")
  }

  var collection: String { folder + "/collection.anki2" }

  func remove() { try? FileManager.default.removeItem(atPath: folder) }

  /// The folder's files and their bytes.
  func contents() throws -> [String: Data] {
    var out: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
      out[name] = FileManager.default.contents(atPath: folder + "/" + name) ?? Data()
    }
    return out
  }

  /// Runs `sql` on the database at `path` (created when missing).
  @discardableResult
  static func run(_ path: String, _ sql: [String]) throws -> SQLiteDatabase {
    let db = try SQLiteDatabase(path: path, mode: .create, deadline: Date().addingTimeInterval(30))
    for statement in sql { try db.rows(statement) { _ in } }
    return db
  }

  /// The tables of Anki's schema 18 that the counts read (with their other columns), version
  /// `ver`, and a config of `config` (JSON values by key).
  static func schema(ver: Int = 18, crt: Int64 = 1_790_000_000, config: [String: String] = [:]) -> [String] {
    [
      "CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL, ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL, models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL)",
      "INSERT INTO col VALUES (1, \(crt), 0, 0, \(ver), 0, 0, 0, '', '', '', '', '')",
      "CREATE TABLE config (KEY text NOT NULL PRIMARY KEY, usn integer NOT NULL, mtime_secs integer NOT NULL, val blob NOT NULL) without rowid",
      "CREATE TABLE decks (id integer PRIMARY KEY NOT NULL, name text NOT NULL COLLATE unicase, mtime_secs integer NOT NULL, usn integer NOT NULL, common blob NOT NULL, kind blob NOT NULL)",
      "CREATE UNIQUE INDEX idx_decks_name ON decks (name)",
      "CREATE TABLE deck_config (id integer PRIMARY KEY NOT NULL, name text NOT NULL COLLATE unicase, mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL)",
      "CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL, mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL, ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL, left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL)",
    ] + config.map { "INSERT INTO config VALUES ('\($0.key)', 0, 0, CAST('\($0.value)' AS BLOB))" }
  }

  static func card(
    _ id: Int, deck: Int64, queue: Int, type: Int, due: Int64, odue: Int64 = 0, odid: Int64 = 0
  )
    -> String
  {
    "INSERT INTO cards VALUES (\(id), 1, \(deck), 0, 0, 0, \(type), \(queue), \(due), 1, 2500, 0, 0, 0, \(odue), \(odid), 0, '')"
  }

  /// Two decks (a normal one with limits of its own, studied today, and a filtered one under
  /// it), two presets and a few cards.
  static let sample: [String] =
    schema(config: [
      "creationOffset": "-540", "rollover": "7", "collapseTime": "600", "lastUnburied": "5",
      "newCardsIgnoreReviewLimit": "true", "applyAllParentLimits": "false", "schedVer": "2",
    ]) + [
      "INSERT INTO decks VALUES (1, 'Default', 0, 0, X'', \(Wire.hex(Wire.message(1, Wire.int(1, 1)))))",
      "INSERT INTO decks VALUES (10, '日本語', 0, 0, \(Wire.hex(Wire.int(3, 40) + Wire.int(4, -2) + Wire.int(5, 3)))"
        + ", \(Wire.hex(Wire.message(1, Wire.int(1, 2) + Wire.int(6, 0) + Wire.int(7, 9) + Wire.message(9, Wire.int(1, 4) + Wire.int(2, 40)) + Wire.message(255, [1, 2])))))",
      "INSERT INTO decks VALUES (11, '日本語\u{1F}Cram', 0, 0, X'', \(Wire.hex(Wire.message(2, Wire.int(1, 1)))))",
      "INSERT INTO deck_config VALUES (1, 'Default', 0, 0, \(Wire.hex(Wire.int(9, 20) + Wire.int(10, 200))))",
      "INSERT INTO deck_config VALUES (2, 'Small', 0, 0, \(Wire.hex(Wire.int(1, 0) + Wire.int(9, 5) + Wire.int(10, 50))))",
      card(1, deck: 10, queue: 0, type: 0, due: 1), card(2, deck: 10, queue: 0, type: 0, due: 2),
      card(3, deck: 10, queue: 2, type: 2, due: 41), card(4, deck: 10, queue: 2, type: 2, due: 41),
      card(5, deck: 11, queue: 2, type: 2, due: -100_000, odue: 43, odid: 10),
      card(6, deck: 10, queue: -1, type: 2, due: 12),
    ]

  static let sampleRead = AnkiCollection(
    creation: 1_790_000_000, creationOffsetMinutesWest: -540, rolloverHour: 7, learnAheadSeconds: 600,
    lastUnburiedDay: 5, newCardsIgnoreReviewLimit: true, applyAllParentLimits: false,
    decks: [
      .init(id: 1, name: ["Default"], kind: .normal(.init(presetID: 1))),
      .init(
        id: 10, name: ["日本語"],
        kind: .normal(
          .init(presetID: 2, reviewLimit: 0, newLimit: 9, newLimitToday: .init(limit: 4, day: 40))),
        studied: .init(day: 40, new: -2, review: 3)),
      .init(id: 11, name: ["日本語", "Cram"], kind: .filtered),
    ],
    presets: [1: .init(newPerDay: 20, reviewsPerDay: 200), 2: .init(newPerDay: 5, reviewsPerDay: 50)],
    cards: [
      .init(deck: 10, queue: -1, type: 2, due: 0, count: 1),
      .init(deck: 10, queue: 0, type: 0, due: 0, count: 2),
      .init(deck: 10, queue: 2, type: 2, due: 41, count: 2),
      .init(deck: 11, originalDeck: 10, queue: 2, type: 2, due: -100_000, originalDue: 43, count: 1),
    ])
}

/// Reading a collection as `reminders` does: in place when nothing is beside it, from a copy
/// while a WAL is, and never creating or changing a file there.
@Suite struct CollectionFileTests {
  func read(_ path: String) throws -> (AnkiCollection, AnkiFileIdentity, AnkiReadMethod) {
    try AnkiCollectionFile(path: path).read(deadline: Date().addingTimeInterval(10))
  }

  @Test func readsWhatTheCountsNeed() throws {
    let s = try Scratch()
    defer { s.remove() }
    _ = try Scratch.run(s.collection, Scratch.sample)
    let before = try s.contents()
    let (collection, identity, method) = try read(s.collection)
    #expect(method == .direct && !identity.hasSidecar)
    var sorted = collection
    sorted.decks.sort { $0.id < $1.id }
    sorted.cards.sort { ($0.deck, $0.queue) < ($1.deck, $1.queue) }
    #expect(sorted == Scratch.sampleRead)
    #expect(try s.contents() == before, "nothing is created or changed beside the collection")
  }

  func problem(_ body: () throws -> Void) -> AnkiProblem? {
    do {
      try body()
    } catch AnkiReadFailure.notACollection(let problem) {
      return problem
    } catch {
      Issue.record("unexpected \(error)")
    }
    return nil
  }

  @Test func whatIsNotACollection() throws {
    let s = try Scratch()
    defer { s.remove() }
    #expect(problem { _ = try read(s.folder + "/none.anki2") } == .missing)
    #expect(problem { _ = try read(s.folder) } == .notRegularFile(.directory))
    try "not a database\n".write(toFile: s.folder + "/text.anki2", atomically: true, encoding: .utf8)
    #expect(problem { _ = try read(s.folder + "/text.anki2") } == .notSQLite)
    let other = s.folder + "/other.anki2"
    _ = try Scratch.run(other, ["CREATE TABLE notes (id integer)"])
    #expect(problem { _ = try read(other) } == .notAnki(missing: "col"))
    let old = s.folder + "/old.anki2"
    _ = try Scratch.run(old, Array(Scratch.schema(ver: 11).prefix(2)))
    #expect(problem { _ = try read(old) } == .schema(11))
    // A newer schema is read (the tables and columns read are those of 18): a new Anki must not
    // stop every reminder.
    let newer = s.folder + "/newer.anki2"
    _ = try Scratch.run(newer, Scratch.schema(ver: 19))
    #expect(try read(newer).2 == .direct)
    let partial = s.folder + "/partial.anki2"
    _ = try Scratch.run(partial, Array(Scratch.schema().prefix(2)))
    #expect(problem { _ = try read(partial) } == .notAnki(missing: "cards"))
    let v1 = s.folder + "/v1.anki2"
    _ = try Scratch.run(v1, Scratch.schema(config: ["schedVer": "1"]))
    #expect(problem { _ = try read(v1) } == .firstScheduler)
    let bad = s.folder + "/bad.anki2"
    _ = try Scratch.run(bad, Scratch.schema() + ["INSERT INTO decks VALUES (5, 'X', 0, 0, X'08', X'0A00')"])
    #expect(problem { _ = try read(bad) } == .badValue(.deck(id: 5, reason: .varintPastEnd, offset: 1)))
    let kindless = s.folder + "/kindless.anki2"
    _ = try Scratch.run(kindless, Scratch.schema() + ["INSERT INTO decks VALUES (5, 'X', 0, 0, X'', X'')"])
    #expect(
      problem { _ = try read(kindless) }.map { "\($0)" }?.contains("neither a normal nor a filtered deck")
        == true)
  }

  /// `body`, its typed error as any error (a typed throw caught by a pattern crashes SILGen).
  func untyped(_ body: () throws -> Void) throws { try body() }

  /// What may pass is no config error: a `stat` that fails other than "no such file" (here
  /// ELOOP; EACCES, EIO and ESTALE take the same way) is unavailable, and a content failure
  /// seen once (no time for a second look at the same files) is unavailable; seen twice from
  /// unchanged files, it is the file's.
  @Test func whatMayPassIsUnavailable() throws {
    let s = try Scratch()
    defer { s.remove() }
    #expect(symlink(s.folder + "/b.anki2", s.folder + "/a.anki2") == 0)
    #expect(symlink(s.folder + "/a.anki2", s.folder + "/b.anki2") == 0)
    do {
      _ = try read(s.folder + "/a.anki2")
      Issue.record("read a symbolic link loop")
    } catch AnkiReadFailure.unavailable(let why) {
      #expect("\(why)".contains("symbolic links"), "\(why)")
    }
    let text = s.folder + "/text.anki2"
    try "not a database\n".write(toFile: text, atomically: true, encoding: .utf8)
    do {
      try untyped { _ = try AnkiCollectionFile(path: text).read(deadline: Date().addingTimeInterval(-1)) }
      Issue.record("a text file read")
    } catch AnkiReadFailure.unavailable(let why) {
      #expect(why == .content(.notSQLite))
    }
    #expect(problem { _ = try read(text) } == .notSQLite)
  }

  /// Copies go into a folder of ours and are removed afterwards; a copy left by a read that was
  /// killed (its process gone, older than a minute) is removed by the next read, not one of a
  /// live process, a fresh one or anything else; too little free space is unavailable at once.
  @Test func copiesAreOursAndDoNotLinger() throws {
    let s = try Scratch()
    defer { s.remove() }
    let copies = s.folder + "/copies"
    try FileManager.default.createDirectory(atPath: copies, withIntermediateDirectories: true)
    // A pid no process can have: pids stay below `pid_max` (a spawned process that ended may
    // not be reaped yet, or its pid taken again, while other tests run).
    let pidMax = try String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)
    let dead = try #require(Int32(pidMax.trimmingCharacters(in: .whitespacesAndNewlines)))
    let old = Date().addingTimeInterval(-600)
    for name in [
      "reminders-anki.\(dead).aaaaaa", "reminders-anki.\(getpid()).bbbbbb", "reminders-anki.\(dead).cccccc",
      "other",
    ] {
      try FileManager.default.createDirectory(atPath: copies + "/" + name, withIntermediateDirectories: true)
      try Data(count: 1000).write(to: URL(fileURLWithPath: copies + "/" + name + "/collection.anki2"))
      if !name.hasSuffix("cccccc") {
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: copies + "/" + name)
      }
    }
    _ = try Scratch.run(s.collection, Scratch.sample)
    let holder = try Scratch.run(
      s.collection,
      [
        "PRAGMA locking_mode = EXCLUSIVE", "PRAGMA journal_mode = WAL",
        Scratch.card(7, deck: 10, queue: 0, type: 0, due: 3),
      ])
    let (_, _, method) = try AnkiCollectionFile(path: s.collection, copyFolder: copies).read(
      deadline: Date().addingTimeInterval(10))
    #expect(method == .snapshot)
    let left = try FileManager.default.contentsOfDirectory(atPath: copies).sorted()
    #expect(
      left == ["other", "reminders-anki.\(getpid()).bbbbbb", "reminders-anki.\(dead).cccccc"].sorted(),
      "\(left)")
    var files = try AnkiCollectionFile(path: s.collection).identity()
    files.database.size = 1 << 60
    do {
      try untyped { try AnkiCollectionFile.checkSpace(in: copies, for: files) }
      Issue.record("an exabyte fits")
    } catch AnkiReadFailure.unavailable(let why) {
      #expect("\(why)".hasPrefix("not enough free space in \(copies)"), "\(why)")
    }
    withExtendedLifetime(holder) {}
  }

  /// A collection held open as Anki holds it (WAL, `locking_mode=EXCLUSIVE`, changes only in the
  /// WAL): read from a copy, WAL included, within the time; the files as they were, no `-shm`.
  @Test func aCollectionHeldOpenIsReadFromACopy() throws {
    let s = try Scratch()
    defer { s.remove() }
    _ = try Scratch.run(s.collection, Scratch.sample)
    let holder = try Scratch.run(
      s.collection,
      [
        "PRAGMA locking_mode = EXCLUSIVE", "PRAGMA journal_mode = WAL",
        Scratch.card(7, deck: 10, queue: 0, type: 0, due: 3),
      ])
    let before = try s.contents()
    #expect(before.keys.sorted() == ["collection.anki2", "collection.anki2-wal"])
    let started = Date()
    let (collection, identity, method) = try read(s.collection)
    #expect(Date().timeIntervalSince(started) < 5)
    #expect(method == .snapshot && identity.wal != nil)
    #expect(collection.cards.first { $0.queue == 0 }?.count == 3, "the card only the WAL holds is counted")
    #expect(try s.contents() == before)
    // The holder still writes (nothing of ours was left holding a lock).
    try holder.rows(Scratch.card(8, deck: 10, queue: 0, type: 0, due: 4)) { _ in }
    withExtendedLifetime(holder) {}
  }

  /// Something that cannot be copied beside the collection (here a named pipe where the WAL
  /// would be) leaves it unavailable at once: no wait, nothing changed.
  @Test func aWALThatCannotBeReadIsUnavailableAtOnce() throws {
    let s = try Scratch()
    defer { s.remove() }
    _ = try Scratch.run(s.collection, Scratch.sample)
    #expect(mkfifo(s.collection + "-wal", 0o600) == 0)
    let started = Date()
    do {
      _ = try read(s.collection)
      Issue.record("read through a named pipe")
    } catch AnkiReadFailure.unavailable(let why) {
      #expect("\(why)".contains("named pipe"), "\(why)")
    }
    #expect(Date().timeIntervalSince(started) < 5)
  }

  /// A reading is remembered by `run` (`save`) and used while the files are as they were; a
  /// file modified just before the read is not trusted to say so (it is read again); what cannot
  /// be read stands on the last reading, said stale, or on nothing.
  @Test func theSourceRemembersAndFallsBack() throws {
    let s = try Scratch()
    defer { s.remove() }
    _ = try Scratch.run(s.collection, Scratch.sample)
    let clock = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)
    let source = AnkiSource(
      settings: AnkiSettings(collection: s.collection), configPath: "c.toml", stateDir: s.folder + "/state")
    let t1 = Date(timeIntervalSince1970: 1_800_000_000)
    let t2 = t1.addingTimeInterval(60)
    // Fresh from the disk: not trusted yet, so the next read reads again.
    let first = try source.read(now: t1, clock: clock, save: true)
    #expect(first.freshness == .current && first.reading?.keyTrusted == false)
    // Read again (read at is the wall clock's time of the read, not `now`).
    let again = try #require(try source.read(now: t2, clock: clock, save: false).reading)
    #expect(again.readAt > first.reading!.readAt && again.readAt <= Date())
    // An hour old: remembered, and then used as it is.
    var old = [
      timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3600, tv_nsec: 0),
    ]
    #expect(utimensat(AT_FDCWD, s.collection, &old, 0) == 0)
    let trusted = try #require(try source.read(now: t1, clock: clock, save: true).reading)
    #expect(trusted.keyTrusted)
    func same(_ a: Date?) -> Bool { a.map { abs($0.timeIntervalSince(trusted.readAt)) < 1 } == true }
    let cached = try source.read(now: t2, clock: clock, save: false)
    #expect(cached.freshness == .current && same(cached.reading?.readAt))
    #expect(cached.reading?.collection.decks.count == 3)
    // The WAL cannot be read: the last reading, stale.
    #expect(mkfifo(s.collection + "-wal", 0o600) == 0)
    let stale = try source.read(now: t2, clock: clock, save: true)
    guard case .stale(let why) = stale.freshness else {
      Issue.record("not stale: \(stale.freshness)")
      return
    }
    #expect("\(why)".contains("named pipe") && same(stale.reading?.readAt))
    // Without a reading to stand on: nothing, and said so.
    try FileManager.default.removeItem(atPath: s.folder + "/state/anki.json")
    let none = try source.read(now: t2, clock: clock, save: true)
    #expect(none.reading == nil && none.freshness != .current)
    // A path that names no collection is the config's problem: 65, naming the key and the file.
    let missing = AnkiSource(
      settings: AnkiSettings(collection: s.folder + "/gone.anki2"), configPath: "c.toml", stateDir: s.folder)
    #expect(
      throws: AnkiConfigError(configPath: "c.toml", collection: s.folder + "/gone.anki2", problem: .missing)
    ) {
      try missing.read(now: t1, clock: clock, save: false)
    }
    // What stands in then: the last reading of the same collection, said as of when, or none;
    // a collection replaced by a named pipe is refused without opening it (no hang).
    #expect(
      missing.status(without: AnkiConfigError(configPath: "c.toml", collection: "", problem: .missing))
        == AnkiStatus(
          collectionPath: s.folder + "/gone.anki2", reading: nil,
          freshness: .unavailable(reason: .notACollection(.missing))))
    try FileManager.default.removeItem(atPath: s.collection + "-wal")
    let last = try #require(try source.read(now: t2, clock: clock, save: true).reading)
    try FileManager.default.removeItem(atPath: s.collection)
    #expect(mkfifo(s.collection, 0o600) == 0)
    let pipe = AnkiConfigError(
      configPath: "c.toml", collection: s.collection, problem: .notRegularFile(.namedPipe))
    #expect(throws: pipe) { try source.read(now: t2, clock: clock, save: true) }
    let standIn = source.status(without: pipe)
    #expect(standIn.freshness == .stale(reason: .notACollection(.notRegularFile(.namedPipe))))
    #expect(standIn.reading?.collection == last.collection && same(standIn.reading?.readAt))
  }

  @Test func theStateFileRoundTripsAndRefusesTampering() throws {
    let s = try Scratch()
    defer { s.remove() }
    let clock = DayClock(zone: TimeZone(identifier: "America/New_York")!)
    let reading = AnkiReading(
      collectionPath: "/c.anki2", readAt: Date(timeIntervalSince1970: 1_800_000_000), method: "snapshot",
      key: "db 1:2:3:4.5 wal - journal -", keyTrusted: true, collection: Scratch.sampleRead)
    let state = AnkiStateFile(stateDir: s.folder)
    try state.save(reading, clock: clock)
    #expect(state.load() == reading)
    let mode = try FileManager.default.attributesOfItem(atPath: state.path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    var bytes = try #require(FileManager.default.contents(atPath: state.path))
    bytes[bytes.count - 3] ^= 1
    try bytes.write(to: URL(fileURLWithPath: state.path))
    #expect(state.load() == nil)
  }

  @Test func uriPathsAreEscaped() {
    #expect(SQLiteDatabase.uriPath("/a/User 1/c?#%.anki2") == "/a/User%201/c%3F%23%25.anki2")
    #expect(SQLiteDatabase.uriPath("/日") == "/%E6%97%A5")
  }
}
