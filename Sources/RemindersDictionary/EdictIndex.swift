import Foundation
import RemindersMessages
import RemindersStore

#if canImport(Glibc)
  import Glibc
#endif

/// Why the dictionary cannot be looked in.
public enum DictionaryError: Error, Equatable, Sendable {
  /// No file at `path` (Debian: the `edict` package is not installed).
  case missing(path: String)
  /// The file cannot be read (a folder, no permission, a named pipe), as every reader says it.
  case unreadable(StoreError)
  /// The C library cannot convert EUC-JP.
  case cannotConvert(path: String)
  /// A line that is not EUC-JP, or not an EDICT entry.
  case malformed(path: String, line: Int, problem: DictionaryLineProblem)
}

/// EDICT, read once into an index in the cache folder, then looked in by binary search over
/// the index mapped into memory (docs/dictionary.md): a lookup reads a few pages, not 19 MB.
///
/// The index file (`<cache>/edict.index`) holds the dictionary's lines in UTF-8 and, sorted,
/// one record per key: each entry's word and reading, and each gloss's English key (lower
/// case, without "to " or a trailing parenthesis), with the entry's line and its rank (common
/// words first; for English, then the sense, the gloss's place in it, and the sense's number of
/// glosses). It names the dictionary
/// file it was built from (device, inode, size, modification time) and is built again when that
/// changes, or when it is not an index this version wrote. Nothing but this cache is written.
public struct EdictIndex: @unchecked Sendable {
  public let dictionaryPath: String
  let bytes: UnsafeRawBufferPointer
  let textStart: Int
  let textCount: Int
  let recordsStart: Int
  let recordCount: Int
  /// Kept so the mapping lives as long as the index (which only ever reads it: hence Sendable).
  let mapping: Mapping

  /// The index's bytes: a file mapped into memory, or a copy in memory (`mapped` false).
  final class Mapping: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    let length: Int
    let mapped: Bool
    init(base: UnsafeMutableRawPointer, length: Int, mapped: Bool = true) {
      self.base = base
      self.length = length
      self.mapped = mapped
    }
    deinit { if mapped { munmap(base, length) } else { base.deallocate() } }
  }

  static let magic = Array("RMDICT01".utf8)
  static let headerSize = 8 + 8 * 7

  /// The index of the dictionary at `path`, from `cacheDir` when it is there and up to date,
  /// else built (and kept there when the folder can be written).
  public static func open(dictionary path: String, cacheDir: String) throws(DictionaryError) -> EdictIndex {
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT || errno == ENOTDIR { throw .missing(path: path) }
      throw .unreadable(.unreadable(path: path, reason: .system(SystemError(call: "stat", code: errno))))
    }
    let stamp: [UInt64] = [
      UInt64(info.st_dev), UInt64(info.st_ino), UInt64(info.st_size),
      UInt64(bitPattern: Int64(info.st_mtim.tv_sec)),
      UInt64(info.st_mtim.tv_nsec),
    ]
    let cachePath = cacheDir + "/edict.index"
    if let cached = mapped(cachePath, stamp: stamp, dictionaryPath: path) { return cached }
    let built = try build(dictionary: path, stamp: stamp)
    try? FileIO.writeAtomically(built, to: cachePath, links: .replace)
    if let cached = mapped(cachePath, stamp: stamp, dictionaryPath: path) { return cached }
    // The cache folder cannot be written: this lookup reads the index from memory.
    return try! EdictIndex(owned: built, dictionaryPath: path)
  }

  /// The index file at `cachePath` mapped, when it is one for `stamp` and whole. Opened without
  /// waiting: a named pipe put there would otherwise hold the open until a writer came; it is no
  /// index (not a regular file), and the index is built again over it.
  static func mapped(_ cachePath: String, stamp: [UInt64], dictionaryPath: String) -> EdictIndex? {
    let fd = Glibc.open(cachePath, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, FileKind(mode: info.st_mode) == .regular, info.st_size >= headerSize else {
      return nil
    }
    let length = Int(info.st_size)
    guard let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else { return nil }
    let mapping = Mapping(base: base, length: length)
    guard let index = try? EdictIndex(mapping: mapping, dictionaryPath: dictionaryPath),
      index.stamp == stamp
    else { return nil }
    return index
  }

  private init(owned: [UInt8], dictionaryPath: String) throws {
    let base = UnsafeMutableRawPointer.allocate(byteCount: max(owned.count, 1), alignment: 8)
    owned.withUnsafeBytes { base.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    try self.init(
      mapping: Mapping(base: base, length: owned.count, mapped: false), dictionaryPath: dictionaryPath)
  }

  struct Invalid: Error {}

  private init(mapping: Mapping, dictionaryPath: String) throws {
    self.mapping = mapping
    self.dictionaryPath = dictionaryPath
    bytes = UnsafeRawBufferPointer(start: mapping.base, count: mapping.length)
    guard bytes.count >= Self.headerSize, Array(bytes[0..<8]) == Self.magic else { throw Invalid() }
    // Sizes from a file that may be torn or foreign: checked before any is used, never trapped on.
    let text = Self.word(bytes, 8 + 8 * 5)
    let records = Self.word(bytes, 8 + 8 * 6)
    let limit = UInt64(bytes.count)
    guard text <= limit, records <= limit / 16 else { throw Invalid() }
    textStart = Self.headerSize
    textCount = Int(text)
    recordsStart = (textStart + textCount + 3) & ~3
    recordCount = Int(records)
    guard recordsStart + recordCount * 16 == bytes.count else { throw Invalid() }
  }

  var stamp: [UInt64] { (0..<5).map { Self.word(bytes, 8 + 8 * $0) } }

  static func word(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> UInt64 {
    (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
  }

  func record(_ i: Int) -> (key: Range<Int>, line: Int, rank: UInt32)? {
    let at = recordsStart + i * 16
    func u32(_ k: Int) -> Int {
      Int((0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + k + $1]) << (8 * UInt32($1)) })
    }
    let key = u32(0)
    let length = u32(4)
    let line = u32(8)
    guard key + length <= textCount, line < textCount else { return nil }
    return (textStart + key..<textStart + key + length, textStart + line, UInt32(u32(12)))
  }

  func compare(_ key: Range<Int>, _ wanted: [UInt8]) -> Int32 {
    wanted.withUnsafeBytes {
      Self.order(bytes.baseAddress! + key.lowerBound, key.count, $0.baseAddress, $0.count)
    }
  }

  /// The order of keys, the same when the index is sorted and when it is searched: their bytes
  /// (as `memcmp` compares them), then the shorter first. Negative, zero or positive.
  static func order(
    _ a: UnsafeRawPointer, _ aCount: Int, _ b: UnsafeRawPointer?, _ bCount: Int
  ) -> Int32 {
    let shared = min(aCount, bCount)
    if shared > 0, let b {
      let byBytes = memcmp(a, b, shared)
      if byBytes != 0 { return byBytes }
    }
    return aCount == bCount ? 0 : (aCount < bCount ? -1 : 1)
  }

  /// The lines (as entries) whose key is `key`, in rank order: a Japanese word or reading as
  /// written, or an English key (`EdictEntry.englishKey`).
  public func entries(for key: String) -> [(entry: EdictEntry, rank: UInt32)] {
    let wanted = Array(key.utf8)
    var low = 0
    var high = recordCount
    while low < high {
      let middle = (low + high) / 2
      guard let record = record(middle) else { return [] }
      if compare(record.key, wanted) < 0 { low = middle + 1 } else { high = middle }
    }
    var found: [(EdictEntry, UInt32)] = []
    var i = low
    while i < recordCount, let record = record(i), compare(record.key, wanted) == 0 {
      if let entry = line(at: record.line) { found.append((entry, record.rank)) }
      i += 1
    }
    return found
  }

  func line(at start: Int) -> EdictEntry? {
    var end = start
    let limit = textStart + textCount
    while end < limit && bytes[end] != 0x0A { end += 1 }
    let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    return try? EdictEntry.parse(text[...])
  }

  /// The index of a dictionary's bytes, in memory (what the fuzz harness reads).
  public static func reading(_ bytes: [UInt8], path: String) throws(DictionaryError) -> EdictIndex {
    let built = try build(bytes, path: path, stamp: [0, 0, 0, 0, 0])
    return try! EdictIndex(owned: built, dictionaryPath: path)
  }

  /// The index file's bytes for the dictionary at `path`.
  static func build(dictionary path: String, stamp: [UInt64]) throws(DictionaryError) -> [UInt8] {
    let raw: [UInt8]?
    do {
      raw = try FileIO.read(path)
    } catch {
      throw .unreadable(error)
    }
    guard let raw else { throw .missing(path: path) }
    return try build(raw, path: path, stamp: stamp)
  }

  /// The index file's bytes for a dictionary's bytes, read from `path`.
  static func build(_ raw: [UInt8], path: String, stamp: [UInt64]) throws(DictionaryError) -> [UInt8] {
    let utf8 = try EUCJP.decode(raw, path: path)
    var text: [UInt8] = []
    text.reserveCapacity(utf8.count + utf8.count / 3)
    // (key offset, key length, line offset, rank), keys as byte ranges of `text`.
    var records: [(key: Int, length: Int, line: Int, rank: UInt32)] = []
    records.reserveCapacity(utf8.count / 20)
    var englishKeys: [(key: [UInt8], line: Int, rank: UInt32)] = []
    var lineNumber = 0
    var start = 0
    while start < utf8.count {
      let end = utf8[start...].firstIndex(of: 0x0A) ?? utf8.count
      lineNumber += 1
      defer { start = end + 1 }
      // A CRLF line end is a line end: the line kept in the index (and parsed again at each
      // lookup) never holds the carriage return.
      let bytes = utf8[start..<(end > start && utf8[end - 1] == 0x0D ? end - 1 : end)]
      // The first line names the file ("　？？？ /EDICT, …"); blank lines are no entries.
      if lineNumber == 1 && bytes.starts(with: Array("　？？？".utf8)) { continue }
      if bytes.allSatisfy({ $0 == 0x20 }) { continue }
      let line = String(decoding: bytes, as: UTF8.self)
      let entry: EdictEntry
      do {
        entry = try EdictEntry.parse(line[...])
      } catch {
        throw .malformed(path: path, line: lineNumber, problem: error.problem)
      }
      let lineOffset = text.count
      text.append(contentsOf: bytes)
      text.append(0x0A)
      let common: UInt32 = entry.common ? 0 : 1 << 31
      // The word and its reading are where the line has them.
      records.append((lineOffset, entry.word.utf8.count, lineOffset, common))
      if let reading = entry.reading, let open = bytes.firstIndex(of: UInt8(ascii: "[")) {
        records.append((lineOffset + (open - start) + 1, reading.utf8.count, lineOffset, common))
      }
      var seen = Set<String>()
      for (sense, glosses) in entry.senses.enumerated() {
        for (place, gloss) in glosses.enumerated() {
          let key = EdictEntry.englishKey(gloss)
          guard !key.isEmpty, seen.insert(key).inserted else { continue }
          // Then the fewer glosses the sense has, the nearer its meaning ("study" is 勉強's one
          // word, one of 学ぶ's three).
          let rank =
            common | UInt32(min(sense, 127)) << 24 | UInt32(min(place, 255)) << 16
            | UInt32(min(glosses.count, 255)) << 8
          englishKeys.append((Array(key.utf8), lineOffset, rank))
        }
      }
    }
    for (key, line, rank) in englishKeys {
      records.append((text.count, key.count, line, rank))
      text.append(contentsOf: key)
    }
    text.withUnsafeBufferPointer { t in
      records.sort { a, b in
        let byKey = order(t.baseAddress! + a.key, a.length, t.baseAddress! + b.key, b.length)
        if byKey != 0 { return byKey < 0 }
        if a.rank != b.rank { return a.rank < b.rank }
        return a.line < b.line
      }
    }
    var out: [UInt8] = magic
    out.reserveCapacity(headerSize + text.count + 4 + records.count * 16)
    func put64(_ v: UInt64) { for i in 0..<8 { out.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) } }
    func put32(_ v: Int) { for i in 0..<4 { out.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
    for v in stamp { put64(v) }
    put64(UInt64(text.count))
    put64(UInt64(records.count))
    out.append(contentsOf: text)
    while out.count % 4 != 0 { out.append(0) }
    for record in records {
      put32(record.key)
      put32(record.length)
      put32(record.line)
      put32(Int(record.rank))
    }
    return out
  }
}

/// EUC-JP to UTF-8, by the C library's iconv: a byte sequence that is not EUC-JP is an error
/// naming its line.
enum EUCJP {
  static func decode(_ bytes: [UInt8], path: String) throws(DictionaryError) -> [UInt8] {
    guard let converter = iconv_open("UTF-8", "EUC-JP"), converter != iconv_t(bitPattern: -1) else {
      throw .cannotConvert(path: path)
    }
    defer { iconv_close(converter) }
    var out = [UInt8](repeating: 0, count: bytes.count * 3 / 2 + 64)
    var input = bytes
    var failedAt: Int?
    var produced = 0
    input.withUnsafeMutableBufferPointer { inBuffer in
      out.withUnsafeMutableBufferPointer { outBuffer in
        var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBuffer.baseAddress!)
          .assumingMemoryBound(to: CChar.self)
        var inLeft = inBuffer.count
        var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress!)
          .assumingMemoryBound(to: CChar.self)
        var outLeft = outBuffer.count
        if iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) == -1 {
          failedAt = inBuffer.count - inLeft
        }
        produced = outBuffer.count - outLeft
      }
    }
    if let failedAt {
      let line = bytes[..<failedAt].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
      throw .malformed(
        path: path, line: line,
        problem: failedAt >= bytes.count - 2 ? .endsInsideCharacter : .notEUCJP
      )
    }
    out.removeSubrange(produced...)
    return out
  }
}
