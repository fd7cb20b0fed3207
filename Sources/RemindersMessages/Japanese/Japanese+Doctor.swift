extension Japanese: DoctorMessages {
  public var busLabel: String { "セッションバス" }
  public var serverLabel: String { "通知サーバー" }
  public var capabilitiesLabel: String { "機能" }
  public var doNotDisturbLabel: String { "おやすみモード" }
  public var timerLabel: String { "タイマー" }
  public var fontLabel: String { "フォント" }
  public var actionsLabel: String { "アクション" }
  public var popupStudyLabel: String { "ここで復習" }
  public var firstStepsLabel: String { "はじめに" }
  public var dailyLabel: String { "毎日の復習" }
  public func dailyMoved(asked: String, firesAt: String) -> String {
    "daily.time \(asked) は window.start より前です: 毎日のリマインダーは \(firesAt) に出ます"
  }
  public var locationLabel: String { "位置情報" }
  public var alarmSoundLabel: String { "アラーム音" }
  public var verdictPrefix: String { "判定: " }
  public var doctorNone: String { "なし" }
  public var doctorNoAnswer: String { "応答なし" }

  public func popupActions(serverOffers: Bool, watchRuns: Bool, terminal: String?) -> String {
    var missing: [String] = []
    if !serverOffers { missing.append("通知サーバーが actions を示していません") }
    if !watchRuns { missing.append("reminders watch が動いていません") }
    if terminal == nil { missing.append("端末が見つかりません（config の review.terminal で指定できます）") }
    guard let terminal, missing.isEmpty else { return "ボタンは出ません（\(missing.joined(separator: "、"))）" }
    return "使えます: 「今すぐ復習」は \(terminal) で reminders review を開きます"
  }

  public func popupStudy(serverOffers: Bool, watchRuns: Bool, drip: Int?) -> String {
    var missing: [String] = []
    if !serverOffers { missing.append("通知サーバーが actions を示していません") }
    if !watchRuns { missing.append("reminders watch が動いていません") }
    guard missing.isEmpty else {
      return "使えません（\(missing.joined(separator: "、"))）: 「ここで復習」ボタンは出ません"
        + (drip == nil ? "" : "。カードの配信（review.drip）もありません")
    }
    let drips =
      drip.map { "\(later($0).dropLast(2))ごとにカードを 1枚出します（review.drip）" } ?? "カードの配信はオフです（review.drip）"
    return "使えます: 「ここで復習」でポップアップにカードを出します。\(drips)"
  }

  public func ankiCommand(_ command: String, found: String?) -> String {
    guard let found else {
      return "「今すぐ復習」で起動する \(command) が見つかりません（config の anki.command で指定できます）"
    }
    return "「今すぐ復習」は Anki を起動します: \(found)"
  }

  public func fileLabel(_ file: DoctorFile) -> String {
    switch file {
    case .config: "設定"
    case .deck: "デッキ"
    case .ledger: "配信記録"
    case .held: "保留"
    case .fallback: "予備カレンダー"
    case .alarms: "アラーム"
    case .dictionary: "辞書"
    }
  }

  public func busAddress(_ address: String?, from source: String?) -> String {
    guard let address else { return doctorNone }
    return "\(address)（\(source ?? "?") から）"
  }

  public func busDoesNotAnswer(_ address: String, _ why: String) -> String { "\(address): 応答しません: \(why)" }

  public func busAnswers(_ address: String, as uniqueName: String) -> String {
    "\(address): \(uniqueName) として応答"
  }

  public func server(name: String, version: String, vendor: String, specVersion: String) -> String {
    "\(name) \(version)（提供元 \(vendor)、仕様 \(specVersion)）"
  }

  public func doNotDisturb(_ state: DoNotDisturbWord, readFrom source: String?) -> String {
    let word =
      switch state {
      case .on: "オン"
      case .off: "オフ"
      case .unknown: "不明"
      }
    let label = state == .unknown ? "読み取れませんでした" : "読み取り元"
    return word + (source.map { "（\(label): \($0)）" } ?? ": 確かめる方法がどれも応答しませんでした")
  }

  private func whenMissing(_ file: DoctorFile) -> String {
    switch file {
    case .config: "既定値を使います"
    case .deck: "空のデッキとして扱います"
    case .ledger: "まだ何も配信していません"
    case .held: "おやすみモードで保留中のものはありません"
    case .fallback: "初めてカレンダーファイルに回すときに作られます"
    case .alarms: "アラームはありません"
    case .dictionary: "lookup と裏を省いた cards add に必要です: sudo apt install edict"
    }
  }

  public func missingFile(_ path: String, _ file: DoctorFile) -> String {
    "\(path): ありません（\(whenMissing(file))）"
  }

  public func fileOK(_ path: String, mode: String, shared: Bool) -> String {
    "\(path): 正常、モード \(mode)" + (shared ? "（他のユーザーも読めます。reminders は自分のファイルを 0600 で作ります）" : "")
  }

  public var noteSeparator: String { "。" }
  public var timerNotInstalledNote: String { "タイマーがインストールされていません（reminders timer install）" }
  public func timerProblemNote(_ problem: String) -> String { "タイマー: \(problem)" }

  public func timerNotEnabledNote(_ units: String) -> String {
    "タイマーが有効になっていません（systemctl --user enable --now \(units)）"
  }

  public func runStops(on summary: String) -> String { "reminders run はこのファイルで止まります: \(summary)" }
  public func popupsDelivered(by server: String) -> String { "ポップアップは \(server) が表示します" }
  public var waitForDoNotDisturb: String { "おやすみモードがオンです: 終わるまで待ってから表示します" }
  public var noServerAnswered: String { "通知サーバーが応答しませんでした" }

  public func wouldFallBackButStops(_ why: String, on summary: String) -> String {
    "リマインダーはカレンダーファイルに回るところですが（\(why)）、reminders run はこのファイルで止まります: \(summary)"
  }

  public func fallsBack(to path: String, _ why: String) -> String {
    "リマインダーはカレンダーファイル \(path) に書き出されます: \(why)"
  }

  public func alarmsWillNotRing(_ summary: String) -> String { "アラームは鳴りません（\(summary)）" }
  public func dictionaryUnusable(_ summary: String) -> String {
    "lookup と cards add FRONT は辞書を読めません（\(summary)）"
  }

  public func ankiNotCounted(_ error: String) -> String {
    "Anki のカードは新しく数えられません（\(error)）。デッキのリマインダーは続きます"
  }

  public func fontFound(_ families: [String]) -> String {
    "日本語の字形あり: \(families.joined(separator: ", "))（fc-list :lang=ja）"
  }

  public func fontWarning(_ warning: FontWarning) -> String {
    switch warning {
    case .noFcList: "fc-list がインストールされていません: 日本語の字形を持つフォントがあるか分かりません（Debian: fontconfig）"
    case .couldNotStart(let error): "fc-list を起動できませんでした（\(error)）"
    case .timedOut(let seconds): "fc-list :lang=ja が \(seconds) 秒以内に応答しませんでした: 日本語の字形を持つフォントがあるか分かりません"
    case .failed(let status): "fc-list :lang=ja が失敗しました（終了コード \(status)）: 日本語の字形を持つフォントがあるか分かりません"
    // Without such a font these very words may show as boxes: English follows.
    case .noFont:
      "日本語の字形を持つフォントがありません（fc-list :lang=ja で見つかりません）: "
        + "日本語のポップアップは文字が四角で表示されます。フォントを入れてください（Debian: fonts-noto-cjk） / " + English.noJapaneseFont
    }
  }

  public func locationUnavailable(_ why: String) -> String {
    "取得できません（\(why)）: アラームを止める・変更する・削除するには位置情報が必要です"
  }

  public func locationFound(seconds: String, accuracy: String, systemBus: String) -> String {
    "GeoClue から \(seconds) 秒で取得できます（精度 ±\(accuracy)、\(systemBus)）"
  }

  public func noAlarmSound(_ problem: String) -> String { "鳴りません: \(problem)" }
}
