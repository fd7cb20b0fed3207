import Foundation
import RemindersMessages
import RemindersStore
import TestFolders
import Testing

@testable import RemindersDictionary

/// EDICT as Debian's `edict` installs it (make test installs the package), and small
/// dictionaries written here in EUC-JP: lines read, the index built once and again when the
/// file changes, bad files refused with their line.
@Suite struct EdictTests {
  static let installed = "/usr/share/edict/edict"

  /// One index of the installed dictionary for the whole suite (building it reads 19 MB).
  static let shared: Result<EdictIndex, DictionaryError> = {
    do throws(DictionaryError) {
      return .success(try EdictIndex.open(dictionary: installed, cacheDir: folder()))
    } catch {
      return .failure(error)
    }
  }()

  static func folder() -> String {
    let dir =
      (try? TemporaryFolder.make("reminders-dictionary")) ?? NSTemporaryDirectory()
      + "reminders-dictionary-not-made"
    return dir
  }

  /// `text` written in EUC-JP (by iconv, the converter the reader does not share a line with).
  static func eucJP(_ text: String, to path: String) throws {
    let input = Pipe()
    let output =
      FileHandle(forWritingAtPath: path)
      ?? {
        FileManager.default.createFile(atPath: path, contents: nil)
        return FileHandle(forWritingAtPath: path)!
      }()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/iconv")
    process.arguments = ["-f", "UTF-8", "-t", "EUC-JP"]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(text.utf8))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    try output.truncate(atOffset: output.offsetInFile)
    try output.close()
    #expect(process.terminationStatus == 0)
  }

  @Test func aLineIsReadAsItsWordReadingSensesAndMarks() throws {
    let entry = try EdictEntry.parse(
      "見る [みる] /(v1,vt) (1) to see/to look/(v1,vt) (2) to examine/(aux-v,v1) (3) (uk) to try .../(P)/"[...])
    #expect(entry.word == "見る" && entry.reading == "みる" && entry.common)
    #expect(entry.senses == [["to see", "to look"], ["to examine"], ["to try ..."]])
    #expect(entry.partsOfSpeech.isSuperset(of: ["v1", "vt", "aux-v"]))
    let kana = try EdictEntry.parse("ヽ /(unc) repetition mark in katakana/"[...])
    #expect(
      kana.word == "ヽ" && kana.reading == nil && !kana.common
        && kana.senses == [["repetition mark in katakana"]])
    #expect(throws: EdictEntry.Malformed.self) { try EdictEntry.parse("猫 [ねこ] cat"[...]) }
    #expect(throws: EdictEntry.Malformed.self) { try EdictEntry.parse("猫 [ねこ /(n) cat/"[...]) }
    #expect(throws: EdictEntry.Malformed.self) { try EdictEntry.parse("猫 [ねこ] /(n) cat"[...]) }
    #expect(EdictEntry.englishKey("cat (esp. the domestic cat)") == "cat")
    #expect(EdictEntry.englishKey("To Eat") == "eat")
  }

  @Test func theInstalledDictionaryGivesCandidates() throws {
    let index = try Self.shared.get()
    let cat = DictionaryLookup.look("猫", in: index, limit: 3)
    #expect(cat.japanese && cat.front == "猫")
    #expect(cat.candidates.map(\.text) == ["cat (esp. the domestic cat, Felis catus)", "shamisen", "geisha"])
    #expect(cat.candidates.first?.note == "ねこ" && cat.candidates.first?.common == true)
    let reading = DictionaryLookup.look("ねこ", in: index, limit: 1)
    #expect(reading.candidates.first?.note == "猫")
    let eaten = DictionaryLookup.look("食べなかった", in: index, limit: 1)
    #expect(eaten.front == "食べる" && eaten.candidates.first?.text == "to eat")
    #expect(DictionaryLookup.look("行って", in: index, limit: 1).front == "行く")
    #expect(DictionaryLookup.look("高かった", in: index, limit: 1).front == "高い")
    let english = DictionaryLookup.look("cat", in: index, limit: 3)
    #expect(
      !english.japanese && english.candidates.first?.word == "猫" && english.candidates.first?.reading == "ねこ")
    #expect(DictionaryLookup.look("xyzzyq", in: index, limit: 3).candidates.isEmpty)
    #expect(DictionaryLookup.look("猫", in: index, limit: 1).candidates.count == 1)
  }

  /// Built once; built again when the dictionary file changes (another size or time).
  @Test func theIndexFollowsTheDictionary() throws {
    let dir = Self.folder()
    let path = dir + "/edict"
    try Self.eucJP("　？？？ /EDICT test/\n猫 [ねこ] /(n) cat/(P)/\n", to: path)
    let first = try EdictIndex.open(dictionary: path, cacheDir: dir + "/cache")
    #expect(DictionaryLookup.look("猫", in: first, limit: 3).candidates.map(\.text) == ["cat"])
    #expect(FileManager.default.fileExists(atPath: dir + "/cache/edict.index"))
    let built =
      try FileManager.default.attributesOfItem(atPath: dir + "/cache/edict.index")[.modificationDate] as? Date
    // Opened again: the index as it was, not built again.
    _ = try EdictIndex.open(dictionary: path, cacheDir: dir + "/cache")
    #expect(
      try FileManager.default.attributesOfItem(atPath: dir + "/cache/edict.index")[.modificationDate] as? Date
        == built)
    try Self.eucJP(
      "　？？？ /EDICT test/\n猫 [ねこ] /(n) (1) cat/(n) (2) shamisen/(P)/\n犬 [いぬ] /(n) dog/\n", to: path)
    let second = try EdictIndex.open(dictionary: path, cacheDir: dir + "/cache")
    #expect(DictionaryLookup.look("猫", in: second, limit: 3).candidates.map(\.text) == ["cat", "shamisen"])
    #expect(DictionaryLookup.look("dog", in: second, limit: 3).candidates.map(\.word) == ["犬"])
    // An index file spoiled: built again, never read past its end.
    try Data("RMDICT01 spoiled".utf8).write(to: URL(fileURLWithPath: dir + "/cache/edict.index"))
    let third = try EdictIndex.open(dictionary: path, cacheDir: dir + "/cache")
    #expect(DictionaryLookup.look("犬", in: third, limit: 3).candidates.map(\.text) == ["dog"])
  }

  /// A dictionary with CRLF line ends (saved by a Windows editor) is read as the same entries.
  @Test func crlfLinesAreTheSameEntries() throws {
    let dir = Self.folder()
    let path = dir + "/edict"
    try Self.eucJP("　？？？ /EDICT test/\r\n猫 [ねこ] /(n) cat/(P)/\r\n犬 [いぬ] /(n) dog/\r\n", to: path)
    let index = try EdictIndex.open(dictionary: path, cacheDir: dir + "/cache")
    #expect(DictionaryLookup.look("猫", in: index, limit: 3).candidates.map(\.text) == ["cat"])
    #expect(DictionaryLookup.look("dog", in: index, limit: 3).candidates.map(\.word) == ["犬"])
  }

  /// A line that is no entry, bytes that are not EUC-JP, a file cut inside a character: one
  /// error naming the file and the line; no dictionary at all: `missing`.
  @Test func badDictionariesAreRefusedWithTheirLine() throws {
    let dir = Self.folder()
    let path = dir + "/edict"
    try Self.eucJP("　？？？ /EDICT test/\n猫 [ねこ] /(n) cat/\n犬 dog\n", to: path)
    #expect(throws: DictionaryError.malformed(path: path, line: 3, problem: .noGlosses)) {
      try EdictIndex.open(dictionary: path, cacheDir: dir + "/cache")
    }
    var bytes = Array("猫 [ねこ] /(n) cat/\n".utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: path))  // UTF-8, not EUC-JP
    #expect(throws: DictionaryError.malformed(path: path, line: 1, problem: .notEUCJP)) {
      try EdictIndex.open(dictionary: path, cacheDir: dir + "/cache")
    }
    try Self.eucJP("猫 [ねこ] /(n) cat/\n犬 [いぬ] /(n) dog/\n", to: path)
    bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    try Data(bytes[..<(bytes.count - 13)]).write(to: URL(fileURLWithPath: path))
    #expect(throws: DictionaryError.self) { try EdictIndex.open(dictionary: path, cacheDir: dir + "/cache") }
    #expect(throws: DictionaryError.missing(path: dir + "/none")) {
      try EdictIndex.open(dictionary: dir + "/none", cacheDir: dir + "/cache")
    }
  }
}

/// What is at the index's path is not trusted to be an index: a named pipe there (a hostile or
/// mistaken `mkfifo ~/.cache/reminders/edict.index`) does not hang the lookup, which reads an
/// index built in memory, and nothing is written through it.
@Suite struct EdictIndexPathTests {
  @Test func aNamedPipeAtTheIndexPathIsNoIndex() throws {
    let dir = try TemporaryFolder.make("reminders-index-fifo")
    let path = dir + "/edict"
    try EdictTests.eucJP("　？？？ /EDICT test/\n猫 [ねこ] /(n) cat/(P)/\n", to: path)
    try FileManager.default.createDirectory(atPath: dir + "/cache", withIntermediateDirectories: true)
    let fifo = dir + "/cache/edict.index"
    try #require(mkfifo(fifo, 0o600) == 0)
    // On a thread of its own, so that a hang fails the test instead of stopping the run.
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: Result<[String], any Error>?
    Thread.detachNewThread {
      result = Result {
        DictionaryLookup.look(
          "猫", in: try EdictIndex.open(dictionary: path, cacheDir: dir + "/cache"), limit: 3
        )
        .candidates.map(\.text)
      }
      done.signal()
    }
    if done.wait(timeout: .now() + 10) == .timedOut {
      // Let the stuck open go, then fail.
      let writer = open(fifo, O_WRONLY | O_NONBLOCK)
      if writer >= 0 { close(writer) }
      Issue.record("the lookup waited on the named pipe")
      _ = done.wait(timeout: .now() + 5)
      return
    }
    #expect(try result?.get() == ["cat"])
    var info = stat()
    #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "left as it was")
  }
}
