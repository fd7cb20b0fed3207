/// The texts of `reminders config`: the settings' table, what changed, and its refusals.
public protocol ConfigMessages: Sendable {
  /// The table's columns: `KEY VALUE FROM` / `キー 値 由来`.
  var settingsColumns: [String] { get }

  /// Where a value comes from: `default` / `既定`, `file` / `ファイル`, `environment` / `環境`.
  func settingSource(_ source: SettingSourceWord) -> String

  /// A default found at run time, in words: `the system's zone (Asia/Tokyo)` /
  /// `システムのタイムゾーン（Asia/Tokyo）`, `the first terminal found` / `最初に見つかった端末`, ….
  func runtimeDefault(_ key: String, zone: String) -> String

  /// A daily time the window moves: `(fires at 08:00: window.start)` / `（window.start により 08:00 に出ます）`.
  func movedByWindow(to time: String) -> String

  /// One change: `daily.time: "08:00" → "19:00"`; nil is the default: `(default)` / `（既定）`.
  func settingChanged(_ key: String, from before: String?, to after: String?) -> String

  /// `Saved in PATH.` / `PATH に保存しました。`
  func settingsSaved(in path: String) -> String

  /// Nothing to change: `daily.time is already "19:00".` / `daily.time はすでに "19:00" です。`
  /// (`after` nil: not in the file: `… is not set in PATH: its default applies.`).
  func settingUnchanged(_ key: String, value: String?, path: String) -> String

  /// `unknown setting "dialy.time" (did you mean daily.time? reminders config show lists them)`.
  func unknownSetting(_ key: String, nearest: String) -> String

  /// VALUE not of the key's kind: `daily.persist takes true or false, not "yes"`.
  func settingNotOfKind(_ key: String, value: String, kind: SettingKindWord) -> String

  /// `daily.time 19:00 is outside the window 08:00-18:00 (window.start, window.end): set the
  /// window too, or add --move-window`.
  func dailyOutsideWindow(key: String, daily: String, start: String, end: String) -> String

  /// `PATH writes KEY in a form config set does not edit (a dotted key or an inline table):
  /// change it there by hand`.
  func settingFormUnsupported(_ key: String, path: String) -> String
}

/// `config show`'s sources, as the texts name them (the catalogue depends on no other module).
public enum SettingSourceWord: Sendable {
  case standard, file, environment
}

/// The kinds of value `config set` takes, as its refusals name them.
public enum SettingKindWord: Sendable {
  case flag, whole, number, toml
}
