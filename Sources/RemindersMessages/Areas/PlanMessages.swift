/// The texts of `preview`, `status` and `export`: the plan as a table and the home screen.
public protocol PlanMessages: Sendable {
  /// The calendar feed's description (`X-WR-CALDESC`): `単語カードの復習リマインダー` /
  /// `Flashcard review reminders`.
  var calendarDescription: String { get }

  /// A weekday's short name, 0 being Sunday: `日` / `Sun`.
  func weekdayName(_ weekday: Int) -> String

  /// A moment in a table, its parts formatted by the caller:
  /// `2026-11-21 (土) 09:00` / `2026-11-21 Sat 09:00`.
  func stamp(day: String, weekday: String, time: String) -> String

  /// The first line of `preview`: `Asia/Tokyo · 現在 … · 2026-11-23 0:00 まで` /
  /// `Asia/Tokyo · now … · until 2026-11-23 00:00`.
  func previewHeading(zone: String, now: String, until end: String) -> String

  /// `この期間に届くリマインダーはありません。` / `No reminders in this period.`
  var noRemindersInPeriod: String { get }
  /// How to begin, when there is nothing to study yet (`status`, `preview`, `doctor`): a line
  /// saying so, then one line a command, each with what it does.
  var firstSteps: [String] { get }

  /// The column names of `preview`'s table: `日時 種類 タイトル 移動の理由` / `TIME KIND TITLE WHY IT MOVED`.
  var previewColumns: [String] { get }

  /// A reminder's kind: `毎日の復習` / `daily review`, …
  func kindName(_ kind: PlannedKind) -> String

  /// Why a reminder moved: `静かな時間` / `quiet hours`, …
  func reasonName(_ reason: PlannedReason) -> String

  /// A snoozed reminder and when it was shown: `スヌーズ（09:00 に表示）` / `snoozed (shown at 09:00)`.
  func shownAt(_ reason: String, when: String) -> String

  /// A moved reminder and when it was to be: `静かな時間（元は 23:00）` / `quiet hours (was 23:00)`.
  func movedFrom(_ reason: String, when: String) -> String

  /// The name of the iCalendar feed: `復習リマインダー` / `Review reminders`.
  var feedName: String { get }

  /// What `export` wrote: `… に 3 件を書き出しました。` / `Wrote 3 events to …` (`1 event`).
  func wroteEvents(_ count: Int, to path: String) -> String

  /// `今日の復習: 3枚` / `Due today: 3 cards` (`1 card`).
  func dueToday(_ count: Int) -> String

  /// The per-collection counts after `dueToday`, given in their order (the cards without a
  /// collection named `""`): `（TOEIC 3枚、その他 1枚）` / ` (TOEIC: 3, Other: 1)`.
  func dueByCollection(_ collections: [(name: String, count: Int)]) -> String

  /// `連続記録: 4日` / `Streak: 4 days` (`1 day`).
  func streakLine(_ days: Int) -> String

  /// `思い出す項目: いま 1件、このあと 2件` / `Recall items: 1 waiting now, 2 later`.
  func recallItemsLine(waiting: Int, later: Int) -> String

  /// `今日の集中: 50分` / `Focus today: 50 min`.
  func focusTodayLine(_ minutes: Int) -> String

  /// `次のリマインダー: 2026-11-21 (土) 09:00 今日の復習 3枚` / `Next reminder: 2026-11-21 Sat 09:00 — …`.
  func nextReminderLine(when: String, title: String) -> String

  /// `次のリマインダー: 14日以内にはありません` / `Next reminder: none in the next 14 days`.
  func noNextReminderLine(days: Int) -> String

  /// Today's alarms, each with its time and name: `今日のアラーム: 07:00 Office（鳴っています）、18:00 Gym` /
  /// `Alarms today: 07:00 Office (ringing), 18:00 Gym`; `今日のアラーム: なし` / `Alarms today: none`.
  func alarmsTodayLine(_ alarms: [(time: String, name: String, state: AlarmTodayState)]) -> String
}

/// A reminder's kind, as the plan names it.
public enum PlannedKind: Sendable {
  case dailyReview, recall, focus, alarm, card
}

/// Why a reminder moved from its time.
public enum PlannedReason: Sendable {
  case outsideWindow, quietHours, desktopDND, catchUp, snoozed, focus
}

/// Where one of today's alarms stands.
public enum AlarmTodayState: Sendable {
  case upcoming, ringing, stopped
}
