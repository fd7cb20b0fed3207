/// The texts of the focus timer: its view, `focus status`, `focus stop`.
public protocol FocusMessages: Sendable {
  /// A phase's name: `集中` / `Focus`, `休憩` / `Break`, `長い休憩` / `Long break`.
  func phaseName(_ phase: FocusPhaseName) -> String

  /// Which cycle: `2/4` / `cycle 2 of 4`; without an end, `2サイクル目` / `cycle 2`.
  func cycle(_ cycle: Int, of cycles: Int?) -> String

  /// `集中セッションは進行していません。` / `No focus session is running.`
  var focusNotRunning: String { get }

  /// The last session ended at `end` (`10:15:00`): `集中セッションは進行していません（前回は 10:15:00 に終了）。` /
  /// `No focus session is running (the last one ended at 10:15:00).`
  func focusNotRunning(lastEnded end: String) -> String

  /// `focus --detach`: `集中を始めました（25:00、09:25:00 まで）。…` / `Focus started (25:00, until 09:25:00). …`
  func focusStarted(length: String, until end: String) -> String

  /// `一時停止中（残り 12:00）` / `paused (12:00 left)`.
  func pausedWithLeft(_ left: String) -> String

  /// `残り 12:00（09:25:00 まで）` / `12:00 left, until 09:25:00`.
  func left(_ left: String, until end: String) -> String

  /// What the session is for, in a status line: `作業: …` / `task: …`.
  func task(_ task: String) -> String

  /// `focus stop`: `集中セッションを終了しました。今日の集中 50分` / `Focus session stopped. 50 minutes of focus today.`
  func focusStopped(today: String) -> String

  /// The view's last line when the session is over: `集中セッション終了。…` / `Focus session over. ….`
  func focusOver(today: String) -> String

  /// The view's last line when the session goes on: `集中セッションは続いています（…）。` /
  /// `The focus session goes on (reminders run says its phase ends).`
  var focusGoesOn: String { get }

  /// The full screen's task line: `作業: …` / `Task: …`.
  func screenTask(_ task: String) -> String

  /// The full screen's time left: `残り 12:00` / `12:00 left`.
  func screenLeft(_ left: String) -> String

  /// `一時停止中` / `Paused`.
  var screenPaused: String { get }

  /// The full screen's keys: `p: 一時停止 · q: 終了` / `p: pause · q: stop` (`再開` / `resume` when paused).
  func screenKeys(paused: Bool) -> String
}

/// A phase of a focus session.
public enum FocusPhaseName: Sendable {
  case focus, shortBreak, longBreak
}
