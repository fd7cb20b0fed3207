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
  static let format = "reminders-plan-input-1"

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
    return
      "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(zoneName)"
  }

  func load(key: String, clock: DayClock) -> PlanInput? {
    guard let bytes = try? FileIO.read(cachePath) else { return nil }
    let value: JSONValue? = bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      return try? reader.readValue()
    }
    guard case .object(let root)? = value, case .string(PlanInputCache.format)? = root["format"],
      case .string(key)? = root["key"], case .array(let counts)? = root["counts"],
      case .array(let days)? = root["answerDays"], case .array(let recalls)? = root["recalls"]
    else { return nil }
    var index = DueIndex()
    for entry in counts {
      guard case .array(let parts) = entry, parts.count == 3, case .string(let collection) = parts[0],
        case .number(let day) = parts[1], case .number(let n) = parts[2], let d = Int(day), let c = Int(n)
      else { return nil }
      index.add(collection: collection.isEmpty ? nil : collection, day: Day(number: d), count: c)
    }
    var answerDays = Set<Int>()
    for day in days {
      guard case .number(let text) = day, let d = Int(text) else { return nil }
      answerDays.insert(d)
    }
    var items: [RecallItem] = []
    for recall in recalls {
      guard case .object(let f) = recall, case .string(let id)? = f["id"],
        case .string(let topic)? = f["topic"],
        case .string(let due)? = f["dueAt"], let dueAt = Timestamp.parse(due)
      else { return nil }
      var note: String?
      if case .string(let n)? = f["note"] { note = n }
      var cardID: String?
      if case .string(let c)? = f["cardId"] { cardID = c }
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
    var w = JSONWriter()
    w.value(
      .object([
        "format": .string(PlanInputCache.format), "key": .string(key), "counts": .array(counts),
        "answerDays": .array(input.streak.answerDays.sorted().map { .number(String($0)) }),
        "recalls": .array(recalls),
      ]))
    w.raw("\n")
    return w.out
  }
}
