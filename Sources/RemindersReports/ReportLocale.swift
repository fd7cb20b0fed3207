import Foundation
import RemindersCore
import RemindersMessages

/// How a report says things: the session's language, the day clock its times are read on and
/// the zone's name as the user gave it (Foundation calls UTC `GMT`, so the name is kept apart).
public struct ReportLocale: Sendable {
  public let language: Language
  public let clock: DayClock
  public let zoneName: String

  public init(language: Language, clock: DayClock, zoneName: String) {
    self.language = language
    self.clock = clock
    self.zoneName = zoneName
  }

  /// Every text, in the language.
  public var words: any Catalogue { language.words }

  /// A moment as the tables say it: `2026-11-21 (土) 09:00` / `2026-11-21 Sat 09:00`.
  public func stamp(_ instant: Date) -> String {
    let day = clock.day(of: instant)
    return words.stamp(
      day: day.description, weekday: words.weekdayName(day.weekday),
      time: clock.wallTime(at: instant).description)
  }
}
