/// The texts of `doctor`: its rows, notes and verdict.
///
/// Names, paths, D-Bus addresses, capabilities and command lines stay as they are: the caller
/// passes them in. What others say (the desktop's failures, file errors, the timer's rows) is
/// theirs and comes in already worded.
public protocol DoctorMessages: Sendable {
  // MARK: rows

  /// `bus` / `セッションバス`.
  var busLabel: String { get }
  /// `server` / `通知サーバー`.
  var serverLabel: String { get }
  /// `capabilities` / `機能`.
  var capabilitiesLabel: String { get }
  /// `do-not-disturb` / `おやすみモード`.
  var doNotDisturbLabel: String { get }
  /// `timer` / `タイマー`.
  var timerLabel: String { get }
  /// `font` / `フォント`.
  var fontLabel: String { get }
  /// `actions` / `アクション`.
  var actionsLabel: String { get }
  /// `review here` / `ここで復習`: studying in the pop-up.
  var popupStudyLabel: String { get }
  /// `first steps` / `はじめに`: how to begin, with nothing to study yet.
  var firstStepsLabel: String { get }
  /// `daily` / `毎日の復習`.
  var dailyLabel: String { get }
  /// A daily time the window moves: `daily.time 07:30 is before window.start: the daily reminder
  /// fires at 08:00` / `daily.time 07:30 は window.start より前です: 毎日のリマインダーは 08:00 に出ます`.
  func dailyMoved(asked: String, firesAt: String) -> String
  /// `location` / `位置情報`.
  var locationLabel: String { get }
  /// `alarm sound` / `アラーム音`.
  var alarmSoundLabel: String { get }
  /// `verdict: ` / `判定: `.
  var verdictPrefix: String { get }
  /// `none` / `なし`.
  var doctorNone: String { get }
  /// `no answer` / `応答なし`.
  var doctorNoAnswer: String { get }

  /// Whether pop-ups carry actions that do something, and what is missing:
  /// `work here: "Review now" opens reminders review in TERMINAL` /
  /// `使えます: 「今すぐ復習」は TERMINAL で reminders review を開きます`, or
  /// `pop-ups carry no buttons (…)` / `ボタンは出ません（…）`.
  func popupActions(serverOffers: Bool, watchRuns: Bool, terminal: String?) -> String
  /// Whether cards can be studied in the pop-up here, with `drip` (seconds; nil: off), and what
  /// is missing: `works here: "Review here" shows the cards in the pop-up; a card every 45
  /// minutes (review.drip)` / `使えます: …`, or `not here (…): no "Review here" button, and no
  /// drips` / `使えません（…）: …`.
  func popupStudy(serverOffers: Bool, watchRuns: Bool, drip: Int?) -> String
  /// `Review now starts Anki: PATH` / `「今すぐ復習」は Anki を起動します: PATH`, or that `command`
  /// is not found.
  func ankiCommand(_ command: String, found: String?) -> String
  /// A file's role: `deck` / `デッキ`.
  func fileLabel(_ file: DoctorFile) -> String
  /// `ADDRESS (from VARIABLE)` / `ADDRESS（VARIABLE から）`, or none.
  func busAddress(_ address: String?, from source: String?) -> String
  /// `ADDRESS: does not answer: WHY` / `ADDRESS: 応答しません: WHY`.
  func busDoesNotAnswer(_ address: String, _ why: String) -> String
  /// `ADDRESS: answers as :1.42` / `ADDRESS: :1.42 として応答`.
  func busAnswers(_ address: String, as uniqueName: String) -> String
  /// `NAME VERSION (vendor V), spec S` / `NAME VERSION（提供元 V、仕様 S）`.
  func server(name: String, version: String, vendor: String, specVersion: String) -> String
  /// `on, read from PROBE` / `オン（読み取り元: PROBE）`; without a probe, that none answered.
  func doNotDisturb(_ state: DoNotDisturbWord, readFrom source: String?) -> String

  // MARK: files

  /// `PATH: missing (an empty deck)` / `PATH: ありません（空のデッキとして扱います）`.
  func missingFile(_ path: String, _ file: DoctorFile) -> String
  /// `PATH: ok, mode 0600` / `PATH: 正常、モード 0600`, and a note when others may read it.
  func fileOK(_ path: String, mode: String, shared: Bool) -> String

  // MARK: the verdict

  /// Between the verdict's main sentence and each note after it: `; ` / `。`.
  var noteSeparator: String { get }
  /// `the timer is not installed (reminders timer install)` / `タイマーがインストールされていません（…）`.
  var timerNotInstalledNote: String { get }
  /// `timer: PROBLEM` / `タイマー: PROBLEM`.
  func timerProblemNote(_ problem: String) -> String
  /// `the timer is not enabled (systemctl --user enable --now UNITS)` / `タイマーが有効になっていません（…）`.
  func timerNotEnabledNote(_ units: String) -> String
  /// `reminders run stops on SUMMARY` / `reminders run はこのファイルで止まります: SUMMARY`.
  func runStops(on summary: String) -> String
  /// `pop-ups will be delivered by SERVER` / `ポップアップは SERVER が表示します`.
  func popupsDelivered(by server: String) -> String
  /// `do-not-disturb is on: they wait until it ends` / `おやすみモードがオンです: 終わるまで待ってから表示します`.
  var waitForDoNotDisturb: String { get }
  /// `no notification server answered` / `通知サーバーが応答しませんでした`.
  var noServerAnswered: String { get }
  /// `reminders would fall back (WHY), and run stops on SUMMARY` / `リマインダーはカレンダーファイルに回るところですが（WHY）、…`.
  func wouldFallBackButStops(_ why: String, on summary: String) -> String
  /// `reminders will fall back to the calendar file PATH: WHY` / `リマインダーはカレンダーファイル PATH に書き出されます: WHY`.
  func fallsBack(to path: String, _ why: String) -> String
  /// `no alarm will ring (SUMMARY)` / `アラームは鳴りません（SUMMARY）`.
  func alarmsWillNotRing(_ summary: String) -> String
  /// `lookup and cards add FRONT cannot read the dictionary (SUMMARY)` /
  /// `lookup と cards add FRONT は辞書を読めません（SUMMARY）`.
  func dictionaryUnusable(_ summary: String) -> String
  /// `Anki's cards are not counted anew (ERROR); the deck's reminders go on` /
  /// `Anki のカードは新しく数えられません（ERROR）。デッキのリマインダーは続きます`.
  func ankiNotCounted(_ error: String) -> String

  // MARK: the Japanese font

  /// `Japanese glyphs from A, B (fc-list :lang=ja)` / `日本語の字形あり: A, B（fc-list :lang=ja）`.
  func fontFound(_ families: [String]) -> String
  /// Why Japanese text may not show, or why it could not be told.
  func fontWarning(_ warning: FontWarning) -> String

  // MARK: the alarms

  /// `none (WHY): alarms cannot be stopped, edited or deleted without one` / `取得できません（WHY）: …`.
  func locationUnavailable(_ why: String) -> String
  /// `GeoClue gives one in 0.4 s (accurate to ±20 m) on BUS` / `GeoClue から 0.4 秒で取得できます（精度 ±20 m、BUS）`.
  func locationFound(seconds: String, accuracy: String, systemBus: String) -> String
  /// `none: PROBLEM` / `鳴りません: PROBLEM`: no command to play the alarm sound with.
  func noAlarmSound(_ problem: String) -> String
}

/// The files `doctor` looks at.
public enum DoctorFile: String, Sendable, CaseIterable {
  case config, deck, ledger, held, fallback, alarms, dictionary
}

/// Do-not-disturb as it was read.
public enum DoNotDisturbWord: String, Sendable {
  case on, off, unknown
}

/// Why Japanese text may not show in pop-ups, or why it could not be told.
public enum FontWarning: Sendable, Equatable {
  case noFcList
  case couldNotStart(String)
  case timedOut(seconds: Int)
  case failed(status: Int32)
  /// fontconfig knows no font with Japanese glyphs.
  case noFont
}
