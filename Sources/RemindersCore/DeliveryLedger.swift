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
    /// The texts last shown (the summary and the body before any markup escaping).
    public var title: String
    public var body: String
    /// Whether the pop-up is known to be still shown: true only while `reminders watch` has
    /// followed it since it appeared and has seen no sign that it went away.
    public var onScreen: Bool
    /// When, and why, it stopped being known to be on screen.
    public var closedAt: Date?
    public var closedBecause: String?
    /// When its texts were last replaced in place.
    public var updatedAt: Date?

    public init(
      reminderID: String, deliveredAt: Date, channel: DeliveryChannel, notificationID: UInt32?,
      recallItemIDs: [String], title: String, body: String = "", onScreen: Bool = false,
      closedAt: Date? = nil,
      closedBecause: String? = nil, updatedAt: Date? = nil
    ) {
      self.reminderID = reminderID
      self.deliveredAt = deliveredAt
      self.channel = channel
      self.notificationID = notificationID
      self.recallItemIDs = recallItemIDs
      self.title = title
      self.body = body
      self.onScreen = onScreen
      self.closedAt = closedAt
      self.closedBecause = closedBecause
      self.updatedAt = updatedAt
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

  /// Pop-up `notificationID` closed: the entries shown under that id are no longer on screen.
  /// Returns their reminder ids (none when the id is not one of ours, or was already closed).
  @discardableResult
  public mutating func closed(notificationID: UInt32, at: Date, because reason: String) -> [String] {
    offScreen(where: { $0.notificationID == notificationID }, at: at, because: reason)
  }

  /// Nothing vouches any more for what is on screen (the watch restarted and may have missed a
  /// close, or the notification server changed): no pop-up counts as shown. Returns the reminder
  /// ids that did.
  @discardableResult
  public mutating func forgetScreen(at: Date, because reason: String) -> [String] {
    offScreen(where: { _ in true }, at: at, because: reason)
  }

  /// Takes the pop-ups on screen that `matches` off screen; returns their reminder ids, sorted.
  private mutating func offScreen(where matches: (Entry) -> Bool, at: Date, because reason: String)
    -> [String]
  {
    let ids = entries.values.filter { $0.onScreen && matches($0) }.map(\.reminderID).sorted()
    for id in ids { offScreen(id, at: at, because: reason) }
    return ids
  }

  /// The pop-up of `reminderID` stopped being known to be on screen.
  public mutating func offScreen(_ reminderID: String, at: Date, because reason: String) {
    guard var entry = entries[reminderID], entry.onScreen else { return }
    entry.onScreen = false
    entry.closedAt = at
    entry.closedBecause = reason
    entries[reminderID] = entry
  }

  /// The pop-up of `reminderID` was replaced in place and now shows `title` and `body`.
  public mutating func replaced(
    _ reminderID: String, notificationID: UInt32, title: String, body: String, at: Date
  ) {
    guard var entry = entries[reminderID] else { return }
    entry.notificationID = notificationID
    entry.title = title
    entry.body = body
    entry.updatedAt = at
    entries[reminderID] = entry
  }

  /// Drops daily entries for days before `day`: they can never fire again, so the ledger stays
  /// small. Recall entries stay while their items may still be in the deck.
  public mutating func forgetDaily(before day: Day) {
    for (id, _) in entries where id.hasPrefix("daily:") {
      if let d = Day(iso: id.dropFirst(6)), d < day { entries[id] = nil }
    }
  }
}
