extension English: DeliveryMessages {
  // MARK: snooze

  public func noDeliveredReminder(_ id: String, in ledger: String) -> String {
    "no delivered reminder '\(id)' in \(ledger) (reminders preview --json shows ids)"
  }
  public var nothingToSnooze: String { "nothing to snooze: no pop-up was shown yet" }
  public func cannotSnooze(_ id: String) -> String { "\(id) cannot be snoozed" }
  public func snoozeComesBack(_ id: String, at stamp: String, returning: String) -> String {
    "Snoozed \(id): it comes back at \(stamp) (\(returning))."
  }
  public func snoozeComesBackIfDue(_ id: String, after stamp: String, returning: String) -> String {
    "Snoozed \(id): it comes back after \(stamp) if there is still something to review (\(returning))."
  }
}
