import CSQLite
import Foundation
import RemindersCore

/// What the counts need of Anki's schema 18, read from an open collection: the tables `col`,
/// `config`, `decks`, `deck_config` and `cards` (rslib `storage/schema11.sql` and its upgrades to
/// 18), and the few protobuf fields in `decks.common`, `decks.kind` and `deck_config.config`
/// (`proto/anki/decks.proto`, `proto/anki/deck_config.proto`).
extension AnkiCollectionFile {
  static func load(_ db: SQLiteDatabase) throws -> AnkiCollection {
    var tables = Set<String>()
    try db.rows("SELECT name FROM sqlite_master WHERE type = 'table'") { tables.insert($0.text(0) ?? "") }
    guard tables.contains("col") else { throw AnkiReadFailure.notACollection(.notAnki(missing: "col")) }
    var version = 0
    var creation: Int64 = 0
    try db.rows("SELECT ver, crt FROM col LIMIT 1") { row in
      version = Int(row.int64(0))
      creation = row.int64(1)
    }
    // Newer schemas read too: the tables and columns read here have not changed since 18, and a
    // new Anki must not stop every reminder; a value that no longer decodes still says so.
    guard version >= schema else { throw AnkiReadFailure.notACollection(.schema(version)) }
    for table in ["cards", "decks", "deck_config", "config"] where !tables.contains(table) {
      throw AnkiReadFailure.notACollection(.notAnki(missing: table))
    }

    // Config values are JSON; a value missing or not of the expected kind means Anki's default,
    // as Anki's own `get_config_optional` treats it.
    var config: [String: String] = [:]
    try db.rows(
      """
      SELECT KEY, CAST(val AS TEXT) FROM config WHERE KEY IN ('schedVer', 'creationOffset', 'rollover',
        'collapseTime', 'lastUnburied', 'newCardsIgnoreReviewLimit', 'applyAllParentLimits')
      """
    ) { row in config[row.text(0) ?? ""] = (row.text(1) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }
    func number(_ key: String, in range: ClosedRange<Int>) -> Int? {
      config[key].flatMap { Int($0) }.flatMap { range.contains($0) ? $0 : nil }
    }
    if number("schedVer", in: 0...255) == 1 { throw AnkiReadFailure.notACollection(.firstScheduler) }
    var collection = AnkiCollection(
      creation: creation,
      creationOffsetMinutesWest: number("creationOffset", in: Int(Int32.min)...Int(Int32.max)),
      rolloverHour: number("rollover", in: 0...255).map { min($0, 23) } ?? 4,
      learnAheadSeconds: number("collapseTime", in: 0...Int(UInt32.max)) ?? 1200,
      lastUnburiedDay: number("lastUnburied", in: 0...Int(UInt32.max)) ?? 0,
      newCardsIgnoreReviewLimit: config["newCardsIgnoreReviewLimit"] == "true",
      applyAllParentLimits: config["applyAllParentLimits"] == "true")

    try db.rows("SELECT id, name, common, kind FROM decks") { row in
      let id = row.int64(0)
      do throws(ProtoFields.Malformed) {
        collection.decks.append(
          try deck(id: id, name: row.text(1) ?? "", common: row.bytes(2), kind: row.bytes(3)))
      } catch {
        throw AnkiReadFailure.notACollection(
          .badValue(.deck(id: id, reason: error.reason, offset: error.offset)))
      }
    }
    try db.rows("SELECT id, config FROM deck_config") { row in
      let id = row.int64(0)
      do throws(ProtoFields.Malformed) {
        collection.presets[id] = try preset(row.bytes(1))
      } catch {
        throw AnkiReadFailure.notACollection(
          .badValue(.deckOptions(id: id, reason: error.reason, offset: error.offset)))
      }
    }
    // One group per distinct card state; a new card's position and a suspended card's due never
    // change a count, so they are left out to keep the groups few. Grouped here rather than by
    // SQL's GROUP BY, whose sorter took 30–60 ms over 20,000 cards where the scan takes one.
    var groups: [AnkiCollection.CardGroup: Int] = [:]
    try db.rows("SELECT did, odid, queue, type, due, odue FROM cards") { row in
      let (queue, type) = (Int(row.int64(2)), Int(row.int64(3)))
      let irrelevant = type == 0 || queue == -1
      let key = AnkiCollection.CardGroup(
        deck: row.int64(0), originalDeck: row.int64(1), queue: queue, type: type,
        due: irrelevant ? 0 : row.int64(4), originalDue: irrelevant ? 0 : row.int64(5), count: 0)
      groups[key, default: 0] += 1
    }
    collection.cards = groups.map { key, count in
      var group = key
      group.count = count
      return group
    }.sorted {
      ($0.deck, $0.originalDeck, $0.queue, $0.type, $0.due, $0.originalDue)
        < ($1.deck, $1.originalDeck, $1.queue, $1.type, $1.due, $1.originalDue)
    }
    return collection
  }

  /// The review log, in the order of card, then time (`revlog`), with each entry's card's deck
  /// (its home deck when it sits in a filtered one; nil when the card is gone).
  static func loadLog(_ db: SQLiteDatabase) throws -> [AnkiHistory.Entry] {
    var found = false
    try db.rows("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'revlog'") { _ in found = true }
    guard found else { throw AnkiReadFailure.notACollection(.notAnki(missing: "revlog")) }
    var log: [AnkiHistory.Entry] = []
    try db.rows(
      """
      SELECT r.id, r.cid, r.ease, r.type, r.factor, c.id IS NULL, c.did, c.odid
      FROM revlog r LEFT JOIN cards c ON c.id = r.cid ORDER BY r.cid, r.id
      """
    ) { row in
      let entry = AnkiRevlogEntry(
        id: row.int64(0), card: row.int64(1), ease: Int(clamping: row.int64(2)),
        kind: AnkiRevlogEntry.Kind(rawValue: Int(clamping: row.int64(3))), factor: Int(clamping: row.int64(4))
      )
      let deck: Int64? = row.int64(5) != 0 ? nil : (row.int64(7) != 0 ? row.int64(7) : row.int64(6))
      log.append(AnkiHistory.Entry(entry: entry, deck: deck))
    }
    return log
  }

  /// A deck from its row: the name's components (schema 18 separates them with U+001F), and
  /// from `Deck.Common` (`common`) the day last studied (3) and the new (4) and review (5) cards
  /// studied that day; from `Deck.KindContainer` (`kind`) a normal deck (1) or a filtered one (2);
  /// of a normal deck (`Deck.Normal`) the preset (1), its own review (6) and new (7) limits and
  /// the limits for one day (8, 9: `DayLimit`, limit 1 and day 2).
  public static func deck(id: Int64, name: String, common: [UInt8], kind: [UInt8]) throws(ProtoFields
    .Malformed)
    -> AnkiCollection.Deck
  {
    let c = try ProtoFields(common)
    let studied = AnkiCollection.Studied(day: try c.uint32(3), new: try c.int32(4), review: try c.int32(5))
    let container = try ProtoFields(kind)
    let deckKind: AnkiCollection.Kind
    if let normal = try container.message(1) {
      func dayLimit(_ field: Int) throws(ProtoFields.Malformed) -> AnkiCollection.DayLimit? {
        guard let limit = try normal.message(field) else { return nil }
        return AnkiCollection.DayLimit(limit: try limit.uint32(1), day: try limit.uint32(2))
      }
      deckKind = .normal(
        AnkiCollection.Limits(
          presetID: try normal.int64(1), reviewLimit: try normal.optionalUInt32(6),
          newLimit: try normal.optionalUInt32(7), reviewLimitToday: try dayLimit(8),
          newLimitToday: try dayLimit(9)))
    } else if try container.message(2) != nil {
      deckKind = .filtered
    } else {
      throw ProtoFields.Malformed(offset: 0, reason: .neitherDeckKind)
    }
    return AnkiCollection.Deck(
      id: id, name: name.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init),
      kind: deckKind, studied: studied)
  }

  /// A preset's daily limits from `DeckConfig.Config`: new cards (9) and reviews (10) a day.
  public static func preset(_ config: [UInt8]) throws(ProtoFields.Malformed) -> AnkiCollection.Preset {
    let fields = try ProtoFields(config)
    return AnkiCollection.Preset(newPerDay: try fields.uint32(9), reviewsPerDay: try fields.uint32(10))
  }
}

/// A collection with its review log (`fsrs optimize --anki`).
public struct AnkiHistory: Sendable {
  /// A log entry, and the deck its card is in (its home deck when in a filtered deck; nil when
  /// the card was deleted).
  public struct Entry: Sendable {
    public var entry: AnkiRevlogEntry
    public var deck: Int64?
  }

  public var collection: AnkiCollection
  public var log: [Entry]

  /// The entries of the cards in `decks` (top-level deck names whatever their case, each with
  /// its subdecks; nil: every entry, deleted cards' too, as Anki's whole-collection search takes
  /// them).
  public func entries(in decks: [String]?) -> [AnkiRevlogEntry] {
    guard let decks else { return log.map(\.entry) }
    let wanted = Set(decks.map { $0.lowercased() })
    var topLevel: [Int64: Bool] = [:]
    for deck in collection.decks {
      topLevel[deck.id] = deck.name.first.map { wanted.contains($0.lowercased()) } ?? false
    }
    return log.compactMap { item in item.deck.flatMap { topLevel[$0] } == true ? item.entry : nil }
  }
}
