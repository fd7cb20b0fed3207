/// The texts of `stats`: the heatmap, its figures, the SVG picture.
public protocol StatsMessages: Sendable {

  /// `画像を … に書き出しました。` / `Wrote the picture to ….`
  func wrotePicture(to path: String) -> String

  /// A month's short name, 1 being January: `11月` / `Nov`.
  func monthName(_ month: Int) -> String

  /// `34枚` / `34 cards` (`1 card`).
  func cards(_ count: Int) -> String

  /// `4日` / `4 days` (`1 day`).
  func days(_ count: Int) -> String

  /// `50分` / `50 min`.
  func minutes(_ count: Int) -> String

  /// A level's range of cards a day: `0`, `1〜9` / `1–9`, `28以上` / `28+` (no upper end).
  func levelRange(lower: Int, upper: Int?) -> String

  /// The heatmap's title, today given as its date and weekday:
  /// `1日に回答した枚数: 2026-11-21 (土) までの26週（Asia/Tokyo、週は月曜始まり）` /
  /// `Cards answered per day, 26 weeks to 2026-11-21 Sat (Asia/Tokyo; weeks start on Monday)` (`1 week`).
  func heatmapHeading(weeks: Int, today: String, weekday: String, zone: String) -> String

  /// `凡例（1日の枚数）` / `Legend (cards a day)`.
  var legendTitle: String { get }

  /// Cards answered and the share remembered (`87%`): `34枚（覚えていた 87%）` / `34 cards, 87% remembered`.
  func answered(_ cards: String, remembered percent: String) -> String

  /// The forecast's first day: `今日` / `today`.
  var today: String { get }

  /// One day of the forecast: `土 3枚` / `Sat 3`.
  func forecastDay(_ when: String, due: Int) -> String

  /// The figures under the heatmap, one a line, the answered counts given
  /// (`answered`, `cards`), and the forecast's days.
  func figures(
    allTime: String, recent: String, daysStudied: Int, currentStreak: Int, longestStreak: Int,
    focusToday: Int, focusThisWeek: Int, focusAllTime: Int, forecast: [String]
  ) -> [String]

  /// Under FSRS, a line after the figures: the predicted retention of the cards due in the next
  /// 7 days (`91%`, nil when none is counted) and how many were counted:
  /// `今後7日に復習する札の予測想起率: 91%（42枚）` / `Predicted retention, cards due in the next 7 days: 91% (42 cards)`;
  /// none: `…: 対象の札なし` / `…: no reviewed card due`.
  func predictedRetention(_ percent: String?, cards: Int) -> String

  /// The picture's own heading: `1日に回答した枚数（2026-11-21 までの26週）` /
  /// `Cards answered per day, 26 weeks to 2026-11-21` (`1 week`).
  func pictureHeading(weeks: Int, today: String) -> String

  /// What the picture shows, in words, for screen readers: the cards answered and on how many
  /// days in these weeks, the busiest day (day and cards) when one had any, the streaks.
  func pictureDescription(
    answered: Int, daysStudied: Int, weeks: Int, busiest: (day: String, cards: Int)?, currentStreak: Int,
    longestStreak: Int
  ) -> String

  /// A day's square: `2026-11-21: 34枚、50分` / `2026-11-21: 34 cards, 50 min`.
  func dayTitle(day: String, answered: Int, focusMinutes: Int) -> String
}
