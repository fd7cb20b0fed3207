import ArgumentParser
import Foundation
import RemindersCore
import RemindersStore

/// `reminders status`: the home screen in one glance.
struct Status: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "Show today's count, the streak, the recall items waiting and the next reminder.",
    discussion:
      "Reads the files only (never the bus), through the same plan cache as `run`, so it is as quick as a run with nothing to deliver. The next reminder is the one `preview` would list first."
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions

  @Flag(help: "Print one JSON object instead of text.")
  var json = false

  func run() throws {
    let invocation = try Invocation(global)
    let report = try HomeScreen.read(invocation, now: time.instant)
    print(json ? report.json.rendered() + "\n" : report.text, terminator: "")
  }
}

/// What `status` shows, read once from the deck (its plan digest) and the ledger.
struct HomeScreen {
  let invocation: Invocation
  let now: Date
  /// Cards due today, per collection (`""` for cards without one).
  let collections: [String: Int]
  let streak: Int
  /// Open recall items whose time has come, and those still to come.
  let recallsWaiting: Int
  let recallsLater: Int
  /// The next reminder `run` will deliver, within a fortnight.
  let next: Reminder?
  /// Minutes of focus today (docs/commands.md): what the log held for today when the latest session
  /// started, plus that session's phases today. From `focus.json` alone: every session that
  /// ran today started today or ran into it, and the last one started after the others ended.
  let focusMinutesToday: Int
  /// Where Anki's counts come from, when `[anki]` is configured (docs/anki.md).
  let anki: AnkiReport?
  /// Today's alarm rings (docs/commands.md, docs/alarms.md), by time.
  let alarmsToday: [AlarmToday]

  /// An alarm's ring today, and where it stands.
  struct AlarmToday {
    enum State: String {
      case upcoming, ringing, stopped
    }
    var alarm: Alarm
    var at: Date
    var state: State
  }

  /// How far ahead the next reminder is looked for.
  static let horizonDays = 14

  static func read(_ invocation: Invocation, now: Date) throws -> HomeScreen {
    let (input, anki) = try invocation.planSources(writeCache: false, now: now)
    let ledger = try invocation.ledgerStore.load()
    let today = invocation.clock.day(of: now)
    // The deck's cards due today, and Anki's as Anki shows them now.
    var collections = input.dueIndex.due(on: today)
    for (name, n) in input.anki?.collections(at: now, clock: invocation.clock) ?? [:] {
      collections[name, default: 0] += n
    }
    let upcoming = try invocation.deliveryRun.preview(
      input, ledger: ledger, now: now, until: today.adding(days: horizonDays))
    let focus =
      input.focus.map {
        ($0.earlierDay == today ? $0.earlierMinutes : 0)
          + $0.session.focusMinutes(on: today, through: now, clock: invocation.clock)
      } ?? 0
    let alarmsToday = (input.alarms ?? []).compactMap { alarm -> AlarmToday? in
      guard alarm.enabled, let at = alarm.ring(on: today, clock: invocation.clock) else { return nil }
      let entry = ledger.entries[alarm.ringID(on: today, ledger: ledger)]
      let state: AlarmToday.State = entry == nil ? .upcoming : entry!.isRinging ? .ringing : .stopped
      return AlarmToday(alarm: alarm, at: at, state: state)
    }.sorted { $0.at != $1.at ? $0.at < $1.at : $0.alarm.name < $1.alarm.name }
    return HomeScreen(
      invocation: invocation, now: now, collections: collections,
      streak: input.streak.length(asOf: today),
      recallsWaiting: input.recalls.filter { $0.dueAt <= now }.count,
      recallsLater: input.recalls.filter { $0.dueAt > now }.count, next: upcoming.first,
      focusMinutesToday: focus, anki: invocation.ankiReport(anki, now: now), alarmsToday: alarmsToday)
  }

  var dueCount: Int { collections.values.reduce(0, +) }
  var ja: Bool { invocation.texts.language == .ja }

  var text: String {
    let texts = invocation.texts
    var lines: [String] = []
    var due = ja ? "今日の復習: \(dueCount)枚" : "Due today: \(dueCount) \(dueCount == 1 ? "card" : "cards")"
    if collections.count > 1 {
      let parts = Texts.ordered(collections).map { name, n in
        let label = name.isEmpty ? texts.otherCollection : name
        return ja ? "\(label) \(n)枚" : "\(label): \(n)"
      }
      due += ja ? "（" + parts.joined(separator: "、") + "）" : " (" + parts.joined(separator: ", ") + ")"
    }
    lines.append(due)
    lines += anki?.lines ?? []
    lines.append(ja ? "連続記録: \(streak)日" : "Streak: \(streak) \(streak == 1 ? "day" : "days")")
    lines.append(
      ja
        ? "思い出す項目: いま \(recallsWaiting)件、このあと \(recallsLater)件"
        : "Recall items: \(recallsWaiting) waiting now, \(recallsLater) later")
    lines.append(ja ? "今日の集中: \(focusMinutesToday)分" : "Focus today: \(focusMinutesToday) min")
    if let next {
      let when = PlanReport(invocation: invocation, now: now, days: 1, reminders: []).stamp(next.fireAt)
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
    guard !alarmsToday.isEmpty else { return ja ? "今日のアラーム: なし" : "Alarms today: none" }
    let clock = invocation.clock
    let items = alarmsToday.map { item -> String in
      let s = clock.secondsOfDay(at: item.at)
      let hhmm = String(format: "%02d:%02d", s / 3600, s / 60 % 60)
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
      ("now", .string(Timestamp.format(now, in: clock))),
      ("zone", .string(invocation.zoneName)),
      ("dueToday", .int(dueCount)),
      ("collections", .object(collections.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
      ("streak", .int(streak)),
      ("recallsWaiting", .int(recallsWaiting)),
      ("recallsLater", .int(recallsLater)),
      ("focusMinutesToday", .int(focusMinutesToday)),
      (
        "alarmsToday",
        .array(
          alarmsToday.map { item in
            .object([
              ("id", .string(item.alarm.id)), ("name", .string(item.alarm.name)),
              ("at", .string(Timestamp.format(item.at, in: clock))), ("state", .string(item.state.rawValue)),
            ])
          })
      ),
      (
        "nextReminder",
        next.map { r in
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
