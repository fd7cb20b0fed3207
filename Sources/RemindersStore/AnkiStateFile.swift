import Foundation
import RemindersCore

/// One reading of an Anki collection: what it held, when it was read, how, and the files as they
/// were then (docs/anki.md).
public struct AnkiReading: Equatable, Sendable {
  /// The collection file read (symbolic links resolved).
  public var collectionPath: String
  /// When it was read (the command's `now`).
  public var readAt: Date
  /// `direct` (the file itself) or `snapshot` (a copy, while Anki had it open).
  public var method: String
  /// The files' identity when read (device, inode, size, modification time of the file, its WAL
  /// and journal): the same identity later means the same collection.
  public var key: String
  /// Whether `key` can vouch for the content: false when a file was modified within a couple
  /// of seconds of the read, as a write within the same clock tick would leave the identity as
  /// it was (git's "racy" index entries).
  public var keyTrusted: Bool
  public var collection: AnkiCollection

  public init(
    collectionPath: String, readAt: Date, method: String, key: String, keyTrusted: Bool,
    collection: AnkiCollection
  ) {
    self.collectionPath = collectionPath
    self.readAt = readAt
    self.method = method
    self.key = key
    self.keyTrusted = keyTrusted
    self.collection = collection
  }
}

/// `<state>/anki.json`: the last reading of the Anki collection, written by `run` (atomically,
/// 0600, like every file of ours) after each read of a changed collection.
///
/// It spares the timer's every-minute `run` from reading an unchanged collection, and it is what
/// the counts come from, said "as of" its time, while no consistent snapshot can be had. It is
/// state of ours, not the user's data: a file that is missing, torn or changed by anything but
/// this writer (its checksum) is no reading, and the next read replaces it.
public struct AnkiStateFile: Sendable {
  public let path: String
  static let format = "reminders-anki-1"

  public init(stateDir: String) { path = stateDir + "/anki.json" }

  public func load() -> AnkiReading? {
    guard let bytes = try? FileIO.read(path) else { return nil }
    return AnkiStateFile.decode(bytes)
  }

  public func save(_ reading: AnkiReading, clock: DayClock) throws {
    try FileIO.writeAtomically(AnkiStateFile.encode(reading, clock: clock), to: path, links: .replace)
  }

  public static func encode(_ reading: AnkiReading, clock: DayClock) -> [UInt8] {
    let c = reading.collection
    func n(_ value: some BinaryInteger) -> JSONValue { .number(String(value)) }
    func optional(_ value: Int?) -> JSONValue { value.map { n($0) } ?? .null }
    func dayLimit(_ limit: AnkiCollection.DayLimit?) -> JSONValue {
      limit.map { .array([n($0.limit), n($0.day)]) } ?? .null
    }
    let decks: [JSONValue] = c.decks.map { deck in
      var fields: [JSONValue] = [
        n(deck.id), .string(deck.name.joined(separator: "\u{1F}")),
        .array([n(deck.studied.day), n(deck.studied.new), n(deck.studied.review)]),
      ]
      switch deck.kind {
      case .filtered: fields.append(.string("filtered"))
      case .normal(let l):
        fields += [
          .string("normal"), n(l.presetID), optional(l.reviewLimit), optional(l.newLimit),
          dayLimit(l.reviewLimitToday), dayLimit(l.newLimitToday),
        ]
      }
      return .array(fields)
    }
    let presets: [JSONValue] = c.presets.sorted { $0.key < $1.key }.map {
      .array([n($0.key), n($0.value.newPerDay), n($0.value.reviewsPerDay)])
    }
    let cards: [JSONValue] = c.cards.map { g in
      .array([n(g.deck), n(g.originalDeck), n(g.queue), n(g.type), n(g.due), n(g.originalDue), n(g.count)])
    }
    let payload: [String: JSONValue] = [
      "format": .string(format), "collectionPath": .string(reading.collectionPath),
      "readAt": .string(Timestamp.format(reading.readAt, in: clock)), "method": .string(reading.method),
      "key": .string(reading.key), "keyTrusted": .bool(reading.keyTrusted),
      "creation": n(c.creation), "creationOffset": optional(c.creationOffsetMinutesWest),
      "rollover": n(c.rolloverHour), "learnAhead": n(c.learnAheadSeconds),
      "lastUnburied": n(c.lastUnburiedDay),
      "newCardsIgnoreReviewLimit": .bool(c.newCardsIgnoreReviewLimit),
      "applyAllParentLimits": .bool(c.applyAllParentLimits),
      "decks": .array(decks), "presets": .array(presets), "cards": .array(cards),
    ]
    var w = JSONWriter()
    w.value(.object(payload))
    w.raw("\n")
    return SealedJSON.seal(w.out)
  }

  static let fields: Set<String> = [
    "format", "collectionPath", "readAt", "method", "key", "keyTrusted", "creation", "creationOffset",
    "rollover",
    "learnAhead", "lastUnburied", "newCardsIgnoreReviewLimit", "applyAllParentLimits", "decks", "presets",
    "cards",
  ]

  /// The reading in `bytes`, or nil: any doubt about the file is no reading.
  public static func decode(_ bytes: [UInt8]) -> AnkiReading? {
    guard case .object(let root)? = SealedJSON.open(bytes), Set(root.keys) == fields,
      case .string(format)? = root["format"], case .string(let path)? = root["collectionPath"],
      case .string(let at)? = root["readAt"], let readAt = Timestamp.parse(at),
      case .string(let method)? = root["method"], case .string(let key)? = root["key"],
      case .bool(let trusted)? = root["keyTrusted"], let creation = int(root["creation"]),
      let rollover = int(root["rollover"]), let learnAhead = int(root["learnAhead"]),
      let lastUnburied = int(root["lastUnburied"]),
      case .bool(let ignore)? = root["newCardsIgnoreReviewLimit"],
      case .bool(let parents)? = root["applyAllParentLimits"],
      case .array(let deckRows)? = root["decks"], case .array(let presetRows)? = root["presets"],
      case .array(let cardRows)? = root["cards"]
    else { return nil }
    var creationOffset: Int?
    switch root["creationOffset"] {
    case .null?: creationOffset = nil
    case let v?: guard let offset = int(v) else { return nil }; creationOffset = offset
    case nil: return nil
    }
    var collection = AnkiCollection(
      creation: Int64(creation), creationOffsetMinutesWest: creationOffset, rolloverHour: rollover,
      learnAheadSeconds: learnAhead, lastUnburiedDay: lastUnburied, newCardsIgnoreReviewLimit: ignore,
      applyAllParentLimits: parents)
    for row in deckRows {
      guard case .array(let f) = row, f.count >= 4, let id = int(f[0]), case .string(let name) = f[1],
        case .array(let s) = f[2], s.count == 3, let day = int(s[0]), let new = int(s[1]),
        let review = int(s[2])
      else { return nil }
      let kind: AnkiCollection.Kind
      switch f[3] {
      case .string("filtered") where f.count == 4: kind = .filtered
      case .string("normal") where f.count == 9:
        guard let preset = int(f[4]), let reviewLimit = optionalInt(f[5]), let newLimit = optionalInt(f[6]),
          let reviewToday = dayLimit(f[7]), let newToday = dayLimit(f[8])
        else { return nil }
        kind = .normal(
          AnkiCollection.Limits(
            presetID: Int64(preset), reviewLimit: reviewLimit, newLimit: newLimit,
            reviewLimitToday: reviewToday,
            newLimitToday: newToday))
      default: return nil
      }
      collection.decks.append(
        AnkiCollection.Deck(
          id: Int64(id),
          name: name.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init),
          kind: kind, studied: AnkiCollection.Studied(day: day, new: new, review: review)))
    }
    for row in presetRows {
      guard case .array(let f) = row, f.count == 3, let id = int(f[0]), let new = int(f[1]),
        let reviews = int(f[2]), collection.presets[Int64(id)] == nil
      else { return nil }
      collection.presets[Int64(id)] = AnkiCollection.Preset(newPerDay: new, reviewsPerDay: reviews)
    }
    for row in cardRows {
      guard case .array(let f) = row, f.count == 7, case let v = f.compactMap(int), v.count == 7, v[6] > 0
      else {
        return nil
      }
      collection.cards.append(
        AnkiCollection.CardGroup(
          deck: Int64(v[0]), originalDeck: Int64(v[1]), queue: v[2], type: v[3], due: Int64(v[4]),
          originalDue: Int64(v[5]), count: v[6]))
    }
    return AnkiReading(
      collectionPath: path, readAt: readAt, method: method, key: key, keyTrusted: trusted,
      collection: collection)
  }

  static func int(_ value: JSONValue?) -> Int? { value.flatMap(SealedJSON.integer) }

  /// nil for a malformed value; `.some(nil)` for JSON null.
  static func optionalInt(_ value: JSONValue) -> Int?? {
    if case .null = value { return .some(nil) }
    return int(value).map { .some($0) }
  }

  static func dayLimit(_ value: JSONValue) -> AnkiCollection.DayLimit?? {
    switch value {
    case .null: return .some(nil)
    case .array(let f) where f.count == 2:
      guard let limit = int(f[0]), let day = int(f[1]) else { return nil }
      return .some(AnkiCollection.DayLimit(limit: limit, day: day))
    default: return nil
    }
  }
}
