extension English: FocusMessages {
  public func phaseName(_ phase: FocusPhaseName) -> String {
    switch phase {
    case .focus: "Focus"
    case .shortBreak: "Break"
    case .longBreak: "Long break"
    }
  }

  public func cycle(_ cycle: Int, of cycles: Int?) -> String {
    cycles.map { "cycle \(cycle) of \($0)" } ?? "cycle \(cycle)"
  }

  public var focusNotRunning: String { "No focus session is running." }

  public func focusNotRunning(lastEnded end: String) -> String {
    "No focus session is running (the last one ended at \(end))."
  }

  public func focusStarted(length: String, until end: String) -> String {
    "Focus started (\(length), until \(end)). reminders focus status shows it; reminders focus stop ends it."
  }

  public func pausedWithLeft(_ left: String) -> String { "paused (\(left) left)" }
  public func left(_ left: String, until end: String) -> String { "\(left) left, until \(end)" }
  public func task(_ task: String) -> String { "task: \(task)" }
  public func focusStopped(today: String) -> String { "Focus session stopped. \(today)." }
  public func focusOver(today: String) -> String { "Focus session over. \(today)." }
  public var focusGoesOn: String { "The focus session goes on (reminders run says its phase ends)." }

  public func screenTask(_ task: String) -> String { "Task: " + task }
  public func screenLeft(_ left: String) -> String { "\(left) left" }
  public var screenPaused: String { "Paused" }
  public func screenKeys(paused: Bool) -> String { "p: \(paused ? "resume" : "pause") · q: stop" }
}
