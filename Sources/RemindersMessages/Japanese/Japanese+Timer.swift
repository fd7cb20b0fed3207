extension Japanese: TimerMessages {
  public func unitPathHasLineBreak(_ quoted: String) -> String { "改行を含むパスはユニットファイルに書けません: \(quoted)" }
  public var binaryNotFound: String { "この reminders の実行ファイルの場所がわかりません。--exec PATH で指定してください" }

  private func list(_ names: [String]) -> String { names.joined(separator: " と ") }

  public func wroteUnit(_ path: String) -> String { "\(path) を書きました" }

  public func unitsUpToDate(_ paths: [String]) -> String { "変更なし: " + paths.joined(separator: ", ") }

  public func enabledAndStarted(_ names: [String], next: String?) -> String {
    "\(list(names)) を有効にして開始しました" + (next.map { "。次回の実行: \($0)" } ?? "。")
  }

  public func noManagerToEnable(_ why: UserManagerAbsence) -> String {
    "いま有効にできる systemd ユーザーマネージャーがありません（\(userManagerAbsence(why))）。動いている環境で次を実行してください:"
  }

  public func foreignUnit(_ path: String) -> String {
    "\(path) は reminders timer install が書いたものではありません。先に移動してください（何も変更していません）"
  }

  public func stoppedAndDisabled(_ names: [String]) -> String { "\(list(names)) を停止して無効にしました。" }

  public func removedUnit(_ path: String) -> String { "\(path) を削除しました" }

  public var nothingToRemove: String { "削除するものはありません: reminders timer install が書いたユニットはありません。" }

  public func noManagerToStop(_ why: UserManagerAbsence) -> String {
    "いま停止できる systemd ユーザーマネージャーがありません（\(userManagerAbsence(why))）。動いている環境で次を実行してください:"
  }

  public func leftForeignUnit(_ path: String) -> String {
    "\(path) は残しました: reminders timer install が書いたものではありません"
  }

  public func userManagerAbsence(_ why: UserManagerAbsence) -> String {
    switch why {
    case .noRuntimeDirectory: "XDG_RUNTIME_DIR が設定されていません"
    case .noAnswer(let socket, let error): "\(socket) で応答する systemd ユーザーマネージャーがありません（\(error)）"
    case .socketPathTooLong(let socket): "\(socket) で応答する systemd ユーザーマネージャーがありません（パスが長すぎます）"
    case .noSystemctl: "systemctl がインストールされていません"
    }
  }

  public func systemctlFailed(_ command: String, _ output: SystemctlOutput) -> String {
    let said =
      switch output {
      case .said(let said): said
      case .timedOut(let seconds): "\(seconds) 秒以内に応答がありません"
      case .status(let status): "終了コード \(status)"
      }
    return "\(command) が失敗しました: \(said)"
  }

  public var timerInstalledLabel: String { "インストール" }
  public var timerEnabledLabel: String { "有効化" }
  public var timerActiveLabel: String { "状態" }
  public var timerNextRunLabel: String { "次回の実行" }
  public var timerLastRunLabel: String { "前回の実行" }
  public var timerWatchLabel: String { "監視サービス" }
  public var timerProblemLabel: String { "問題" }
  public var timerNotInstalled: String { "いいえ（reminders timer install でインストールします）" }

  public func timerInstalled(in location: String, byTimerInstall: Bool) -> String {
    "はい、\(location) に"
      + (byTimerInstall ? "（reminders timer install による）" : "（reminders timer install によるものではありません）")
  }

  public var noExecStart: String { "（なし）" }
  public var timerUnknown: String { "不明" }
  public func timerUnknown(because why: String?) -> String { "\(timerUnknown): \(why ?? "ユーザーマネージャーがありません")" }
  public var watchNotInstalled: String { "インストールされていません" }

  public func unitFileState(_ state: String) -> String {
    switch state {
    case "enabled": "有効"
    case "disabled": "無効"
    // RemindersSystemd's `TimerState.enabledForEveryUser`.
    case "enabled for every user": "全ユーザーで有効"
    default: state
    }
  }

  public func unitActivity(_ activity: UnitActivityWords) -> String {
    guard activity.isLoaded else { return "読み込まれていません（\(activity.load)）" }
    let words = [
      "active": "動作中", "inactive": "停止中", "failed": "失敗", "activating": "起動中",
      "deactivating": "停止処理中", "reloading": "再読み込み中",
    ]
    let state = activity.active.map { words[$0] ?? $0 } ?? ""
    return state + (activity.sub.map { "（\($0)）" } ?? "")
  }

  public func unitProblem(_ problem: UnitProblem, units: UnitNames) -> String {
    let again = "reminders timer install をもう一度実行してください"
    return switch problem {
    case .notExecutable(let path): "ExecStart の \(path) は実行できるファイルではありません"
    case .serviceMissing(let directory): "\(directory) に \(units.timer) はありますが \(units.service) がありません"
    case .watchMissing(let directory):
      "\(directory) に \(units.timer) はありますが \(units.watch) がありません: \(again)"
    case .otherVersion: "ユニットは別のバージョンが書いたものです: \(again)"
    }
  }
}
