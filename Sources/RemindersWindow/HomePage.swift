import Foundation
import RemindersApp
import RemindersCore
import RemindersGtk
import RemindersMessages
import RemindersReports
import RemindersTerminal

/// Home (docs/app.md#home): today's count as the daily pop-up says it, the streak, the recall
/// items, the focus minutes, the next reminder, today's alarms and the heatmap; "Study now".
/// The numbers are `status --json`'s: both read `HomeScreen`.
@MainActor
final class HomePage {
  let root: Widget
  let count = Label("", style: "title-1")
  /// How many of today's cards are new, under the count (hidden when none is due).
  let newCards = Label()
  let streak = Label()
  let recalls = Label()
  let focus = Label()
  let next = Label()
  let alarms = Label()
  let heatmapHeading = Label("", style: "heading")
  let heatmap = Label("", style: "monospace", wraps: false)
  let studyNow = Button("", style: "suggested-action")
  /// Why Study now cannot be pressed, beside it.
  let reason = Label("", style: "dim-label")
  /// A file that cannot be read, said on the page instead of the numbers.
  let problem = Label("", style: "error")

  init(onStudy: @escaping @MainActor () -> Void) {
    let column = Box(.vertical, spacing: 12)
    column.setMargins(24)
    for label in [count, newCards, streak, recalls, focus, next, alarms, reason, problem, heatmapHeading] {
      label.setTextAlignment(0)
    }
    heatmap.setTextAlignment(0)
    studyNow.addStyleClass("pill")
    studyNow.align(horizontally: .start)
    studyNow.onClicked(onStudy)
    problem.isVisible = false
    for widget: Widget in [
      count, newCards, studyNow, reason, problem, streak, recalls, focus, next, alarms, heatmapHeading,
      heatmap,
    ] {
      column.append(widget)
    }
    root = ScrolledWindow(Clamp(column))
  }

  /// The page for `screen`, in `locale`'s words; `stats` the heatmap's (nil when it cannot be
  /// read: the rest still shows).
  func show(_ screen: HomeScreen, stats: StudyStats?, locale: ReportLocale) {
    let words = locale.words
    problem.isVisible = false
    count.text = words.dailyTitle(count: screen.dueCount)
    newCards.text = words.newCardsLine(screen.newToday)
    newCards.isVisible = screen.dueCount > 0
    streak.text = words.streakLine(screen.streak)
    recalls.text = words.recallItemsLine(waiting: screen.recallsWaiting, later: screen.recallsLater)
    focus.text = words.focusTodayLine(screen.focusMinutesToday)
    let text = HomeScreenText(locale: locale, screen: screen, anki: nil)
    let nextWhen = screen.next.map { locale.stamp($0.fireAt) }
    if let reminder = screen.next, let nextWhen {
      next.text = words.nextReminderLine(when: nextWhen, title: VisibleCharacters.of(reminder.title))
    } else {
      next.text = words.noNextReminderLine(days: HomeScreen.horizonDays)
    }
    alarms.text = text.alarmLine
    studyNow.label = words.studyNow
    let studyable = screen.dueCount > 0 || screen.recallsWaiting > 0
    studyNow.isSensitive = studyable
    reason.isVisible = !studyable
    reason.text = studyable ? "" : words.nothingDueNow(next: nextWhen)
    if !studyable {
      studyNow.setAccessibleDescription(reason.text)
    } else {
      studyNow.setAccessibleDescription("")
    }
    if let stats {
      let report = StudyReport(locale: locale, now: screen.now, stats: stats)
      heatmapHeading.text = report.heading
      // The grid of glyphs for the eye (levels by density, not colour); the figures for the ear.
      heatmap.text = report.text(color: false, heading: false)
      heatmap.setAccessibleLabel(report.heading)
      heatmap.setAccessibleDescription(report.figures.joined(separator: " "))
      heatmapHeading.isVisible = true
      heatmap.isVisible = true
    } else {
      heatmapHeading.isVisible = false
      heatmap.isVisible = false
    }
  }

  /// A file that cannot be read (the deck, the config): its line in place of the numbers.
  func show(problem line: String, words: any Catalogue) {
    problem.text = line
    problem.isVisible = true
    newCards.isVisible = false
    studyNow.label = words.studyNow
    studyNow.isSensitive = false
  }
}
