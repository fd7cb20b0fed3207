import Foundation
import TestFolders
import Testing

@testable import RemindersStore

#if canImport(Glibc)
  import Glibc
#endif

/// A fresh folder for one test.
func scratchFolder() throws -> String {
  let path = try TemporaryFolder.make("reminders-store")
  return path
}

/// Runs `body` on a thread of its own and waits at most `seconds` for it: a call that hangs fails
/// the test instead of blocking the run. `release` runs on a timeout (it unblocks the thread).
func withinSeconds<T: Sendable>(
  _ seconds: Double, release: () -> Void = {}, _ body: @escaping @Sendable () -> T,
  sourceLocation: SourceLocation = #_sourceLocation
) -> T? {
  let box = ResultBox<T>()
  let done = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    box.value = body()
    done.signal()
  }
  if done.wait(timeout: .now() + seconds) == .timedOut {
    Issue.record("still running after \(seconds) s: it hangs", sourceLocation: sourceLocation)
    release()
    done.wait()
    return nil
  }
  return box.value
}

/// `@unchecked Sendable`: written once by the thread, read after it signalled.
final class ResultBox<T>: @unchecked Sendable {
  var value: T?
}

/// What a call threw, as a `StoreError` (nil when it threw nothing or something else).
func storeError(_ body: () throws -> Void) -> StoreError? {
  do {
    try body()
    return nil
  } catch {
    return error as? StoreError
  }
}

func contents(_ path: String) -> String? {
  FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
}

@Suite struct PathSyntaxTests {
  @Test(arguments: [
    ("f", ".", "f"), ("d/f", "d", "f"), ("/f", "/", "f"), ("/a/b/f", "/a/b", "f"), ("a//f", "a", "f"),
    ("a/f/", "a", "f"), ("/", "/", "/"), ("~", ".", "~"), ("./f", ".", "f"), ("../f", "..", "f"),
    ("/a/../f", "/a/..", "f"), ("日本/デッキ.json", "日本", "デッキ.json"),
  ])
  func splitsWithoutResolving(path: String, parent: String, name: String) {
    #expect(FileIO.parentDirectory(of: path) == parent)
    #expect(FileIO.fileName(of: path) == name)
  }
}

@Suite struct SystemErrorTests {
  @Test func carriesTheCallTheCodeAndTheCLibrarysText() {
    let error = SystemError(call: "open", code: ENOENT)
    #expect(error.description == "No such file or directory")
    #expect(error.debugDescription == "open: No such file or directory (errno \(ENOENT))")
    #expect(error == SystemError(call: "open", code: ENOENT))
    #expect(error != SystemError(call: "rename", code: ENOENT))
  }

  @Test func aFailureBecomesTheErrnoItSet() {
    #expect(throws: SystemError(call: "open", code: ENOENT)) {
      try systemCall("open") { open("/nonexistent/\(UUID().uuidString)", O_RDONLY) }
    }
    #expect((try? systemCall("getpid") { getpid() }) == getpid())
  }

  @Test func anInterruptedCallIsCalledAgain() throws {
    var calls = 0
    let result = try systemCall("read") { () -> Int in
      calls += 1
      if calls < 3 {
        errno = EINTR
        return -1
      }
      return 7
    }
    #expect(result == 7 && calls == 3)
    calls = 0
    #expect(throws: SystemError(call: "connect", code: EINTR)) {
      try systemCall("connect", retryingInterrupts: false) { () -> Int32 in
        calls += 1
        errno = EINTR
        return -1
      }
    }
    #expect(calls == 1)
  }
}

@Suite struct FileIOTests {
  @Test func aMissingFileReadsAsNil() throws {
    let dir = try scratchFolder()
    #expect(try FileIO.read(dir + "/missing") == nil)
  }

  /// A named pipe where a file of ours should be is refused at once: opening it for reading
  /// would wait for a writer forever.
  @Test func aNamedPipeIsRefusedWithoutWaiting() throws {
    let dir = try scratchFolder()
    let fifo = dir + "/deck.json"
    #expect(mkfifo(fifo, 0o600) == 0)
    let error =
      withinSeconds(5, release: { Self.feed(fifo) }) { storeError { _ = try FileIO.read(fifo) } } ?? nil
    #expect(error == .unreadable(path: fifo, reason: .notRegularFile(.namedPipe)))
    #expect(error?.description == "\(fifo): cannot read: it is a named pipe (FIFO), not a regular file")
    // Through a link as well.
    let link = dir + "/link.json"
    #expect(symlink(fifo, link) == 0)
    let linked =
      withinSeconds(5, release: { Self.feed(fifo) }) { storeError { _ = try FileIO.read(link) } } ?? nil
    #expect(linked == .unreadable(path: link, reason: .notRegularFile(.namedPipe)))
  }

  @Test func aFolderOrADeviceIsRefused() throws {
    let dir = try scratchFolder()
    #expect(
      storeError { _ = try FileIO.read(dir) } == .unreadable(path: dir, reason: .notRegularFile(.directory)))
    #expect(
      storeError { _ = try FileIO.read("/dev/null") }
        == .unreadable(path: "/dev/null", reason: .notRegularFile(.characterDevice)))
  }

  @Test func aLockFileThatIsANamedPipeIsRefusedWithoutWaiting() throws {
    let dir = try scratchFolder()
    let fifo = dir + "/lock"
    #expect(mkfifo(fifo, 0o600) == 0)
    let error =
      withinSeconds(5, release: { Self.feed(fifo) }) {
        storeError { _ = try FileLock(path: fifo, seconds: 1) }
      } ?? nil
    #expect(error == .writeFailed(path: fifo, reason: .notRegularFile(.namedPipe)))
    #expect(withinSeconds(5, release: { Self.feed(fifo) }) { FileLock.isHeld(fifo) } == false)
  }

  @Test func theLockIsExclusiveAndTimesOut() throws {
    let dir = try scratchFolder()
    let path = dir + "/state/lock"
    let held = try FileLock(path: path, seconds: 1)
    #expect(FileLock.isHeld(path))
    // flock locks belong to the open file description: a second open in this process conflicts.
    #expect(storeError { _ = try FileLock(path: path, seconds: 0) } == .locked(path: path, seconds: 0))
    withExtendedLifetime(held) {}
  }

  @Test func writesAFileInAFolderItCreates() throws {
    let dir = try scratchFolder()
    let path = dir + "/a/b/deck.json"
    try FileIO.writeAtomically(Array("one".utf8), to: path)
    #expect(contents(path) == "one")
    var info = stat()
    #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
    #expect(stat(dir + "/a/b", &info) == 0 && info.st_mode & 0o777 == 0o700)
    try FileIO.writeAtomically(Array("two".utf8), to: path)
    #expect(contents(path) == "two")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/a/b") == ["deck.json"])
  }

  /// A deck linked into another (synced) folder: the link stays, the target gets the new bytes,
  /// and the temporary file is made beside the target (same file system for the rename).
  @Test func writesThroughASymbolicLinkChain() throws {
    let dir = try scratchFolder()
    try FileManager.default.createDirectory(atPath: dir + "/sync", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: dir + "/data", withIntermediateDirectories: true)
    try FileIO.writeAtomically(Array("old".utf8), to: dir + "/sync/deck.json")
    // data/deck.json -> ../sync/hop.json (relative to the link's folder) -> /abs/sync/deck.json
    #expect(symlink(dir + "/sync/deck.json", dir + "/sync/hop.json") == 0)
    #expect(symlink("../sync/hop.json", dir + "/data/deck.json") == 0)
    try FileIO.writeAtomically(Array("new".utf8), to: dir + "/data/deck.json")
    #expect(contents(dir + "/sync/deck.json") == "new")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/data/deck.json") == "../sync/hop.json"
    )
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/sync/hop.json") == dir
        + "/sync/deck.json")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/data") == ["deck.json"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir + "/sync").sorted() == [
        "deck.json", "hop.json",
      ])
  }

  /// A link to a file that is not there yet gets it created when its folder exists; into a
  /// missing folder (an unmounted drive), nothing is created anywhere.
  @Test func aDanglingLinkIsFollowedOnlyIntoAnExistingFolder() throws {
    let dir = try scratchFolder()
    #expect(symlink("target.json", dir + "/deck.json") == 0)
    try FileIO.writeAtomically(Array("made".utf8), to: dir + "/deck.json")
    #expect(contents(dir + "/target.json") == "made")
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: dir + "/deck.json")) == "target.json")

    let away = dir + "/unmounted/drive/deck.json"
    #expect(symlink(away, dir + "/away.json") == 0)
    let error = storeError { try FileIO.writeAtomically(Array("x".utf8), to: dir + "/away.json") }
    #expect(error == .writeFailed(path: dir + "/away.json", reason: .danglingLink(target: away)))
    #expect(
      error?.description
        == "\(dir)/away.json: cannot write: it is a symbolic link to \(away), whose folder does not exist")
    #expect(!FileManager.default.fileExists(atPath: dir + "/unmounted"))
  }

  @Test func aLinkLoopIsAWriteFailure() throws {
    let dir = try scratchFolder()
    #expect(symlink("b", dir + "/a") == 0)
    #expect(symlink("a", dir + "/b") == 0)
    #expect(
      storeError { try FileIO.writeAtomically([1], to: dir + "/a") }
        == .writeFailed(path: dir + "/a", reason: .system(SystemError(call: "readlink", code: ELOOP))))
  }

  /// Never replaced: a named pipe or a folder where the file should be (a write there would
  /// block, or lose what is there).
  @Test func somethingOtherThanAFileIsNeverReplaced() throws {
    let dir = try scratchFolder()
    #expect(mkfifo(dir + "/pipe", 0o600) == 0)
    #expect(
      storeError { try FileIO.writeAtomically([1], to: dir + "/pipe") }
        == .writeFailed(path: dir + "/pipe", reason: .notRegularFile(.namedPipe)))
    var info = stat()
    #expect(lstat(dir + "/pipe", &info) == 0 && FileKind(mode: info.st_mode) == .namedPipe)
    try FileManager.default.createDirectory(atPath: dir + "/folder", withIntermediateDirectories: true)
    #expect(
      storeError { try FileIO.writeAtomically([1], to: dir + "/folder") }
        == .writeFailed(path: dir + "/folder", reason: .notRegularFile(.directory)))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["folder", "pipe"])
  }

  @Test func aFileWhereAFolderShouldBeIsAWriteFailure() throws {
    let dir = try scratchFolder()
    try FileIO.writeAtomically([1], to: dir + "/plain")
    let error = storeError { try FileIO.writeAtomically([2], to: dir + "/plain/deck.json") }
    #expect(
      error
        == .writeFailed(
          path: dir + "/plain/deck.json", reason: .system(SystemError(call: "lstat", code: ENOTDIR))))
    #expect(contents(dir + "/plain") == "\u{1}")
  }

  /// Opens `fifo` for writing without waiting, which lets a reader blocked on it go on.
  static func feed(_ fifo: String) {
    let fd = open(fifo, O_WRONLY | O_NONBLOCK)
    if fd >= 0 { close(fd) }
  }
}
