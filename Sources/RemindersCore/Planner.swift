import Foundation
import RemindersMessages

/// Turns what the deck holds, the schedule, the ledger and `now` into the reminders to deliver.
///
/// Pure: the same inputs give the same plan. `preview` shows `plan`; `run` delivers the part of
/// it that is due (`due`), so what `preview` shows is what `run` does.
public struct Planner: Sendable {
  public let schedule: Schedule
  public let clock: DayClock
  /// The pop-ups' words, in the session's language.
  public let words: any PopupMessages

  /// A reminder delivered more than this many seconds after its time counts as caught up. The
  /// timer starts `run` every minute; two minutes leave room for one slow start.
  public static let catchUpGrace: TimeInterval = 120

  public init(schedule: Schedule, clock: DayClock, words: any PopupMessages) {
    self.schedule = schedule
    self.clock = clock
    self.words = words
  }

  /// Every reminder that `run`, started every minute from `now` on, would deliver before the
  /// start of day today+`days`, sorted by `fireAt`, then `id`.
  public func plan(_ input: PlanInput, ledger: DeliveryLedger, now: Date, days: Int) -> [Reminder] {
    plan(input, ledger: ledger, now: now, until: clock.day(of: now).adding(days: max(days, 0)))
  }

  /// Every reminder not yet delivered that would fire from `now` until the start of `end`,
  /// sorted by `fireAt`, then `id`.
  public func plan(_ input: PlanInput, ledger: DeliveryLedger, now: Date, until end: Day) -> [Reminder] {
    plan(input, ledger: ledger, now: now, until: end, focusEndsAtMost: .max)
  }

  /// The first reminder not yet delivered that would fire from `now` until the start of `end`:
  /// `plan(…).first`, without listing every focus phase end to `end` (an endless session of
  /// one-minute phases has 1,440 a day, and `preview` asks this once a step).
  ///
  /// `focusEnds` false: the first of the other kinds (a calendar, which shows no phase ends,
  /// need not stop at each of them).
  public func next(
    _ input: PlanInput, ledger: DeliveryLedger, now: Date, until end: Day, focusEnds: Bool = true
  ) -> Reminder? {
    plan(input, ledger: ledger, now: now, until: end, focusEndsAtMost: focusEnds ? 1 : 0).first
  }

  /// `plan`, with at most `focusEndsAtMost` of the focus session's phase ends, the earliest:
  /// the other kinds are few a day, but phase ends may be one a minute.
  func plan(_ input: PlanInput, ledger: DeliveryLedger, now: Date, until end: Day, focusEndsAtMost: Int)
    -> [Reminder]
  {
    let today = clock.day(of: now)
    let horizon = clock.startOfDay(end)
    var allowed = AllowedTime(schedule: schedule, clock: clock)
    if let focus = input.focus, focus.session.settings.holdReminders {
      // Only while focus runs: a paused session holds nothing (the learner may have walked away).
      // Asked instant by instant: an endless session is never listed to the horizon.
      allowed.focusHold = FocusHold(session: focus.session, now: now)
    }
    var out: [Reminder] = []
    for offset in 0..<max(end.number - today.number, 0) {
      if let r = daily(
        for: today.adding(days: offset), input: input, ledger: ledger, now: now, allowed: allowed),
        r.fireAt < horizon
      {
        out.append(r)
      }
    }
    for offset in 0..<max(end.number - today.number, 0) {
      let day = today.adding(days: offset)
      // One daily on screen at a time: a daily still to come then (caught up late, or held
      // past the hour of `daily.again`) says it, and the second word is not said.
      if let r = dailyAgain(for: day, input: input, ledger: ledger, now: now, allowed: allowed),
        r.fireAt < horizon, !out.contains(where: { $0.id == .daily(day) && $0.fireAt >= r.fireAt })
      {
        out.append(r)
      }
    }
    for offset in 0..<max(end.number - today.number, 0) {
      if let r = drip(
        on: today.adding(days: offset), input: input, ledger: ledger, now: now, allowed: allowed),
        r.fireAt < horizon
      {
        out.append(r)
      }
    }
    out += recalls(
      input.recalls[input.recallsDelivered...], ledger: ledger, now: now, allowed: allowed, before: horizon
    ).filter {
      $0.fireAt < horizon
    }
    out += returns(input, ledger: ledger, now: now, allowed: allowed).filter { $0.fireAt < horizon }
    out += focusEnds(input.focus, ledger: ledger, now: now, horizon: horizon, atMost: focusEndsAtMost)
    out += alarmRings(input.alarms ?? [], ledger: ledger, now: now, horizon: horizon)
    return out.sorted { $0.fireAt != $1.fireAt ? $0.fireAt < $1.fireAt : $0.id < $1.id }
  }

  /// The reminders that are due at `now` and not yet delivered: what `run` delivers.
  public func due(_ input: PlanInput, ledger: DeliveryLedger, now: Date) -> [Reminder] {
    // Of the focus session's phase ends only the latest passed can be due (focusEnds), and it
    // is the earliest one not delivered.
    plan(input, ledger: ledger, now: now, until: clock.day(of: now).adding(days: 1), focusEndsAtMost: 1)
      .filter { $0.fireAt <= now }
  }

  func daily(for day: Day, input: PlanInput, ledger: DeliveryLedger, now: Date, allowed: AllowedTime)
    -> Reminder?
  {
    let id = ReminderID.daily(day)
    guard !ledger.contains(reminderID: id) else { return nil }
    let asked = clock.instant(on: day, at: schedule.dailyTime)
    // Placed first (moved by window, quiet hours, focus; caught up when missed: only on its own
    // day, inside that day's window; after that it expires), then counted when it shows: `run`
    // counts at the moment it delivers, and Anki's learning cards fall due by the minute.
    guard
      let (fireAt, reason) = onItsDay(asked, day: day, id: id, ledger: ledger, now: now, allowed: allowed),
      let content = dailyContent(on: day, at: max(now, fireAt), input: input)
    else { return nil }
    return Reminder(
      id: id, kind: .dailyReview, fireAt: fireAt, title: content.title, body: content.body,
      dueCount: content.count, collections: content.collections, streak: content.streak,
      deferredFrom: reason == nil ? nil : asked, reason: reason, fromAnki: content.fromAnki)
  }

  /// `daily.again`: one more pop-up on `day` at that time when cards are still due then; moved
  /// by window and quiet hours like the daily reminder, and only on its own day.
  func dailyAgain(for day: Day, input: PlanInput, ledger: DeliveryLedger, now: Date, allowed: AllowedTime)
    -> Reminder?
  {
    guard let time = schedule.dailyAgain else { return nil }
    let id = ReminderID.dailyAgain(day)
    let asked = clock.instant(on: day, at: time)
    // A daily that came only at or after this hour stood for both.
    if let daily = ledger.entries[.daily(day)], daily.deliveredAt >= asked { return nil }
    guard !ledger.contains(reminderID: id),
      let placed = onItsDay(asked, day: day, id: id, ledger: ledger, now: now, allowed: allowed),
      let content = dailyContent(on: day, at: max(now, placed.at), input: input)
    else {
      return nil
    }
    return Reminder(
      id: id, kind: .dailyReview, fireAt: placed.at, title: words.dailyAgainTitle(count: content.count),
      body: content.body, dueCount: content.count, collections: content.collections, streak: content.streak,
      deferredFrom: placed.reason == nil ? nil : asked, reason: placed.reason, fromAnki: content.fromAnki)
  }

  /// `review.drip`: the next drip of `day` (docs/delivery.md), one period after the latest of the
  /// day's last answer, its last drip and its last review in the pop-up — the daily reminder's
  /// time only while there is none of them yet; moved like the daily reminder, only on its own
  /// day, and only while the deck has cards due that day (Anki's are studied in Anki). None while
  /// a drip or a review in the pop-up may be on screen. Its card is chosen when it is delivered:
  /// the title here counts the cards.
  func drip(on day: Day, input: PlanInput, ledger: DeliveryLedger, now: Date, allowed: AllowedTime)
    -> Reminder?
  {
    guard let period = schedule.drip else { return nil }
    let earlier = ledger.drips(on: day)
    guard !earlier.busy else { return nil }
    // The day's own: an answer of yesterday restarts nothing today.
    let today = [earlier.last, input.streak.lastAnswer].compactMap { $0 }.filter { clock.day(of: $0) == day }
    let anchor = today.max() ?? clock.instant(on: day, at: schedule.dailyTime)
    let id = ReminderID.drip(day, n: earlier.count + 1)
    let asked = anchor.addingTimeInterval(TimeInterval(period))
    guard let placed = onItsDay(asked, day: day, id: id, ledger: ledger, now: now, allowed: allowed) else {
      return nil
    }
    let count = input.dueIndex.cards(on: day).collections.values.reduce(0, +)
    guard count > 0 else { return nil }
    return Reminder(
      id: id, kind: .card, fireAt: placed.at, title: words.dripTitle(count: count, collection: nil),
      body: words.dripPlannedBody,
      dueCount: count, deferredFrom: placed.reason == nil ? nil : asked, reason: placed.reason)
  }

  /// Where a reminder of `day` asked for at `asked` lands: moved into the allowed time, caught up
  /// when missed; nil when that is not on `day` (it expires).
  func onItsDay(
    _ asked: Date, day: Day, id: ReminderID, ledger: DeliveryLedger, now: Date, allowed: AllowedTime,
    reason first: DeferralReason? = nil
  ) -> (at: Date, reason: DeferralReason?)? {
    guard var (fireAt, reason) = allowed.adjust(asked), clock.day(of: fireAt) == day else { return nil }
    if fireAt < now.addingTimeInterval(-Planner.catchUpGrace) {
      guard let late = allowed.adjust(now), clock.day(of: late.at) == day else { return nil }
      fireAt = late.at
      reason = Planner.lateReason(late.reason, held: ledger.held[id.description] != nil)
    }
    return (fireAt, first ?? reason)
  }

  /// Why a missed reminder fires when it does: a focus phase that holds it now, else
  /// do-not-disturb when that held it, else catching up.
  static func lateReason(_ now: DeferralReason?, held: Bool) -> DeferralReason {
    now == .focus ? .focus : held ? .desktopDND : .catchUp
  }

  /// A phase end not delivered within this many seconds lapses (the machine slept, nothing
  /// ran): only the latest phase end passed is still said, and only this soon after it.
  public static let focusLapse: TimeInterval = 300

  /// The pop-ups at the ends of the focus session's phases (docs/focus-and-stats.md), from `now` until
  /// `horizon`, and the latest one passed while it is recent: urgency critical, at the second
  /// the phase ends, not moved by window or quiet hours (the learner started the timer).
  func focusEnds(
    _ focus: FocusInput?, ledger: DeliveryLedger, now: Date, horizon: Date, atMost limit: Int = .max
  )
    -> [Reminder]
  {
    guard let focus, limit > 0 else { return [] }
    let session = focus.session
    // The phase that ended last by `now`, then those ending until the horizon: no more.
    let latestPassed = session.phases(now: now, from: now, through: now).last(where: { $0.end <= now })?
      .number
    // A phase at or before the latest delivered is past, even when the clock went back.
    let delivered = ledger.latestFocusPhase(session: session.id) ?? 0
    var out: [Reminder] = []
    session.forEachPhase(now: now, from: now, through: horizon) { phase in
      guard phase.end < horizon else { return false }
      let id = ReminderID.focus(session: session.id, phase: phase.number)
      guard phase.number > delivered, !ledger.contains(reminderID: id) else { return true }
      if phase.end <= now {
        guard phase.number == latestPassed, now.timeIntervalSince(phase.end) <= Planner.focusLapse else {
          return true
        }
      }
      let title: String
      if phase.isLast {
        let day = clock.day(of: phase.end)
        title = words.focusToday(minutes: focus.minutes(on: day, through: phase.end, clock: clock))
      } else if phase.kind == .focus {
        title = words.focusDone(breakSeconds: session.length(of: session.kind(ofPhase: phase.number + 1)))
      } else {
        title = words.breakOver
      }
      out.append(
        Reminder(
          id: id, kind: .focus, fireAt: phase.end, title: title,
          body: session.task ?? words.focusCycleBody(phase.cycle, of: session.settings.cycles), critical: true
        ))
      return out.count < limit
    }
    return out
  }

  /// The first rings of alarms (docs/alarms.md) not yet in the ledger, from `now` until `horizon`, and
  /// the latest ring passed that nothing rang (the machine was off or asleep): at its time,
  /// whatever the window, quiet hours, do-not-disturb or focus say, urgency critical; a late one
  /// at once, reason `catch-up`, but only on its own day. A ring whose day passed unrung is missed
  /// (`alarm list` says so), never rung.
  func alarmRings(_ alarms: [Alarm], ledger: DeliveryLedger, now: Date, horizon: Date) -> [Reminder] {
    let today = clock.day(of: now)
    var out: [Reminder] = []
    func ring(_ alarm: Alarm, _ day: Day, at: Date, late: Date? = nil) -> Reminder {
      Reminder(
        id: alarm.ringID(on: day, ledger: ledger), kind: .alarm, fireAt: at,
        title: words.alarmTitle(name: alarm.name),
        body: words.alarmBody(time: alarm.time, radius: alarm.radius), deferredFrom: late,
        reason: late == nil ? nil : .catchUp, critical: true)
    }
    for alarm in alarms where alarm.enabled {
      if let last = alarm.lastRing(atOrBefore: now, clock: clock),
        !ledger.contains(reminderID: alarm.ringID(on: last.day, ledger: ledger))
      {
        if now.timeIntervalSince(last.at) <= Planner.catchUpGrace {
          out.append(ring(alarm, last.day, at: last.at))
        } else if last.day == today {
          out.append(ring(alarm, last.day, at: now, late: last.at))
        }
      }
      for next in alarm.rings(from: now, until: horizon, clock: clock)
      where next.at > now && !ledger.contains(reminderID: alarm.ringID(on: next.day, ledger: ledger)) {
        out.append(ring(alarm, next.day, at: next.at))
      }
    }
    return out
  }

  /// The returns of snoozed reminders not yet delivered (docs/delivery.md): each once, at the time it was
  /// snoozed until, moved like any reminder, reason `snoozed`. A daily one says what the day's
  /// reminder says then and comes back only on its day and while cards are due; a recall one
  /// lists its items still open, and comes back only while one is.
  func returns(_ input: PlanInput, ledger: DeliveryLedger, now: Date, allowed: AllowedTime) -> [Reminder] {
    var out: [Reminder] = []
    var open: [String: RecallItem]?
    for entry in ledger.entries.values {
      guard let (id, until) = entry.snoozeReturn, !ledger.contains(reminderID: id) else { continue }
      if let day = id.reviewDay {
        guard
          let placed = onItsDay(
            until, day: day, id: id, ledger: ledger, now: now, allowed: allowed, reason: .snoozed),
          let content = dailyContent(on: day, at: max(now, placed.at), input: input)
        else { continue }
        let again = if case .dailyAgain = entry.reminderID { true } else { false }
        out.append(
          Reminder(
            id: id, kind: .dailyReview, fireAt: placed.at,
            title: again ? words.dailyAgainTitle(count: content.count) : content.title, body: content.body,
            dueCount: content.count, collections: content.collections, streak: content.streak,
            deferredFrom: entry.deliveredAt, reason: .snoozed, fromAnki: content.fromAnki))
      } else {
        if open == nil { open = Dictionary(input.recalls.map { ($0.id, $0) }) { a, _ in a } }
        let items = entry.recallItemIDs.compactMap { open?[$0] }
        guard !items.isEmpty, var (at, _) = allowed.adjust(until) else { continue }
        if at < now.addingTimeInterval(-Planner.catchUpGrace), let late = allowed.adjust(now) { at = late.at }
        let topics = items.map(\.topic)
        out.append(
          Reminder(
            id: id, kind: .recall, fireAt: at, title: words.recallTitle(topics: topics),
            body: words.recallBody(topics: topics, notes: items.map(\.note)), topics: topics,
            recallItemIDs: items.map(\.id), deferredFrom: entry.deliveredAt, reason: .snoozed))
      }
    }
    return out
  }

  /// What the daily reminder of `day` says at `instant`, given the deck as it is now; nil when no
  /// card is due. `run` compares it with the pop-up still on screen, to replace that in place.
  ///
  /// The deck's cards count by their day; an Anki collection's as Anki shows them at `instant`
  /// (its day starts at its own rollover hour, and learning cards fall due by the minute), each
  /// top-level deck as a collection beside the deck's own.
  public func dailyContent(on day: Day, at instant: Date, input: PlanInput) -> DailyContent? {
    let deck = input.dueIndex.cards(on: day)
    var collections = deck.collections
    var fromAnki = false
    if let anki = input.anki {
      for (name, n) in anki.collections(at: instant, clock: clock) {
        collections[name, default: 0] += n
        fromAnki = true
      }
    }
    let count = collections.values.reduce(0, +)
    guard count > 0 else { return nil }
    let streak = input.streak.length(asOf: day)
    return DailyContent(
      count: count, collections: collections, streak: streak, title: words.dailyTitle(count: count),
      body: words.dailyBody(collections: collections, new: deck.newTotal, streak: streak),
      fromAnki: fromAnki,
      newCount: deck.newTotal)
  }

  ///
  /// Only the reminders that fire before `horizon` are wanted. An item due at or after `horizon`
  /// plus the coalescing span is left out before it is placed: placing only ever moves a time
  /// later, so it fires after every group that starts before `horizon` could take it in. `items`
  /// are in order of due time (`PlanInput.recalls`), so those are cut off by a binary search: a
  /// walk over many reminders (`preview`, `status`) reads only the items up to each step, not
  /// every item of the deck at every step.
  func recalls(
    _ items: ArraySlice<RecallItem>, ledger: DeliveryLedger, now: Date, allowed: AllowedTime,
    before horizon: Date
  ) -> [Reminder] {
    struct Placed {
      var item: RecallItem
      var at: Date
      var reason: DeferralReason?
    }
    let reach = horizon.addingTimeInterval(TimeInterval(schedule.recallCoalesce))
    var placed: [Placed] = []
    var low = items.startIndex
    var high = items.endIndex
    while low < high {
      let middle = (low + high) / 2
      if items[middle].dueAt < reach { low = middle + 1 } else { high = middle }
    }
    for item in items[..<low] where !ledger.contains(recallItem: item.id) {
      guard var (at, reason) = allowed.adjust(item.dueAt) else { continue }
      if at < now.addingTimeInterval(-Planner.catchUpGrace) {
        // Missed recall items never expire; they all land on the next allowed moment together.
        guard let late = allowed.adjust(now) else { continue }
        at = late.at
        reason = Planner.lateReason(late.reason, held: ledger.held[item.id] != nil)
      }
      placed.append(Placed(item: item, at: at, reason: reason))
    }
    placed.sort {
      if $0.at != $1.at { return $0.at < $1.at }
      if $0.item.dueAt != $1.item.dueAt { return $0.item.dueAt < $1.item.dueAt }
      return $0.item.id < $1.item.id
    }
    var out: [Reminder] = []
    var i = 0
    while i < placed.count {
      let first = placed[i]
      let limit = first.at.addingTimeInterval(TimeInterval(schedule.recallCoalesce))
      var group = [first]
      i += 1
      while i < placed.count, placed[i].at <= limit {
        group.append(placed[i])
        i += 1
      }
      let topics = group.map(\.item.topic)
      out.append(
        Reminder(
          id: .recall(firstItem: first.item.id), kind: .recall, fireAt: first.at,
          title: words.recallTitle(topics: topics),
          body: words.recallBody(topics: topics, notes: group.map(\.item.note)), topics: topics,
          recallItemIDs: group.map(\.item.id), deferredFrom: first.reason == nil ? nil : first.item.dueAt,
          reason: first.reason))
    }
    return out
  }
}

/// The counts and texts of one day's daily reminder.
public struct DailyContent: Equatable, Sendable {
  public var count: Int
  public var collections: [String: Int]
  public var streak: Int
  public var title: String
  public var body: String
  /// Whether Anki's cards are among them: the pop-up's review action then starts Anki.
  public var fromAnki: Bool = false
  /// How many of the deck's cards are new (docs/scheduling.md); Anki's keep Anki's own limits.
  public var newCount: Int = 0
}
