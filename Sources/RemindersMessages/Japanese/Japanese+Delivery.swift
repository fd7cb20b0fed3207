extension Japanese: DeliveryMessages {
  // MARK: snooze

  public func noDeliveredReminder(_ id: String, in ledger: String) -> String {
    "\(ledger) に届けたリマインダー '\(id)' はありません（reminders preview --json が ID を示します）"
  }
  public var nothingToSnooze: String { "スヌーズするポップアップがありません: まだ何も表示していません" }
  public func cannotSnooze(_ id: String) -> String { "\(id) はスヌーズできません" }
  public func snoozeComesBack(_ id: String, at stamp: String, returning: String) -> String {
    "\(id) をスヌーズしました。\(stamp) に戻ります（\(returning)）。"
  }
  public func snoozeComesBackIfDue(_ id: String, after stamp: String, returning: String) -> String {
    "\(id) をスヌーズしました。\(stamp) 以降、まだ復習するものがあれば戻ります（\(returning)）。"
  }
}
