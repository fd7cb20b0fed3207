import Foundation
import RemindersCore
import RemindersStore
import RemindersSystemd

/// The words of `timer install`, `uninstall` and `status` (and of the timer rows `doctor`
/// shows) in the session's language: each text once, its two languages side by side.
///
/// systemd's own values (`static`, a `SubState` such as `waiting`, timestamps), unit names,
/// paths and command lines stay as they are.
struct TimerText {
  let language: Language
  var ja: Bool { language == .ja }

  init(_ language: Language) { self.language = language }

  /// The language of a `timer` command (`--lang`, else the config's when it parses, else the
  /// locale), also made the language of its error messages.
  static func forCommand(_ global: GlobalOptions) -> TimerText {
    let language = SessionLanguage.lenient(global, environment: ProcessInfo.processInfo.environment)
    SessionLanguage.current = language
    return TimerText(language)
  }

  /// Unit names joined as a list: `a and b`.
  func list(_ names: [String]) -> String { names.joined(separator: ja ? " と " : " and ") }

  // MARK: timer install

  func wrote(_ path: String) -> String { ja ? "\(path) を書きました" : "Wrote \(path)" }

  func upToDate(_ paths: [String]) -> String {
    (ja ? "変更なし: " : "Up to date: ") + paths.joined(separator: ", ")
  }

  func enabledAndStarted(_ names: [String], next: String?) -> String {
    ja
      ? "\(list(names)) を有効にして開始しました" + (next.map { "。次回の実行: \($0)" } ?? "。")
      : "Enabled and started \(list(names))" + (next.map { "; next run: \($0)" } ?? ".")
  }

  func noManagerToEnable(_ why: UserManagerUnreachable) -> String {
    ja
      ? "いま有効にできる systemd ユーザーマネージャーがありません（\(unreachable(why))）。動いている環境で次を実行してください:"
      : "No systemd user manager to enable them now (\(unreachable(why))). Where one runs, run:"
  }

  func foreignUnit(_ path: String) -> String {
    ja
      ? "\(path) は reminders timer install が書いたものではありません。先に移動してください（何も変更していません）"
      : "\(path) was not written by reminders timer install; move it away first (nothing was changed)"
  }

  // MARK: timer uninstall

  func stoppedAndDisabled(_ names: [String]) -> String {
    ja ? "\(list(names)) を停止して無効にしました。" : "Stopped and disabled \(list(names))."
  }

  func removed(_ path: String) -> String { ja ? "\(path) を削除しました" : "Removed \(path)" }

  var nothingToRemove: String {
    ja
      ? "削除するものはありません: reminders timer install が書いたユニットはありません。"
      : "Nothing to remove: no units written by reminders timer install."
  }

  func noManagerToStop(_ why: UserManagerUnreachable) -> String {
    ja
      ? "いま停止できる systemd ユーザーマネージャーがありません（\(unreachable(why))）。動いている環境で次を実行してください:"
      : "No systemd user manager to stop them now (\(unreachable(why))). Where one runs, run:"
  }

  func leftForeign(_ path: String) -> String {
    ja
      ? "\(path) は残しました: reminders timer install が書いたものではありません"
      : "left \(path): not written by reminders timer install"
  }

  // MARK: the user manager

  func unreachable(_ why: UserManagerUnreachable) -> String {
    switch why {
    case .noRuntimeDirectory:
      return ja ? "XDG_RUNTIME_DIR が設定されていません" : "XDG_RUNTIME_DIR is not set"
    case .noAnswer(let socket, let error):
      return ja
        ? "\(socket) で応答する systemd ユーザーマネージャーがありません（\(error)）"
        : "no systemd user manager answers on \(socket) (\(error))"
    case .noSystemctl:
      return ja ? "systemctl がインストールされていません" : "systemctl is not installed"
    }
  }

  func failure(_ failure: SystemctlFailure) -> String {
    let output: String
    switch failure.output {
    case .said(let said): output = said
    case .timedOut:
      output =
        ja
        ? "\(Int(SystemctlUserManager.timeout)) 秒以内に応答がありません"
        : "no answer in \(Int(SystemctlUserManager.timeout)) s"
    case .status(let status): output = ja ? "終了コード \(status)" : "exit \(status)"
    }
    return ja ? "\(failure.command) が失敗しました: \(output)" : "\(failure.command) failed: \(output)"
  }

  /// Any error met while speaking to the user manager or writing the units; what the system
  /// says stays as it said it.
  func error(_ error: SystemdError) -> String {
    switch error {
    case .foreignUnit(let path): return foreignUnit(path)
    case .systemctlFailed(let failure): return self.failure(failure)
    case .systemctlNotStarted(let error): return error.description
    case .file(let error): return StoreErrorText(language: language).text(error)
    }
  }

  func managerProblem(_ problem: TimerState.ManagerProblem) -> String {
    switch problem {
    case .unreachable(let why): return unreachable(why)
    case .failed(let failure): return error(failure)
    }
  }

  // MARK: timer status

  var installedLabel: String { ja ? "インストール" : "installed" }
  var enabledLabel: String { ja ? "有効化" : "enabled" }
  var activeLabel: String { ja ? "状態" : "active" }
  var nextRunLabel: String { ja ? "次回の実行" : "next run" }
  var lastRunLabel: String { ja ? "前回の実行" : "last run" }
  var watchLabel: String { ja ? "監視サービス" : "watch" }
  var problemLabel: String { ja ? "問題" : "problem" }

  var notInstalled: String {
    ja ? "いいえ（reminders timer install でインストールします）" : "no (reminders timer install)"
  }

  func installedIn(_ location: String, byTimerInstall: Bool) -> String {
    if ja {
      return "はい、\(location) に"
        + (byTimerInstall ? "（reminders timer install による）" : "（reminders timer install によるものではありません）")
    }
    return "yes, in \(location) "
      + (byTimerInstall ? "by reminders timer install" : "(not by reminders timer install)")
  }

  var noExecStart: String { ja ? "（なし）" : "(none)" }
  var unknownValue: String { ja ? "不明" : "unknown" }
  var watchNotInstalled: String { ja ? "インストールされていません" : "not installed" }

  /// A state that could not be read, and why.
  func unknown(_ problem: TimerState.ManagerProblem?) -> String {
    let why = problem.map(managerProblem) ?? (ja ? "ユーザーマネージャーがありません" : "no user manager")
    return "\(unknownValue): \(why)"
  }

  /// `UnitFileState`, with the common values in words; others as systemd says them.
  func enabledState(_ state: String) -> String {
    guard ja else { return state }
    switch state {
    case "enabled": return "有効"
    case "disabled": return "無効"
    case TimerState.enabledForEveryUser: return "全ユーザーで有効"
    default: return state
    }
  }

  /// `ActiveState (SubState)` with the common active states in words; the sub-state as systemd
  /// says it.
  func activity(_ activity: UnitActivity) -> String {
    guard ja else { return activity.raw }
    guard activity.isLoaded else { return "読み込まれていません（\(activity.load)）" }
    let words = [
      "active": "動作中", "inactive": "停止中", "failed": "失敗", "activating": "起動中",
      "deactivating": "停止処理中", "reloading": "再読み込み中",
    ]
    let state = activity.active.map { words[$0] ?? $0 } ?? ""
    return state + (activity.sub.map { "（\($0)）" } ?? "")
  }

  func problem(_ problem: TimerProblem) -> String {
    let again = ja ? "reminders timer install をもう一度実行してください" : "run reminders timer install again"
    let (timer, service, watch) = (TimerUnits.timerName, TimerUnits.serviceName, TimerUnits.watchName)
    switch problem {
    case .notExecutable(let path):
      return ja
        ? "ExecStart の \(path) は実行できるファイルではありません"
        : "ExecStart names \(path), which is not an executable file"
    case .serviceMissing(let directory):
      return ja
        ? "\(directory) に \(timer) はありますが \(service) がありません"
        : "\(service) is missing beside \(timer) in \(directory)"
    case .watchMissing(let directory):
      return ja
        ? "\(directory) に \(timer) はありますが \(watch) がありません: \(again)"
        : "\(watch) is missing beside \(timer) in \(directory): \(again)"
    case .otherVersion:
      return ja ? "ユニットは別のバージョンが書いたものです: \(again)" : "the units were written by another version: \(again)"
    }
  }
}

extension SessionLanguage {
  /// The session's language as `Invocation` finds it, without failing: `--lang`, else the
  /// config's `language` (nil when it does not parse), else the locale.
  static func resolve(lang: String?, configured: LanguageSetting?, environment: [String: String]) -> Language
  {
    if let language = lang.flatMap(Language.init(rawValue:)) { return language }
    switch configured {
    case .ja?: return .ja
    case .en?: return .en
    case .auto?, nil: return Language.fromLocale(environment)
    }
  }

  /// `resolve` for a command that builds no `Invocation`: it reads the config itself, and a
  /// config that is missing, unreadable or broken counts as `auto`.
  static func lenient(_ global: GlobalOptions, environment: [String: String]) -> Language {
    if let language = global.lang.flatMap(Language.init(rawValue:)) { return language }
    let configured: LanguageSetting? = {
      guard
        let paths = try? Paths.forCommand(
          environment: environment, config: global.config, deck: global.deck, stateDir: global.stateDir),
        let bytes = try? FileIO.read(paths.config),
        let configuration = try? Configuration.parse(bytes, path: paths.config, home: paths.home)
      else { return nil }
      return configuration.language
    }()
    return resolve(lang: nil, configured: configured, environment: environment)
  }
}
