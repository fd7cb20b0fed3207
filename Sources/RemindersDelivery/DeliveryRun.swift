import Foundation
import RemindersCore
import RemindersDesktop
import RemindersMessages
import RemindersStore

/// One run of delivery: plan what is due, hold it during do-not-disturb, record it, show it (or
/// write it to the fallback calendar), confirm it, and keep today's daily pop-up current.
///
/// **Record before send.** Every reminder about to go out is first written to the ledger as
/// pending; only when that write is durable is it sent, and then confirmed. So a ledger that
/// cannot be written sends nothing (the run fails, exit 74), and a run that dies after `Notify`
/// leaves a pending entry that counts as delivered: no failure shows a pop-up twice. What a run
/// that died left pending is written to the fallback calendar by the next run, where a second
/// copy of an event merges into the first (same UID): nothing is lost either.
public struct DeliveryRun {
  public let planner: Planner
  /// `review.in`: what a click on a daily or recall pop-up starts when it can study in the pop-up.
  public let reviewIn: ReviewPlace

  public init(planner: Planner, reviewIn: ReviewPlace = .popup) {
    self.planner = planner
    self.reviewIn = reviewIn
  }

  /// What a run touches besides the plan.
  public struct World {
    public var ledger: any LedgerKeeping
    /// Connects to the desktop; called only when something is to be shown or updated.
    public var desktop: () -> DesktopAccess
    /// Whether `reminders watch` follows pop-ups now (only then is a new one known to be on
    /// screen, and only then may one be replaced in place).
    public var isWatched: () -> Bool
    public var calendar: any CalendarSink
    /// Plays ringing alarms' sounds; nil: no sound is started or stopped (`preview`).
    public var sound: (any AlarmSoundPlaying)?
    /// Whether a review (in a terminal or in the pop-up) runs now: no drip is shown then.
    public var isReviewing: () -> Bool
    /// The card a drip shows at an instant, nil when none is due; asked only when a drip is to be
    /// shown (it reads the whole deck).
    public var dripCard: (Date) -> Card?
    /// `preview`: drips show as the planner says them (their card is chosen only when one
    /// shows), as if the watch ran on a server with actions.
    public var previewsDrips = false

    public init(
      ledger: any LedgerKeeping, desktop: @escaping () -> DesktopAccess, isWatched: @escaping () -> Bool,
      calendar: any CalendarSink, sound: (any AlarmSoundPlaying)? = nil,
      isReviewing: @escaping () -> Bool = { false }, dripCard: @escaping (Date) -> Card? = { _ in nil }
    ) {
      self.ledger = ledger
      self.desktop = desktop
      self.isWatched = isWatched
      self.calendar = calendar
      self.sound = sound
      self.isReviewing = isReviewing
      self.dripCard = dripCard
    }
  }

  /// `reminders run`: delivers what is due at `now` under the ledger's lock.
  public func deliver(_ input: PlanInput, now: Date, world: World) throws -> DeliveryReport {
    try world.ledger.transaction { transaction in
      try step(input, transaction: &transaction, now: now, world: world)
    }
  }

  /// The days a daily entry stays whole in the ledger before it is folded into
  /// `earlierDailies` (it stays delivered).
  public static let dailyEntryDays = 7

  /// One run's work on a ledger whose lock is held.
  func step(_ input: PlanInput, transaction t: inout LedgerTransaction, now: Date, world: World) throws
    -> DeliveryReport
  {
    var report = DeliveryReport()
    var interrupted = t.ledger.pendingEntries
    let due = dueNow(input, ledger: t.ledger, now: now, world: world)
    var stale = stalePopup(ledger: t.ledger, input: input, now: now)
    let ringing = t.ledger.ringing
    guard !due.isEmpty || stale != nil || !interrupted.isEmpty || !ringing.isEmpty else { return report }
    // What is on disk: saved again only when the ledger differs from it (a ledger kept only in
    // memory is not compared, nor copied at its first change).
    var durable = t.isDurable ? t.ledger : nil
    func persist(_ t: LedgerTransaction) throws {
      guard let saved = durable, t.ledger != saved else { return }
      try t.save()
      durable = t.ledger
    }

    let watched = world.isWatched()
    if let gone = stale, !watched {
      t.ledger.offScreen(gone.reminderID, at: now, because: ClosedBecause.watchStopped)
      stale = nil
    }
    // Alarms (docs/alarms.md): rings whose alarm went, or that the next ring of their alarm replaces,
    // stop; the others come back when their pop-up is not known to be on screen.
    let ended = endRings(ringing, input: input, due: due, ledger: &t.ledger, now: now, report: &report)
    // A ring stopped while pending is settled: it goes to no calendar.
    interrupted.removeAll { t.ledger.entries[$0.reminderID]?.pending != true }
    // Their sounds end first: a run that dies after this leaves at worst a ring whose sound the
    // next run starts again, never a sound nobody knows of.
    for entry in ended {
      if let process = entry.sound { world.sound?.stop(process) }
    }
    // (A ring left pending by a run that died goes to the calendar below, as any reminder does.)
    let again = ringing.filter { entry in
      !entry.pending && !ended.contains { $0.reminderID == entry.reminderID } && !(watched && entry.onScreen)
    }
    let desktop =
      due.isEmpty && stale == nil && again.isEmpty && !ended.contains(where: \.isOnAPopup)
      ? nil : world.desktop()

    let routed = route(
      due, interrupted: interrupted, desktop: desktop, world: world, ledger: &t.ledger, report: &report,
      now: now)
    var toCalendar = routed.toCalendar
    try recordPending(routed.toShow, toCalendar, transaction: &t, now: now, persist: persist)
    if case .reachable(let sender, let dnd)? = desktop {
      show(
        routed.toShow, sender: sender, doNotDisturb: dnd, watched: watched, toCalendar: &toCalendar,
        ledger: &t.ledger, report: &report, now: now)
    }
    try writeToCalendar(
      toCalendar, calendar: world.calendar, transaction: &t, report: &report, now: now, persist: persist)
    if let stale, let desktop {
      refresh(stale, on: desktop, ledger: &t.ledger, report: &report, now: now)
    }
    if case .reachable(let sender, _)? = desktop {
      for entry in ended where entry.isOnAPopup {
        try? sender.close(entry.notificationID!)
      }
      ringAgain(again, sender: sender, watched: watched, ledger: &t.ledger, report: &report, now: now)
    }
    if let sound = world.sound {
      try keepSounding(sound, transaction: &t, report: &report, persist: persist)
    }
    dropOldEntries(&t.ledger, now: now)
    try persist(t)
    return report
  }

  /// What the planner says is due at `now`, less the drips that cannot show: a drip is shown only
  /// where the watch can act on it, and never during a review; until then it stays due
  /// (docs/delivery.md).
  private func dueNow(_ input: PlanInput, ledger: DeliveryLedger, now: Date, world: World) -> [Reminder] {
    var due = planner.due(input, ledger: ledger, now: now)
    if due.contains(where: \.isDrip), !world.previewsDrips, !world.isWatched() || world.isReviewing() {
      due.removeAll(where: \.isDrip)
    }
    return due
  }

  /// Decides where each reminder goes: held during do-not-disturb (unless critical), shown when
  /// the desktop is reachable, written to the calendar when it is not; what a run that died left
  /// pending goes to the calendar. A drip goes only to a server with actions, with a card to show.
  private func route(
    _ due: [Reminder], interrupted: [DeliveryLedger.Entry], desktop: DesktopAccess?, world: World,
    ledger: inout DeliveryLedger, report: inout DeliveryReport, now: Date
  ) -> (toShow: [Reminder], toCalendar: [(Reminder, SendFailure)]) {
    var toShow: [Reminder] = []
    var toCalendar: [(Reminder, SendFailure)] = interrupted.compactMap { entry in
      DeliveryRun.reminder(from: entry).map { ($0, SendFailure(.interrupted)) }
    }
    for entry in interrupted where DeliveryRun.reminder(from: entry) == nil {
      // An id this version does not know: it counts as delivered, and there is nothing to write.
      ledger.confirm(entry.reminderID, channel: entry.channel, notificationID: nil, onScreen: false)
    }
    for var reminder in due {
      if reminder.isDrip, !world.previewsDrips {
        // Only on a server with actions, and only with a card to show (chosen as it shows, not
        // while do-not-disturb holds it); never to the calendar.
        guard case .reachable(let sender, let dnd)? = desktop else { continue }
        if dnd.state != .on {
          guard sender.supportsActions(), let card = world.dripCard(now) else { continue }
          reminder.title = planner.words.dripTitle(
            count: reminder.dueCount ?? 1, collection: card.collection)
          reminder.body = card.front
          reminder.cardID = card.id
        }
      }
      switch desktop {
      case .reachable(_, let dnd)? where dnd.state == .on && !reminder.critical:
        // Held, not lost: the first run after do-not-disturb ends delivers it.
        for id in [reminder.id.description] + reminder.recallItemIDs where ledger.held[id] == nil {
          ledger.held[id] = now
        }
        report.events.append(.held(reminder, doNotDisturb: dnd))
      case .reachable?:
        toShow.append(reminder)
      case .unreachable(let why)?:
        toCalendar.append((reminder, why))
      case nil:
        break
      }
    }
    return (toShow, toCalendar)
  }

  /// Records before sending: what is about to be shown or written to the calendar is saved in
  /// the ledger as pending; if this write fails, nothing has been sent.
  private func recordPending(
    _ toShow: [Reminder], _ toCalendar: [(Reminder, SendFailure)], transaction t: inout LedgerTransaction,
    now: Date, persist: (LedgerTransaction) throws -> Void
  ) throws {
    let bound =
      toShow.map { ($0, DeliveryChannel.popup) } + toCalendar.map { ($0.0, DeliveryChannel.calendar) }
    for (reminder, channel) in bound where !t.ledger.contains(reminderID: reminder.id) {
      t.ledger.record(DeliveryRun.entry(reminder, channel: channel, at: now, pending: true))
    }
    try persist(t)
  }

  /// Shows `toShow` as pop-ups and confirms each; what could not be shown goes to `toCalendar`,
  /// except a drip, which is given up.
  private func show(
    _ toShow: [Reminder], sender: any NotificationSender, doNotDisturb dnd: DoNotDisturbReading,
    watched: Bool, toCalendar: inout [(Reminder, SendFailure)], ledger: inout DeliveryLedger,
    report: inout DeliveryReport, now: Date
  ) {
    let shown = DeliveryRun.showsTheDefault(dnd)
    for reminder in toShow {
      do {
        // Never two drips on screen: one still there when the next is due is replaced in place.
        let before = reminder.isDrip ? ledger.dripOnScreen : nil
        let id = try sender.show(
          popup(reminder, sender: sender, watched: watched, defaultShown: shown),
          replacing: before?.notificationID)
        if let before {
          ledger.offScreen(before.reminderID, at: now, because: ClosedBecause.nextDrip)
        }
        ledger.confirm(reminder.id, channel: .popup, notificationID: id, onScreen: watched)
        // A ring is shown again in place of this id only on the server that gave it.
        if reminder.kind == .alarm { ledger.setServer(reminder.id, sender.serverIdentity()) }
        report.events.append(.shown(reminder))
      } catch {
        // A card's pop-up that could not be shown is not studied from a calendar: the next
        // drip comes a period later.
        guard !reminder.isDrip else {
          ledger.confirm(reminder.id, channel: .popup, notificationID: nil, onScreen: false)
          continue
        }
        toCalendar.append((reminder, error))
      }
    }
  }

  /// Writes `toCalendar` to the fallback calendar and confirms each. When the file cannot be
  /// written, the pop-ups shown are confirmed (saved) and the run fails; what was meant for the
  /// calendar stays pending and goes there on a later run.
  private func writeToCalendar(
    _ toCalendar: [(Reminder, SendFailure)], calendar: any CalendarSink,
    transaction t: inout LedgerTransaction,
    report: inout DeliveryReport, now: Date, persist: (LedgerTransaction) throws -> Void
  ) throws {
    guard !toCalendar.isEmpty else { return }
    do {
      try calendar.add(toCalendar.map(\.0), stamp: now)
    } catch {
      try? persist(t)
      throw error
    }
    for (reminder, why) in toCalendar {
      t.ledger.confirm(reminder.id, channel: .calendar, notificationID: nil, onScreen: false)
      report.events.append(.toCalendar(reminder, path: calendar.path, because: why))
    }
  }

  /// Drops what the ledger keeps no longer: stopped rings' entries after `alarmEntryDays`, daily
  /// entries folded after `dailyEntryDays`, focus entries and card pop-ups' entries.
  private func dropOldEntries(_ ledger: inout DeliveryLedger, now: Date) {
    ledger.dropAlarmEntries(
      stoppedBefore: now.addingTimeInterval(-Double(DeliveryLedger.alarmEntryDays) * 86400))
    ledger.foldDailies(before: planner.clock.day(of: now).adding(days: -DeliveryRun.dailyEntryDays))
    ledger.dropFocusEntries(before: now.addingTimeInterval(-DeliveryLedger.focusEntrySeconds))
    ledger.dropCardEntries(before: now.addingTimeInterval(-86400))
  }

  /// Stops the rings whose alarm was deleted or disabled (only when the alarm file could be
  /// read: a file that cannot be read ends nothing) and those of an alarm whose next ring is due
  /// now; returns them as they were (their pop-ups are to be closed, their sounds ended).
  func endRings(
    _ ringing: [DeliveryLedger.Entry], input: PlanInput, due: [Reminder], ledger: inout DeliveryLedger,
    now: Date, report: inout DeliveryReport
  ) -> [DeliveryLedger.Entry] {
    var ended: [DeliveryLedger.Entry] = []
    for entry in ringing {
      guard let alarmID = entry.reminderID.alarmID else { continue }
      var because: RingEnd?
      if let alarms = input.alarms {
        if let alarm = alarms.first(where: { $0.id == alarmID }) {
          if !alarm.enabled { because = .alarmDisabled }
        } else {
          because = .alarmDeleted
        }
      }
      if because == nil,
        let next = due.first(where: { $0.id.alarmID == alarmID && $0.id != entry.reminderID })
      {
        because = .replaced(by: next.id)
      }
      guard let because,
        let before = ledger.stopRinging(entry.reminderID, at: now, because: because.description)
      else { continue }
      ended.append(before)
      report.events.append(.stoppedRinging(entry.reminderID, because: because))
    }
    return ended
  }

  /// Shows again the rings whose pop-up is not known to be on screen, in place of the last one
  /// (`replaces_id`: a server still showing it swaps it, so that it is never on screen twice;
  /// one that closed it shows it anew) — but only on the server that gave that id: a restarted
  /// server counts its ids from 1 again, and the old id may now be another pop-up (another
  /// application's, or our daily's). A ring the watch saw closed is shown anew too.
  func ringAgain(
    _ entries: [DeliveryLedger.Entry], sender: any NotificationSender, watched: Bool,
    ledger: inout DeliveryLedger, report: inout DeliveryReport, now: Date
  ) {
    for entry in entries {
      let popup = Popup(
        kind: .alarm, title: entry.title, body: entry.body, critical: true, expireTimeout: 0)
      let server = sender.serverIdentity()
      let knownClosed = watched && entry.closedAt != nil
      let sameServer = entry.server != nil && entry.server == server
      let replacing = entry.channel == .popup && !knownClosed && sameServer ? entry.notificationID : nil
      do throws(SendFailure) {
        let id = try sender.show(popup, replacing: replacing)
        ledger.shownAgain(
          entry.reminderID, notificationID: id, server: server ?? sender.serverIdentity(), onScreen: watched,
          at: now)
        report.events.append(.rangAgain(entry.reminderID, title: entry.title))
      } catch {
        report.events.append(.leftAsShown(entry.reminderID, because: error))
      }
    }
  }

  /// Every ring that has not stopped plays its sound: started when it has none (the first ring,
  /// or after a restart of the machine), and recorded at once, so that whoever stops the alarm
  /// ends exactly that process. Why no sound could be started is said once a ring.
  func keepSounding(
    _ sound: any AlarmSoundPlaying, transaction t: inout LedgerTransaction, report: inout DeliveryReport,
    persist: (LedgerTransaction) throws -> Void
  ) throws {
    for entry in t.ledger.ringing where !entry.pending {
      if let process = entry.sound, sound.isPlaying(process) { continue }
      // Given up for this ring: said once, not tried again.
      if entry.sound == nil && AlarmSoundRule.saysGaveUp(entry.soundProblem) { continue }
      if let dead = entry.sound {
        // Ended by itself: its loop gave up on a failing player, or the machine restarted. What
        // is left of its group ends; it is started again once, and a second death gives up.
        sound.stop(dead)
        if AlarmSoundRule.saysRestarted(entry.soundProblem) {
          let gaveUp = AlarmSoundProblem.gaveUp(failures: AlarmSoundRule.giveUpAfter)
          t.ledger.setSound(entry.reminderID, process: nil, problem: AlarmSoundRule.ledgerValue(gaveUp))
          report.events.append(.noSound(entry.reminderID, because: gaveUp))
          continue
        }
      }
      let process: SoundProcess
      do {
        process = try sound.start(for: entry.reminderID)
      } catch {
        let why = (error as? NoAlarmSound)?.problem ?? .said("\(error)")
        let kept = AlarmSoundRule.ledgerValue(why)
        guard entry.soundProblem != kept || entry.sound != nil else { continue }
        t.ledger.setSound(entry.reminderID, process: nil, problem: kept)
        report.events.append(.noSound(entry.reminderID, because: why))
        continue
      }
      t.ledger.setSound(
        entry.reminderID, process: process,
        problem: entry.sound == nil
          ? nil : AlarmSoundRule.ledgerValue(.restarted(failures: AlarmSoundRule.giveUpAfter)))
      do {
        try persist(t)
      } catch {
        // Unrecorded, nobody could ever end it: it ends now, and the run fails (a later run
        // starts it again once the ledger can be written).
        sound.stop(process)
        throw error
      }
    }
  }

  /// The pop-up of `reminder`: with actions (docs/delivery.md) only when the watch runs to act on them
  /// and the server offers them, and for daily pop-ups with `daily.persist` no expiry.
  ///
  /// A daily pop-up of the deck's cards, and a recall pop-up, also offer `cards`, to study in the
  /// pop-up itself (the watch shows the cards); a daily pop-up of an Anki collection does not
  /// (its cards are studied in Anki).
  ///
  /// `defaultShown`: the server shows the default action as a choice of its own
  /// (`showsTheDefault`), so the action it duplicates is not sent.
  func popup(_ reminder: Reminder, sender: any NotificationSender, watched: Bool, defaultShown: Bool = false)
    -> Popup
  {
    // A drip: the card's front, to show its answer or leave for later; it expires as the server
    // likes (the next comes a period later).
    if reminder.isDrip {
      return Popup(reminder, actions: watched ? planner.words.dripActions(defaultShown: defaultShown) : [])
    }
    let actions =
      watched && reminder.id.canSnooze && sender.supportsActions()
      ? planner.words.actions(
        reminder.kind, snoozeAfter: planner.schedule.snoozeAfter, cardsHere: !reminder.fromAnki,
        reviewIn: reviewIn, defaultShown: defaultShown) : []
    // An alarm's pop-up stays until its alarm is stopped (docs/alarms.md).
    let persist = planner.schedule.dailyPersist && reminder.kind == .dailyReview || reminder.kind == .alarm
    return Popup(reminder, actions: actions, expireTimeout: persist ? 0 : -1)
  }

  /// The notification servers (as `GetServerInformation` names them) that show the default
  /// action as a choice of its own beside the others: a menu entry (dunst, mako) or a button
  /// (Xfce). Elsewhere it is a click on the pop-up, and every choice needs a button of its own.
  static let serversShowingTheDefault: Set<String> = ["dunst", "mako", "Xfce Notify Daemon"]

  static func showsTheDefault(_ reading: DoNotDisturbReading) -> Bool {
    reading.server.map(serversShowingTheDefault.contains) ?? false
  }

  /// The ledger entry of a reminder about to be sent (or just sent) by `channel`.
  static func entry(_ reminder: Reminder, channel: DeliveryChannel, at now: Date, pending: Bool)
    -> DeliveryLedger.Entry
  {
    DeliveryLedger.Entry(
      reminderID: reminder.id, deliveredAt: now, channel: channel, notificationID: nil,
      recallItemIDs: reminder.recallItemIDs, title: reminder.title, body: reminder.body, pending: pending,
      fromAnki: reminder.fromAnki, cardID: reminder.cardID)
  }

  /// The reminder an entry recorded, as the calendar needs it; nil for an id of a kind this
  /// version does not know.
  static func reminder(from entry: DeliveryLedger.Entry) -> Reminder? {
    // A card's pop-up is answered in place or not at all: never a calendar event.
    guard let kind = entry.reminderID.kind, kind != .card else { return nil }
    return Reminder(
      id: entry.reminderID, kind: kind, fireAt: entry.deliveredAt, title: entry.title, body: entry.body,
      recallItemIDs: entry.recallItemIDs)
  }

  /// Today's daily pop-up, when it is known to be on screen and the deck now says something
  /// else (answers, new cards): what it should say instead, nil when no card is left.
  struct StalePopup {
    var reminderID: ReminderID
    var notificationID: UInt32
    var content: DailyContent?
  }

  /// Costs a dictionary lookup on most runs: the deck is looked at only while a pop-up is known
  /// to be on screen.
  func stalePopup(ledger: DeliveryLedger, input: PlanInput, now: Date) -> StalePopup? {
    let day = planner.clock.day(of: now)
    let id = ReminderID.daily(day)
    guard let entry = ledger.entries[id], entry.channel == .popup, entry.onScreen, !entry.pending,
      let notificationID = entry.notificationID
    else { return nil }
    let content = planner.dailyContent(on: day, at: now, input: input)
    if let content, content.title == entry.title, content.body == entry.body { return nil }
    return StalePopup(reminderID: id, notificationID: notificationID, content: content)
  }

  /// Replaces the stale pop-up in place, or closes it when no card is left; not during
  /// do-not-disturb (the first run after it does it). Whatever goes wrong takes the pop-up off
  /// screen, so that it is never tried again.
  func refresh(
    _ stale: StalePopup, on desktop: DesktopAccess, ledger: inout DeliveryLedger,
    report: inout DeliveryReport,
    now: Date
  ) {
    let id = stale.reminderID
    switch desktop {
    case .unreachable(let why):
      ledger.offScreen(id, at: now, because: why.description)
    case .reachable(let sender, let dnd):
      guard dnd.state != .on else { return }
      do throws(SendFailure) {
        if let content = stale.content {
          // The watch follows it (only then is it replaced): the same actions and expiry.
          let reminder = Reminder(
            id: id, kind: .dailyReview, fireAt: now, title: content.title, body: content.body)
          let shown = try sender.show(
            popup(reminder, sender: sender, watched: true, defaultShown: DeliveryRun.showsTheDefault(dnd)),
            replacing: stale.notificationID)
          ledger.replaced(
            id, notificationID: shown, title: content.title, body: content.body, fromAnki: content.fromAnki,
            at: now)
          report.events.append(.updated(id, title: content.title))
        } else {
          try sender.close(stale.notificationID)
          ledger.offScreen(id, at: now, because: ClosedBecause.noCardLeft)
          report.events.append(.closed(id))
        }
      } catch {
        ledger.offScreen(id, at: now, because: error.description)
        report.events.append(.leftAsShown(id, because: error))
      }
    }
  }
}

/// What a run did, in order.
public struct DeliveryReport {
  public enum Event {
    /// Shown as a pop-up.
    case shown(Reminder)
    /// Held back by do-not-disturb.
    case held(Reminder, doNotDisturb: DoNotDisturbReading)
    /// Written to the fallback calendar at `path`.
    case toCalendar(Reminder, path: String, because: SendFailure)
    /// Today's daily pop-up, replaced in place with a new text.
    case updated(ReminderID, title: String)
    /// Today's daily pop-up, closed because no card is left.
    case closed(ReminderID)
    /// A pop-up on screen that could not be updated (or an alarm's that could not be shown
    /// again); it is left as it was.
    case leftAsShown(ReminderID, because: SendFailure)
    /// An alarm's ring shown again: its pop-up was not known to be on screen.
    case rangAgain(ReminderID, title: String)
    /// An alarm's ring that stopped ringing, and why.
    case stoppedRinging(ReminderID, because: RingEnd)
    /// An alarm's ring that plays no sound, and why.
    case noSound(ReminderID, because: AlarmSoundProblem)
  }

  public var events: [Event] = []

  public init() {}

  /// Whether the run recorded a reminder as delivered (shown, held by do-not-disturb, or written
  /// to the fallback calendar): it will not be delivered again.
  public var recordsADelivery: Bool {
    events.contains {
      switch $0 {
      case .shown, .held, .toCalendar: true
      default: false
      }
    }
  }

  /// The reminders shown as pop-ups, in order.
  public var shown: [Reminder] {
    events.compactMap { if case .shown(let reminder) = $0 { reminder } else { nil } }
  }
}
