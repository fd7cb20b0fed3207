import Foundation
import RemindersCore

/// The delivery ledger on disk (`<state>/ledger.json`): what `run` has delivered.
public struct LedgerStore: Sendable {
  public let path: String

  public init(path: String) { self.path = path }

  /// Reminders held back by do-not-disturb live beside the ledger, so that holding them leaves
  /// the record of what was delivered untouched.
  public var heldPath: String { (path as NSString).deletingLastPathComponent + "/held.json" }

  /// The ledger; a missing file is an empty ledger.
  public func load() throws -> DeliveryLedger {
    var ledger = DeliveryLedger()
    if let bytes = try FileIO.read(path) { ledger = try LedgerStore.decode(bytes, path: path) }
    if let bytes = try FileIO.read(heldPath) {
      ledger.held = try LedgerStore.decode(bytes, path: heldPath).held
    }
    return ledger
  }

  /// Writes the ledger and the held list atomically (mode 0600), each only when its bytes change.
  public func save(_ ledger: DeliveryLedger, clock: DayClock) throws {
    var delivered = ledger
    delivered.held = [:]
    let held = DeliveryLedger(held: ledger.held)
    let files = [
      (path, LedgerStore.encode(delivered, clock: clock), delivered.entries.isEmpty),
      (heldPath, LedgerStore.encode(held, clock: clock), ledger.held.isEmpty),
    ]
    for (file, bytes, empty) in files {
      let current = try? FileIO.read(file)
      // Unchanged, or nothing to say where no file exists yet: leave the disk alone.
      if current == bytes || (current == nil && empty) { continue }
      try FileIO.writeAtomically(bytes, to: file)
    }
  }

  public static func decode(_ bytes: [UInt8], path: String) throws -> DeliveryLedger {
    let root: JSONValue = try bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      do {
        let value = try reader.readValue()
        guard reader.peek() == 0 else {
          throw JSONSyntaxError(offset: reader.position, expected: "the end of the file")
        }
        return value
      } catch let error as JSONSyntaxError {
        let (line, column) = reader.lineAndColumn(of: error.offset)
        throw StoreError.corrupt(
          path: path, at: TextPosition(line: line, column: column), reason: "expected \(error.expected)")
      }
    }
    func bad(_ reason: String) -> StoreError { .corrupt(path: path, at: nil, reason: reason) }
    guard case .object(let top) = root, case .number("1")? = top["version"] else {
      throw bad("expected a ledger object with \"version\": 1")
    }
    var entries: [DeliveryLedger.Entry] = []
    if case .array(let list)? = top["delivered"] {
      for (i, item) in list.enumerated() {
        guard case .object(let f) = item, case .string(let id)? = f["id"], case .string(let at)? = f["at"],
          let when = Timestamp.parse(at), case .string(let ch)? = f["channel"],
          let channel = DeliveryChannel(rawValue: ch)
        else { throw bad("delivered[\(i)]: expected id, at and channel") }
        var notificationID: UInt32?
        if case .number(let n)? = f["notificationId"] { notificationID = UInt32(n) }
        var items: [String] = []
        if case .array(let ids)? = f["recallItems"] {
          items = ids.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
        }
        func text(_ key: String) -> String? { if case .string(let t)? = f[key] { t } else { nil } }
        func time(_ key: String) throws -> Date? {
          guard let value = text(key) else { return nil }
          guard let when = Timestamp.parse(value) else {
            throw bad("delivered[\(i)].\(key): expected a time")
          }
          return when
        }
        var onScreen = false
        if case .bool(let b)? = f["onScreen"] { onScreen = b }
        entries.append(
          .init(
            reminderID: id, deliveredAt: when, channel: channel, notificationID: notificationID,
            recallItemIDs: items,
            title: text("title") ?? "", body: text("body") ?? "", onScreen: onScreen,
            closedAt: try time("closedAt"),
            closedBecause: text("closedBecause"), updatedAt: try time("updatedAt")))
      }
    }
    var held: [String: Date] = [:]
    if case .object(let h)? = top["held"] {
      for (id, value) in h {
        guard case .string(let at) = value, let when = Timestamp.parse(at) else {
          throw bad("held.\(id): expected a time")
        }
        held[id] = when
      }
    }
    return DeliveryLedger(entries: entries, held: held)
  }

  static func encode(_ ledger: DeliveryLedger, clock: DayClock) -> [UInt8] {
    var w = JSONWriter()
    w.raw("{\n  \"delivered\": [")
    let sorted = ledger.entries.values.sorted {
      $0.deliveredAt != $1.deliveredAt ? $0.deliveredAt < $1.deliveredAt : $0.reminderID < $1.reminderID
    }
    for (i, e) in sorted.enumerated() {
      w.raw(i == 0 ? "\n    " : ",\n    ")
      func time(_ date: Date) -> JSONValue { .string(Timestamp.format(date, in: clock)) }
      var fields: [(String, JSONValue)] = [
        ("at", time(e.deliveredAt)), ("body", .string(e.body)), ("channel", .string(e.channel.rawValue)),
      ]
      if let closedAt = e.closedAt { fields.append(("closedAt", time(closedAt))) }
      if let because = e.closedBecause { fields.append(("closedBecause", .string(because))) }
      fields.append(("id", .string(e.reminderID)))
      if let n = e.notificationID { fields.append(("notificationId", .number(String(n)))) }
      fields.append(("onScreen", .bool(e.onScreen)))
      fields.append(("recallItems", .array(e.recallItemIDs.map(JSONValue.string))))
      fields.append(("title", .string(e.title)))
      if let updatedAt = e.updatedAt { fields.append(("updatedAt", time(updatedAt))) }
      w.object(fields)
    }
    w.raw(sorted.isEmpty ? "],\n  \"held\": " : "\n  ],\n  \"held\": ")
    w.value(.object(ledger.held.mapValues { .string(Timestamp.format($0, in: clock)) }))
    w.raw(",\n  \"version\": 1\n}\n")
    return w.out
  }
}
