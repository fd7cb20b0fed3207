import Foundation
import RemindersCore
import Testing

@testable import RemindersStore

#if canImport(Glibc)
  import Glibc
#endif

/// One rule per kind of file for a symbolic link where a file of ours should be (docs/files.md):
/// the user's files are written through; state and caches replace the link and never touch its
/// target; the journal and the locks are never a link, for every reader and writer alike.
@Suite struct LinkRuleTests {
  let tokyo = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)

  /// A scratch folder holding `victim`: someone else's file, mode 0644, and a link to it at
  /// `name` in a folder of ours.
  func linkedVictim(_ name: String) throws -> (dir: String, link: String, victim: String) {
    let dir = try scratchFolder()
    let victim = dir + "/victim.txt"
    try FileManager.default.createDirectory(atPath: dir + "/ours", withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: victim, contents: Data("precious\n".utf8)))
    #expect(chmod(victim, 0o644) == 0)
    #expect(symlink(victim, dir + "/ours/" + name) == 0)
    return (dir, dir + "/ours/" + name, victim)
  }

  /// The victim holds what it held, with its mode; the path is now a regular file of mode 0600.
  func victimUntouched(
    _ victim: String, replacedAt path: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var info = stat()
    #expect(contents(victim) == "precious\n", sourceLocation: sourceLocation)
    #expect(
      stat(victim, &info) == 0 && info.st_mode & 0o777 == 0o644, "victim's mode",
      sourceLocation: sourceLocation)
    #expect(
      lstat(path, &info) == 0 && FileKind(mode: info.st_mode) == .regular && info.st_mode & 0o777 == 0o600,
      "\(path) is a regular file of ours", sourceLocation: sourceLocation)
  }

  @Test func aReplacingWriteReplacesTheLinkNotItsTarget() throws {
    let (dir, link, victim) = try linkedVictim("state.json")
    try FileIO.writeAtomically(Array("ours".utf8), to: link, links: .replace)
    victimUntouched(victim, replacedAt: link)
    #expect(contents(link) == "ours")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/ours") == ["state.json"])
    // A link to nothing: nothing is made where it points.
    #expect(symlink(dir + "/ghost.json", dir + "/ours/other.json") == 0)
    try FileIO.writeAtomically(Array("ours".utf8), to: dir + "/ours/other.json", links: .replace)
    #expect(!FileManager.default.fileExists(atPath: dir + "/ghost.json"))
    #expect(contents(dir + "/ours/other.json") == "ours")
  }

  @Test func aReplacingWriteNeverReplacesAPipeOrAFolder() throws {
    let dir = try scratchFolder()
    #expect(mkfifo(dir + "/pipe", 0o600) == 0)
    #expect(
      storeError { try FileIO.writeAtomically([1], to: dir + "/pipe", links: .replace) }
        == .writeFailed(path: dir + "/pipe", reason: .notRegularFile(.namedPipe)))
    try FileManager.default.createDirectory(atPath: dir + "/folder", withIntermediateDirectories: true)
    #expect(
      storeError { try FileIO.writeAtomically([1], to: dir + "/folder", links: .replace) }
        == .writeFailed(path: dir + "/folder", reason: .notRegularFile(.directory)))
  }

  @Test func theCachesAndStateFilesReplaceALink() throws {
    // The plan cache.
    var (dir, link, victim) = try linkedVictim("plan-input.json")
    let deck = DeckStore(path: dir + "/ours/deck.json", lockPath: dir + "/ours/lock")
    try FileIO.writeAtomically(DeckCodec.encode(StoredDeck(), clock: tokyo), to: deck.path)
    _ = try PlanInputCache(deckPath: deck.path, cachePath: link).input(
      clock: tokyo, zoneName: "Asia/Tokyo", store: deck, limits: NewCardLimits(perDay: 20),
      today: Day(iso: "2026-11-21")!, write: true)
    victimUntouched(victim, replacedAt: link)

    // The last Anki reading.
    (dir, link, victim) = try linkedVictim("anki.json")
    let reading = AnkiReading(
      collectionPath: "/c.anki2", readAt: Date(timeIntervalSince1970: 1_790_000_000), method: "direct",
      key: "k", keyTrusted: true, collection: AnkiCollection(creation: 0, creationOffsetMinutesWest: nil))
    try AnkiStateFile(stateDir: dir + "/ours").save(reading, clock: tokyo)
    victimUntouched(victim, replacedAt: link)

    // The ledger, linked to a file that is not there yet: never made.
    (dir, link, victim) = try linkedVictim("other")
    #expect(unlink(dir + "/ours/other") == 0)
    #expect(symlink(dir + "/made-by-nobody.json", dir + "/ours/ledger.json") == 0)
    try LedgerStore(path: dir + "/ours/ledger.json", lockPath: dir + "/ours/lock").update(
      lockSeconds: 1, clock: tokyo
    ) { ledger in
      ledger.record(
        .init(
          reminderID: .daily(Day(iso: "2026-11-21")!),
          deliveredAt: Date(timeIntervalSince1970: 1_790_000_000),
          channel: .popup, notificationID: nil, recallItemIDs: [], title: "t"))
    }
    #expect(!FileManager.default.fileExists(atPath: dir + "/made-by-nobody.json"))
    victimUntouched(victim, replacedAt: dir + "/ours/ledger.json")

    // The location cache.
    (dir, link, victim) = try linkedVictim("location.json")
    LocationCache(cacheDir: dir + "/ours").save(
      .init(point: GeoPoint(latitude: 35, longitude: 139)!, accuracy: 10, at: Date()), clock: tokyo)
    victimUntouched(victim, replacedAt: link)
  }

  /// The deck's journal as a link: refused alike by a reader (a review session, `cards answer`
  /// and `preview` all read it first) and by an append; the target is never read or written.
  @Test func theJournalIsNeverALink() throws {
    let (dir, _, victim) = try linkedVictim("deck.json.journal")
    let deck = DeckStore(path: dir + "/ours/deck.json", lockPath: dir + "/ours/lock")
    let link = deck.journal.path
    #expect(
      storeError { _ = try deck.load() } == .unreadable(path: link, reason: .notRegularFile(.symbolicLink)))
    #expect(
      storeError { try deck.update(clock: tokyo) { _ in } }
        == .unreadable(path: link, reason: .notRegularFile(.symbolicLink)))
    #expect(
      storeError {
        try deck.append(.recalls([]), clock: tokyo)
      } == .writeFailed(path: link, reason: .notRegularFile(.symbolicLink)))
    var info = stat()
    #expect(contents(victim) == "precious\n" && stat(victim, &info) == 0 && info.st_mode & 0o777 == 0o644)
    #expect(lstat(link, &info) == 0 && FileKind(mode: info.st_mode) == .symbolicLink)
  }

  /// A lock is a file only we make: a link there is refused, and nothing is made where it points.
  @Test func aLockIsNeverALink() throws {
    let dir = try scratchFolder()
    #expect(symlink(dir + "/elsewhere", dir + "/lock") == 0)
    #expect(
      storeError { _ = try FileLock(path: dir + "/lock", seconds: 0) }
        == .writeFailed(path: dir + "/lock", reason: .notRegularFile(.symbolicLink)))
    #expect(!FileManager.default.fileExists(atPath: dir + "/elsewhere"))
  }
}
