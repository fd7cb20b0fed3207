extension English: ConfigMessages {
  public var settingsColumns: [String] { ["KEY", "VALUE", "FROM"] }

  public func settingSource(_ source: SettingSourceWord) -> String {
    switch source {
    case .standard: "default"
    case .file: "file"
    case .environment: "environment"
    }
  }

  public func runtimeDefault(_ key: String, zone: String) -> String {
    switch key {
    case "time.zone": "the system's zone (\(zone))"
    case "fallback.path": "$XDG_DATA_HOME/reminders/fallback.ics"
    case "review.terminal": "the first terminal found"
    case "anki.collection": "none"
    case "anki.decks": "all"
    case "alarm.sound": "the first sound player found"
    case "study.fsrs.parameters": "FSRS-6's defaults"
    default: "none"
    }
  }

  public func movedByWindow(to time: String) -> String { "(fires at \(time): window.start)" }

  public func settingChanged(_ key: String, from before: String?, to after: String?) -> String {
    "\(key): \(before ?? "(default)") → \(after ?? "(default)")"
  }

  public func settingsSaved(in path: String) -> String { "Saved in \(path)." }

  public func settingUnchanged(_ key: String, value: String?, path: String) -> String {
    guard let value else { return "\(key) is not set in \(path): its default applies." }
    return "\(key) is already \(value)."
  }

  public func unknownSetting(_ key: String, nearest: String) -> String {
    "unknown setting \"\(key)\" (did you mean \(nearest)? reminders config show lists them all)"
  }

  public func settingNotOfKind(_ key: String, value: String, kind: SettingKindWord) -> String {
    let expected =
      switch kind {
      case .flag: "true or false"
      case .whole: "a whole number"
      case .number: "a number"
      case .toml: "a TOML value"
      }
    return "\(key) takes \(expected), not \"\(value)\""
  }

  public func dailyOutsideWindow(key: String, daily: String, start: String, end: String) -> String {
    "\(key) \(daily) is outside the window \(start)-\(end) (window.start, window.end): "
      + "set the window too, or add --move-window to move it"
  }

  public func settingFormUnsupported(_ key: String, path: String) -> String {
    "\(path) writes \(key) in a form config set does not edit (a dotted key or an inline table): change it there by hand"
  }
}
