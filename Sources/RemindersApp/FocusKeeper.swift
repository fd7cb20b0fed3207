import Foundation
import RemindersCore
import RemindersStore

/// The focus session's file and its log (docs/focus-and-stats.md#the-focus-timer-reminders-focus),
/// as every focus command and `run` use them: start, stop, pause, and which phases count as study
/// time.
public struct FocusKeeper {
  public let workspace: Workspace
  let newID: () -> String

  /// `newID` names a new session (short: it is part of its pop-ups' ids).
  public init(
    workspace: Workspace, newID: @escaping () -> String = { String(UUID().uuidString.lowercased().prefix(8)) }
  ) {
    self.workspace = workspace
    self.newID = newID
  }

  public var store: FocusStore { workspace.focusStore }
  var clock: DayClock { workspace.dayClock }

  /// Starts a session at `now`, in place of the last one once that is over (its log settled
  /// first); a session still running is `AppError.focusRunning`.
  public func start(settings: FocusSettings, task: String?, now: Date) throws -> StoredFocus {
    // The deck and the ledger first: one that cannot be read stops the start before a session
    // file is put aside, so a failure leaves every file as it was.
    var deck = try workspace.deckStore.load()
    _ = try workspace.ledgerStore.load()
    setAsideIfCorrupt()
    if let old = try store.load() {
      guard old.session.status(at: now).isOver else { throw AppError.focusRunning }
      // With the old session's focus in its log, when settling wrote any.
      if try settleLog(now: now) { deck = try workspace.deckStore.load() }
    }
    let today = clock.day(of: now)
    let earlier = FocusLog.minutes(on: today, in: deck, clock: clock)
    let session = FocusSession(
      id: newID(), start: now, settings: settings, task: task?.isEmpty == true ? nil : task)
    let stored = StoredFocus(session: session, earlierMinutes: earlier, earlierDay: today)
    // Another start may have come between the look above and the lock.
    try store.update(clock: clock) { focus in
      if let focus, !focus.session.status(at: now).isOver { throw AppError.focusRunning }
      focus = stored
    }
    return stored
  }

  /// Stops the running session at `now` (a pause that lasts ends then); nil when none runs.
  public func stop(now: Date) throws -> StoredFocus? {
    setAsideIfCorrupt()
    return try store.update(clock: clock) { focus -> StoredFocus? in
      guard var current = focus, !current.session.status(at: now).isOver else { return nil }
      current.session.stoppedAt = now
      current.session.endOpenPause(at: now)
      focus = current
      return current
    }
  }

  /// Pauses a running session, or resumes a paused one; returns whether it is paused now.
  @discardableResult
  public func togglePause(id: String, now: Date) throws -> Bool {
    try store.update(clock: clock) { focus -> Bool in
      guard var current = focus, current.session.id == id, !current.session.status(at: now).isOver else {
        return false
      }
      if current.session.endOpenPause(at: now) {
        focus = current
        return false
      }
      current.session.pauses.append(FocusPause(start: now, end: nil))
      focus = current
      return true
    }
  }

  /// A session file that does not parse (torn, or written by a newer version) is renamed to
  /// `focus.json.bad`, never overwritten, and said so: `focus stop` and a new `focus` can then
  /// go on.
  public func setAsideIfCorrupt() {
    do {
      _ = try store.load()
    } catch let error as StoreError {
      guard case .corrupt = error else { return }
      let aside = store.path + ".bad"
      guard rename(store.path, aside) == 0 else { return }
      workspace.notices(.focusSetAside(error, aside: aside))
    } catch {}
  }

  /// Appends to the deck's `focusLog` every focus phase that ran at least a minute and is not
  /// logged yet, then notes them in `focus.json`. The deck is written first; an entry whose
  /// start the log holds is not added again, so a crash between the two writes logs none twice.
  /// Returns whether it wrote to the deck.
  @discardableResult
  public func settleLog(now: Date) throws -> Bool {
    let loaded: StoredFocus?
    do {
      loaded = try store.load()
    } catch StoreError.corrupt {
      return false  // said by planSources; `focus stop` puts the file aside
    }
    guard let current = loaded else { return false }
    let ledger = try workspace.ledgerStore.load()
    let pending = FocusKeeper.studied(current, ledger: ledger, at: now)
    guard !pending.isEmpty else { return false }
    let entries = pending.map {
      FocusLogEntry(
        start: $0.start, minutes: Int($0.ran / 60), task: current.session.task, completed: $0.completed)
    }
    try workspace.updateDeck { FocusLog.append(entries, to: &$0, clock: clock) }
    try store.update(clock: clock) { focus in
      guard var now = focus, now.session.id == current.session.id else { return }
      now.logged = Array(Set(now.logged + pending.map(\.number))).sorted()
      focus = now
    }
    return true
  }

  /// The focus phases of `stored` that count as study time at `now` and are not logged yet: a
  /// phase that ran at least a minute counts when its end was said (its pop-up is in the
  /// ledger) or it was stopped. The phases of a session left running while the machine slept
  /// or nobody was there are not study time.
  ///
  /// Only the phases around those the ledger still holds are looked at (and the one a stop cut
  /// short): a session of one-minute phases left running for years costs what its last day does.
  public static func studied(_ stored: StoredFocus, ledger: DeliveryLedger, at now: Date) -> [FocusPhase] {
    let logged = Set(stored.logged)
    let said = ledger.earliestFocusDelivery(session: stored.session.id)
    let from = min(said ?? now, stored.session.stoppedAt ?? now, now).addingTimeInterval(-86400)
    return stored.session.loggable(at: now, from: from).filter {
      !logged.contains($0.number)
        && ($0.stopped || ledger.contains(reminderID: .focus(session: stored.session.id, phase: $0.number)))
    }
  }

  /// Minutes of focus today at `now`: what the log held when the session started, plus its
  /// phases today (`earlier` is the stored session; nil counts nothing before it).
  public func minutesToday(_ session: FocusSession, earlier: StoredFocus?, at now: Date) -> Int {
    let today = clock.day(of: now)
    let input = FocusInput(
      session: session, earlierMinutes: earlier?.earlierMinutes ?? 0, earlierDay: earlier?.earlierDay ?? today
    )
    return input.minutes(on: today, through: now, clock: clock)
  }
}
