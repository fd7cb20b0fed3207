import Foundation
import RemindersAnki
import RemindersCore
import RemindersDelivery
import RemindersStore

/// `reminders run`, the timer's job every minute, in its order: the review journal folded, the
/// plan's sources read, what is due delivered, ended focus phases logged, then the feed and the
/// CalDAV calendar kept (only when their plans changed, or a check is due).
public struct MinuteJob {
  public let workspace: Workspace

  public init(workspace: Workspace) { self.workspace = workspace }

  /// What the job says on its way, each as it happens, for the caller to show.
  public enum Step {
    /// Anki's collection could not be read for the counts (a path that is no collection was
    /// said already, as a notice).
    case ankiUnavailable(AnkiStatus)
    /// What delivery did.
    case delivered(DeliveryReport)
    /// The feed of `export.path` could not be written; tried again when the inputs change.
    case feedFailed(Error)
    /// The calendar's sync, when one was due or tried.
    case calendar(CalendarPublisher.Report, keeper: CalendarKeeper)
    /// The calendar's sync failed before it reached its server.
    case calendarFailed(Error)
    /// The deck's journal could not be folded into `deck.json` (a full disk, a read-only
    /// folder): every reader still applies it, and the next run tries again.
    case foldFailed(Error)
  }

  /// Runs the job at `now`: delivery to `world`, the calendar through `calendar` (nil: config
  /// `[calendar]` names none). Only a failure of delivery throws: the feed's and the calendar's
  /// are steps, and `run` exits 0 past them.
  ///
  /// `quietKey` (`MinuteJob.quietKey`): a run that leaves nothing waiting writes `<state>/quiet`
  /// for the timer's next runs (`isQuiet`); nil: it does not.
  public func run(
    now: Date, world: DeliveryRun.World, calendar: CalendarKeeper?, quietKey: String? = nil,
    step: (Step) -> Void
  ) throws {
    // Answers a review session appended beside the deck, and every change a command made, reach
    // deck.json within a minute (readers apply the journal meanwhile).
    // A fold that cannot write stops no reminder: the changes wait in the journal, which every
    // reader applies (a deck that does not parse still stops the run, as its reader does).
    do {
      try workspace.deckStore.foldJournalUnlessReviewing(
        clock: workspace.dayClock, replaying: workspace.configuration.studyScheduler.fsrs,
        refreshingIndex: true)
    } catch StoreError.writeFailed(let path, let reason) {
      step(.foldFailed(StoreError.writeFailed(path: path, reason: reason)))
    }
    // The files as they were before this run read them (the journal folded: a run that folded
    // may leave the next ones quiet): what it leaves quiet is decided from them.
    let files = quietKey == nil ? [] : quietFiles()
    let before = quietKey == nil ? nil : QuietFile.identities(of: files)
    let sources = try workspace.planSources(writeCache: true, now: now)
    if let anki = sources.anki, case .unavailable(let why) = anki.freshness, !why.isNotACollection {
      step(.ankiUnavailable(anki))
    }
    step(.delivered(try workspace.deliveryRun.deliver(sources.input, now: now, world: world)))
    // Focus phases that ended reach the deck's focus log within a minute, view or no view.
    try FocusKeeper(workspace: workspace).settleLog(now: now)
    // After delivery, never before it; nothing of either is read otherwise.
    if let path = workspace.configuration.exportPath {
      do {
        try FeedKeeper(workspace: workspace).keep(path: path, now: now)
      } catch {
        step(.feedFailed(error))
      }
    }
    if let quietKey {
      noteQuiet(
        now: now, input: sources.input, calendar: calendar, files: files, before: before, key: quietKey)
    }
    guard let calendar else { return }
    do {
      step(.calendar(try calendar.sync(now: now, trigger: .run), keeper: calendar))
    } catch {
      step(.calendarFailed(error))
    }
  }

  // MARK: Quiet runs

  /// Whether `run` at `now`, for the files of `paths`, has nothing to do (`<state>/quiet`, written
  /// by an earlier full run, still holds): the timer's run then reads nothing else and ends. The
  /// config is not read for this: what the decision read is named in the file.
  public static func isQuiet(paths: Paths, environment: [String: String], now: Date) -> Bool {
    QuietFile(stateDir: paths.stateDir).holds(now: now, key: quietKey(paths: paths, environment: environment))
  }

  /// What of a run's world is not one of its files: which files it names (another `--config`
  /// over the same state is another run), this program (another version may plan otherwise) and
  /// the zone `TZ` names.
  public static func quietKey(paths: Paths, environment: [String: String]) -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let program = n > 0 ? String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    let identity = QuietFile.identity(of: program) ?? "?"
    let named = [paths.config, paths.deck, paths.stateDir].map(\.debugDescription).joined(separator: " ")
    return
      "\(identity) \(program.debugDescription) TZ=\(environment["TZ"]?.debugDescription ?? "unset") \(named)"
  }

  /// The files whose contents decide whether anything falls due, and when: the config, the deck
  /// and its journal, the ledger and the held reminders, the focus session, the alarms, the
  /// system's zone; and the feed `export.path` keeps, with its state.
  func quietFiles() -> [String] {
    let paths = workspace.paths
    var files = [
      paths.config, paths.deck, paths.deck + ".journal", paths.ledger, paths.stateDir + "/held.json",
      paths.stateDir + "/focus.json", paths.alarms, "/etc/localtime",
    ]
    if let feed = workspace.configuration.exportPath {
      files += [feed, FeedStateFile(stateDir: paths.stateDir).path]
    }
    return files
  }

  /// After a run: writes `<state>/quiet` when the run leaves nothing waiting on the clock but the
  /// plan itself — no Anki collection or CalDAV calendar (they are looked at every minute), no
  /// focus session, no review journal to fold, no pop-up on screen, held, pending or ringing,
  /// and the files as they were when the run read them (the ledger as this run left it) — quiet
  /// until the first reminder the planner has to come, or the next day, whichever is first.
  /// Else it removes the file. Never throws: a quiet file not written is only a full run more.
  func noteQuiet(
    now: Date, input: PlanInput, calendar: CalendarKeeper?, files: [String],
    before: [(path: String, identity: String)]?, key: String
  ) {
    let quietFile = QuietFile(stateDir: workspace.paths.stateDir)
    let ledgerPath = workspace.paths.ledger
    let unchanged = { (a: [(path: String, identity: String)], b: [(path: String, identity: String)]) in
      a.count == b.count
        && zip(a, b).allSatisfy {
          $0.path == $1.path && ($0.path == ledgerPath || $0.identity == $1.identity)
        }
    }
    // No focus file means no session; the ledger is read between two looks at it (the second is
    // `after`'s).
    guard workspace.configuration.anki == nil, calendar == nil, input.alarms != nil, let before,
      let focus = before.first(where: { $0.path == workspace.paths.stateDir + "/focus.json" }),
      focus.identity == "-",
      let journal = before.first(where: { $0.path == workspace.paths.deck + ".journal" }),
      journal.identity == "-",
      let ledgerBefore = QuietFile.identity(of: ledgerPath),
      let ledger = try? workspace.ledgerStore.load(),
      ledger.held.isEmpty, ledger.pendingEntries.isEmpty, ledger.ringing.isEmpty,
      !ledger.entries.values.contains(where: \.onScreen),
      let after = QuietFile.identities(of: files), unchanged(before, after),
      after.first(where: { $0.path == ledgerPath })?.identity == ledgerBefore
    else {
      quietFile.remove()
      return
    }
    let clock = workspace.dayClock
    let today = clock.day(of: now)
    var until = clock.startOfDay(today.adding(days: 1))
    if let next = workspace.planner.next(input, ledger: ledger, now: now, until: today.adding(days: 2)) {
      until = min(until, next.fireAt)
    }
    guard until > now else {
      quietFile.remove()
      return
    }
    try? quietFile.write(
      QuietFile.Quiet(
        from: now, until: until, key: key, files: after))
  }
}
