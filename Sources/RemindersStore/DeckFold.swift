import Foundation
import RemindersCore

/// The fold of the journal into the deck file that rewrites only what the journal changed
/// (docs/files.md): the cards its lines answered, the review log, the recall items and the key
/// naming the last line folded. Every other byte of the file is copied as it was.
///
/// A session's answers touch a few hundred cards of a deck that may hold a million; decoding and
/// encoding all of them would make the end of a session cost seconds. The whole file is still
/// read and checked as strictly as `DeckCodec.decode` checks it (a deck that does not parse is
/// never written), but only the touched cards become `Card`s, and the rules that change them are
/// the journal's own (`DeckJournal.apply`), run on a deck of just those cards.
///
/// On a file this program wrote, in the same day zone, the result is byte for byte what a
/// decode, apply and encode of the whole deck writes (DeckFoldTests holds it to that); on a
/// file edited by hand, the cards no line touched keep their layout, and the review log is
/// written one entry a line when it changes.
public enum DeckFold {
  /// `bytes` (the deck file at `path`) with `lines` applied, and the id of the last line named
  /// in it; nil when that changes nothing.
  ///
  /// `lags`, when given, learns whether a card of the file has an FSRS state that lags behind
  /// its answers (`Card.needsFSRSReplay`).
  public static func fold(
    _ bytes: [UInt8], lines: [(id: String, change: DeckJournal.Change)], path: String, clock: DayClock,
    lags: UnsafeMutablePointer<Bool>? = nil
  ) throws -> [UInt8]? {
    var touched = Set<String>()
    var undos = 0
    // Lines that may add or remove cards: then the places of all the cards are kept, to write
    // the cards' array anew from them.
    var reshapes = false
    for (_, change) in lines {
      switch change {
      case .answer(let cardID, _, _, _, _, _, _, _, _): touched.insert(cardID)
      case .undo(let previous, _, _, _):
        touched.insert(previous.id)
        undos += 1
      case .recalls: break
      case .cards(let cards):
        touched.formUnion(cards.map(\.id))
        reshapes = true
      case .remove(let cards, _):
        touched.formUnion(cards)
        if !cards.isEmpty { reshapes = true }
      }
    }

    let touchedHashes = Set(touched.map { hash($0.utf8) })
    // One pass over the file: checked whole, the touched cards' places (the last card with an
    // id, as a decode's apply finds it), every log entry's place, the recall items.
    var cardPlaces: [String: (index: Int, range: Range<Int>)] = [:]
    var allCards: [Range<Int>] = []
    var logPlaces: [Range<Int>] = []
    var recalls: [RecallItem] = []
    var recallExtras: [String: [String: JSONValue]] = [:]
    var folded: JSONValue?
    var members: [(key: String, value: Range<Int>)] = []
    var opening = 0
    try DeckCodec.read(
      bytes, path: path,
      visit: { reader, section, index in
        let start = reader.position
        switch section {
        case .card:
          let raw = try DeckCodec.readCard(&reader, index: index, keepExtras: false)
          if let lags, !lags.pointee, Card.needsFSRSReplay(lastReviewedAt: raw.lastReviewedAt, fsrs: raw.fsrs)
          {
            lags.pointee = true
          }
          // A string is made only of an id that may be touched (a million allocations cost
          // more than the rest of the pass).
          if raw.id.hasEscapes || touchedHashes.contains(hash(reader.bytes[raw.id.range])) {
            let id = reader.string(raw.id)
            if touched.contains(id) { cardPlaces[id] = (index, start..<reader.position) }
          }
          if reshapes { allCards.append(start..<reader.position) }
        case .recall:
          let (item, extras) = try DeckCodec.readRecall(&reader, index: index)
          if !extras.isEmpty { recallExtras[item.id] = extras }
          recalls.append(item)
        case .log:
          _ = try DeckCodec.readAnswer(&reader, index: index)
          logPlaces.append(start..<reader.position)
        case .rootExtra(let key):
          if key == DeckJournal.foldedKey {
            folded = try reader.readValue()
          } else {
            try reader.skipValue()
          }
        }
      },
      member: { key, value in members.append((key, value)) }, opening: { opening = $0 })

    // A key given twice at the top (a deck edited by hand): a decode takes both arrays, the
    // splice could not say which to change; the whole deck is rewritten instead.
    let edited = members.map(\.key).filter {
      ["cards", "recalls", "reviewLog", DeckJournal.foldedKey].contains($0)
    }
    if Set(edited).count != edited.count {
      var stored = try DeckCodec.decode(bytes, path: path)
      DeckJournal.apply(lines, to: &stored)
      if let last = lines.last { stored.extras.root[DeckJournal.foldedKey] = .string(last.id) }
      return DeckCodec.encode(stored, clock: clock)
    }

    // The touched cards as a deck of their own, in the file's order.
    var small = StoredDeck()
    let places = cardPlaces.values.sorted { $0.index < $1.index }
    try bytes.withUnsafeBufferPointer { buffer in
      for place in places {
        var reader = JSONReader(buffer)
        reader.position = place.range.lowerBound
        let (card, extras) = try DeckCodec.readWholeCard(&reader, index: place.index)
        if !extras.isEmpty { small.extras.cards[card.id] = extras }
        small.deck.cards.append(card)
      }
    }
    small.deck.recalls = recalls
    small.extras.recalls = recallExtras
    if let folded { small.extras.root[DeckJournal.foldedKey] = folded }

    // The log's entries from the earliest one an undo line takes back (each is the last entry
    // equal to it, as `Deck.undo` finds it); an answer only appends.
    let base = undos == 0 ? logPlaces.count : try firstUndone(lines, logPlaces, bytes, path: path)
    var tail: [ReviewEntry] = []
    try bytes.withUnsafeBufferPointer { buffer in
      for index in base..<logPlaces.count {
        var reader = JSONReader(buffer)
        reader.position = logPlaces[index].lowerBound
        // The entries kept are copied as they are, with the fields this version does not model.
        tail.append(try DeckCodec.readLogEntry(&reader, index: index, keepExtras: false).entry)
      }
    }
    small.deck.reviewLog = tail
    let before = small
    let changed = DeckJournal.applyKeepingPlaces(lines, to: &small)
    func written(_ card: Card) -> [UInt8] {
      var w = JSONWriter(capacity: 512)
      w.object(
        DeckCodec.cardFields(card, extras: small.extras.cards[card.id] ?? [:], clock: clock)
          .sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
      return w.out
    }

    var edits: [Edit] = []
    // The file's touched cards are the small deck's first ones, in place (a removed one still
    // there, marked); the cards added follow them.
    let fileCards = before.deck.cards.count
    let added = (fileCards..<small.deck.cards.count).filter { !changed.removed.contains($0) }
    if changed.removed.isEmpty && added.isEmpty {
      for i in 0..<fileCards where small.deck.cards[i] != before.deck.cards[i] {
        edits.append(Edit(range: places[i].range, bytes: written(small.deck.cards[i])))
      }
    } else {
      // Cards removed or added: the array written anew, every card no line changed copied as
      // it was.
      var replaced: [Int: [UInt8]] = [:]
      var dropped = Set<Int>()
      for i in 0..<fileCards {
        if changed.removed.contains(i) {
          dropped.insert(places[i].index)
        } else if small.deck.cards[i] != before.deck.cards[i] {
          replaced[places[i].index] = written(small.deck.cards[i])
        }
      }
      var items: [[UInt8]] = []
      items.reserveCapacity(allCards.count + added.count)
      for (index, range) in allCards.enumerated() where !dropped.contains(index) {
        items.append(replaced[index] ?? Array(bytes[range]))
      }
      for i in added { items.append(written(small.deck.cards[i])) }
      edits.append(member("cards", lined(items), members, opening))
    }

    // The log: which of the tail's entries stayed (in order; an undo removes, an answer
    // appends), and what was appended.
    let log = small.deck.reviewLog
    var kept = 0
    var removed = Set<Int>()
    for (offset, entry) in tail.enumerated() {
      if kept < log.count && log[kept] == entry { kept += 1 } else { removed.insert(base + offset) }
    }
    let appended = log[kept...]
    if !removed.isEmpty || !appended.isEmpty {
      var w = JSONWriter(capacity: logPlaces.count * 100 + appended.count * 120 + 16)
      let keptPlaces = logPlaces.indices.filter { !removed.contains($0) }
      let count = keptPlaces.count + appended.count
      if count == 0 {
        w.raw("[]")
      } else {
        w.raw("[\n")
        var written = 0
        func separator() {
          written += 1
          w.raw(written < count ? ",\n" : "\n")
        }
        for index in keptPlaces {
          w.raw("    ")
          w.out.append(contentsOf: bytes[logPlaces[index]])
          separator()
        }
        for entry in appended {
          w.raw("    ")
          w.object(
            DeckCodec.logEntryFields(entry, clock: clock).sorted { $0.key < $1.key }.map {
              ($0.key, $0.value)
            })
          separator()
        }
        w.raw("  ]")
      }
      edits.append(member("reviewLog", w.out, members, opening))
    }

    if small.deck.recalls != before.deck.recalls || small.extras.recalls != before.extras.recalls {
      var w = JSONWriter(capacity: 256 * small.deck.recalls.count + 16)
      w.objectLines(small.deck.recalls) { _, item in
        DeckCodec.recallFields(item, extras: small.extras.recalls[item.id] ?? [:], clock: clock)
      }
      edits.append(member("recalls", w.out, members, opening))
    }

    if let last = lines.last, folded != .string(last.id) {
      var w = JSONWriter(capacity: 64)
      w.string(last.id)
      edits.append(member(DeckJournal.foldedKey, w.out, members, opening))
    }
    return edits.isEmpty ? nil : apply(edits, to: bytes)
  }

  /// Objects already written, one a line, as an array of the deck (`JSONWriter.objectLines`).
  static func lined(_ items: [[UInt8]]) -> [UInt8] {
    guard !items.isEmpty else { return Array("[]".utf8) }
    var out: [UInt8] = []
    out.reserveCapacity(items.reduce(16) { $0 + $1.count + 6 })
    out.append(contentsOf: "[\n".utf8)
    for (i, item) in items.enumerated() {
      out.append(contentsOf: "    ".utf8)
      out.append(contentsOf: item)
      out.append(contentsOf: (i + 1 < items.count ? ",\n" : "\n").utf8)
    }
    out.append(contentsOf: "  ]".utf8)
    return out
  }

  /// FNV-1a of an id's bytes: which cards' ids are worth making into strings.
  static func hash<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return h
  }

  /// Where the earliest log entry in the file that an undo line may take back is: for each
  /// undo, the last entry equal to its own, looked for from the end (none: it takes back an
  /// answer still in the journal, or nothing).
  static func firstUndone(
    _ lines: [(id: String, change: DeckJournal.Change)], _ places: [Range<Int>], _ bytes: [UInt8],
    path: String
  ) throws -> Int {
    var wanted: [ReviewEntry] = lines.compactMap {
      if case .undo(_, let entry, _, _) = $0.change { entry } else { nil }
    }
    var base = places.count
    try bytes.withUnsafeBufferPointer { buffer in
      var index = places.count
      while index > 0 && !wanted.isEmpty {
        index -= 1
        var reader = JSONReader(buffer)
        reader.position = places[index].lowerBound
        let (entry, _) = try DeckCodec.readLogEntry(&reader, index: index, keepExtras: false)
        if wanted.contains(entry) {
          wanted.removeAll { $0 == entry }
          base = index
        }
      }
    }
    return base
  }

  /// Bytes put in place of a range of the file (an empty range: inserted there); `key` orders
  /// members inserted at one place as a sorted object has them.
  struct Edit {
    var range: Range<Int>
    var bytes: [UInt8]
    var key = ""
  }

  /// The value of top-level key `key` replaced by `value`, or, when the file has no such key,
  /// the member inserted where a sorted object has it: after the last key before it.
  static func member(
    _ key: String, _ value: [UInt8], _ members: [(key: String, value: Range<Int>)], _ opening: Int
  ) -> Edit {
    if let existing = members.last(where: { $0.key == key }) {
      return Edit(range: existing.value, bytes: value, key: key)
    }
    var w = JSONWriter(capacity: value.count + key.utf8.count + 16)
    if let previous = members.filter({ $0.key < key }).max(by: { $0.value.upperBound < $1.value.upperBound })
    {
      w.raw(",\n  ")
      w.string(key)
      w.raw(": ")
      w.out.append(contentsOf: value)
      let at = previous.value.upperBound
      return Edit(range: at..<at, bytes: w.out, key: key)
    }
    w.raw("\n  ")
    w.string(key)
    w.raw(": ")
    w.out.append(contentsOf: value)
    w.raw(",")
    return Edit(range: opening + 1..<opening + 1, bytes: w.out, key: key)
  }

  /// `bytes` with `edits` (none overlapping) made; insertions at one place in their keys' order.
  static func apply(_ edits: [Edit], to bytes: [UInt8]) -> [UInt8] {
    let ordered = edits.sorted {
      $0.range.lowerBound != $1.range.lowerBound ? $0.range.lowerBound < $1.range.lowerBound : $0.key < $1.key
    }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.bytes.count })
    var at = 0
    for edit in ordered {
      out.append(contentsOf: bytes[at..<edit.range.lowerBound])
      out.append(contentsOf: edit.bytes)
      at = edit.range.upperBound
    }
    out.append(contentsOf: bytes[at...])
    return out
  }
}
