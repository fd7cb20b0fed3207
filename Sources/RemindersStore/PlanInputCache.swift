import Foundation
import RemindersCore

#if canImport(Glibc)
  import Glibc
#endif

/// What planning needs of the deck, remembered between runs while the deck file is unchanged.
///
/// The timer starts `run` every minute; decoding a large deck each time would cost more than the
/// pop-up. The cache is keyed by the deck file's identity (device, inode, size, modification time
/// to the nanosecond) and the day zone, so any write to the deck, which always renames a new file
/// into place, makes it stale. It is only a cache: one that is missing, stale or unreadable is
/// rebuilt from the deck.
public struct PlanInputCache: Sendable {
  public let deckPath: String
  public let cachePath: String
  static let format = "reminders-plan-input-3"

  public init(deckPath: String, cachePath: String) {
    self.deckPath = deckPath
    self.cachePath = cachePath
  }

  /// The plan input: from the cache when it matches the deck, else from the deck (and then, when
  /// `write` is set, remembered for the next run).
  public func input(clock: DayClock, zoneName: String, store: DeckStore, write: Bool) throws -> PlanInput {
    let key = identity(zoneName: zoneName)
    if let key, let cached = load(key: key, clock: clock) { return cached }
    let input = try store.planInput(clock: clock)
    if write, let key { try? FileIO.writeAtomically(encode(input, key: key, clock: clock), to: cachePath) }
    return input
  }

  /// The deck file's identity, or `missing`; nil when it cannot be read (the deck reader reports why).
  func identity(zoneName: String) -> String? {
    var info = stat()
    if stat(deckPath, &info) != 0 { return errno == ENOENT ? "missing \(zoneName)" : nil }
    // The journal beside the deck (docs/files.md) is part of the deck: an answer appended to it
    // changes the key as a rewrite of the deck does.
    var journal = stat()
    let journalKey =
      stat(deckPath + ".journal", &journal) == 0
      ? " journal \(journal.st_ino):\(journal.st_size):\(journal.st_mtim.tv_sec).\(journal.st_mtim.tv_nsec)"
      : ""
    return
      "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(zoneName)"
      + journalKey
  }

  /// The plan input remembered for `key`, or nil: any doubt about the file is a miss.
  ///
  /// The payload carries a checksum of its own bytes, so a file changed by anything but this
  /// writer is not trusted; and every field is checked as the deck reader would check it (days in
  /// range, counts above zero, nothing twice), so even a well-formed forgery cannot hand the
  /// planner a deck no file could hold.
  func load(key: String, clock: DayClock) -> PlanInput? {
    guard let bytes = try? FileIO.read(cachePath) else { return nil }
    return PlanInputCache.decode(bytes, key: key)
  }

  /// The keys of the cache object; any other key makes the file a miss.
  static let fields: Set<String> = ["format", "key", "counts", "answerDays", "recalls"]
  static let recallFields: Set<String> = ["id", "topic", "note", "dueAt", "cardId"]
  /// The days a deck can name: `0000-01-01` to `9999-12-31`, and one more on each side for an
  /// answer day seen from a zone far from the instant's.
  static let days =
    (Day(year: 0, month: 1, day: 1)!.number - 1)...(Day(year: 9999, month: 12, day: 31)!.number + 1)

  static func decode(_ bytes: [UInt8], key: String) -> PlanInput? {
    guard case .object(let root)? = SealedJSON.open(bytes), Set(root.keys) == fields,
      case .string(PlanInputCache.format)? = root["format"], case .string(key)? = root["key"],
      case .array(let counts)? = root["counts"], case .array(let days)? = root["answerDays"],
      case .array(let recalls)? = root["recalls"]
    else { return nil }
    var index = DueIndex()
    var seen = Set<String>()
    for entry in counts {
      guard case .array(let parts) = entry, parts.count == 3, case .string(let collection) = parts[0],
        let day = SealedJSON.integer(parts[1]), PlanInputCache.days.contains(day),
        let count = SealedJSON.integer(parts[2]),
        count > 0,
        seen.insert("\(day) \(collection)").inserted
      else { return nil }
      index.add(collection: collection.isEmpty ? nil : collection, day: Day(number: day), count: count)
    }
    var answerDays = Set<Int>()
    for entry in days {
      guard let day = SealedJSON.integer(entry), PlanInputCache.days.contains(day),
        answerDays.insert(day).inserted
      else {
        return nil
      }
    }
    var items: [RecallItem] = []
    var ids = Set<String>()
    for recall in recalls {
      guard case .object(let f) = recall, Set(f.keys).isSubset(of: recallFields),
        case .string(let id)? = f["id"], ids.insert(id).inserted, case .string(let topic)? = f["topic"],
        case .string(let due)? = f["dueAt"], let dueAt = Timestamp.parse(due)
      else { return nil }
      var note: String?
      var cardID: String?
      switch f["note"] {
      case .string(let n)?: note = n
      case nil: break
      default: return nil
      }
      switch f["cardId"] {
      case .string(let c)?: cardID = c
      case nil: break
      default: return nil
      }
      items.append(RecallItem(id: id, topic: topic, note: note, dueAt: dueAt, cardID: cardID))
    }
    return PlanInput(dueIndex: index, streak: Streak(answerDays: answerDays), recalls: items)
  }

  func encode(_ input: PlanInput, key: String, clock: DayClock) -> [UInt8] {
    var counts: [JSONValue] = []
    for (collection, byDay) in input.dueIndex.counts.sorted(by: { $0.key < $1.key }) {
      for (day, n) in byDay.sorted(by: { $0.key < $1.key }) {
        counts.append(.array([.string(collection), .number(String(day)), .number(String(n))]))
      }
    }
    let recalls: [JSONValue] = input.recalls.map { item in
      var f: [String: JSONValue] = [
        "id": .string(item.id), "topic": .string(item.topic),
        "dueAt": .string(Timestamp.format(item.dueAt, in: clock)),
      ]
      f["note"] = item.note.map(JSONValue.string)
      f["cardId"] = item.cardID.map(JSONValue.string)
      return .object(f)
    }
    let payload: [String: JSONValue] = [
      "format": .string(PlanInputCache.format), "key": .string(key), "counts": .array(counts),
      "answerDays": .array(input.streak.answerDays.sorted().map { .number(String($0)) }),
      "recalls": .array(recalls),
    ]
    var w = JSONWriter()
    w.value(.object(payload))
    w.raw("\n")
    return SealedJSON.seal(w.out)
  }
}
