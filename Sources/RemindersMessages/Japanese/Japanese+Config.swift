extension Japanese: ConfigMessages {
  public var settingsColumns: [String] { ["キー", "値", "由来"] }

  public func settingSource(_ source: SettingSourceWord) -> String {
    switch source {
    case .standard: "既定"
    case .file: "ファイル"
    case .environment: "環境"
    }
  }

  public func runtimeDefault(_ key: String, zone: String) -> String {
    switch key {
    case "time.zone": "システムのタイムゾーン（\(zone)）"
    case "fallback.path": "$XDG_DATA_HOME/reminders/fallback.ics"
    case "review.terminal": "最初に見つかった端末"
    case "anki.collection": "なし"
    case "anki.decks": "すべて"
    case "alarm.sound": "最初に見つかった音の再生コマンド"
    case "study.fsrs.parameters": "FSRS-6 の既定値"
    default: "なし"
    }
  }

  public func movedByWindow(to time: String) -> String { "（window.start により \(time) に出ます）" }

  public func settingChanged(_ key: String, from before: String?, to after: String?) -> String {
    "\(key): \(before ?? "（既定）") → \(after ?? "（既定）")"
  }

  public func settingsSaved(in path: String) -> String { "\(path) に保存しました。" }

  public func settingUnchanged(_ key: String, value: String?, path: String) -> String {
    guard let value else { return "\(path) に \(key) はありません: 既定値のままです。" }
    return "\(key) はすでに \(value) です。"
  }

  public func unknownSetting(_ key: String, nearest: String) -> String {
    "「\(key)」という設定はありません（\(nearest) のことですか？ 一覧は reminders config show で表示します）"
  }

  public func settingNotOfKind(_ key: String, value: String, kind: SettingKindWord) -> String {
    let expected =
      switch kind {
      case .flag: "true か false"
      case .whole: "整数"
      case .number: "数"
      case .toml: "TOML の値"
      }
    return "\(key) には\(expected)を指定します（\"\(value)\" ではなく）"
  }

  public func dailyOutsideWindow(key: String, daily: String, start: String, end: String) -> String {
    "\(key) \(daily) は時間帯 \(start)-\(end)（window.start、window.end）の外です: "
      + "時間帯も変えるか、--move-window を付けると時間帯を動かします"
  }

  public func settingFormUnsupported(_ key: String, path: String) -> String {
    "\(path) は \(key) を config set で書き換えられない形（ドット付きのキーかインラインテーブル）で書いています: ファイルを直接編集してください"
  }
}
