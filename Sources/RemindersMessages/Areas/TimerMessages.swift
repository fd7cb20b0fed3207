/// The texts of `timer`: install, uninstall, status, the units.
///
/// systemd's own values (`static`, a `SubState` such as `waiting`, timestamps), unit names,
/// paths and command lines stay as they are: the caller passes them in.
public protocol TimerMessages: Sendable {
  /// A unit file cannot hold a path with a line break (the path as Swift writes it, quoted):
  /// `a unit file cannot hold a path with a line break: "…"` / `改行を含むパスはユニットファイルに書けません: "…"`.
  func unitPathHasLineBreak(_ quoted: String) -> String
  /// `cannot tell where this reminders binary is; give --exec PATH` /
  /// `この reminders の実行ファイルの場所がわかりません。--exec PATH で指定してください`.
  var binaryNotFound: String { get }

  // MARK: timer install

  /// `Wrote PATH` / `PATH を書きました`.
  func wroteUnit(_ path: String) -> String
  /// `Up to date: A, B` / `変更なし: A, B`.
  func unitsUpToDate(_ paths: [String]) -> String
  /// `Enabled and started a and b; next run: T` / `a と b を有効にして開始しました。次回の実行: T`.
  func enabledAndStarted(_ names: [String], next: String?) -> String
  /// `No systemd user manager to enable them now (WHY). Where one runs, run:` /
  /// `いま有効にできる systemd ユーザーマネージャーがありません（WHY）。動いている環境で次を実行してください:`.
  func noManagerToEnable(_ why: UserManagerAbsence) -> String
  /// `PATH was not written by reminders timer install; move it away first (nothing was changed)` /
  /// `PATH は reminders timer install が書いたものではありません。先に移動してください（何も変更していません）`.
  func foreignUnit(_ path: String) -> String

  // MARK: timer uninstall

  /// `Stopped and disabled a and b.` / `a と b を停止して無効にしました。`.
  func stoppedAndDisabled(_ names: [String]) -> String
  /// `Removed PATH` / `PATH を削除しました`.
  func removedUnit(_ path: String) -> String
  /// `Nothing to remove: no units written by reminders timer install.` / `削除するものはありません: …`.
  var nothingToRemove: String { get }
  /// `No systemd user manager to stop them now (WHY). Where one runs, run:` /
  /// `いま停止できる systemd ユーザーマネージャーがありません（WHY）。動いている環境で次を実行してください:`.
  func noManagerToStop(_ why: UserManagerAbsence) -> String
  /// `left PATH: not written by reminders timer install` / `PATH は残しました: …`.
  func leftForeignUnit(_ path: String) -> String

  // MARK: the user manager

  /// `XDG_RUNTIME_DIR is not set` / `XDG_RUNTIME_DIR が設定されていません`, and the like.
  func userManagerAbsence(_ why: UserManagerAbsence) -> String
  /// `systemctl --user … failed: exit 1` / `systemctl --user … が失敗しました: 終了コード 1`.
  func systemctlFailed(_ command: String, _ output: SystemctlOutput) -> String

  // MARK: timer status

  /// `installed` / `インストール`.
  var timerInstalledLabel: String { get }
  /// `enabled` / `有効化`.
  var timerEnabledLabel: String { get }
  /// `active` / `状態`.
  var timerActiveLabel: String { get }
  /// `next run` / `次回の実行`.
  var timerNextRunLabel: String { get }
  /// `last run` / `前回の実行`.
  var timerLastRunLabel: String { get }
  /// `watch` / `監視サービス`.
  var timerWatchLabel: String { get }
  /// `problem` / `問題`.
  var timerProblemLabel: String { get }
  /// `no (reminders timer install)` / `いいえ（reminders timer install でインストールします）`.
  var timerNotInstalled: String { get }
  /// `yes, in DIR by reminders timer install` / `はい、DIR に（reminders timer install による）`.
  func timerInstalled(in location: String, byTimerInstall: Bool) -> String
  /// `(none)` / `（なし）`: a unit without `ExecStart`.
  var noExecStart: String { get }
  /// `unknown` / `不明`.
  var timerUnknown: String { get }
  /// `unknown: WHY` / `不明: WHY`; without a reason, `no user manager` / `ユーザーマネージャーがありません`.
  func timerUnknown(because why: String?) -> String
  /// `not installed` / `インストールされていません`: the watch service.
  var watchNotInstalled: String { get }
  /// `UnitFileState`: `enabled` / `有効`; values without words as systemd says them.
  func unitFileState(_ state: String) -> String
  /// `ActiveState (SubState)`: `active (waiting)` / `動作中（waiting）`; `raw` is systemd's own.
  func unitActivity(_ activity: UnitActivityWords) -> String
  /// Something wrong with the installed units, for example
  /// `reminders.service is missing beside reminders.timer in DIR` /
  /// `DIR に reminders.timer はありますが reminders.service がありません`.
  func unitProblem(_ problem: UnitProblem, units: UnitNames) -> String
}

/// Why no systemd user manager can be spoken to.
public enum UserManagerAbsence: Sendable, Equatable {
  case noRuntimeDirectory
  /// What the system said of the connection, in its words.
  case noAnswer(socket: String, error: String)
  /// The socket's path is longer than a Unix socket's address holds.
  case socketPathTooLong(socket: String)
  case noSystemctl
}

/// What a failed `systemctl --user` said.
public enum SystemctlOutput: Sendable, Equatable {
  /// Its own words, as it said them.
  case said(String)
  case timedOut(seconds: Int)
  case status(Int32)
}

/// A unit's `LoadState`, `ActiveState` and `SubState`, and whether it is loaded.
public struct UnitActivityWords: Sendable, Equatable {
  public var load: String
  public var active: String?
  public var sub: String?
  public var isLoaded: Bool

  public init(load: String, active: String?, sub: String?, isLoaded: Bool) {
    (self.load, self.active, self.sub, self.isLoaded) = (load, active, sub, isLoaded)
  }
}

/// Something wrong with the installed units.
public enum UnitProblem: Sendable, Equatable {
  case notExecutable(path: String)
  case serviceMissing(directory: String)
  case watchMissing(directory: String)
  case otherVersion
}

/// The names of the three units, as the problems name them.
public struct UnitNames: Sendable, Equatable {
  public var timer: String
  public var service: String
  public var watch: String

  public init(timer: String, service: String, watch: String) {
    (self.timer, self.service, self.watch) = (timer, service, watch)
  }
}
