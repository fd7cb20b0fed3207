extension Japanese: StatsMessages {
  public func wrotePicture(to path: String) -> String { "画像を \(path) に書き出しました。" }

  public func monthName(_ month: Int) -> String { "\(month)月" }

  public func cards(_ count: Int) -> String { "\(count)枚" }
  public func days(_ count: Int) -> String { "\(count)日" }
  public func minutes(_ count: Int) -> String { "\(count)分" }

  public func levelRange(lower: Int, upper: Int?) -> String {
    guard let upper else { return "\(lower)以上" }
    return lower == upper ? "\(lower)" : "\(lower)〜\(upper)"
  }

  public func heatmapHeading(weeks: Int, today: String, weekday: String, zone: String) -> String {
    "1日に回答した枚数: \(today) (\(weekday)) までの\(weeks)週（\(zone)、週は月曜始まり）"
  }

  public var legendTitle: String { "凡例（1日の枚数）" }

  public func answered(_ cards: String, remembered percent: String) -> String { "\(cards)（覚えていた \(percent)）" }

  public var today: String { "今日" }
  public func forecastDay(_ when: String, due: Int) -> String { "\(when) \(due)枚" }

  public func figures(
    allTime: String, recent: String, daysStudied: Int, currentStreak: Int, longestStreak: Int,
    focusToday: Int, focusThisWeek: Int, focusAllTime: Int, forecast: [String]
  ) -> [String] {
    [
      "回答: \(allTime)、直近30日: \(recent)",
      "学習した日: \(days(daysStudied))",
      "連続記録: \(days(currentStreak))（最長 \(days(longestStreak))）",
      "集中: 今日 \(minutes(focusToday))、今週 \(minutes(focusThisWeek))、合計 \(minutes(focusAllTime))",
      "今後7日の復習予定: " + forecast.joined(separator: "、"),
    ]
  }

  public func predictedRetention(_ percent: String?, cards count: Int) -> String {
    "今後7日に復習する札の予測想起率: " + (percent.map { "\($0)（\(cards(count))）" } ?? "対象の札なし")
  }

  public func pictureHeading(weeks: Int, today: String) -> String { "1日に回答した枚数（\(today) までの\(weeks)週）" }

  public func pictureDescription(
    answered: Int, daysStudied: Int, weeks: Int, busiest: (day: String, cards: Int)?, currentStreak: Int,
    longestStreak: Int
  ) -> String {
    var sentences = ["この\(weeks)週で \(cards(answered))に回答（\(days(daysStudied))）。"]
    if let busiest { sentences.append("最も多かった日: \(busiest.day) の \(cards(busiest.cards))。") }
    sentences.append("連続記録 \(days(currentStreak))、最長 \(days(longestStreak))。")
    sentences.append("色が濃いほど多くの枚数に回答した日です。各日の枚数と集中時間はそのマスの説明にあります。")
    return sentences.joined()
  }

  public func dayTitle(day: String, answered: Int, focusMinutes: Int) -> String {
    "\(day): \(answered)枚、\(focusMinutes)分"
  }
}
