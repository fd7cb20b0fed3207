import RemindersApp
import RemindersCore
import RemindersDesktop
import RemindersStore

/// The words of `reminders doctor` in the session's language: each text once, its two
/// languages side by side. What others say stays theirs and is only placed here: the desktop's
/// failures (`SendFailure.text`), file errors (`StoreErrorText`), the timer's rows (`TimerText`).
///
/// Names, paths, D-Bus addresses, capabilities and command lines stay as they are.
struct DoctorText {
  let language: Language
  var ja: Bool { language == .ja }

  init(_ language: Language) { self.language = language }

  var timer: TimerText { TimerText(language) }

  // MARK: rows

  var busLabel: String { ja ? "セッションバス" : "bus" }
  var serverLabel: String { ja ? "通知サーバー" : "server" }
  var capabilitiesLabel: String { ja ? "機能" : "capabilities" }
  var doNotDisturbLabel: String { ja ? "おやすみモード" : "do-not-disturb" }
  var timerLabel: String { ja ? "タイマー" : "timer" }
  var fontLabel: String { ja ? "フォント" : "font" }
  var actionsLabel: String { ja ? "アクション" : "actions" }

  /// Whether pop-ups will carry actions that do something (docs/delivery.md), and what is missing.
  func actions(_ actions: DoctorReport.Actions) -> String {
    var missing: [String] = []
    if !actions.serverOffers {
      missing.append(ja ? "通知サーバーが actions を示していません" : "the server does not offer actions")
    }
    if !actions.watchRuns {
      missing.append(ja ? "reminders watch が動いていません" : "reminders watch is not running")
    }
    let terminal = actions.terminal?.joined(separator: " ")
    if terminal == nil {
      missing.append(
        ja
          ? "端末が見つかりません（config の review.terminal で指定できます）"
          : "no terminal found (set review.terminal in the config)")
    }
    if missing.isEmpty {
      return ja
        ? "使えます: 「今すぐ復習」は \(terminal ?? "") で reminders review を開きます"
        : "work here: \"Review now\" opens reminders review in \(terminal ?? "")"
    }
    let list = missing.joined(separator: ja ? "、" : "; ")
    return ja ? "ボタンは出ません（\(list)）" : "pop-ups carry no buttons (\(list))"
  }
  var verdictPrefix: String { ja ? "判定: " : "verdict: " }

  /// What a daily pop-up counting Anki's cards starts from its Review now (docs/anki.md).
  func ankiCommand(_ command: [String], found: String?) -> String {
    let shown = command.joined(separator: " ")
    guard let found else {
      return ja
        ? "「今すぐ復習」で起動する \(shown) が見つかりません（config の anki.command で指定できます）"
        : "Review now would start \(shown), which is not found (set anki.command in the config)"
    }
    return ja ? "「今すぐ復習」は Anki を起動します: \(found)" : "Review now starts Anki: \(found)"
  }

  func fileLabel(_ role: FileHealth.Role) -> String {
    guard ja else { return role.rawValue }
    switch role {
    case .config: return "設定"
    case .deck: return "デッキ"
    case .ledger: return "配信記録"
    case .held: return "保留"
    case .fallback: return "予備カレンダー"
    case .alarms: return "アラーム"
    }
  }

  var none: String { ja ? "なし" : "none" }
  var noAnswer: String { ja ? "応答なし" : "no answer" }

  /// The bus address and the variable that named it.
  func busAddress(_ address: String?, from source: String?) -> String {
    guard let address else { return none }
    return ja ? "\(address)（\(source ?? "?") から）" : "\(address) (from \(source ?? "?"))"
  }

  func busDoesNotAnswer(_ address: String, _ why: String) -> String {
    ja ? "\(address): 応答しません: \(why)" : "\(address): does not answer: \(why)"
  }

  func busAnswers(_ address: String, as uniqueName: String) -> String {
    ja ? "\(address): \(uniqueName) として応答" : "\(address): answers as \(uniqueName)"
  }

  func server(_ info: ServerInformation) -> String {
    ja
      ? "\(info.name) \(info.version)（提供元 \(info.vendor)、仕様 \(info.specVersion)）"
      : "\(info.name) \(info.version) (vendor \(info.vendor)), spec \(info.specVersion)"
  }

  func doNotDisturb(_ state: DoNotDisturbState, readFrom source: String?) -> String {
    guard ja else {
      let verb = state == .unknown ? "could not be read from" : "read from"
      return state.rawValue + (source.map { ", \(verb) \($0)" } ?? ": no probe answered")
    }
    let word =
      switch state {
      case .on: "オン"
      case .off: "オフ"
      case .unknown: "不明"
      }
    let label = state == .unknown ? "読み取れませんでした" : "読み取り元"
    return word + (source.map { "（\(label): \($0)）" } ?? ": 確かめる方法がどれも応答しませんでした")
  }

  // MARK: files

  /// What a missing file means.
  func whenMissing(_ role: FileHealth.Role) -> String {
    switch role {
    case .config: return ja ? "既定値を使います" : "the defaults apply"
    case .deck: return ja ? "空のデッキとして扱います" : "an empty deck"
    case .ledger: return ja ? "まだ何も配信していません" : "nothing delivered yet"
    case .held: return ja ? "おやすみモードで保留中のものはありません" : "nothing held for do-not-disturb"
    case .fallback: return ja ? "初めてカレンダーファイルに回すときに作られます" : "written at the first fallback"
    case .alarms: return ja ? "アラームはありません" : "no alarms"
    }
  }

  func missing(_ path: String, _ role: FileHealth.Role) -> String {
    ja ? "\(path): ありません（\(whenMissing(role))）" : "\(path): missing (\(whenMissing(role)))"
  }

  /// A file that reads and parses; `shared` when group or others may read it.
  func fileOK(_ path: String, mode: String, shared: Bool) -> String {
    if ja {
      return "\(path): 正常、モード \(mode)" + (shared ? "（他のユーザーも読めます。reminders は自分のファイルを 0600 で作ります）" : "")
    }
    return "\(path): ok, mode \(mode)"
      + (shared ? " (others may read it; reminders creates its files 0600)" : "")
  }

  /// Why a file cannot be used, nil when it can.
  func problem(of file: FileHealth) -> String? {
    switch file.error {
    case nil: return nil
    case let error as StoreError: return StoreErrorText(language: language).text(error)
    case let error?: return "\(error)"
    }
  }

  // MARK: the verdict

  /// Between the verdict's main sentence and each note after it.
  var noteSeparator: String { ja ? "。" : "; " }

  var timerNotInstalled: String {
    ja
      ? "タイマーがインストールされていません（reminders timer install）"
      : "the timer is not installed (reminders timer install)"
  }

  func timerProblem(_ problem: String) -> String { ja ? "タイマー: \(problem)" : "timer: \(problem)" }

  func timerNotEnabled(_ units: String) -> String {
    ja
      ? "タイマーが有効になっていません（systemctl --user enable --now \(units)）"
      : "the timer is not enabled (systemctl --user enable --now \(units))"
  }

  func runStops(on summary: String) -> String {
    ja ? "reminders run はこのファイルで止まります: \(summary)" : "reminders run stops on \(summary)"
  }

  func popupsDelivered(by server: String) -> String {
    ja ? "ポップアップは \(server) が表示します" : "pop-ups will be delivered by \(server)"
  }

  var waitForDoNotDisturb: String {
    ja ? "おやすみモードがオンです: 終わるまで待ってから表示します" : "do-not-disturb is on: they wait until it ends"
  }

  var noServerAnswered: String { ja ? "通知サーバーが応答しませんでした" : "no notification server answered" }

  func wouldFallBackButStops(_ why: String, on summary: String) -> String {
    ja
      ? "リマインダーはカレンダーファイルに回るところですが（\(why)）、reminders run はこのファイルで止まります: \(summary)"
      : "reminders would fall back (\(why)), and run stops on \(summary)"
  }

  func fallsBack(to path: String, _ why: String) -> String {
    ja
      ? "リマインダーはカレンダーファイル \(path) に書き出されます: \(why)"
      : "reminders will fall back to the calendar file \(path): \(why)"
  }

  // MARK: the Japanese font

  func fontFound(_ families: [String]) -> String {
    let list = families.joined(separator: ", ")
    return ja ? "日本語の字形あり: \(list)（fc-list :lang=ja）" : "Japanese glyphs from \(list) (fc-list :lang=ja)"
  }

  func fontWarning(_ warning: JapaneseFont.Warning) -> String {
    let timeout = Int(JapaneseFont.timeout)
    switch warning {
    case .noFcList:
      return ja
        ? "fc-list がインストールされていません: 日本語の字形を持つフォントがあるか分かりません（Debian: fontconfig）"
        : "fc-list is not installed: cannot tell whether a font has Japanese glyphs (Debian: fontconfig)"
    case .couldNotStart(let error):
      return ja ? "fc-list を起動できませんでした（\(error)）" : "fc-list could not be started (\(error))"
    case .timedOut:
      return ja
        ? "fc-list :lang=ja が \(timeout) 秒以内に応答しませんでした: 日本語の字形を持つフォントがあるか分かりません"
        : "fc-list :lang=ja did not answer in \(timeout) s: cannot tell whether a font has Japanese glyphs"
    case .failed(let status):
      return ja
        ? "fc-list :lang=ja が失敗しました（終了コード \(status)）: 日本語の字形を持つフォントがあるか分かりません"
        : "fc-list :lang=ja failed (exit \(status)): cannot tell whether a font has Japanese glyphs"
    case .noFont:
      let english =
        "no font with Japanese glyphs (fc-list :lang=ja finds none): Japanese pop-ups will show boxes; "
        + "install one (Debian: fonts-noto-cjk)"
      // Without such a font the Japanese words themselves may show as boxes: English follows.
      guard ja else { return english }
      return "日本語の字形を持つフォントがありません（fc-list :lang=ja で見つかりません）: "
        + "日本語のポップアップは文字が四角で表示されます。フォントを入れてください（Debian: fonts-noto-cjk） / " + english
    }
  }
}
