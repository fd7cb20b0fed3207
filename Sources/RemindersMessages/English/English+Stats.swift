extension English: StatsMessages {
  public func wrotePicture(to path: String) -> String { "Wrote the picture to \(path)." }

  public func monthName(_ month: Int) -> String {
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]
  }

  public func cards(_ count: Int) -> String { "\(count) \(count == 1 ? "card" : "cards")" }
  public func days(_ count: Int) -> String { "\(count) \(count == 1 ? "day" : "days")" }
  public func minutes(_ count: Int) -> String { "\(count) min" }

  public func levelRange(lower: Int, upper: Int?) -> String {
    guard let upper else { return "\(lower)+" }
    return lower == upper ? "\(lower)" : "\(lower)–\(upper)"
  }

  public func heatmapHeading(weeks: Int, today: String, weekday: String, zone: String) -> String {
    "Cards answered per day, \(weeks) \(weeks == 1 ? "week" : "weeks") to \(today) \(weekday) (\(zone); weeks start on Monday)"
  }

  public var legendTitle: String { "Legend (cards a day)" }

  public func answered(_ cards: String, remembered percent: String) -> String {
    "\(cards), \(percent) remembered"
  }

  public var today: String { "today" }
  public func forecastDay(_ when: String, due: Int) -> String { "\(when) \(due)" }

  public func figures(
    allTime: String, recent: String, daysStudied: Int, currentStreak: Int, longestStreak: Int,
    focusToday: Int, focusThisWeek: Int, focusAllTime: Int, forecast: [String]
  ) -> [String] {
    [
      "Answered: \(allTime); last 30 days: \(recent)",
      "Days studied: \(daysStudied)",
      "Streak: \(days(currentStreak)) (longest: \(days(longestStreak)))",
      "Focus: \(minutes(focusToday)) today, \(minutes(focusThisWeek)) this week, \(minutes(focusAllTime)) in all",
      "Cards due, next 7 days: " + forecast.joined(separator: ", "),
    ]
  }

  public func predictedRetention(_ percent: String?, cards count: Int) -> String {
    "Predicted retention, cards due in the next 7 days: "
      + (percent.map { "\($0) (\(cards(count)))" } ?? "no reviewed card due")
  }

  public func pictureHeading(weeks: Int, today: String) -> String {
    "Cards answered per day, \(weeks) \(weeks == 1 ? "week" : "weeks") to \(today)"
  }

  public func pictureDescription(
    answered: Int, daysStudied: Int, weeks: Int, busiest: (day: String, cards: Int)?, currentStreak: Int,
    longestStreak: Int
  ) -> String {
    var sentences = ["\(cards(answered)) answered on \(days(daysStudied)) in these \(weeks) weeks."]
    if let busiest { sentences.append("Busiest day: \(busiest.day), \(cards(busiest.cards)).") }
    sentences.append("Streak: \(days(currentStreak)), longest \(days(longestStreak)).")
    sentences.append(
      "Darker squares are days with more cards answered; each square's title gives the day's cards and focus minutes."
    )
    return sentences.joined(separator: " ")
  }

  public func dayTitle(day: String, answered: Int, focusMinutes: Int) -> String {
    "\(day): \(cards(answered)), \(focusMinutes) min"
  }
}
