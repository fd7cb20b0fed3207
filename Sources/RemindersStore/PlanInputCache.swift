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
  static let format = "reminders-plan-input-6"

  public init(deckPath: String, cachePath: String) {
    self.deckPath = deckPath
    self.cachePath = cachePath
  }

  /// The plan input from `today` on, new cards within `limits`: from the cache when it matches
  /// the deck and the limits and covers `today`, else from the deck (and then, when `write` is
  /// set, remembered for the next run).
  ///
  /// A cache made on an earlier day still holds: the new cards first answered since are known
  /// from the day it was made, and none were answered after it (an answer changes the key).
  ///
  /// Under FSRS (`replaying`), a lagging card counts on its replayed day (`DeckStore.planInput`);
  /// the scheduler and its settings are part of the key, so a switch is never met by a cache made
  /// before it.
  public func input(
    clock: DayClock, zoneName: String, store: DeckStore, limits: NewCardLimits, today: Day, write: Bool,
    replaying fsrs: FSRSScheduler? = nil
  ) throws -> PlanInput {
    let key = identity(zoneName: zoneName).map {
      $0 + " " + PlanInputCache.limitsKey(limits) + (fsrs.map { " " + PlanInputCache.schedulerKey($0) } ?? "")
    }
    if let key, let cached = load(key: key, clock: clock, limits: limits), let since = cached.dueIndex.since,
      since <= today
    {
      return cached
    }
    let input = try store.planInput(clock: clock, limits: limits, today: today, replaying: fsrs)
    if write, let key {
      try? FileIO.writeAtomically(encode(input, key: key, clock: clock), to: cachePath, links: .replace)
    }
    return input
  }

  /// The limits as part of the key: a cache keeps only as many new cards as they take.
  static func limitsKey(_ limits: NewCardLimits) -> String {
    let each = limits.perCollection.sorted { $0.key < $1.key }.map {
      "\($0.key.debugDescription)=\($0.value)"
    }
    return "new \(limits.perDay) [\(each.joined(separator: ","))]"
  }

  /// FSRS and its settings as part of the key: a replay under other settings gives other days.
  static func schedulerKey(_ fsrs: FSRSScheduler) -> String {
    let steps = { (steps: [Duration]) in steps.map { "\($0.components.seconds)" }.joined(separator: ",") }
    return "fsrs \(fsrs.parameters.weights.map { "\($0)" }.joined(separator: ",")) \(fsrs.desiredRetention) "
      + "\(steps(fsrs.learningSteps)) \(steps(fsrs.relearningSteps)) \(fsrs.maximumInterval)"
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
  func load(key: String, clock: DayClock, limits: NewCardLimits) -> PlanInput? {
    guard let bytes = try? FileIO.read(cachePath) else { return nil }
    return PlanInputCache.decode(bytes, key: key, limits: limits)
  }

  /// The keys of the cache object; any other key makes the file a miss.
  static let fields: Set<String> = [
    "format", "key", "counts", "answerDays", "recalls", "since", "fresh", "firstAnswered", "lastAnswer",
  ]
  static let recallFields: Set<String> = ["id", "topic", "note", "dueAt", "cardId"]
  /// The days a deck can name: `0000-01-01` to `9999-12-31`, and one more on each side for an
  /// answer day seen from a zone far from the instant's.
  static let days =
    (Day(year: 0, month: 1, day: 1)!.number - 1)...(Day(year: 9999, month: 12, day: 31)!.number + 1)

  static func decode(_ bytes: [UInt8], key: String, limits: NewCardLimits) -> PlanInput? {
    guard case .object(let root)? = SealedJSON.open(bytes), Set(root.keys) == fields,
      case .string(PlanInputCache.format)? = root["format"], case .string(key)? = root["key"],
      case .array(let counts)? = root["counts"], case .array(let days)? = root["answerDays"],
      case .array(let recalls)? = root["recalls"], let since = root["since"].flatMap(SealedJSON.integer),
      PlanInputCache.days.contains(since), case .array(let fresh)? = root["fresh"],
      case .array(let firstAnswered)? = root["firstAnswered"], let last = root["lastAnswer"]
    else { return nil }
    var lastAnswer: Date?
    switch last {
    case .string(let text):
      guard let at = Timestamp.parse(text) else { return nil }
      lastAnswer = at
    case .null: lastAnswer = nil
    default: return nil
    }
    var index = DueIndex(limits: limits, since: Day(number: since))
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
    // The new cards: each once, and no more in a (collection, day) than the limits keep.
    var ids = Set<String>()
    var perGroup: [String: Int] = [:]
    for entry in fresh {
      guard case .array(let parts) = entry, parts.count == 5, case .string(let collection) = parts[0],
        let day = SealedJSON.integer(parts[1]), PlanInputCache.days.contains(day),
        let created = SealedJSON.integer(parts[2]), let position = SealedJSON.integer(parts[3]),
        position >= 0,
        case .string(let id) = parts[4], ids.insert(id).inserted
      else { return nil }
      let group = "\(day) \(collection)"
      perGroup[group, default: 0] += 1
      guard perGroup[group]! <= limits.perDay else { return nil }
      index.addNew(
        collection: collection.isEmpty ? nil : collection, day: Day(number: day),
        order: NewCardLimits.Order(
          createdAt: Date(timeIntervalSince1970: TimeInterval(created)), position: position, id: id))
    }
    seen.removeAll()
    for entry in firstAnswered {
      guard case .array(let parts) = entry, parts.count == 3, case .string(let collection) = parts[0],
        let day = SealedJSON.integer(parts[1]), day >= since, PlanInputCache.days.contains(day),
        let count = SealedJSON.integer(parts[2]), count > 0, seen.insert("\(day) \(collection)").inserted
      else { return nil }
      index.addFirstAnswered(
        collection: collection.isEmpty ? nil : collection, day: Day(number: day), count: count)
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
    ids.removeAll()
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
    return PlanInput(
      dueIndex: index, streak: Streak(answerDays: answerDays, lastAnswer: lastAnswer), recalls: items)
  }

  func encode(_ input: PlanInput, key: String, clock: DayClock) -> [UInt8] {
    var counts: [JSONValue] = []
    for (collection, byDay) in input.dueIndex.counts.sorted(by: { $0.key < $1.key }) {
      for (day, n) in byDay.sorted(by: { $0.key < $1.key }) {
        counts.append(.array([.string(collection), .number(String(day)), .number(String(n))]))
      }
    }
    var fresh: [JSONValue] = []
    for (collection, byDay) in input.dueIndex.fresh.sorted(by: { $0.key < $1.key }) {
      for (day, group) in byDay.sorted(by: { $0.key < $1.key }) {
        for order in group {
          fresh.append(
            .array([
              .string(collection), .number(String(day)),
              .number(String(Int(order.createdAt.timeIntervalSince1970.rounded(.down)))),
              .number(String(order.position)), .string(order.id),
            ]))
        }
      }
    }
    var firstAnswered: [JSONValue] = []
    for (collection, byDay) in input.dueIndex.firstAnswered.sorted(by: { $0.key < $1.key }) {
      for (day, n) in byDay.sorted(by: { $0.key < $1.key }) {
        firstAnswered.append(.array([.string(collection), .number(String(day)), .number(String(n))]))
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
      "recalls": .array(recalls), "since": .number(String(input.dueIndex.since?.number ?? 0)),
      "fresh": .array(fresh), "firstAnswered": .array(firstAnswered),
      "lastAnswer": input.streak.lastAnswer.map { .string(Timestamp.format($0, in: clock)) } ?? .null,
    ]
    var w = JSONWriter()
    w.value(.object(payload))
    w.raw("\n")
    return SealedJSON.seal(w.out)
  }
}
