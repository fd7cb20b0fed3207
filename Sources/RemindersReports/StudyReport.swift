import Foundation
import RemindersApp
import RemindersCore
import RemindersMessages
import RemindersStore
import RemindersTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// The study record as text and JSON, in the session's language.
public struct StudyReport {
  public let locale: ReportLocale
  public let now: Date
  public let stats: StudyStats
  /// Under FSRS, the parameters in use and where they come from (nil under the ladder).
  public var fsrsParameters: FSRSParametersInUse?

  public init(locale: ReportLocale, now: Date, stats: StudyStats) {
    self.locale = locale
    self.now = now
    self.stats = stats
  }

  public var words: any Catalogue { locale.words }

  /// The glyph of each level: they differ in density, so that no colour is needed to read them,
  /// and level 0 is a visible dot (a blank cell is a day still to come).
  public static let glyphs = ["·", "░", "▒", "▓", "█"]
  /// 256-colour SGR foregrounds, grey then greens growing brighter, added to the glyphs.
  public static let colors = [244, 22, 28, 34, 46]

  /// Colour only when stdout is a terminal, and never with NO_COLOR set to anything but the
  /// empty string (no-color.org) or TERM=dumb.
  public static func usesColor(_ environment: [String: String]) -> Bool {
    isatty(STDOUT_FILENO) == 1 && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
  }

  /// Monday first.
  public var weekdays: [String] {
    (0..<7).map { words.weekdayName((StudyStats.firstWeekday + $0) % 7) }
  }

  public func monthName(_ month: Int) -> String { words.monthName(month) }

  /// `Sat` / `土`.
  public func weekday(of day: Day) -> String { weekdays[StudyStats.daysSinceWeekStart(day)] }

  /// `87%`, rounded to the nearest whole percent.
  public static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }

  /// A level's range of cards a day: `0`, `1–9`, `4`, `28+` (`28以上`).
  public func range(of level: Int) -> String {
    let (lower, upper) = stats.scale.range(of: level)
    return words.levelRange(lower: lower, upper: upper)
  }

  /// What the heatmap shows, in one line: its title.
  public var heading: String {
    words.heatmapHeading(
      weeks: stats.weeks, today: stats.today.description, weekday: weekday(of: stats.today),
      zone: locale.zoneName)
  }

  public var legendTitle: String { words.legendTitle }

  /// The heatmap, the legend and the figures.
  /// `heading`: the heading line first (a terminal's); a window shows its heading as a label of
  /// its own.
  public func text(color: Bool, heading withHeading: Bool = true) -> String {
    func paint(_ level: Int) -> String {
      let glyph = StudyReport.glyphs[level]
      return color ? "\u{1B}[38;5;\(StudyReport.colors[level])m\(glyph)\u{1B}[0m" : glyph
    }
    let labelWidth = weekdays.map { DisplayWidth.columns($0) }.max()! + 1
    var lines = withHeading ? [heading, ""] : []

    // Month names over the column of the first Monday in each month; one that would touch the
    // name before it is left out (the first column's, when the next month starts at once).
    var months = String(repeating: " ", count: labelWidth)
    var used = labelWidth
    for (i, label) in stats.monthLabels.enumerated() {
      let x = labelWidth + 2 * label.column
      let name = monthName(label.month)
      let width = DisplayWidth.columns(name)
      let next = i + 1 < stats.monthLabels.count ? labelWidth + 2 * stats.monthLabels[i + 1].column : Int.max
      guard x >= used, x + width < next else { continue }
      months += String(repeating: " ", count: x - used) + name
      used = x + width + 1
      months += " "
    }
    while months.hasSuffix(" ") { months.removeLast() }
    lines.append(months)

    for row in 0..<7 {
      let label = weekdays[row]
      var line = label + String(repeating: " ", count: labelWidth - DisplayWidth.columns(label))
      var cells: [String] = []
      for column in 0..<stats.weeks {
        cells.append(stats.day(row: row, column: column).map { paint($0.level) } ?? " ")
      }
      line += cells.joined(separator: " ")
      while line.hasSuffix(" ") { line.removeLast() }
      lines.append(line)
    }
    let legend = (0..<LevelScale.levels).map { "\(paint($0)) \(range(of: $0))" }
    lines.append("")
    lines.append(legendTitle + ": " + legend.joined(separator: "  "))
    lines.append("")
    lines.append(contentsOf: figures)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The figures under the heatmap, one a line.
  public var figures: [String] {
    func answered(_ count: AnswerCount) -> String {
      guard let share = count.share else { return words.cards(count.answered) }
      return words.answered(words.cards(count.answered), remembered: StudyReport.percent(share))
    }
    let forecast = stats.forecast.enumerated().map { i, item in
      words.forecastDay(i == 0 ? words.today : weekday(of: item.day), due: item.due)
    }
    var lines = words.figures(
      allTime: answered(stats.allTime), recent: answered(stats.recent), daysStudied: stats.daysStudied,
      currentStreak: stats.currentStreak, longestStreak: stats.longestStreak, focusToday: stats.focusToday,
      focusThisWeek: stats.focusThisWeek, focusAllTime: stats.focusAllTime, forecast: forecast)
    if let retention = stats.predictedRetention {
      lines.append(
        words.predictedRetention(retention.average.map(StudyReport.percent), cards: retention.cards))
    }
    if let fsrsParameters {
      let (standard, fitted) = FSRSFitText.source(fsrsParameters.source)
      lines.append(words.parametersLine(standard: standard, fitted: fitted))
    }
    return lines
  }

  /// The same figures and the per-day series (every day the heatmap shows, today last).
  public var json: OrderedJSON {
    func answers(_ count: AnswerCount, from: Day?) -> OrderedJSON {
      var fields: [(String, OrderedJSON)] = from.map { [("from", .string($0.description))] } ?? []
      fields += [
        ("answered", .int(count.answered)), ("remembered", .int(count.remembered)),
        ("rememberedShare", count.share.map { .number(String(format: "%.4f", $0)) } ?? .null),
      ]
      return .object(fields)
    }
    let clock = locale.clock
    return .object([
      ("now", .string(Timestamp.format(now, in: clock))),
      ("zone", .string(locale.zoneName)),
      ("today", .string(stats.today.description)),
      ("weeks", .int(stats.weeks)),
      ("weekStart", .string("monday")),
      ("from", .string(stats.firstDay.description)),
      ("allTime", answers(stats.allTime, from: nil)),
      (
        "last30Days",
        answers(stats.recent, from: stats.today.adding(days: -(StudyStats.recentDays - 1)))
      ),
      ("daysStudied", .int(stats.daysStudied)),
      ("streak", .object([("current", .int(stats.currentStreak)), ("longest", .int(stats.longestStreak))])),
      (
        "focusMinutes",
        .object([
          ("today", .int(stats.focusToday)), ("thisWeek", .int(stats.focusThisWeek)),
          ("allTime", .int(stats.focusAllTime)),
        ])
      ),
      (
        "forecast",
        .array(
          stats.forecast.map { .object([("date", .string($0.day.description)), ("due", .int($0.due))]) })
      ),
      (
        "predictedRetention",
        stats.predictedRetention?.average.map { .number(String(format: "%.4f", $0)) } ?? .null
      ),
      (
        "levels",
        .array(
          (0..<LevelScale.levels).map { level in
            let (lower, upper) = stats.scale.range(of: level)
            return .object([
              ("level", .int(level)), ("glyph", .string(StudyReport.glyphs[level])), ("min", .int(lower)),
              ("max", upper.map(OrderedJSON.int) ?? .null),
            ])
          })
      ),
      (
        "fsrsParameters",
        fsrsParameters.map { inUse in
          let (standard, fitted) = FSRSFitText.source(inUse.source)
          return .object([
            ("source", .string(standard ? "default" : fitted == nil ? "set" : "fitted")),
            ("fitted", fitted.map(OrderedJSON.string) ?? .null),
            ("parameters", .array(inUse.weights.map { .number(FSRSOptimization.written($0)) })),
          ])
        } ?? .null
      ),
      (
        "days",
        .array(
          stats.days.map { d in
            .object([
              ("date", .string(d.day.description)), ("answered", .int(d.tally.answered)),
              ("remembered", .int(d.tally.remembered)), ("focusMinutes", .int(d.tally.focusMinutes)),
              ("level", .int(d.level)),
            ])
          })
      ),
    ])
  }
}
