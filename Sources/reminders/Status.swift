import ArgumentParser
import Foundation
import RemindersApp
import RemindersCore
import RemindersMessages
import RemindersStore

/// `reminders status`: the home screen in one glance.
struct Status: ParsableCommand {
  static let configuration = CommandConfiguration.described(.status, name: "status")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions

  @Flag(help: .catalogue(.jsonInsteadOfText))
  var json = false

  func run() throws {
    let invocation = try Invocation(global)
    let now = time.instant
    let screen = try HomeScreen.read(invocation.workspace, now: now) { input, ledger, now, end in
      try invocation.deliveryRun.preview(input, ledger: ledger, now: now, until: end)
    }
    let report = HomeScreenText(invocation: invocation, screen: screen)
    print(json ? report.json.rendered() + "\n" : report.text, terminator: "")
  }
}

/// The home screen as `status` prints it, in the session's language.
struct HomeScreenText {
  let invocation: Invocation
  let screen: HomeScreen

  /// Where Anki's counts come from, as `status`, `preview` and `doctor` say it.
  var anki: AnkiReport? { invocation.ankiReport(screen.anki, now: screen.now) }

  var words: any Catalogue { invocation.messages }

  var text: String {
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
      let when = PlanReport(invocation: invocation, now: screen.now, days: 1, reminders: []).stamp(
        next.fireAt)
      lines.append(words.nextReminderLine(when: when, title: next.title))
    } else {
      lines.append(words.noNextReminderLine(days: HomeScreen.horizonDays))
    }
    lines.append(alarmLine)
    return lines.joined(separator: "\n") + "\n"
  }

  /// `Alarms today: 07:00 Office (ringing), 18:00 Gym` / `今日のアラーム: 07:00 Office（鳴っています）、…`.
  var alarmLine: String {
    let clock = invocation.clock
    return words.alarmsTodayLine(
      screen.alarmsToday.map { item in
        let state: AlarmTodayState =
          switch item.state {
          case .upcoming: .upcoming
          case .ringing: .ringing
          case .stopped: .stopped
          }
        return (time: clock.wallTime(at: item.at).description, name: item.alarm.name, state: state)
      })
  }

  var json: OrderedJSON {
    let clock = invocation.clock
    var fields: [(String, OrderedJSON)] = [
      ("now", .string(Timestamp.format(screen.now, in: clock))),
      ("zone", .string(invocation.zoneName)),
      ("dueToday", .int(screen.dueCount)),
      (
        "collections", .object(screen.collections.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })
      ),
      ("streak", .int(screen.streak)),
      ("recallsWaiting", .int(screen.recallsWaiting)),
      ("recallsLater", .int(screen.recallsLater)),
      ("focusMinutesToday", .int(screen.focusMinutesToday)),
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
