import Foundation
import RemindersAnki
import RemindersCore
import RemindersStore

/// What `status` shows (docs/commands.md#reminders-status), read once from the deck (its plan
/// digest), the focus session, the alarms and the ledger.
public struct HomeScreen {
  public let now: Date
  /// Cards due today, per collection (`""` for cards without one), Anki's among them.
  public let collections: [String: Int]
  public let streak: Int
  /// Open recall items whose time has come, and those still to come.
  public let recallsWaiting: Int
  public let recallsLater: Int
  /// The next reminder `run` will deliver, within `horizonDays`.
  public let next: Reminder?
  /// Minutes of focus today: what the log held for today when the latest session started,
  /// plus that session's phases today.
  public let focusMinutesToday: Int
  /// Where Anki's counts come from, when `[anki]` is configured (docs/anki.md).
  public let anki: AnkiStatus?
  /// Today's alarm rings (docs/alarms.md), by time.
  public let alarmsToday: [AlarmToday]
  /// Nothing to study yet (`PlanInput.hasNothingToStudy`, and no `[anki]` configured): the
  /// screen says how to begin.
  public var firstSteps = false
  /// How many of today's cards of the deck are new (first seen today, within the new-card
  /// limits); Anki's are counted by Anki.
  public var newToday = 0

  /// An alarm's ring today, and where it stands.
  public struct AlarmToday: Equatable {
    public enum State: String, Sendable {
      case upcoming, ringing, stopped
    }
    public var alarm: Alarm
    public var at: Date
    public var state: State
  }

  /// How far ahead the next reminder is looked for.
  public static let horizonDays = 14

  /// What delivery would show from `now` until the start of a day, against a copy of the
  /// ledger (the delivery run's preview: the app layer does not reach the desktop).
  public typealias Upcoming = (_ input: PlanInput, _ ledger: DeliveryLedger, _ now: Date, _ until: Day) throws
    -> [Reminder]

  /// The home screen of `workspace` at `now`.
  public static func read(_ workspace: Workspace, now: Date, upcoming: Upcoming) throws -> HomeScreen {
    let sources = try workspace.planSources(writeCache: false, now: now)
    let input = sources.input
    let ledger = try workspace.ledgerStore.load()
    let clock = workspace.dayClock
    let today = clock.day(of: now)
    // The deck's cards due today, and Anki's as Anki shows them now.
    let cards = input.dueIndex.cards(on: today)
    var collections = cards.collections
    for (name, n) in input.anki?.collections(at: now, clock: clock) ?? [:] {
      collections[name, default: 0] += n
    }
    let next = try upcoming(input, ledger, now, today.adding(days: horizonDays)).first
    let alarmsToday = (input.alarms ?? []).compactMap { alarm -> AlarmToday? in
      guard alarm.enabled, let at = alarm.ring(on: today, clock: clock) else { return nil }
      let entry = ledger.entries[alarm.ringID(on: today, ledger: ledger)]
      let state: AlarmToday.State = entry == nil ? .upcoming : entry!.isRinging ? .ringing : .stopped
      return AlarmToday(alarm: alarm, at: at, state: state)
    }.sorted { $0.at != $1.at ? $0.at < $1.at : $0.alarm.name < $1.alarm.name }
    var screen = HomeScreen(
      now: now, collections: collections, streak: input.streak.length(asOf: today),
      recallsWaiting: input.recalls.filter { $0.dueAt <= now }.count,
      recallsLater: input.recalls.filter { $0.dueAt > now }.count, next: next,
      focusMinutesToday: input.focus?.minutes(on: today, through: now, clock: clock) ?? 0, anki: sources.anki,
      alarmsToday: alarmsToday)
    screen.firstSteps = input.hasNothingToStudy && workspace.configuration.anki == nil
    screen.newToday = cards.newTotal
    return screen
  }

  public var dueCount: Int { collections.values.reduce(0, +) }
}
