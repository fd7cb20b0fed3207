import Foundation

/// How a reminder reached the learner.
public enum DeliveryChannel: String, Sendable, Equatable {
  case popup
  case calendar
}

/// What has been delivered: each reminder id and each recall item at most once.
public struct DeliveryLedger: Equatable, Sendable {
  public struct Entry: Equatable, Sendable {
    public var reminderID: String
    public var deliveredAt: Date
    public var channel: DeliveryChannel
    /// The notification server's id for the pop-up, when it was one.
    public var notificationID: UInt32?
    public var recallItemIDs: [String]
    public var title: String

    public init(
      reminderID: String, deliveredAt: Date, channel: DeliveryChannel, notificationID: UInt32?,
      recallItemIDs: [String], title: String
    ) {
      self.reminderID = reminderID
      self.deliveredAt = deliveredAt
      self.channel = channel
      self.notificationID = notificationID
      self.recallItemIDs = recallItemIDs
      self.title = title
    }
  }

  /// By reminder id.
  public private(set) var entries: [String: Entry]
  /// Recall item ids already delivered (in any pop-up).
  public private(set) var deliveredRecallItems: Set<String>
  /// Reminder ids and recall item ids held back by desktop do-not-disturb, with when they were
  /// first held.
  public var held: [String: Date]

  public init(entries: [Entry] = [], held: [String: Date] = [:]) {
    self.entries = [:]
    self.deliveredRecallItems = []
    self.held = held
    for entry in entries { record(entry) }
  }

  public func contains(reminderID: String) -> Bool { entries[reminderID] != nil }

  public func contains(recallItem id: String) -> Bool { deliveredRecallItems.contains(id) }

  public mutating func record(_ entry: Entry) {
    entries[entry.reminderID] = entry
    deliveredRecallItems.formUnion(entry.recallItemIDs)
    held[entry.reminderID] = nil
    for id in entry.recallItemIDs { held[id] = nil }
  }

  /// Drops daily entries for days before `day`: they can never fire again, so the ledger stays
  /// small. Recall entries stay while their items may still be in the deck.
  public mutating func forgetDaily(before day: Day) {
    for (id, _) in entries where id.hasPrefix("daily:") {
      if let d = Day(iso: id.dropFirst(6)), d < day { entries[id] = nil }
    }
  }
}
