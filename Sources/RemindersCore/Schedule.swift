import Foundation

/// A wall-clock range `HH:MM-HH:MM` during which nothing fires; it may wrap midnight.
public struct QuietRange: Hashable, Sendable, CustomStringConvertible {
  public let start: WallTime
  public let end: WallTime

  /// `nil` when start equals end (an empty or whole-day range is ambiguous).
  public init?(start: WallTime, end: WallTime) {
    guard start != end else { return nil }
    self.start = start
    self.end = end
  }

  /// Parses `"22:00-07:00"`.
  public init?(_ text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2,
      let s = WallTime(parts[0].trimmingCharacters(in: .whitespaces)),
      let e = WallTime(parts[1].trimmingCharacters(in: .whitespaces))
    else { return nil }
    self.init(start: s, end: e)
  }

  public var wraps: Bool { end < start }

  /// Whether the wall clock second `secondsOfDay` lies inside (start inclusive, end exclusive).
  public func contains(secondsOfDay s: Int) -> Bool {
    wraps ? (s >= start.seconds || s < end.seconds) : (s >= start.seconds && s < end.seconds)
  }

  public var description: String { "\(start)-\(end)" }
}

/// When reminders may fire: the daily time, the window, quiet hours, and recall timing.
public struct Schedule: Equatable, Sendable {
  public var dailyTime: WallTime
  /// Window start, inclusive.
  public var windowStart: WallTime
  /// Window end, exclusive.
  public var windowEnd: WallTime
  public var quietHours: [QuietRange]
  /// Recall reminders within this many seconds of the earliest in their group become one pop-up.
  public var recallCoalesce: Int
  /// Delay of the recall item a wrong answer adds; `nil` when disabled (`off`).
  public var recallAfterWrong: Int?
  /// `daily.again`: one more pop-up at this time when cards are still due (docs/delivery.md); nil: off.
  public var dailyAgain: WallTime? = nil
  /// `daily.persist`: the daily pop-ups do not expire by themselves.
  public var dailyPersist = false
  /// `snooze.after`: seconds until a snoozed reminder comes back.
  public var snoozeAfter = 600
  /// `review.drip`: while cards are due today, one card pop-up this many seconds after the last
  /// answer or the last drip (docs/delivery.md); nil: off.
  public var drip: Int? = nil

  public static let standard = Schedule(
    dailyTime: WallTime(hour: 8, minute: 0)!, windowStart: WallTime(hour: 8, minute: 0)!,
    windowEnd: WallTime(hour: 18, minute: 0)!, quietHours: [], recallCoalesce: 600, recallAfterWrong: 10800)

  public init(
    dailyTime: WallTime, windowStart: WallTime, windowEnd: WallTime, quietHours: [QuietRange],
    recallCoalesce: Int, recallAfterWrong: Int?
  ) {
    self.dailyTime = dailyTime
    self.windowStart = windowStart
    self.windowEnd = windowEnd
    self.quietHours = quietHours
    self.recallCoalesce = recallCoalesce
    self.recallAfterWrong = recallAfterWrong
  }

  /// Whether some minute of the window lies outside every quiet range, so that adjustment ends.
  public var hasAllowedMinute: Bool {
    (windowStart.minutes..<windowEnd.minutes).contains { m in
      !quietHours.contains { $0.contains(secondsOfDay: m * 60) }
    }
  }

  /// Whether the daily time, once adjusted, can stay on its own day.
  public var dailyTimeFitsWindow: Bool { dailyTime < windowEnd }
}

/// Why a reminder fires later than asked.
public enum DeferralReason: String, Sendable, Equatable {
  case outsideWindow = "outside-window"
  case quietHours = "quiet-hours"
  case desktopDND = "desktop-dnd"
  case catchUp = "catch-up"
  /// The learner snoozed it (docs/delivery.md).
  case snoozed
  /// A focus phase ran at its time: it waited for the next break or the session's end (docs/focus-and-stats.md).
  case focus
}

/// The first allowed instant at or after a time, by the window and quiet-hour rules.
public struct AllowedTime: Sendable {
  public let schedule: Schedule
  public let clock: DayClock
  /// The focus session that holds reminders (`focus.hold_reminders`): a time inside one of its
  /// running focus phases moves to that span's end, the next break or the session's end.
  public var focusHold: FocusHold?

  public init(schedule: Schedule, clock: DayClock) {
    self.schedule = schedule
    self.clock = clock
  }

  /// Moves `instant` forward until it lies inside the window, outside every quiet range and
  /// outside every focus phase that holds reminders.
  ///
  /// Returns the instant and the first rule that moved it (`nil` when it did not move), or `nil`
  /// when no allowed instant exists (quiet hours cover the whole window).
  public func adjust(_ instant: Date) -> (at: Date, reason: DeferralReason?)? {
    var t = instant
    var reason: DeferralReason?
    // Each step moves forward to a window start or a quiet end; a few hundred steps cover any
    // valid schedule, so the bound only guards against a schedule with no allowed minute.
    for _ in 0..<400 {
      let day = clock.day(of: t)
      let s = clock.secondsOfDay(at: t)
      if s < schedule.windowStart.seconds {
        t = clock.instant(on: day, at: schedule.windowStart)
        reason = reason ?? .outsideWindow
        continue
      }
      if s >= schedule.windowEnd.seconds {
        t = clock.instant(on: day.adding(days: 1), at: schedule.windowStart)
        reason = reason ?? .outsideWindow
        continue
      }
      if let range = schedule.quietHours.first(where: { $0.contains(secondsOfDay: s) }) {
        let endDay = range.wraps && s >= range.start.seconds ? day.adding(days: 1) : day
        let next = clock.instant(on: endDay, at: range.end)
        // A quiet end inside a DST gap can resolve to an instant not later than `t`; step a minute.
        t = next > t ? next : t.addingTimeInterval(60)
        reason = reason ?? .quietHours
        continue
      }
      if let hold = focusHold?.span(holding: t) {
        t = hold.end
        reason = reason ?? .focus
        continue
      }
      return (t, reason)
    }
    return nil
  }
}
