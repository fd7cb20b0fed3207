extension English: PopupMessages {
  public func dailyTitle(count: Int) -> String {
    "Today's reviews: \(count) \(count == 1 ? "card" : "cards")"
  }

  public func dailyAgainTitle(count: Int) -> String {
    "Still \(count) \(count == 1 ? "card" : "cards") to review today"
  }

  public func dailyBody(collections: [(name: String, count: Int)], new: Int, streak: Int) -> String {
    var sentences: [String] = []
    if new > 0 { sentences.append("\(new) new.") }
    if collections.count > 1 {
      let parts = collections.map { "\($0.name.isEmpty ? otherCollection : $0.name): \($0.count)" }
      sentences.append(parts.joined(separator: ", ") + ".")
    }
    switch streak {
    case 0: sentences.append("Start a new streak today.")
    case 1: sentences.append("Streak: 1 day.")
    default: sentences.append("Streak: \(streak) days.")
    }
    return sentences.joined(separator: " ")
  }

  public var otherCollection: String { "Other" }
  public var dripPlannedBody: String { "The front of the first card due then" }
  public func dripTitle(count: Int, collection: String?) -> String {
    "Card to review (\(count) due today)" + (collection.map { $0.isEmpty ? "" : " · \($0)" } ?? "")
  }
  public var reviewNowAction: String { "Review now" }
  public var recallNowAction: String { "Recall now" }
  public var reviewHereAction: String { "Review here" }

  public func later(_ seconds: Int) -> String {
    let minutes = max(seconds / 60, 1)
    let (h, m) = (minutes / 60, minutes % 60)
    var parts: [String] = []
    if h > 0 { parts.append("\(h) \(h == 1 ? "hour" : "hours")") }
    if m > 0 { parts.append("\(m) \(m == 1 ? "minute" : "minutes")") }
    return "In " + parts.joined(separator: " ")
  }

  public func recallTitle(topics: [String]) -> String {
    topics.count == 1 ? "Time to recall: \(topics[0])" : "Time to recall: \(topics.count) topics"
  }

  public func recallBody(topics: [String], notes: [String?]) -> String {
    guard topics.count == 1 else { return numberedTopics(topics) }
    if let note = notes.first ?? nil, !note.isEmpty { return note }
    return "Can you recall it without looking?"
  }

  public func focusDone(breakSeconds: Double) -> String {
    let (n, minutes) = minutesOrSeconds(breakSeconds)
    return "Focus done: \(n)-\(minutes ? "minute" : "second") break"
  }

  public var breakOver: String { "Break over: back to focus" }

  public func focusCycleBody(_ cycle: Int, of cycles: Int?) -> String {
    "Cycle \(cycle)" + (cycles.map { " of \($0)" } ?? "")
  }
  public func focusToday(minutes: Int) -> String {
    "\(minutes) \(minutes == 1 ? "minute" : "minutes") of focus today"
  }

  public func alarmTitle(name: String) -> String { "Alarm: \(name)" }

  public func alarmBody(time: String, radius: String) -> String {
    "The alarm of \(time). To stop it, run reminders alarm stop within \(radius) of its place."
  }
}
