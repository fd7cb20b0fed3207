extension English: PlanMessages {
  public var calendarDescription: String { "Flashcard review reminders" }

  public func weekdayName(_ weekday: Int) -> String {
    ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][weekday]
  }

  public func stamp(day: String, weekday: String, time: String) -> String { "\(day) \(weekday) \(time)" }

  public func previewHeading(zone: String, now: String, until end: String) -> String {
    "\(zone) · now \(now) · until \(end) 00:00"
  }

  public var noRemindersInPeriod: String { "No reminders in this period." }
  public var firstSteps: [String] {
    [
      "Nothing to study yet. To begin:",
      "  reminders cards add 食べる \"to eat\"           adds a card, due today",
      "  reminders cards import FILE                    adds a TSV or CSV file's cards (Anki's text export too)",
      "  reminders config set anki.collection PATH      counts what an Anki collection has due",
      "  reminders timer install                        the timer that shows the pop-ups, every minute",
    ]
  }
  public var previewColumns: [String] { ["TIME", "KIND", "TITLE", "WHY IT MOVED"] }

  public func kindName(_ kind: PlannedKind) -> String {
    switch kind {
    case .dailyReview: "daily review"
    case .recall: "recall"
    case .focus: "focus timer"
    case .alarm: "alarm"
    case .card: "card"
    }
  }

  public func reasonName(_ reason: PlannedReason) -> String {
    switch reason {
    case .outsideWindow: "outside the window"
    case .quietHours: "quiet hours"
    case .desktopDND: "do-not-disturb"
    case .catchUp: "catch-up"
    case .snoozed: "snoozed"
    case .focus: "focus"
    }
  }

  public func shownAt(_ reason: String, when: String) -> String { "\(reason) (shown at \(when))" }
  public func movedFrom(_ reason: String, when: String) -> String { "\(reason) (was \(when))" }

  public var feedName: String { "Review reminders" }

  public func wroteEvents(_ count: Int, to path: String) -> String {
    "Wrote \(count) \(count == 1 ? "event" : "events") to \(path)."
  }

  public func dueToday(_ count: Int) -> String { "Due today: \(count) \(count == 1 ? "card" : "cards")" }

  public func dueByCollection(_ collections: [(name: String, count: Int)]) -> String {
    " ("
      + collections.map { "\($0.name.isEmpty ? otherCollection : $0.name): \($0.count)" }.joined(
        separator: ", ")
      + ")"
  }

  public func streakLine(_ days: Int) -> String { "Streak: \(days) \(days == 1 ? "day" : "days")" }

  public func recallItemsLine(waiting: Int, later: Int) -> String {
    "Recall items: \(waiting) waiting now, \(later) later"
  }

  public func focusTodayLine(_ minutes: Int) -> String { "Focus today: \(minutes) min" }

  public func nextReminderLine(when: String, title: String) -> String { "Next reminder: \(when) — \(title)" }

  public func noNextReminderLine(days: Int) -> String { "Next reminder: none in the next \(days) days" }

  public func alarmsTodayLine(_ alarms: [(time: String, name: String, state: AlarmTodayState)]) -> String {
    guard !alarms.isEmpty else { return "Alarms today: none" }
    let items = alarms.map { alarm in
      let state =
        switch alarm.state {
        case .upcoming: ""
        case .ringing: " (ringing)"
        case .stopped: " (stopped)"
        }
      return "\(alarm.time) \(alarm.name)\(state)"
    }
    return "Alarms today: " + items.joined(separator: ", ")
  }
}
