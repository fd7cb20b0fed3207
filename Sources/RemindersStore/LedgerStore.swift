import Foundation
import RemindersCore
import RemindersMessages

/// The delivery ledger on disk (`<state>/ledger.json`): what `run` has delivered.
///
/// Read strictly: a field of the wrong type is an error naming the ledger and the field, never
/// an empty ledger (which would deliver everything again and overwrite the record). Fields this
/// version does not know, at the top and in each entry, are kept on rewrite.
public struct LedgerStore: Sendable {
  public let path: String
  /// The lock every change of the ledger (and of the deck) is made under.
  public let lockPath: String

  public init(path: String, lockPath: String) {
    self.path = path
    self.lockPath = lockPath
  }

  /// Reminders held back by do-not-disturb live beside the ledger, so that holding them leaves
  /// the record of what was delivered untouched.
  public var heldPath: String { FileIO.parentDirectory(of: path) + "/held.json" }

  /// The ledger, without taking the lock (what `preview` reads); a missing file is an empty
  /// ledger.
  public func load() throws -> DeliveryLedger { try read().ledger }

  /// Takes the lock (waiting up to `lockSeconds`), reads the ledger, and hands it to `body`,
  /// which may save it as many times as it needs (`LedgerTransaction.save`); the lock is held
  /// until `body` returns.
  public func transaction<T>(
    lockSeconds: Int, clock: DayClock, _ body: (inout LedgerTransaction) throws -> T
  ) throws -> T {
    let lock = try FileLock(path: lockPath, seconds: lockSeconds)
    defer { withExtendedLifetime(lock) {} }
    let stored = try read()
    // What the files hold, kept while the lock is held (nobody else writes them), so that each
    // save compares with memory instead of reading the files again.
    var onDisk = stored.onDisk
    var transaction = LedgerTransaction(ledger: stored.ledger) { ledger in
      try self.write(StoredLedger(ledger: ledger, extras: stored.extras), clock: clock, onDisk: &onDisk)
    }
    return try body(&transaction)
  }

  /// Lock, read, change, save (only when `change` changed something), in one call.
  @discardableResult
  public func update<T>(
    lockSeconds: Int, clock: DayClock, _ change: (inout DeliveryLedger) throws -> T
  ) throws -> T {
    try transaction(lockSeconds: lockSeconds, clock: clock) { transaction in
      let before = transaction.ledger
      let result = try change(&transaction.ledger)
      if transaction.ledger != before { try transaction.save() }
      return result
    }
  }

  /// A ledger as read, with the fields this version does not know.
  struct StoredLedger {
    var ledger = DeliveryLedger()
    var extras = Extras()
    /// The bytes of each file as read (nil: no file).
    var onDisk: [String: [UInt8]?] = [:]
  }

  struct Extras {
    var root: [String: JSONValue] = [:]
    var entries: [ReminderID: [String: JSONValue]] = [:]
    var held: [String: JSONValue] = [:]
  }

  func read() throws -> StoredLedger {
    var stored = StoredLedger()
    let ledgerBytes = try FileIO.read(path)
    let heldBytes = try FileIO.read(heldPath)
    stored.onDisk = [path: ledgerBytes, heldPath: heldBytes]
    if let bytes = ledgerBytes {
      let (ledger, root, entries) = try LedgerStore.decode(bytes, path: path)
      stored.ledger = ledger
      stored.extras.root = root
      stored.extras.entries = entries
    }
    if let bytes = heldBytes {
      let (held, root, _) = try LedgerStore.decode(bytes, path: heldPath)
      stored.ledger.held = held.held
      stored.extras.held = root
    }
    return stored
  }

  /// Writes the ledger and the held list atomically (mode 0600), each only when its bytes differ
  /// from `onDisk`, which it keeps up to date.
  func write(_ stored: StoredLedger, clock: DayClock, onDisk: inout [String: [UInt8]?]) throws {
    var delivered = stored.ledger
    delivered.held = [:]
    let held = DeliveryLedger(held: stored.ledger.held)
    let files = [
      (
        path,
        LedgerStore.encode(
          delivered, extras: stored.extras.root, entries: stored.extras.entries, clock: clock),
        delivered.entries.isEmpty && delivered.earlierDailies.ranges.isEmpty && stored.extras.root.isEmpty
      ),
      (
        heldPath, LedgerStore.encode(held, extras: stored.extras.held, entries: [:], clock: clock),
        stored.ledger.held.isEmpty && stored.extras.held.isEmpty
      ),
    ]
    for (file, bytes, empty) in files {
      let current = onDisk[file] ?? nil
      // Unchanged, or nothing to say where no file exists yet: leave the disk alone.
      if current == bytes || (current == nil && empty) { continue }
      try FileIO.writeAtomically(bytes, to: file, links: .replace)
      onDisk[file] = bytes
    }
  }

  /// The keys this version writes at the top of the ledger (and of the held file).
  static let rootKeys: Set<String> = ["delivered", "earlierDailies", "held", "version"]
  /// The keys this version writes in an entry.
  static let entryKeys: Set<String> = [
    "anki", "at", "body", "channel", "closedAt", "closedBecause", "id", "notificationId", "onScreen",
    "pending", "recallItems", "snoozedUntil", "snoozes", "title", "updatedAt", "stoppedAt", "soundProcess",
    "soundProblem", "server", "card",
  ]

  /// The ledger in `bytes`, with the unknown top-level fields and the unknown fields of each
  /// entry. Any field of ours with a value of the wrong type is `StoreError.corrupt`.
  public static func decode(_ bytes: [UInt8], path: String) throws -> (
    DeliveryLedger, root: [String: JSONValue], entries: [ReminderID: [String: JSONValue]]
  ) {
    let root = try JSONValue.document(bytes, path: path)
    func bad(_ field: String, _ expected: ValueExpectation) -> StoreError {
      .corrupt(path: path, at: nil, reason: .field(field, expected: expected))
    }
    guard case .object(let top) = root else {
      throw StoreError.corrupt(path: path, at: nil, reason: .notADocument(.ledger))
    }
    guard case .number("1")? = top["version"] else { throw bad("version", .version(expected: 1, got: nil)) }

    var entries: [DeliveryLedger.Entry] = []
    var entryExtras: [ReminderID: [String: JSONValue]] = [:]
    switch top["delivered"] {
    case nil: break
    case .array(let list)?:
      for (i, item) in list.enumerated() {
        let field = "delivered[\(i)]"
        guard case .object(let f) = item else { throw bad(field, .object) }
        func string(_ key: String) throws -> String? {
          switch f[key] {
          case nil, .null?: return nil
          case .string(let text)?: return text
          default: throw bad("\(field).\(key)", .string)
          }
        }
        func time(_ key: String) throws -> Date? {
          guard let text = try string(key) else { return nil }
          guard let when = Timestamp.parse(text) else { throw bad("\(field).\(key)", .time) }
          return when
        }
        func flag(_ key: String) throws -> Bool {
          switch f[key] {
          case nil: return false
          case .bool(let value)?: return value
          default: throw bad("\(field).\(key)", .trueOrFalse)
          }
        }
        guard let id = try string("id") else { throw bad("\(field).id", .string) }
        guard let at = try time("at") else { throw bad("\(field).at", .time) }
        guard let channel = try string("channel").flatMap(DeliveryChannel.init(rawValue:)) else {
          throw bad("\(field).channel", .channel)
        }
        var notificationID: UInt32?
        switch f["notificationId"] {
        case nil, .null?: break
        case .number(let n)?:
          guard let value = UInt32(n) else {
            throw bad("\(field).notificationId", .upTo(4_294_967_295))
          }
          notificationID = value
        default: throw bad("\(field).notificationId", .wholeNumber)
        }
        var items: [String] = []
        switch f["recallItems"] {
        case nil: break
        case .array(let ids)?:
          for (j, value) in ids.enumerated() {
            guard case .string(let text) = value else { throw bad("\(field).recallItems[\(j)]", .string) }
            items.append(text)
          }
        default: throw bad("\(field).recallItems", .recallItemIDs)
        }
        var snoozes = 0
        switch f["snoozes"] {
        case nil: break
        case .number(let n)?:
          guard let value = Int(n), value >= 0 else { throw bad("\(field).snoozes", .fromZero) }
          snoozes = value
        default: throw bad("\(field).snoozes", .wholeNumber)
        }
        var sound: SoundProcess?
        switch f["soundProcess"] {
        case nil, .null?: break
        case .object(let p)?:
          guard case .number(let pid)? = p["pid"], let pidValue = Int32(pid), pidValue > 0,
            case .number(let group)? = p["group"], let groupValue = Int32(group), groupValue > 0,
            case .number(let ticks)? = p["startTicks"], let ticksValue = UInt64(ticks)
          else {
            throw bad("\(field).soundProcess", .soundProcess)
          }
          sound = SoundProcess(pid: pidValue, group: groupValue, startTicks: ticksValue)
        default: throw bad("\(field).soundProcess", .object)
        }
        let reminderID = ReminderID(id)
        entries.append(
          .init(
            reminderID: reminderID, deliveredAt: at, channel: channel, notificationID: notificationID,
            recallItemIDs: items, title: try string("title") ?? "", body: try string("body") ?? "",
            onScreen: try flag("onScreen"), closedAt: try time("closedAt"),
            closedBecause: try string("closedBecause"),
            updatedAt: try time("updatedAt"), pending: try flag("pending"),
            snoozedUntil: try time("snoozedUntil"), snoozes: snoozes, fromAnki: try flag("anki"),
            stoppedAt: try time("stoppedAt"), sound: sound, soundProblem: try string("soundProblem"),
            server: try string("server"), cardID: try string("card")))
        let unknown = f.filter { !entryKeys.contains($0.key) }
        if !unknown.isEmpty { entryExtras[reminderID] = unknown }
      }
    case _?: throw bad("delivered", .entries)
    }

    var ranges: [ClosedRange<Int>] = []
    switch top["earlierDailies"] {
    case nil: break
    case .array(let list)?:
      for (i, item) in list.enumerated() {
        guard case .string(let text) = item, let range = dayRange(text) else {
          throw bad("earlierDailies[\(i)]", .dayOrRange)
        }
        ranges.append(range)
      }
    case _?: throw bad("earlierDailies", .days)
    }

    var held: [String: Date] = [:]
    switch top["held"] {
    case nil: break
    case .object(let h)?:
      for (id, value) in h {
        guard case .string(let at) = value, let when = Timestamp.parse(at) else {
          throw bad("held[\(ErrorText.quoted(id))]", .time)
        }
        held[id] = when
      }
    case _?: throw bad("held", .timesByID)
    }
    let ledger = DeliveryLedger(entries: entries, earlierDailies: DaySet(ranges: ranges), held: held)
    return (ledger, top.filter { !rootKeys.contains($0.key) }, entryExtras)
  }

  /// `YYYY-MM-DD` or `YYYY-MM-DD/YYYY-MM-DD` (start not after end), as day numbers.
  static func dayRange(_ text: String) -> ClosedRange<Int>? {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let first = Day(iso: parts[0]),
      let last = parts.count == 2 ? Day(iso: parts[1]) : first, first <= last
    else { return nil }
    return first.number...last.number
  }

  static func encode(
    _ ledger: DeliveryLedger, extras: [String: JSONValue],
    entries entryExtras: [ReminderID: [String: JSONValue]],
    clock: DayClock
  ) -> [UInt8] {
    var w = JSONWriter()
    func time(_ date: Date) -> JSONValue { .string(Timestamp.format(date, in: clock)) }
    let sorted = ledger.entries.values.sorted(by: DeliveryLedger.Entry.oldestFirst)
    var root: [JSONWriter.Member] = [
      (
        "delivered",
        { w in
          w.objectLines(sorted) { _, e in
            var f = entryExtras[e.reminderID] ?? [:]
            f["anki"] = e.fromAnki ? .bool(true) : nil
            f["at"] = time(e.deliveredAt)
            f["body"] = .string(e.body)
            f["channel"] = .string(e.channel.rawValue)
            f["closedAt"] = e.closedAt.map(time)
            f["closedBecause"] = e.closedBecause.map(JSONValue.string)
            f["id"] = .string(e.reminderID.description)
            f["notificationId"] = e.notificationID.map { .number(String($0)) }
            f["onScreen"] = .bool(e.onScreen)
            f["pending"] = e.pending ? .bool(true) : nil
            f["recallItems"] = .array(e.recallItemIDs.map(JSONValue.string))
            f["snoozedUntil"] = e.snoozedUntil.map(time)
            f["snoozes"] = e.snoozes > 0 ? .number(String(e.snoozes)) : nil
            f["title"] = .string(e.title)
            f["updatedAt"] = e.updatedAt.map(time)
            f["stoppedAt"] = e.stoppedAt.map(time)
            f["soundProcess"] = e.sound.map {
              .object([
                "pid": .number(String($0.pid)), "group": .number(String($0.group)),
                "startTicks": .number(String($0.startTicks)),
              ])
            }
            f["soundProblem"] = e.soundProblem.map(JSONValue.string)
            f["server"] = e.server.map(JSONValue.string)
            f["card"] = e.cardID.map(JSONValue.string)
            return f
          }
        }
      ),
      ("held", { w in w.value(.object(ledger.held.mapValues(time))) }),
      ("version", { w in w.raw("1") }),
    ]
    if !ledger.earlierDailies.ranges.isEmpty {
      let ranges = ledger.earlierDailies.ranges.map { range -> JSONValue in
        let first = Day(number: range.lowerBound)
        return .string(range.count == 1 ? "\(first)" : "\(first)/\(Day(number: range.upperBound))")
      }
      root.append(("earlierDailies", { w in w.value(.array(ranges)) }))
    }
    for (key, value) in extras where !rootKeys.contains(key) { root.append((key, { w in w.value(value) })) }
    w.document(root)
    return w.out
  }
}

/// The ledger while its lock is held: change `ledger`, then `save()` as often as needed.
public struct LedgerTransaction {
  public var ledger: DeliveryLedger
  let saver: ((DeliveryLedger) throws -> Void)?

  /// Whether `save` keeps anything: false for a ledger that lives only in memory (`preview`'s
  /// walk), whose steps need not tell a changed ledger from the one saved.
  public var isDurable: Bool { saver != nil }

  /// A transaction whose `save` hands the ledger to `save` (the store writes it to disk; a test
  /// double may keep it, or fail).
  public init(ledger: DeliveryLedger, save: @escaping (DeliveryLedger) throws -> Void) {
    self.init(ledger: ledger, saver: save)
  }

  /// A transaction over a ledger that lives only in memory: `save` keeps nothing.
  public static func inMemory(_ ledger: DeliveryLedger) -> LedgerTransaction {
    LedgerTransaction(ledger: ledger, saver: nil)
  }

  private init(ledger: DeliveryLedger, saver: ((DeliveryLedger) throws -> Void)?) {
    self.ledger = ledger
    self.saver = saver
  }

  /// Makes the ledger as it is now durable.
  public func save() throws { try saver?(ledger) }
}
