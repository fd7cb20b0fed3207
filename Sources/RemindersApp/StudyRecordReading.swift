import Foundation
import RemindersCore
import RemindersStore

extension Workspace {
  /// The study record as `stats` and the app's Home show it (docs/commands.md#reminders-stats):
  /// the heatmap of the last `weeks` weeks, the figures, and under FSRS the predicted retention.
  public func studyStats(now: Date, weeks: Int) throws -> StudyStats {
    let retention = configuration.studyScheduler.fsrs.map {
      RetentionForecast(scheduler: $0, now: now, clock: dayClock, days: StudyStats.forecastDays)
    }
    let record = try deckStore.studyRecord(
      clock: dayClock, limits: configuration.newCards, today: dayClock.day(of: now), retention: retention,
      replaying: configuration.studyScheduler.fsrs)
    return StudyStats(record: record, now: now, clock: dayClock, weeks: weeks)
  }
}
