import Foundation
import RemindersCore
import RemindersMessages

/// The heatmap as a standalone SVG picture (docs/focus-and-stats.md): a browser shows it, and a screen reader
/// reads its title and description, then each day's `<title>` (`2026-11-21: 34 cards, 50 min`).
public struct StudyPicture {
  public let report: StudyReport

  public init(report: StudyReport) { self.report = report }

  public var stats: StudyStats { report.stats }
  public var words: any Catalogue { report.words }
  /// The fonts, the `lang` attribute and the legend's place follow the language's script.
  public var ja: Bool { report.locale.language == .ja }

  /// Cell side and pitch, and the margins for the weekday names, the heading and the month names.
  public static let cell = 11
  public static let pitch = 14
  public static let left = 40
  public static let top = 50
  /// Fills of levels 0…4: light grey, then greens growing darker (each step clearly apart on
  /// white; the numbers are in each day's title, so the colour is never the only carrier).
  public static let fills = ["#e4e7eb", "#b7e4c7", "#74c69d", "#2d936c", "#14532d"]

  /// The picture's title, for screen readers: the text's heading (zone and week start included).
  public var title: String { report.heading }

  /// The heading shown on the picture, short enough for its width.
  public var shownHeading: String { words.pictureHeading(weeks: stats.weeks, today: stats.today.description) }

  /// What the picture shows, in words, for screen readers.
  public var description: String {
    let shown = stats.days.reduce(AnswerCount()) {
      AnswerCount(answered: $0.answered + $1.tally.answered, remembered: $0.remembered + $1.tally.remembered)
    }
    let studied = stats.days.filter { $0.tally.answered > 0 }.count
    let busiest = stats.days.max { $0.tally.answered < $1.tally.answered }
    return words.pictureDescription(
      answered: shown.answered, daysStudied: studied, weeks: stats.weeks,
      busiest: busiest.flatMap { $0.tally.answered > 0 ? ($0.day.description, $0.tally.answered) : nil },
      currentStreak: stats.currentStreak, longestStreak: stats.longestStreak)
  }

  /// `2026-11-21: 34 cards, 50 min` / `2026-11-21: 34枚、50分`.
  public func dayTitle(_ summary: StudyStats.DaySummary) -> String {
    words.dayTitle(
      day: summary.day.description, answered: summary.tally.answered, focusMinutes: summary.tally.focusMinutes
    )
  }

  public var svg: String {
    let p = StudyPicture.pitch
    let gridWidth = stats.weeks * p
    let legendY = StudyPicture.top + 7 * p + 14
    let width = max(StudyPicture.left + gridWidth + 12, 520)
    let height = legendY + 24
    let font =
      ja ? "'Noto Sans CJK JP', 'Noto Sans JP', sans-serif" : "'DejaVu Sans', 'Noto Sans', sans-serif"
    var out = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
      viewBox="0 0 \(width) \(height)" role="img" aria-labelledby="stats-title stats-desc" \
      font-family="\(XML.escape(font))" font-size="10" lang="\(report.locale.language.rawValue)">
      <title id="stats-title">\(XML.escape(title))</title>
      <desc id="stats-desc">\(XML.escape(description))</desc>
      <rect width="100%" height="100%" fill="#ffffff"/>
      <text x="\(StudyPicture.left)" y="18" font-size="12" fill="#1f2328">\(XML.escape(shownHeading))</text>

      """
    out += "<g fill=\"#57606a\" aria-hidden=\"true\">\n"
    for label in stats.monthLabels {
      // The first column's name is left out when the next month starts right after it.
      if label.column == 0, stats.monthLabels.count > 1, stats.monthLabels[1].column < 3 { continue }
      out +=
        "<text x=\"\(StudyPicture.left + label.column * p)\" y=\"\(StudyPicture.top - 6)\">\(XML.escape(report.monthName(label.month)))</text>\n"
    }
    for (row, name) in report.weekdays.enumerated() {
      out +=
        "<text x=\"4\" y=\"\(StudyPicture.top + row * p + 9)\">\(XML.escape(name))</text>\n"
    }
    out += "</g>\n<g stroke=\"#1f232814\" stroke-width=\"1\">\n"
    for column in 0..<stats.weeks {
      for row in 0..<7 {
        guard let summary = stats.day(row: row, column: column) else { continue }
        out +=
          "<rect x=\"\(StudyPicture.left + column * p)\" y=\"\(StudyPicture.top + row * p)\" width=\"\(StudyPicture.cell)\" height=\"\(StudyPicture.cell)\" rx=\"2\" fill=\"\(StudyPicture.fills[summary.level])\" data-date=\"\(summary.day)\" data-level=\"\(summary.level)\"><title>\(XML.escape(dayTitle(summary)))</title></rect>\n"
      }
    }
    out += "</g>\n"
    // The legend: each level's square and its range of cards a day.
    out +=
      "<g>\n<text x=\"\(StudyPicture.left)\" y=\"\(legendY + 9)\" fill=\"#57606a\">\(XML.escape(report.legendTitle))</text>\n"
    var x = StudyPicture.left + (ja ? 110 : 120)
    for level in 0..<LevelScale.levels {
      let range = report.range(of: level)
      out +=
        "<rect x=\"\(x)\" y=\"\(legendY)\" width=\"\(StudyPicture.cell)\" height=\"\(StudyPicture.cell)\" rx=\"2\" fill=\"\(StudyPicture.fills[level])\" stroke=\"#1f232814\"><title>\(XML.escape(range))</title></rect>\n"
      out += "<text x=\"\(x + 15)\" y=\"\(legendY + 9)\" fill=\"#57606a\">\(XML.escape(range))</text>\n"
      x += 15 + range.count * 7 + 14
    }
    out += "</g>\n</svg>\n"
    return out
  }
}
