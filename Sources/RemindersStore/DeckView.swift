import Foundation
import RemindersCore

#if canImport(Glibc)
  import Glibc
#endif

/// The deck as a change sees it (`DeckStore.change`), under the journal's lock: the deck file
/// through its index (`DeckIndex`), with the journal's lines not yet folded into it applied to
/// the cards they name. What it answers costs the same at 100 cards and at a million: the cards
/// an id names, the cards with a front, the collections, the recall items.
public struct DeckView {
  /// The deck file's path (for what a message names).
  public let path: String
  let file: DeckFile?
  let index: DeckIndex?
  /// The cards the journal's lines touched, as they now stand (in the deck's order, those
  /// added after), with their places in the file (nil: added by a line).
  let touched: [(card: Card, position: Int?)]
  /// The ids the journal's lines touched, the removed ones among them.
  let touchedIDs: Set<String>
  /// The recall items as they now stand.
  public let recalls: [RecallItem]

  /// The recall items as a deck of their own (what finding one by its id needs).
  public var recallDeck: Deck { Deck(cards: [], recalls: recalls) }

  /// The names of the cards' collections, each once, sorted (`Deck.collectionNames`); a name
  /// whose last card a line removed may still be among them.
  public var collectionNames: [String] {
    Set((index?.collections ?? []) + touched.compactMap(\.card.collection)).sorted()
  }

  /// The cards `query` names, as `IDPrefix.matches` finds them: the one whose id is equal to
  /// it ignoring case, else every card whose id starts with it (none when it is shorter than
  /// `IDPrefix.minimumLength`), in the deck's order.
  public func cards(matching query: String) throws -> [Card] {
    let wanted = query.lowercased()
    let lowered = Array(wanted.utf8)
    let exact = try baseCards(DeckIndex.exact(lowered)).filter { $0.card.id.lowercased() == wanted }
    let exactTouched = touched.filter { $0.card.id.lowercased() == wanted }
    if let first = (exact + exactTouched).min(by: { order($0) < order($1) }) { return [first.card] }
    guard query.count >= IDPrefix.minimumLength else { return [] }
    let prefixed = try baseCards(lowered).filter { $0.card.id.lowercased().hasPrefix(wanted) }
    let prefixedTouched = touched.filter { $0.card.id.lowercased().hasPrefix(wanted) }
    return (prefixed + prefixedTouched).sorted { order($0) < order($1) }.map(\.card)
  }

  /// The card with id `id` (exactly), as it now stands.
  public func card(id: String) throws -> Card? {
    if touchedIDs.contains(id) { return touched.last { $0.card.id == id }?.card }
    return try baseCards(DeckIndex.exact(DeckIndex.lowered(id))).last { $0.card.id == id }?.card
  }

  /// The cards whose front is `front` in collection `collection`, as they now stand.
  public func cards(front: String, collection: String?) throws -> [Card] {
    var found: [(card: Card, position: Int?)] = []
    if let index, let file {
      for place in index.places(key: DeckIndex.key(front: front, collection: collection)) {
        let card = try file.card(at: place, path: path)
        if !touchedIDs.contains(card.id) { found.append((card, place.position)) }
      }
    }
    found += touched.filter { $0.card.front == front && $0.card.collection == collection }
    return found.filter { $0.card.front == front && $0.card.collection == collection }
      .sorted { order($0) < order($1) }.map(\.card)
  }

  /// Whether an id of the deck starts with `prefix` (in lower case).
  public func hasID(startingWith prefix: String) throws -> Bool {
    let lowered = DeckIndex.lowered(prefix)
    if let index, !index.places(idPrefix: lowered).isEmpty { return true }
    return touched.contains { $0.card.id.lowercased().hasPrefix(prefix.lowercased()) }
  }

  /// `id` as short as `IDPrefix.short` makes it among the deck's ids now.
  public func shortID(_ id: String) throws -> String {
    let shared = String(id.lowercased().prefix(IDPrefix.shown))
    // Only an id that starts with the same first characters can make it longer.
    let others = try baseCards(Array(shared.utf8)).map(\.card.id) + touched.map(\.card.id)
    return IDPrefix.short(id, among: others)
  }

  /// The deck's cards (not those the journal touched) whose id in lower case starts with
  /// `prefix`'s first 16 bytes, with their positions.
  func baseCards(_ prefix: [UInt8]) throws -> [(card: Card, position: Int?)] {
    guard let index, let file else { return [] }
    return try index.places(idPrefix: prefix).compactMap { place in
      let card = try file.card(at: place, path: path)
      return touchedIDs.contains(card.id) ? nil : (card, place.position)
    }
  }

  /// Where a card is in the deck's order: the file's first, then those lines added.
  func order(_ entry: (card: Card, position: Int?)) -> Int {
    entry.position ?? (Int.max / 2 + (touched.firstIndex { $0.card.id == entry.card.id } ?? 0))
  }

  /// The view of a whole deck already read (`DeckStore.update`'s): every card looked at.
  public static func whole(_ deck: Deck, path: String) -> DeckView {
    DeckView(
      path: path, file: nil, index: nil, touched: deck.cards.enumerated().map { ($1, $0) },
      touchedIDs: Set(deck.cards.map(\.id)), recalls: deck.recalls)
  }

  /// The view of the deck file open as `file` (nil: there is none), mapped by `index`, with
  /// the journal's `lines`.
  static func make(
    path: String, file: DeckFile?, index: DeckIndex?, lines: [(id: String, change: DeckJournal.Change)]
  ) throws -> DeckView {
    var pending = lines[...]
    if let folded = index?.folded, let i = lines.firstIndex(where: { $0.id == folded }) {
      pending = lines[(i + 1)...]
    }
    var ids: [String] = []
    var entries: [ReviewEntry] = []
    for (_, change) in pending {
      switch change {
      case .answer(let cardID, _, _, _, _, _, _, _, _): ids.append(cardID)
      case .undo(let previous, let entry, _, _):
        ids.append(previous.id)
        entries.append(entry)
      case .recalls: break
      case .cards(let cards): ids += cards.map(\.id)
      case .remove(let cards, _): ids += cards
      }
    }
    var small = StoredDeck()
    var positions: [Int] = []
    if let index, let file {
      if let range = index.recalls { small.deck.recalls = try file.recalls(in: range, path: path) }
      var found: [(Card, Int)] = []
      for id in Set(ids) {
        let places = index.places(idPrefix: DeckIndex.exact(DeckIndex.lowered(id)))
        // The last card with the id, as a decode's apply finds it.
        var last: (Card, Int)?
        for place in places {
          let card = try file.card(at: place, path: path)
          if card.id == id, place.position >= (last?.1 ?? -1) { last = (card, place.position) }
        }
        if let last { found.append(last) }
      }
      found.sort { $0.1 < $1.1 }
      small.deck.cards = found.map(\.0)
      positions = found.map(\.1)
    }
    // An undo of an answer the file holds finds its entry (the card is put back as it was).
    small.deck.reviewLog = entries
    let places = DeckJournal.applyKeepingPlaces(Array(pending), to: &small)
    var touched: [(card: Card, position: Int?)] = []
    for (i, card) in small.deck.cards.enumerated() where !places.removed.contains(i) {
      touched.append((card, i < positions.count ? positions[i] : nil))
    }
    return DeckView(
      path: path, file: file, index: index, touched: touched, touchedIDs: Set(ids),
      recalls: small.deck.recalls)
  }
}

/// The deck file, open while a change looks at it: every card is read from the file the index
/// maps, whatever is renamed over its path meanwhile.
final class DeckFile {
  let fd: Int32
  let size: Int
  let stamp: String

  init(fd: Int32, info: stat) {
    self.fd = fd
    size = Int(info.st_size)
    stamp = DeckFile.stamp(info)
  }

  deinit { close(fd) }

  /// A file's stamp: device, inode, size, modification time to the nanosecond.
  static func stamp(_ info: stat) -> String {
    "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
  }

  /// The deck at `path`, open; nil when there is none.
  static func open(_ path: String) throws -> DeckFile? {
    let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    if fd < 0 {
      let code = errno
      if code == ENOENT { return nil }
      throw StoreError.unreadable(
        path: path, reason: FileIO.refusedLink(path, SystemError(call: "open", code: code)))
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let code = errno
      close(fd)
      throw StoreError.unreadable(path: path, reason: .system(SystemError(call: "fstat", code: code)))
    }
    let kind = FileKind(mode: info.st_mode)
    guard kind == .regular else {
      close(fd)
      throw StoreError.unreadable(path: path, reason: .notRegularFile(kind))
    }
    return DeckFile(fd: fd, info: info)
  }

  /// `length` bytes from `offset`.
  func bytes(_ range: Range<Int>, path: String) throws -> [UInt8] {
    guard range.lowerBound >= 0, range.upperBound <= size else {
      throw StoreError.corrupt(path: path, at: nil, reason: .syntax(.value))
    }
    var out = [UInt8](repeating: 0, count: range.count)
    var filled = 0
    while filled < out.count {
      let n = out.withUnsafeMutableBytes { buffer in
        pread(fd, buffer.baseAddress! + filled, buffer.count - filled, off_t(range.lowerBound + filled))
      }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else {
        throw StoreError.unreadable(
          path: path, reason: .system(SystemError(call: "read", code: n < 0 ? errno : EIO)))
      }
      filled += n
    }
    return out
  }

  /// The whole file.
  func all(path: String) throws -> [UInt8] { try bytes(0..<size, path: path) }

  /// The card at `place`, read as the deck reader reads it.
  func card(at place: DeckIndex.Place, path: String) throws -> Card {
    let bytes = try bytes(place.offset..<place.offset + place.length, path: path)
    return try bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      do {
        return try DeckCodec.readWholeCard(&reader, index: place.position).0
      } catch is JSONSyntaxError {
        throw StoreError.corrupt(path: path, at: nil, reason: .syntax(.value))
      } catch let error as DeckCodec.FieldError {
        throw StoreError.corrupt(path: path, at: nil, reason: error.problem)
      }
    }
  }

  /// The recall items of the array at `range`.
  func recalls(in range: Range<Int>, path: String) throws -> [RecallItem] {
    let bytes = try bytes(range, path: path)
    return try bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      var items: [RecallItem] = []
      do {
        try reader.readArray { reader, i in items.append(try DeckCodec.readRecall(&reader, index: i).0) }
      } catch is JSONSyntaxError {
        throw StoreError.corrupt(path: path, at: nil, reason: .syntax(.value))
      } catch let error as DeckCodec.FieldError {
        throw StoreError.corrupt(path: path, at: nil, reason: error.problem)
      }
      return items
    }
  }
}
