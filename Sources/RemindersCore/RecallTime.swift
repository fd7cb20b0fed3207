import Foundation

extension RecallItem {
  /// When a recall item asked for at `text` is due, as seen at `now`: an instant (RFC 3339, or
  /// `YYYY-MM-DDTHH:MM`, or with a space, on the day-zone clock), or `HH:MM`, the next time the
  /// clock shows it (today when still ahead, else tomorrow). Nil: not a time.
  public static func dueAt(_ text: String, now: Date, clock: DayClock) -> Date? {
    if let instant = Timestamp.parse(text, localIn: clock) { return instant }
    guard let time = WallTime(text) else { return nil }
    let today = clock.day(of: now)
    let candidate = clock.instant(on: today, at: time)
    return candidate > now ? candidate : clock.instant(on: today.adding(days: 1), at: time)
  }
}
