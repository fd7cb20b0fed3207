import CLITestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Files that are not what they should be (a named pipe, a link, a full or read-only disk), and
/// paths of one character: one `reminders:` line naming the file, the exit code of docs/exit-codes.md,
/// nothing lost or replaced, and never a hang or a crash.
@Suite struct HostileFilesTests {
  static let now = "2026-11-21T08:00:00+09:00"

  func home() throws -> Binary { try Binary.withFixture() }

  func kind(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
  }

  func replaceWithFIFO(_ path: String) throws {
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    #expect(mkfifo(path, 0o600) == 0)
  }

  /// Exactly one line on stderr says `message`, and it is the last one.
  func says(_ result: Binary.Result, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let lines = result.stderrLines
    #expect(
      lines.filter { $0 == "reminders: " + message }.count == 1, "\(result.stderr)",
      sourceLocation: sourceLocation)
    #expect(lines.last.map(String.init) == "reminders: " + message, sourceLocation: sourceLocation)
  }

  // MARK: One-character relative paths (once a crash, exit 132, in the path split)

  @Test func oneCharacterRelativePathsAreWritten() throws {
    let bin = try home()
    let work = bin.home + "/work"
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    let export = try bin.bounded(["export", "--output", "f", "--now", Self.now], in: work)
    #expect(export.status == 0, "\(export.stderr)")
    #expect(
      export.stdout.hasPrefix("Wrote ") && export.stdout.hasSuffix(" events to f.\n"), "\(export.stdout)")
    #expect(try String(contentsOfFile: work + "/f", encoding: .utf8).hasPrefix("BEGIN:VCALENDAR"))

    let add = try bin.bounded(["cards", "add", "--deck", "d", "新しい", "new"], in: work)
    #expect(add.status == 0, "\(add.stderr)")
    #expect(try bin.bounded(["cards", "list", "--deck", "d"], in: work).stdout.contains("新しい"))
    // The minute job folds the change into the deck file itself.
    #expect(try bin.bounded(["run", "--deck", "d", "--now", Self.now], in: work).status == 0)
    #expect(try String(contentsOfFile: work + "/d", encoding: .utf8).contains("\"front\": \"新しい\""))

    // `fallback.path = "~"` is a file named `~` in the folder `run` starts in.
    try bin.writeConfig(tokyoConfig + "\n[fallback]\npath = \"~\"\n")
    let run = try bin.bounded(["run", "--now", Self.now], in: work)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try String(contentsOfFile: work + "/~", encoding: .utf8).contains("BEGIN:VEVENT"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: work).sorted() == ["d", "f", "~"])
  }

  // MARK: Named pipes (once a hang, holding the lock)

  @Test func aNamedPipeForTheDeckIsRefusedAtOnce() throws {
    let bin = try home()
    try replaceWithFIFO(bin.deckPath)
    for arguments in [
      ["preview", "--now", Self.now], ["cards", "add", "x", "y"], ["run", "--now", Self.now],
    ] {
      let result = try bin.bounded(arguments)
      #expect(result.status == 65, "\(arguments): \(result.stderr)")
      says(result, "\(bin.deckPath): cannot read: it is a named pipe (FIFO), not a regular file")
    }
    #expect(kind(bin.deckPath) == S_IFIFO)
  }

  @Test func aNamedPipeForTheConfigIsRefusedAtOnce() throws {
    let bin = try home()
    try replaceWithFIFO(bin.configPath)
    let result = try bin.bounded(["preview", "--now", Self.now])
    #expect(result.status == 65)
    says(result, "\(bin.configPath): cannot read: it is a named pipe (FIFO), not a regular file")
    #expect(kind(bin.configPath) == S_IFIFO)
  }

  @Test func aNamedPipeForTheLedgerOrTheCalendarIsRefusedAtOnce() throws {
    let bin = try home()
    let ledger = bin.home + "/state/reminders/ledger.json"
    try replaceWithFIFO(ledger)
    let first = try bin.bounded(["run", "--now", Self.now])
    #expect(first.status == 65)
    says(first, "\(ledger): cannot read: it is a named pipe (FIFO), not a regular file")
    #expect(kind(ledger) == S_IFIFO)

    try FileManager.default.removeItem(atPath: ledger)
    let calendar = bin.home + "/data/reminders/fallback.ics"
    try replaceWithFIFO(calendar)
    let second = try bin.bounded(["run", "--now", Self.now])
    #expect(second.status == 65)
    says(second, "\(calendar): cannot read: it is a named pipe (FIFO), not a regular file")
    #expect(kind(calendar) == S_IFIFO)
    // Nothing was recorded as delivered: the next run, with the file fixed, delivers it.
    try FileManager.default.removeItem(atPath: calendar)
    #expect(try bin.bounded(["run", "--now", Self.now]).status == 0)
    #expect(try String(contentsOfFile: calendar, encoding: .utf8).contains("BEGIN:VEVENT"))
  }

  /// The journal's lock is written (created when missing): a named pipe there is a write
  /// failure (74).
  @Test func aNamedPipeForTheLockIsRefusedAtOnce() throws {
    let bin = try home()
    let lock = bin.home + "/state/reminders/journal.lock"
    try replaceWithFIFO(lock)
    let before = try String(contentsOfFile: bin.deckPath, encoding: .utf8)
    let result = try bin.bounded(["cards", "add", "x", "y"])
    #expect(result.status == 74)
    says(result, "\(lock): cannot write: it is a named pipe (FIFO), not a regular file")
    #expect(try String(contentsOfFile: bin.deckPath, encoding: .utf8) == before)
    // `run` reads whether the watch holds its lock: a pipe there is no watch, and no hang.
    try FileManager.default.removeItem(atPath: lock)
    try replaceWithFIFO(bin.home + "/state/reminders/watch.lock")
    #expect(try bin.bounded(["run", "--now", Self.now]).status == 0)
  }

  @Test func exportNeverReplacesANamedPipe() throws {
    let bin = try home()
    let fifo = bin.home + "/feed.ics"
    try replaceWithFIFO(fifo)
    let result = try bin.bounded(["export", "--output", fifo, "--now", Self.now])
    #expect(result.status == 74)
    says(result, "\(fifo): cannot write: it is a named pipe (FIFO), not a regular file")
    #expect(kind(fifo) == S_IFIFO)
  }

  // MARK: Symbolic links

  /// A deck linked into a synced folder stays a link, and the card lands in the target.
  @Test func aDeckThatIsASymbolicLinkIsWrittenThrough() throws {
    let bin = try home()
    let synced = bin.home + "/Sync/decks"
    try FileManager.default.createDirectory(atPath: synced, withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: bin.deckPath, toPath: synced + "/deck.json")
    #expect(symlink("../../Sync/decks/deck.json", bin.deckPath) == 0)
    let add = try bin.bounded(["cards", "add", "同期", "sync"])
    #expect(add.status == 0, "\(add.stderr)")
    // The minute job folds the journal beside the link into the deck.
    #expect(try bin.bounded(["run", "--now", Self.now]).status == 0)
    #expect(kind(bin.deckPath) == S_IFLNK)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: bin.deckPath) == "../../Sync/decks/deck.json")
    let target = try String(contentsOfFile: synced + "/deck.json", encoding: .utf8)
    #expect(target.contains("\"front\": \"同期\"") && target.contains("食べる"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: synced) == ["deck.json"])
    // (and the journal is gone: the run wrote only its calendar beside the link).
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: bin.home + "/data/reminders"))
        .subtracting(["fallback.ics"]) == ["deck.json"])
  }

  /// A link into a folder that is not there (an unmounted drive): nothing is created anywhere.
  @Test func aDanglingLinkIntoAMissingFolderIsRefused() throws {
    let bin = try home()
    let away = bin.home + "/media/usb/deck.json"
    try FileManager.default.removeItem(atPath: bin.deckPath)
    #expect(symlink(away, bin.deckPath) == 0)
    let result = try bin.bounded(["cards", "add", "x", "y"])
    #expect(result.status == 74)
    says(
      result, "\(bin.deckPath): cannot write: it is a symbolic link to \(away), whose folder does not exist")
    #expect(!FileManager.default.fileExists(atPath: bin.home + "/media"))
    #expect(kind(bin.deckPath) == S_IFLNK)
  }

  /// Caches and state are ours alone: a link there is replaced by our file, and what it pointed
  /// at (someone else's file) is neither written nor chmod'ed, nor created when missing.
  @Test func aCacheOrStateFileThatIsALinkIsReplacedNotFollowed() throws {
    let bin = try home()
    let victim = bin.home + "/victim.txt"
    try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
    #expect(chmod(victim, 0o644) == 0)
    let cache = bin.home + "/cache/reminders/plan-input.json"
    let ledger = bin.home + "/state/reminders/ledger.json"
    for folder in [bin.home + "/cache/reminders", bin.home + "/state/reminders"] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    #expect(symlink(victim, cache) == 0)
    #expect(symlink(bin.home + "/nobody.json", ledger) == 0)
    #expect(try bin.bounded(["cards", "add", "a", "b"]).status == 0)
    let run = try bin.bounded(["run", "--now", Self.now])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
    var info = stat()
    #expect(stat(victim, &info) == 0 && info.st_mode & 0o777 == 0o644)
    #expect(!FileManager.default.fileExists(atPath: bin.home + "/nobody.json"))
    #expect(kind(cache) == S_IFREG && kind(ledger) == S_IFREG)
    #expect(try String(contentsOfFile: ledger, encoding: .utf8).contains("daily:2026-11-21"))
  }

  /// The deck's journal as a link: `review` and `cards answer` refuse it alike (65, one line),
  /// and its target is left as it was.
  @Test func aJournalThatIsALinkIsRefusedAlike() throws {
    let bin = try home()
    let victim = bin.home + "/victim.txt"
    try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
    let card = try #require(
      try bin.bounded(["cards", "list", "--json"]).stdout.firstMatch(of: /"id" *: *"([0-9a-f-]+)"/)?.1)
    let journal = bin.deckPath + ".journal"
    #expect(symlink(victim, journal) == 0)
    let message = "\(journal): cannot read: it is a symbolic link, not a regular file"
    for command in [
      ["review", "--now", Self.now], ["cards", "answer", String(card), "correct", "--now", Self.now],
    ] {
      let result = try bin.bounded(command)
      #expect(result.status == 65, "\(command) \(result.stderr)")
      says(result, message)
    }
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
    #expect(kind(journal) == S_IFLNK)
  }

  // MARK: A full disk and a read-only folder (root: a tmpfs in a mount namespace of its own)

  /// Runs `script` as `sh -c script sh BINARY DECK` in a private mount namespace, where `$dir` is
  /// a tmpfs of `size` holding a copy of DECK at `$dir/deck.json`; returns the lines it printed.
  func onTmpfs(size: String, readOnly: Bool, _ script: String, bin: Binary) throws -> [String] {
    let setup = """
      set -u
      dir=$(mktemp -d)
      mount -t tmpfs -o size=\(size),mode=0700 tmpfs "$dir" || { echo "cannot mount"; exit 0; }
      cp "$2" "$dir/deck.json"
      \(readOnly ? "mount -o remount,ro \"$dir\"" : "")
      """
    let result = try Programs.run(
      [
        "unshare", "--mount", "--propagation", "private", "sh", "-c", setup + "\n" + script, "sh",
        Binary.path, bin.deckPath,
      ],
      environment: bin.environment)
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  static let addAndReport = """
    timeout 15 "$1" cards add --deck "$dir/deck.json" 追加 added 2>"$dir.err"; echo "exit $?"
    cat "$dir.err"
    cmp -s "$dir/deck.json" "$2" && echo "deck intact"
    ls -A "$dir"
    """

  /// A change made (one short line of the journal), then the minute job's fold of it, which
  /// cannot write the deck anew: said, the run goes on, the deck and the change are kept.
  static let addFoldAndReport = """
    timeout 15 "$1" cards add --deck "$dir/deck.json" 追加 added >/dev/null 2>"$dir.err"; echo "exit $?"
    timeout 15 "$1" run --deck "$dir/deck.json" >/dev/null 2>>"$dir.err"; echo "run exit $?"
    cat "$dir.err"
    cmp -s "$dir/deck.json" "$2" && echo "deck intact"
    "$1" cards list --deck "$dir/deck.json" | grep -q 追加 && echo "change kept"
    ls -A "$dir"
    """

  @Test(.enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
  func aFullDiskFailsWith74AndKeepsTheDeck() throws {
    let bin = try home()
    // A deck of about 40 kB on a 64 kB disk: its rewrite cannot fit beside it.
    var cards: [String] = []
    for i in 0..<300 {
      cards.append(
        "{\"id\": \"c-\(i)\", \"front\": \"front \(i)\", \"back\": \"back \(i)\", \"tags\": [], \"stepIndex\": 0, \"nextReviewDate\": \"2026-11-21\", \"createdAt\": \"2026-11-01T00:00:00Z\"}"
      )
    }
    try bin.writeDeck("{\"version\": 1, \"cards\": [\n" + cards.joined(separator: ",\n") + "\n]}\n")
    let lines = try onTmpfs(size: "64k", readOnly: false, Self.addFoldAndReport, bin: bin)
    try #require(lines.first != "cannot mount", "this machine does not let root mount a tmpfs")
    #expect(lines.count >= 3 && lines[0] == "exit 0" && lines[1] == "run exit 0", "\(lines)")
    #expect(lines.count >= 3 && lines[2].hasPrefix("reminders: /tmp/"), "\(lines)")
    #expect(
      lines.count >= 3 && lines[2].hasSuffix("/deck.json: cannot write: No space left on device"), "\(lines)")
    #expect(lines.contains("deck intact") && lines.contains("change kept"), "\(lines)")
    // No temporary file left behind: the deck and its journal, waiting for the next run.
    #expect(
      Array(lines.drop { $0 != "change kept" }.dropFirst()).sorted() == ["deck.json", "deck.json.journal"])
  }

  @Test(.enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
  func aReadOnlyFolderFailsWith74AndKeepsTheDeck() throws {
    let bin = try home()
    let lines = try onTmpfs(size: "1m", readOnly: true, Self.addAndReport, bin: bin)
    try #require(lines.first != "cannot mount", "this machine does not let root mount a tmpfs")
    #expect(lines.count >= 2 && lines[0] == "exit 74", "\(lines)")
    #expect(
      lines.count >= 2 && lines[1].hasSuffix("/deck.json.journal: cannot write: Read-only file system"),
      "\(lines)")
    #expect(lines.contains("deck intact"))
  }
}
