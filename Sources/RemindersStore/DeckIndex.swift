import Foundation
import RemindersCore

#if canImport(Glibc)
  import Glibc
#endif

/// A map of the deck file, kept in the cache (`deck-index`), so that a change to one card costs
/// the same at 100 cards and at a million (docs/files.md): where each card is in the file, found
/// by its id or by its front and collection, without reading the other cards.
///
/// It is made in one pass over the deck and names the deck file it maps (device, inode, size,
/// modification time to the nanosecond): a deck written anew, by any program, makes it stale, and
/// a stale, missing or unreadable one is made again (a fold of the journal makes it again at
/// once, from the bytes it wrote). Every card read through it is read from the deck file itself
/// and checked as the deck reader checks it, so the map only ever says where to look.
///
/// The file: `reminders-deck-index-1\n`, a header line of JSON (the deck's stamp, the journal
/// line folded into it, the count of cards, the collections' names, where the recall items
/// are), then, from the next multiple of 8, two tables of fixed rows, read in place: the cards
/// by id (the first 16 bytes of the id in lower case, then where the card is: offset, length,
/// position), and by key (a hash of front and collection, then the same). A sorted table and a
/// binary search are all it needs: no library would do less work (SQLite takes seconds to make
/// a million rows that this writes in a fraction of one).
public final class DeckIndex {
  static let magic = Array("reminders-deck-index-1\n".utf8)
  static let idBytes = 16
  static let idRow = 32
  static let keyRow = 24

  /// Where a card is in the deck file.
  public struct Place: Equatable, Sendable {
    public var offset: Int
    public var length: Int
    /// Its position among the deck's cards.
    public var position: Int
  }

  public let stamp: String
  public let folded: String?
  public let count: Int
  public let collections: [String]
  /// Where the recall items' array is in the deck file (nil: the deck has none).
  public let recalls: Range<Int>?
  let base: UnsafeRawBufferPointer
  let mapped: Bool
  let idTable: Int
  let keyTable: Int

  deinit {
    if mapped {
      munmap(UnsafeMutableRawPointer(mutating: base.baseAddress), base.count)
    } else {
      base.deallocate()
    }
  }

  init(
    stamp: String, folded: String?, count: Int, collections: [String], recalls: Range<Int>?,
    base: UnsafeRawBufferPointer, mapped: Bool, tables: Int
  ) {
    self.stamp = stamp
    self.folded = folded
    self.count = count
    self.collections = collections
    self.recalls = recalls
    self.base = base
    self.mapped = mapped
    idTable = tables
    keyTable = tables + count * DeckIndex.idRow
  }

  // MARK: lookups

  /// The places of the cards whose id, in lower case, starts with `prefix` (its first 16 bytes:
  /// a longer prefix is checked on the cards themselves), in the order of their ids.
  public func places(idPrefix prefix: [UInt8]) -> [Place] {
    let wanted = Array(prefix.prefix(DeckIndex.idBytes))
    func compare(_ row: Int) -> Int {
      let at = base.baseAddress! + idTable + row * DeckIndex.idRow
      for i in 0..<wanted.count {
        let byte = at.load(fromByteOffset: i, as: UInt8.self)
        if byte != wanted[i] { return byte < wanted[i] ? -1 : 1 }
      }
      return 0
    }
    let low = bound(count) { compare($0) < 0 }
    let high = bound(count) { compare($0) <= 0 }
    return (low..<high).map {
      place(table: idTable, row: $0, rowSize: DeckIndex.idRow, at: DeckIndex.idBytes)
    }
  }

  /// The places of the cards whose front and collection hash to `key` (`DeckIndex.key`).
  public func places(key: UInt64) -> [Place] {
    func value(_ row: Int) -> UInt64 {
      UInt64(
        littleEndian: (base.baseAddress! + keyTable + row * DeckIndex.keyRow).loadUnaligned(as: UInt64.self))
    }
    let low = bound(count) { value($0) < key }
    let high = bound(count) { value($0) <= key }
    return (low..<high).map { place(table: keyTable, row: $0, rowSize: DeckIndex.keyRow, at: 8) }
  }

  /// The first row in `0..<n` for which `before` is false (it is true, then false).
  func bound(_ n: Int, _ before: (Int) -> Bool) -> Int {
    var low = 0
    var high = n
    while low < high {
      let mid = (low + high) / 2
      if before(mid) { low = mid + 1 } else { high = mid }
    }
    return low
  }

  func place(table: Int, row: Int, rowSize: Int, at offset: Int) -> Place {
    let at = base.baseAddress! + table + row * rowSize + offset
    return Place(
      offset: Int(UInt64(littleEndian: at.loadUnaligned(as: UInt64.self))),
      length: Int(UInt32(littleEndian: at.loadUnaligned(fromByteOffset: 8, as: UInt32.self))),
      position: Int(UInt32(littleEndian: at.loadUnaligned(fromByteOffset: 12, as: UInt32.self))))
  }

  /// The prefix that finds the ids equal to `lowered` (in lower case), not every id it starts:
  /// an id shorter than the table's 16 bytes is kept with zeros after it, so the zero after it
  /// ends it.
  public static func exact(_ lowered: [UInt8]) -> [UInt8] {
    lowered.count < idBytes ? lowered + [0] : lowered
  }

  /// An id's bytes as the table keeps them: in lower case.
  public static func lowered(_ id: String) -> [UInt8] { Array(id.lowercased().utf8) }

  /// The hash of a front and a collection, as the table of keys keeps it.
  public static func key(front: String, collection: String?) -> UInt64 {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in front.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
    h = (h ^ (collection == nil ? 0xFE : 0xFF)) &* 0x100_0000_01B3
    for byte in (collection ?? "").utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return h
  }

  // MARK: making and reading

  /// The index of the deck `bytes` (stamped `stamp`), checked whole as the deck reader checks
  /// it (a deck that does not parse throws, as its reader does), as the file's bytes.
  static func make(_ bytes: [UInt8], stamp: String, path: String) throws -> [UInt8] {
    var idRows: [(k0: UInt64, k1: UInt64, place: Place)] = []
    var keyRows: [(key: UInt64, place: Place)] = []
    var names: [UInt64: String] = [:]
    var recalls: Range<Int>?
    var folded: String?
    try DeckCodec.read(
      bytes, path: path,
      visit: { reader, section, index in
        let start = reader.position
        switch section {
        case .card:
          let raw = try DeckCodec.readCard(&reader, index: index, keepExtras: false)
          let place = Place(offset: start, length: reader.position - start, position: index)
          var id = [UInt8](repeating: 0, count: idBytes)
          if raw.id.hasEscapes || reader.bytes[raw.id.range].contains(where: { $0 >= 0x80 }) {
            for (i, byte) in lowered(reader.string(raw.id)).prefix(idBytes).enumerated() { id[i] = byte }
          } else {
            for (i, byte) in reader.bytes[raw.id.range].prefix(idBytes).enumerated() {
              id[i] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
            }
          }
          idRows.append((packed(id[0..<8]), packed(id[8..<16]), place))
          var h: UInt64 = 0xCBF2_9CE4_8422_2325
          func mix(_ token: JSONReader.StringToken) {
            if token.hasEscapes {
              for byte in reader.string(token).utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
            } else {
              for byte in reader.bytes[token.range] { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
            }
          }
          mix(raw.front)
          h = (h ^ (raw.collection == nil ? 0xFE : 0xFF)) &* 0x100_0000_01B3
          if let collection = raw.collection {
            mix(collection)
            let nameHash = DeckFold.hash(reader.bytes[collection.range])
            if names[nameHash] == nil { names[nameHash] = reader.string(collection) }
          }
          keyRows.append((h, place))
        case .recall:
          _ = try DeckCodec.readRecall(&reader, index: index)
        case .log:
          _ = try DeckCodec.readAnswer(&reader, index: index)
        case .rootExtra(let key):
          if key == DeckJournal.foldedKey, case .string(let text) = try reader.readValue() {
            folded = text
          } else {
            try reader.skipValue()
          }
        }
      },
      member: { key, value in if key == "recalls" { recalls = value } })
    idRows.sort { ($0.k0, $0.k1, $0.place.position) < ($1.k0, $1.k1, $1.place.position) }
    keyRows.sort { ($0.key, $0.place.position) < ($1.key, $1.place.position) }

    var header: [String: JSONValue] = [
      "stamp": .string(stamp), "count": .number(String(idRows.count)),
      "collections": .array(Set(names.values).sorted().map(JSONValue.string)),
    ]
    if let folded { header["folded"] = .string(folded) }
    if let recalls {
      header["recalls"] = .array([.number(String(recalls.lowerBound)), .number(String(recalls.upperBound))])
    }
    var w = JSONWriter(capacity: 256)
    w.value(.object(header))
    var out = magic + w.out + [0x0A]
    while out.count % 8 != 0 { out.append(0x20) }
    out.reserveCapacity(out.count + idRows.count * (idRow + keyRow))
    func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
    func u32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { out.append(contentsOf: $0) } }
    func key(_ packed: UInt64) {
      for shift in stride(from: 56, through: 0, by: -8) {
        out.append(UInt8(truncatingIfNeeded: packed >> shift))
      }
    }
    for row in idRows {
      key(row.k0)
      key(row.k1)
      u64(UInt64(row.place.offset))
      u32(row.place.length)
      u32(row.place.position)
    }
    for row in keyRows {
      u64(row.key)
      u64(UInt64(row.place.offset))
      u32(row.place.length)
      u32(row.place.position)
    }
    return out
  }

  /// Eight bytes as one number that sorts as they do.
  static func packed(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    bytes.reduce(0) { $0 << 8 | UInt64($1) }
  }

  /// The index in the file at `path` when it maps the deck stamped `stamp`; nil when there is
  /// none, or it maps another, or anything about it is doubtful.
  static func open(_ path: String, stamp: String) -> DeckIndex? {
    let fd = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, FileKind(mode: info.st_mode) == .regular, info.st_size > magic.count else {
      return nil
    }
    let size = Int(info.st_size)
    guard let address = mmap(nil, size, PROT_READ, MAP_SHARED, fd, 0), address != MAP_FAILED else {
      return nil
    }
    let base = UnsafeRawBufferPointer(start: address, count: size)
    guard let index = read(base, stamp: stamp, mapped: true) else {
      munmap(address, size)
      return nil
    }
    return index
  }

  /// The index made of `bytes` in memory (when it cannot be kept in a file).
  static func inMemory(_ bytes: [UInt8], stamp: String) -> DeckIndex? {
    let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 8)
    copy.copyBytes(from: bytes)
    let base = UnsafeRawBufferPointer(start: copy.baseAddress, count: bytes.count)
    guard let index = read(base, stamp: stamp, mapped: false) else {
      copy.deallocate()
      return nil
    }
    return index
  }

  static func read(_ base: UnsafeRawBufferPointer, stamp: String, mapped: Bool) -> DeckIndex? {
    guard base.starts(with: magic), let end = base[magic.count...].firstIndex(of: 0x0A),
      case .object(let header)? = try? JSONValue.document(Array(base[magic.count..<end]), path: ""),
      case .string(let kept)? = header["stamp"], kept == stamp,
      case .number(let countText)? = header["count"], let count = Int(countText), count >= 0,
      case .array(let names)? = header["collections"]
    else { return nil }
    let tables = (end + 1 + 7) / 8 * 8
    guard base.count == tables + count * (idRow + keyRow) else { return nil }
    let collections = names.compactMap { value -> String? in
      if case .string(let name) = value { name } else { nil }
    }
    var recalls: Range<Int>?
    if case .array(let bounds)? = header["recalls"], bounds.count == 2,
      case .number(let low) = bounds[0], case .number(let high) = bounds[1], let l = Int(low),
      let h = Int(high),
      l <= h
    {
      recalls = l..<h
    }
    var folded: String?
    if case .string(let text)? = header["folded"] { folded = text }
    return DeckIndex(
      stamp: stamp, folded: folded, count: count, collections: collections, recalls: recalls, base: base,
      mapped: mapped, tables: tables)
  }
}
