import ArgumentParser
import Foundation
import RemindersCore
import RemindersStore
import RemindersTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// `reminders stats`: the study heatmap and the figures under it (docs/focus-and-stats.md).
struct Stats: ParsableCommand {
  static let configuration = CommandConfiguration.described(.stats, name: "stats")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions

  // Unconditional: `--weeks -1` is a value to refuse, not an unknown flag.
  @Option(parsing: .unconditional, help: .catalogue(.statsWeeks))
  var weeks: Int = 26

  @Flag(help: .catalogue(.jsonStats))
  var json = false

  @Option(
    help: .catalogue(.statsSVG, valueName: "path"))
  var svg: String?

  static let weeksRange = 1...260

  func validate() throws {
    guard Stats.weeksRange.contains(weeks) else { throw ValidationError(.weeks) }
    if let svg, svg.isEmpty { throw ValidationError(.emptySVG) }
    if svg == "-" && json { throw ValidationError(.svgAndJSON) }
  }

  func run() throws {
    let invocation = try Invocation(global)
    let now = time.instant
    let record = try invocation.deckStore.studyRecord(clock: invocation.clock)
    let report = StudyReport(
      invocation: invocation, now: now,
      stats: StudyStats(record: record, now: now, clock: invocation.clock, weeks: weeks))
    if let svg {
      let picture = Array(StudyPicture(report: report).svg.utf8)
      if svg == "-" {
        FileHandle.standardOutput.write(Data(picture))
        return
      }
      try FileIO.writeAtomically(picture, to: svg)
    }
    if json {
      print(report.json.rendered())
    } else {
      print(report.text(color: StudyReport.usesColor(invocation.environment)), terminator: "")
      if let svg {
        print(report.ja ? "画像を \(svg) に書き出しました。" : "Wrote the picture to \(svg).")
      }
    }
  }
}

/// The study record as text and JSON, in the session's language.
struct StudyReport {
  let invocation: Invocation
  let now: Date
  let stats: StudyStats

  var ja: Bool { invocation.texts.language == .ja }

  /// The glyph of each level: they differ in density, so that no colour is needed to read them,
  /// and level 0 is a visible dot (a blank cell is a day still to come).
  static let glyphs = ["·", "░", "▒", "▓", "█"]
  /// 256-colour SGR foregrounds, grey then greens growing brighter, added to the glyphs.
  static let colors = [244, 22, 28, 34, 46]

  /// Colour only when stdout is a terminal, and never with NO_COLOR set to anything but the
  /// empty string (no-color.org) or TERM=dumb.
  static func usesColor(_ environment: [String: String]) -> Bool {
    isatty(STDOUT_FILENO) == 1 && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
  }

  /// Monday first.
  var weekdays: [String] {
    (0..<7).map { invocation.texts.weekdayName((StudyStats.firstWeekday + $0) % 7) }
  }

  func monthName(_ month: Int) -> String {
    ja
      ? "\(month)月"
      : ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]
  }

  /// `Sat` / `土`.
  func weekday(of day: Day) -> String { weekdays[StudyStats.daysSinceWeekStart(day)] }

  func cards(_ n: Int) -> String { ja ? "\(n)枚" : "\(n) \(n == 1 ? "card" : "cards")" }
  func days(_ n: Int) -> String { ja ? "\(n)日" : "\(n) \(n == 1 ? "day" : "days")" }
  func minutes(_ n: Int) -> String { ja ? "\(n)分" : "\(n) min" }

  /// `87%`, rounded to the nearest whole percent.
  static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }

  /// A level's range of cards a day: `0`, `1–9`, `4`, `28+` (`28以上`).
  func range(of level: Int) -> String {
    let (lower, upper) = stats.scale.range(of: level)
    guard let upper else { return ja ? "\(lower)以上" : "\(lower)+" }
    return lower == upper ? "\(lower)" : "\(lower)\(ja ? "〜" : "–")\(upper)"
  }

  /// What the heatmap shows, in one line: its title.
  var heading: String {
    let end = "\(stats.today) \(ja ? "(\(weekday(of: stats.today)))" : weekday(of: stats.today))"
    return ja
      ? "1日に回答した枚数: \(end) までの\(stats.weeks)週（\(invocation.zoneName)、週は月曜始まり）"
      : "Cards answered per day, \(stats.weeks) \(stats.weeks == 1 ? "week" : "weeks") to \(end) (\(invocation.zoneName); weeks start on Monday)"
  }

  var legendTitle: String { ja ? "凡例（1日の枚数）" : "Legend (cards a day)" }

  /// The heatmap, the legend and the figures.
  func text(color: Bool) -> String {
    func paint(_ level: Int) -> String {
      let glyph = StudyReport.glyphs[level]
      return color ? "\u{1B}[38;5;\(StudyReport.colors[level])m\(glyph)\u{1B}[0m" : glyph
    }
    let labelWidth = weekdays.map { DisplayWidth.columns($0) }.max()! + 1
    var lines = [heading, ""]

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
  var figures: [String] {
    func answered(_ count: AnswerCount) -> String {
      guard let share = count.share else { return cards(count.answered) }
      return ja
        ? "\(cards(count.answered))（覚えていた \(StudyReport.percent(share))）"
        : "\(cards(count.answered)), \(StudyReport.percent(share)) remembered"
    }
    let forecast = stats.forecast.enumerated().map { i, item in
      let when = i == 0 ? (ja ? "今日" : "today") : weekday(of: item.day)
      return ja ? "\(when) \(item.due)枚" : "\(when) \(item.due)"
    }
    if ja {
      return [
        "回答: \(answered(stats.allTime))、直近30日: \(answered(stats.recent))",
        "学習した日: \(days(stats.daysStudied))",
        "連続記録: \(days(stats.currentStreak))（最長 \(days(stats.longestStreak))）",
        "集中: 今日 \(minutes(stats.focusToday))、今週 \(minutes(stats.focusThisWeek))、合計 \(minutes(stats.focusAllTime))",
        "今後7日の復習予定: " + forecast.joined(separator: "、"),
      ]
    }
    return [
      "Answered: \(answered(stats.allTime)); last 30 days: \(answered(stats.recent))",
      "Days studied: \(stats.daysStudied)",
      "Streak: \(days(stats.currentStreak)) (longest: \(days(stats.longestStreak)))",
      "Focus: \(minutes(stats.focusToday)) today, \(minutes(stats.focusThisWeek)) this week, \(minutes(stats.focusAllTime)) in all",
      "Cards due, next 7 days: " + forecast.joined(separator: ", "),
    ]
  }

  /// The same figures and the per-day series (every day the heatmap shows, today last).
  var json: OrderedJSON {
    func answers(_ count: AnswerCount, from: Day?) -> OrderedJSON {
      var fields: [(String, OrderedJSON)] = from.map { [("from", .string($0.description))] } ?? []
      fields += [
        ("answered", .int(count.answered)), ("remembered", .int(count.remembered)),
        ("rememberedShare", count.share.map { .number(String(format: "%.4f", $0)) } ?? .null),
      ]
      return .object(fields)
    }
    let clock = invocation.clock
    return .object([
      ("now", .string(Timestamp.format(now, in: clock))),
      ("zone", .string(invocation.zoneName)),
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
