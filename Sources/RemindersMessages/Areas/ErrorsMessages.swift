/// The texts of the one line of an error: files, values, exit statuses.
public protocol ErrorsMessages: Sendable {
  /// `集中セッションが進行中です（…）` / `a focus session is running (reminders focus stop ends it)`.
  var focusRunning: String { get }
  /// A path given on the command line whose folder is not there: `PATH: the folder FOLDER does
  /// not exist (reminders creates no folder it was not asked for)` / `PATH: フォルダ FOLDER がありません…`.
  func folderMissing(path: String, folder: String) -> String
  /// `--collection` names no collection: `no collection "toeic" in DECK; the nearest is "TOEIC"` /
  /// `DECK にコレクション「toeic」はありません。近いのは「TOEIC」です` (without the nearest when the
  /// deck has no collection).
  func noSuchCollection(_ name: String, deck: String, nearest: String?, collections: Int) -> String

  /// A broken focus file, left out: `…（集中セッションは無視します。…）` /
  /// `… (the focus session is left out; reminders focus stop puts this file aside)`.
  func focusLeftOut(_ error: String) -> String

  /// A broken focus file, put aside as `aside`: `…（… として脇に置きました）` / `… (put aside as …)`.
  func focusSetAside(_ error: String, as aside: String) -> String

  /// A broken alarm file, left out: `…（新しいアラームは鳴りません。…）` /
  /// `… (no alarm starts ringing until it is fixed or removed; alarms ringing now go on)`.
  func alarmsLeftOut(_ error: String) -> String

  /// A file that does not parse, at `place` (`deck.json:3:7`), for `reason`
  /// (`FileContentMessages.contentProblem`): `deck.json:3:7: 内容を読み取れません: …` / `deck.json:3:7: …`.
  func corrupt(place: String, reason: String) -> String

  /// A config value that is not acceptable, its key when there is one:
  /// `config.toml: 設定が正しくありません: schedule.at: …` / `config.toml: schedule.at: …`.
  func badConfig(place: String, key: String?, reason: String) -> String

  /// `…: 読めません: ファイルがありません` / `…: cannot read: No such file or directory`.
  func unreadable(path: String, problem: String) -> String

  /// `…: 書き込めません: …` / `…: cannot write: …`.
  func cannotWrite(path: String, problem: String) -> String

  /// No home folder (`HOME` unset or relative, none in the user database for `userID`):
  /// `HOME が絶対パスではなく、…` / `HOME is not set to an absolute path and the user database names
  /// no home folder for uid 1000; set HOME to your home folder`.
  func homeUnknown(userID: UInt32) -> String

  /// What a message names the standard output as, in place of a file: `標準出力` / `standard output`.
  var standardOutput: String { get }

  /// `…: 別の reminders の処理が 10 秒を超えてロックを保持していました` /
  /// `…: another reminders process held the lock for over 10 s`.
  func locked(path: String, seconds: Int) -> String

  /// Why a file could not be read or written.
  func fileProblem(_ problem: FileTrouble) -> String

  /// A `TZ` that is not read as the C library reads it (`value`: what it holds):
  /// `TZ=EST5EDT,M3.2.0,M11.1.0: 使えないタイムゾーンです（…）` /
  /// `TZ=EST5EDT,M3.2.0,M11.1.0: not a time zone this version reads (expected a zone name such as
  /// Asia/Tokyo, a zone file under /usr/share/zoneinfo, or a fixed offset such as UTC-9;
  /// time.zone in the config overrides it)`.
  func unusableTZ(_ value: String) -> String

}

/// Why a file could not be read or written; what the system said (`system`) is kept as it said it.
public enum FileTrouble: Sendable {
  case missing(system: String)
  case noSpace(system: String)
  case denied(system: String)
  case system(String)
  case notRegularFile(FileKindName)
  case danglingLink(target: String)
}

/// What a path names when it is not a regular file.
public enum FileKindName: Sendable {
  case regular, directory, namedPipe, socket, characterDevice, blockDevice, symbolicLink, unknown
}
