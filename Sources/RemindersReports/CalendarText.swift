import Foundation
import RemindersApp
import RemindersCore
import RemindersMessages
import RemindersStore
import RemindersTerminal

/// What `calendar sync`, `calendar status`, `run` and `doctor` say of the CalDAV calendar, in
/// the session's language, times in the day zone as people read them.
public struct CalendarText {
  public let language: Language
  public let clock: DayClock

  public init(language: Language, clock: DayClock) {
    self.language = language
    self.clock = clock
  }

  var words: any Catalogue { language.words }

  public func time(_ date: Date) -> String { Timestamp.human(date, in: clock) }

  /// One change of a sync, with nothing from the data that a terminal would act on.
  public func line(_ line: CalendarPublisher.Line, dryRun: Bool) -> String {
    let uid = line.change.uid
    return VisibleCharacters.of(
      words.calendarChange(
        Self.word(line.change), dryRun: dryRun, time: time(line.fireAt), title: line.title, uid: uid))
  }

  /// The events the server would not take, a line each.
  public func rejected(_ report: CalendarPublisher.Report) -> [String] {
    report.rejected.map {
      VisibleCharacters.of(words.calendarRejected($0.title ?? $0.uid, status: $0.status))
    }
  }

  public func summary(_ report: CalendarPublisher.Report, dryRun: Bool) -> String {
    let counts = Self.counts(report)
    if !report.rejected.isEmpty && !dryRun {
      return words.calendarNotAllTaken(
        rejected: report.rejected.count, created: counts.created, replaced: counts.replaced,
        deleted: counts.deleted, requests: report.requests)
    }
    return words.calendarSynced(
      created: counts.created, replaced: counts.replaced, deleted: counts.deleted, requests: report.requests,
      dryRun: dryRun)
  }

  /// `run`'s line when the sync changed the calendar; nil when it changed nothing.
  public func runLine(_ report: CalendarPublisher.Report) -> String? {
    let counts = Self.counts(report)
    guard counts.created + counts.replaced + counts.deleted > 0 else { return nil }
    return words.calendarRunLine(created: counts.created, replaced: counts.replaced, deleted: counts.deleted)
  }

  public func problem(_ fault: CalendarFault, url: String, retry: String?) -> String {
    VisibleCharacters.of(words.calendarProblem(fault, url: url, retry: retry))
  }

  /// `calendar status`'s lines.
  public func status(_ state: CalendarState, settings: CalendarSettings, feed: String?) -> [String] {
    words.calendarStatus(
      url: settings.url, user: settings.username, events: state.published.count,
      syncedAt: state.syncedAt.map(time), checkedAt: state.checkedAt.map(time),
      problem: state.failure?.problem, since: state.failure.map { time($0.since) },
      retry: state.failure.map { time($0.retryAt) }, feed: feed)
  }

  /// `doctor`'s row.
  public func doctor(_ settings: CalendarSettings?, state: CalendarState?) -> String {
    VisibleCharacters.of(
      words.calendarDoctor(
        url: settings?.url, events: state?.published.count ?? 0, syncedAt: state?.syncedAt.map(time),
        problem: state?.failure?.problem, since: state?.failure.map { time($0.since) }))
  }

  static func counts(_ report: CalendarPublisher.Report) -> (created: Int, replaced: Int, deleted: Int) {
    var counts = (created: 0, replaced: 0, deleted: 0)
    for line in report.lines {
      switch line.change {
      case .create: counts.created += 1
      case .replace: counts.replaced += 1
      case .delete: counts.deleted += 1
      case .forget: break
      }
    }
    return counts
  }

  static func word(_ change: CalendarChange) -> CalendarChangeWord {
    switch change {
    case .create: .create
    case .replace: .replace
    case .delete: .delete
    case .forget: .forget
    }
  }
}
