/// The texts of `run`, `watch` and `snooze`: what they say on stderr and stdout.
public protocol DeliveryMessages: Sendable {
  // MARK: snooze

  /// `snooze ID` names no delivered reminder:
  /// `no delivered reminder 'ID' in LEDGER (reminders preview --json shows ids)` /
  /// `LEDGER に届けたリマインダー 'ID' はありません（reminders preview --json が ID を示します）`.
  func noDeliveredReminder(_ id: String, in ledger: String) -> String
  /// `nothing to snooze: no pop-up was shown yet` / `スヌーズするポップアップがありません: まだ何も表示していません`.
  var nothingToSnooze: String { get }
  /// `ID cannot be snoozed` / `ID はスヌーズできません`.
  func cannotSnooze(_ id: String) -> String
  /// The snooze is in the plan: `Snoozed ID: it comes back at T (RETURNING).` /
  /// `ID をスヌーズしました。T に戻ります（RETURNING）。`.
  func snoozeComesBack(_ id: String, at stamp: String, returning: String) -> String
  /// The snooze is not in the week's plan: `Snoozed ID: it comes back after T if there is still
  /// something to review (RETURNING).` / `ID をスヌーズしました。T 以降、まだ復習するものがあれば戻ります（RETURNING）。`.
  func snoozeComesBackIfDue(_ id: String, after stamp: String, returning: String) -> String
}
