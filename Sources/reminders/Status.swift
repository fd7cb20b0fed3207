import ArgumentParser
import Foundation
import RemindersApp
import RemindersCore
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

  var ja: Bool { invocation.texts.language == .ja }

  var text: String {
    let texts = invocation.texts
    var lines: [String] = []
    var due =
      ja
      ? "今日の復習: \(screen.dueCount)枚"
      : "Due today: \(screen.dueCount) \(screen.dueCount == 1 ? "card" : "cards")"
    if screen.collections.count > 1 {
      let parts = Texts.ordered(screen.collections).map { name, n in
        let label = name.isEmpty ? texts.otherCollection : name
        return ja ? "\(label) \(n)枚" : "\(label): \(n)"
      }
      due += ja ? "（" + parts.joined(separator: "、") + "）" : " (" + parts.joined(separator: ", ") + ")"
    }
    lines.append(due)
    lines += anki?.lines ?? []
    lines.append(
      ja ? "連続記録: \(screen.streak)日" : "Streak: \(screen.streak) \(screen.streak == 1 ? "day" : "days")")
    lines.append(
      ja
        ? "思い出す項目: いま \(screen.recallsWaiting)件、このあと \(screen.recallsLater)件"
        : "Recall items: \(screen.recallsWaiting) waiting now, \(screen.recallsLater) later")
    lines.append(ja ? "今日の集中: \(screen.focusMinutesToday)分" : "Focus today: \(screen.focusMinutesToday) min")
    if let next = screen.next {
      let when = PlanReport(invocation: invocation, now: screen.now, days: 1, reminders: []).stamp(
        next.fireAt)
      lines.append(ja ? "次のリマインダー: \(when) \(next.title)" : "Next reminder: \(when) — \(next.title)")
    } else {
      lines.append(
        ja
          ? "次のリマインダー: \(HomeScreen.horizonDays)日以内にはありません"
          : "Next reminder: none in the next \(HomeScreen.horizonDays) days")
    }
    lines.append(alarmLine)
    return lines.joined(separator: "\n") + "\n"
  }

  /// `Alarms today: 07:00 Office (ringing), 18:00 Gym` / `今日のアラーム: 07:00 Office（鳴っています）、…`.
  var alarmLine: String {
    guard !screen.alarmsToday.isEmpty else { return ja ? "今日のアラーム: なし" : "Alarms today: none" }
    let clock = invocation.clock
    let items = screen.alarmsToday.map { item -> String in
      let hhmm = clock.wallTime(at: item.at)
      let state: String
      switch (item.state, ja) {
      case (.upcoming, _): state = ""
      case (.ringing, true): state = "（鳴っています）"
      case (.ringing, false): state = " (ringing)"
      case (.stopped, true): state = "（止めました）"
      case (.stopped, false): state = " (stopped)"
      }
      return "\(hhmm) \(item.alarm.name)\(state)"
    }
    return ja ? "今日のアラーム: " + items.joined(separator: "、") : "Alarms today: " + items.joined(separator: ", ")
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
