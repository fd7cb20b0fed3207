/// The desktop app's words (docs/app.md): its pages, buttons and settings, as a screen reader
/// says them and the tests find them (accessible names). Counts and lines the command line says
/// too (the daily title, the streak, the next reminder) come from their own areas.
public protocol AppMessages: Sendable {
  /// The application's name in the window's title and the app list: `復習リマインダー` / `Review Reminders`.
  var appName: String { get }
  /// The pages: `ホーム` Home, `学習` Study, `設定` Settings.
  var homePage: String { get }
  var studyPage: String { get }
  var settingsPage: String { get }
  /// Home's button: `学習を始める` / `Study now`.
  var studyNow: String { get }
  /// Under Home's count, how many of those cards are new: `うち新規 3枚` / `3 of them new` (the daily pop-up's words).
  func newCardsLine(_ count: Int) -> String
  /// Why Study now is insensitive: `今は復習するカードがありません。次は …` / `Nothing is due now. …`.
  func nothingDueNow(next: String?) -> String
  /// Study, before a session: which collection, the order, and `始める` / `Begin`.
  var beginSession: String { get }
  var collectionChoice: String { get }
  var allCollections: String { get }
  var shuffleChoice: String { get }
  /// Under FSRS, the second rating: `難しい` / `Hard` (the others are the pop-up's).
  var hardAction: String { get }
  /// `元に戻す` / `Undo`, `飛ばす` / `Skip`, `終わる` / `End`.
  var undoAction: String { get }
  var skipAction: String { get }
  var endAction: String { get }
  /// The back of a card, shown once revealed: `答え` / `Answer`, and its note `メモ` / `Note`.
  var answerHeading: String { get }
  var noteHeading: String { get }
  /// A forgotten card's recall item, shown in the session: `思い出せましたか？` / `Did you recall it?`.
  var recallQuestion: String { get }
  /// Another session (a terminal's `reminders review`) holds the deck: `別の復習が進行中です…`.
  var sessionElsewhere: String { get }
  /// `Back to Home` after a session's summary.
  var backHome: String { get }
  /// Settings' rows, by key: `毎日の通知時刻` / `Daily reminder time`, ….
  var dailyTimeSetting: String { get }
  var dailyAgainSetting: String { get }
  var windowStartSetting: String { get }
  var windowEndSetting: String { get }
  var quietHoursSetting: String { get }
  var languageSetting: String { get }
  var newPerDaySetting: String { get }
  var schedulerSetting: String { get }
  var retentionSetting: String { get }
  var dripSetting: String { get }
  var reviewInSetting: String { get }
  /// The groups of Settings: `通知` Reminders, `学習` Study, `表示` Display.
  var remindersGroup: String { get }
  var studyGroup: String { get }
  var displayGroup: String { get }
  /// A value's choices: `自動` Automatic (the language of the desktop), the schedulers, where a
  /// pop-up's review opens.
  var automaticChoice: String { get }
  var ladderChoice: String { get }
  var fsrsChoice: String { get }
  var popupChoice: String { get }
  var terminalChoice: String { get }
  var appChoice: String { get }
  /// A change saved: `毎日の通知時刻を 07:30 にしました` / `Daily reminder time is now 07:30`.
  func settingSaved(_ name: String, value: String) -> String
  /// Apply an entry: `適用` / `Apply` (the row's button; Enter does the same).
  var applyAction: String { get }
}
