import Foundation
import RemindersApp
import RemindersCore
import RemindersMessages
import RemindersStore
import RemindersTerminal

/// The home screen as `status` prints it, in the session's language.
public struct HomeScreenText {
  public let locale: ReportLocale
  public let screen: HomeScreen
  /// Where Anki's counts come from, as `status`, `preview` and `doctor` say it.
  public let anki: AnkiReport?

  public init(locale: ReportLocale, screen: HomeScreen, anki: AnkiReport?) {
    self.locale = locale
    self.screen = screen
    self.anki = anki
  }

  public var words: any Catalogue { locale.words }

  public var text: String {
    var lines: [String] = []
    var due = words.dueToday(screen.dueCount)
    if screen.collections.count > 1 {
      due += words.dueByCollection(
        CollectionOrder.ordered(screen.collections).map { (name: $0.0, count: $0.1) })
    }
    lines.append(due)
    lines += anki?.lines ?? []
    lines.append(words.streakLine(screen.streak))
    lines.append(words.recallItemsLine(waiting: screen.recallsWaiting, later: screen.recallsLater))
    lines.append(words.focusTodayLine(screen.focusMinutesToday))
    if let next = screen.next {
      let when = locale.stamp(next.fireAt)
      lines.append(words.nextReminderLine(when: when, title: VisibleCharacters.of(next.title)))
    } else {
      lines.append(words.noNextReminderLine(days: HomeScreen.horizonDays))
    }
    lines.append(alarmLine)
    if screen.firstSteps { lines += [""] + words.firstSteps }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `Alarms today: 07:00 Office (ringing), 18:00 Gym` / `今日のアラーム: 07:00 Office（鳴っています）、…`.
  public var alarmLine: String {
    let clock = locale.clock
    return words.alarmsTodayLine(
      screen.alarmsToday.map { item in
        let state: AlarmTodayState =
          switch item.state {
          case .upcoming: .upcoming
          case .ringing: .ringing
          case .stopped: .stopped
          }
        return (
          time: clock.wallTime(at: item.at).description, name: VisibleCharacters.of(item.alarm.name),
          state: state
        )
      })
  }

  public var json: OrderedJSON {
    let clock = locale.clock
    var fields: [(String, OrderedJSON)] = [
      ("now", .string(Timestamp.format(screen.now, in: clock))),
      ("zone", .string(locale.zoneName)),
      ("dueToday", .int(screen.dueCount)),
      ("newToday", .int(screen.newToday)),
      (
        "collections", .object(screen.collections.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })
      ),
      ("streak", .int(screen.streak)),
      ("recallsWaiting", .int(screen.recallsWaiting)),
      ("recallsLater", .int(screen.recallsLater)),
      ("focusMinutesToday", .int(screen.focusMinutesToday)),
      ("firstSteps", .bool(screen.firstSteps)),
      (
        "alarmsToday",
        .array(
          screen.alarmsToday.map { item in
            .object([
              ("id", .string(item.alarm.id)), ("name", .string(item.alarm.name)),
              ("at", .string(Timestamp.format(item.at, in: clock))), ("state", .string(item.state.rawValue)),
            ])
          })
      ),
      (
        "nextReminder",
        screen.next.map { r in
          .object([
            ("id", .string(r.id.description)), ("kind", .string(r.kind.rawValue)),
            ("fireAt", .string(Timestamp.format(r.fireAt, in: clock))), ("title", .string(r.title)),
          ])
        } ?? .null
      ),
    ]
    if let anki { fields.append(("anki", anki.json)) }
    return .object(fields)
  }
}
