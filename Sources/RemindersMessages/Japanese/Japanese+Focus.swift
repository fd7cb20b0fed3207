extension Japanese: FocusMessages {
  public func phaseName(_ phase: FocusPhaseName) -> String {
    switch phase {
    case .focus: "集中"
    case .shortBreak: "休憩"
    case .longBreak: "長い休憩"
    }
  }

  public func cycle(_ cycle: Int, of cycles: Int?) -> String {
    cycles.map { "\(cycle)/\($0)" } ?? "\(cycle)サイクル目"
  }

  public var focusNotRunning: String { "集中セッションは進行していません。" }

  public func focusNotRunning(lastEnded end: String) -> String {
    "集中セッションは進行していません（前回は \(end) に終了）。"
  }

  public func focusStarted(length: String, until end: String) -> String {
    "集中を始めました（\(length)、\(end) まで）。状態: reminders focus status、終了: reminders focus stop"
  }

  public func pausedWithLeft(_ left: String) -> String { "一時停止中（残り \(left)）" }
  public func left(_ left: String, until end: String) -> String { "残り \(left)（\(end) まで）" }
  public func task(_ task: String) -> String { "作業: \(task)" }
  public func focusStopped(today: String) -> String { "集中セッションを終了しました。\(today)" }
  public func focusOver(today: String) -> String { "集中セッション終了。\(today)" }
  public var focusGoesOn: String { "集中セッションは続いています（reminders run がフェーズの終わりを知らせます）。" }

  public func screenTask(_ task: String) -> String { "作業: " + task }
  public func screenLeft(_ left: String) -> String { "残り \(left)" }
  public var screenPaused: String { "一時停止中" }
  public func screenKeys(paused: Bool) -> String { "p: \(paused ? "再開" : "一時停止") · q: 終了" }
}
