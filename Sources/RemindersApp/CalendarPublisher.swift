import Foundation
import RemindersCore
import RemindersICalendar
import RemindersMessages
import RemindersStore

/// Why a request to the calendar server did not do what it was sent for: the catalogue's words
/// for it are the fault itself (RemindersMessages' `CalendarProblemWord`: unreachable, timed out,
/// refused, another status, no CalDAV answer, no password).
public typealias CalendarFault = CalendarProblemWord

extension CalendarProblemWord: Error {
  /// How the state file keeps it.
  public var kind: CalendarFailure.Kind { CalendarFailure.Kind(self) }
}

/// A condition on a PUT.
public enum PutCondition: Equatable, Sendable {
  /// `If-None-Match: *`: only where no resource is.
  case absent
  /// `If-Match`: only over the resource with this ETag.
  case matches(String)
  /// None: over a resource the server holds but gives no ETag for (nothing else can be said).
  case unconditional
}

/// What a conditional request met.
public enum Conditional: Equatable, Sendable {
  /// Done; the resource's new ETag when the server said it.
  case done(etag: String?)
  /// 412: the resource is not as the condition said.
  case preconditionFailed
  /// 404 (a DELETE of what is gone already).
  case gone
  /// The server would not take this resource (409 for a UID it holds elsewhere, 400, 415, 507,
  /// or a 207 that says why): the others go on.
  case rejected(Int)
}

/// A CalDAV calendar collection, as a sync speaks to it (RemindersCalDAV over HTTP; a double in
/// the tests of the rules). Every request is bounded by the sync's time.
public protocol CalendarServer: AnyObject {
  /// The collection's path on the server, ending with `/`.
  var collectionPath: String { get }
  /// How many requests were sent.
  var requests: Int { get }
  /// The collection's resources: their paths (percent-escapes decoded) and ETags.
  func list() throws -> [String: String?]
  func put(_ href: String, body: [UInt8], condition: PutCondition) throws -> Conditional
  /// The resource's ETag now: `.done(etag)`, or `.gone` when there is none.
  func head(_ href: String) throws -> Conditional
  func delete(_ href: String, etag: String?) throws -> Conditional
  /// Lets the connection go.
  func close()
}

/// Keeps the CalDAV calendar of config `[calendar]` in step with the plan (docs/calendar.md).
public struct CalendarPublisher {
  public let settings: CalendarSettings
  public let stateFile: CalendarStateFile
  public let clock: DayClock
  public let feed: ICalendarFeed

  public init(settings: CalendarSettings, stateDir: String, clock: DayClock, feed: ICalendarFeed) {
    self.settings = settings
    stateFile = CalendarStateFile(stateDir: stateDir)
    self.clock = clock
    self.feed = feed
  }

  /// What asked for the sync.
  public enum Trigger: Equatable, Sendable {
    /// The timer's `run`, after delivery: only when the plan's inputs changed, once an hour to
    /// check, and after a failure when its wait is over; bounded to `CalendarPublisher.runSeconds`.
    case run
    /// `reminders calendar sync`: now, listing the collection; `dryRun` sends nothing that writes.
    case command(dryRun: Bool)
  }

  /// The time a run's sync may take.
  public static let runSeconds: TimeInterval = 10
  /// The time `calendar sync` may take.
  public static let commandSeconds: TimeInterval = 60
  /// How often `run` lists the collection to find what changed there.
  public static let checkSeconds: TimeInterval = 3600

  /// One change, as said.
  public struct Line: Equatable, Sendable {
    public var change: CalendarChange
    /// The event's time, and its title when it is in the plan.
    public var fireAt: Date
    public var title: String?
  }

  /// An event the server would not take.
  public struct Rejected: Equatable, Sendable {
    public var uid: String
    public var title: String?
    public var status: Int
  }

  /// What a sync did, or why it did nothing.
  public struct Report: Equatable, Sendable {
    public enum Outcome: Equatable, Sendable {
      /// In step (or, dry, what it would do).
      case done
      /// Nothing changed since the last sync, and no check is due: nothing was read or sent.
      case notDue
      /// A failure's wait is not over (until then).
      case waiting(until: Date)
      /// Another sync holds the lock.
      case busy
      /// Stopped by the time a run allows; the rest follows on the next run.
      case outOfTime
      case failed(CalendarFault)
    }
    public var outcome: Outcome = .done
    public var lines: [Line] = []
    public var requests = 0
    /// Whether the collection was listed.
    public var listed = false
    /// Events the server would not take (their UIDs and its status); tried again when the plan
    /// changes.
    public var rejected: [Rejected] = []
    /// For a failure: whether it is new (not the one met last time), so that `run` says it once.
    public var newFailure = false
  }

  /// Syncs at `now`. `fingerprint`: the plan's inputs (`CalendarInputs`); `configKey`: the config
  /// file's identity; `plan`: the plan's reminders for `settings.days` (asked only when a sync is
  /// due); `password`: the password when a user is set (asked only when a request is to be sent);
  /// `connect`: the server. (`password` and `connect` throw `CalendarFault`s; any other error is
  /// taken as the server out of reach.)
  public func sync(
    now: Date, trigger: Trigger, fingerprint: String, configKey: String, plan: () throws -> [Reminder],
    password: (_ seconds: TimeInterval) throws -> String?,
    connect: (_ password: String?, _ seconds: TimeInterval) throws -> any CalendarServer
  ) throws -> Report {
    let started = Date()
    let seconds = trigger == .run ? Self.runSeconds : Self.commandSeconds
    let lock: FileLock
    do {
      lock = try FileLock(path: stateFile.lockPath, seconds: trigger == .run ? 0 : Int(seconds))
    } catch StoreError.locked {
      return Report(outcome: .busy)
    }
    defer { withExtendedLifetime(lock) {} }
    var state = stateFile.load(url: settings.url)
    let checkDue = state.checkedAt.map { now.timeIntervalSince($0) >= Self.checkSeconds || now < $0 } ?? true
    if trigger == .run {
      if let failure = state.failure {
        // A refusal is tried again at once when the config changed (a user name put right).
        let putRight =
          (failure.kind == .refused || failure.kind == .password) && failure.configKey != configKey
        if !putRight, now < failure.retryAt, now >= failure.lastTry {
          return Report(outcome: .waiting(until: failure.retryAt))
        }
      } else if state.fingerprint == fingerprint, !checkDue {
        return Report(outcome: .notDue)
      }
    }
    // A try after a failure lists the calendar, even with nothing to write: it is the one way to
    // know the server takes us again before the failure is said to be over.
    var sync = Pass(
      dryRun: trigger == .command(dryRun: true), list: trigger != .run || checkDue || state.failure != nil,
      now: now,
      started: started,
      seconds: seconds, configKey: configKey)
    sync.want(try plan(), feed: feed)
    sync.changes = CalendarSync.changes(
      wanted: sync.wanted, published: state.published, server: nil, now: now)
    if !sync.list, sync.changes.isEmpty, state.failure == nil {
      // In step without a word to the server.
      state.fingerprint = fingerprint
      state.syncedAt = now
      if !sync.dryRun { try stateFile.save(state, clock: clock) }
      return sync.report
    }
    let server: any CalendarServer
    do {
      // The password command and the requests share the sync's time.
      let secret = try password(max(seconds - Date().timeIntervalSince(started), 1))
      server = try connect(secret, max(seconds - Date().timeIntervalSince(started), 1))
    } catch {
      sync.fail(Self.fault(error), state: &state)
      if !sync.dryRun { try stateFile.save(state, clock: clock) }
      return sync.report
    }
    defer { server.close() }
    do {
      try sync.send(to: server, state: &state, publisher: self)
    } catch {
      sync.report.requests = server.requests
      sync.fail(Self.fault(error), state: &state)
      if !sync.dryRun { try stateFile.save(state, clock: clock) }
      return sync.report
    }
    sync.report.requests = server.requests
    if sync.dryRun { return sync.report }
    if sync.report.outcome == .done {
      state.fingerprint = fingerprint
      state.syncedAt = now
      if sync.list { state.checkedAt = now }
      state.failure = nil
    }
    try stateFile.save(state, clock: clock)
    return sync.report
  }

  /// An error met on the way to the server, as a fault.
  static func fault(_ error: any Error) -> CalendarFault {
    error as? CalendarFault ?? .unreachable(.said(String(describing: error)))
  }

  /// One sync under way: what is wanted, what is to change, and what has been done.
  struct Pass {
    let dryRun: Bool
    /// Whether the collection is listed first (the hourly check, `calendar sync`).
    let list: Bool
    let now: Date
    let started: Date
    let seconds: TimeInterval
    let configKey: String
    var wanted: [WantedEvent] = []
    var reminders: [String: Reminder] = [:]
    var changes: [CalendarChange] = []
    var report = Report()

    init(dryRun: Bool, list: Bool, now: Date, started: Date, seconds: TimeInterval, configKey: String) {
      self.dryRun = dryRun
      self.list = list
      self.now = now
      self.started = started
      self.seconds = seconds
      self.configKey = configKey
    }

    /// The plan's events, one per UID.
    mutating func want(_ plan: [Reminder], feed: ICalendarFeed) {
      for reminder in plan {
        let uid = ICalendarFeed.uid(for: reminder.id.description)
        guard reminders[uid] == nil else { continue }
        reminders[uid] = reminder
        wanted.append(WantedEvent(uid: uid, revision: feed.revision(of: reminder), fireAt: reminder.fireAt))
      }
    }

    func line(_ change: CalendarChange, state: CalendarState) -> Line {
      Line(
        change: change, fireAt: reminders[change.uid]?.fireAt ?? state.published[change.uid]?.fireAt ?? now,
        title: reminders[change.uid]?.title)
    }

    /// The failure kept in `state` (its tries counted on from the last one of the same fault).
    mutating func fail(_ fault: CalendarFault, state: inout CalendarState) {
      report.outcome = .failed(fault)
      let previous = state.failure
      report.newFailure = previous?.problem != fault
      guard !dryRun else { return }
      state.failure = CalendarFailure(
        problem: fault, since: previous.map { report.newFailure ? now : $0.since } ?? now,
        lastTry: now, tries: report.newFailure ? 1 : (previous?.tries ?? 0) + 1, configKey: configKey)
    }

    /// Lists the collection when asked, then sends the changes (a dry run only says them).
    mutating func send(
      to server: any CalendarServer, state: inout CalendarState, publisher: CalendarPublisher
    ) throws {
      if list {
        let listing = try server.list()
        report.listed = true
        // A resource written when the server gave no ETag takes the one it lists now.
        for (uid, event) in state.published where event.etag == nil {
          if case .some(.some(let etag)) = listing[CalendarSync.decodedPath(event.href)] {
            state.published[uid]?.etag = etag
          }
        }
        changes = CalendarSync.changes(wanted: wanted, published: state.published, server: listing, now: now)
      }
      if dryRun {
        report.lines = changes.map { line($0, state: state) }
        return
      }
      for change in changes {
        guard Date().timeIntervalSince(started) < seconds else {
          report.outcome = .outOfTime
          return
        }
        let said = line(change, state: state)
        if let status = try publisher.apply(
          change, to: &state, reminder: reminders[change.uid], wanted: wanted, server: server, now: now)
        {
          report.rejected.append(
            Rejected(uid: change.uid, title: reminders[change.uid]?.title, status: status))
        } else {
          report.lines.append(said)
        }
      }
    }
  }

  /// Sends one change and keeps what the server said of it in `state`. A 412 (the resource
  /// changed on the server, or is there already) is met by reading its ETag and writing ours.
  /// Returns the status of a server that would not take the resource; nil when done.
  func apply(
    _ change: CalendarChange, to state: inout CalendarState, reminder: Reminder?, wanted: [WantedEvent],
    server: any CalendarServer, now: Date
  ) throws -> Int? {
    switch change {
    case .forget(let uid):
      state.published[uid] = nil
      return nil
    case .delete(let uid):
      guard let known = state.published[uid] else { return nil }
      var etag = known.etag
      for _ in 0..<3 {
        switch try server.delete(known.href, etag: etag) {
        case .done, .gone:
          state.published[uid] = nil
          return nil
        case .rejected(let status): return status
        case .preconditionFailed:
          guard case .done(let now) = try server.head(known.href) else {
            state.published[uid] = nil
            return nil
          }
          etag = now
        }
      }
      throw CalendarFault.status(412)
    case .create(let uid), .replace(let uid):
      guard let reminder, let event = wanted.first(where: { $0.uid == uid }) else { return nil }
      let href = state.published[uid]?.href ?? server.collectionPath + CalendarSync.resourceName(of: uid)
      let body = feed.resource(reminder, stamp: now)
      var condition: PutCondition? =
        if case .create = change { .absent } else { state.published[uid]?.etag.map { .matches($0) } }
      for _ in 0..<3 {
        if condition == nil {
          // Replacing what has no known ETag: read it first (or create it where it is gone).
          switch try server.head(href) {
          case .done(let etag?): condition = .matches(etag)
          case .done(nil): condition = .unconditional
          case .gone, .preconditionFailed: condition = .absent
          case .rejected(let status): return status
          }
        }
        switch try server.put(href, body: body, condition: condition!) {
        case .done(let etag):
          state.published[uid] = PublishedEvent(
            uid: uid, href: href, etag: etag, revision: event.revision, fireAt: event.fireAt)
          return nil
        case .rejected(let status): return status
        case .preconditionFailed, .gone:
          // There already (a sync cut short, a state lost), or changed there: read, then write.
          condition = nil
        }
      }
      throw CalendarFault.status(412)
    }
  }
}

extension CalendarPublisher {
  /// The seconds `calendar.password_command` has to print the password.
  public static let passwordSeconds = 10

  /// At most this much of the password command's output is read: the first line must be in it.
  public static let passwordBytes = 65_536

  /// The password `calendar.password_command` prints: the first line of its output, read within
  /// 10 seconds or `seconds` (the sync's time left), whichever is shorter, and within the first
  /// `passwordBytes` of it (the command is stopped there). Its output is never said, nor kept.
  public static func password(command: [String], environment: [String: String], seconds: TimeInterval)
    throws -> String
  {
    let limit = min(TimeInterval(passwordSeconds), seconds)
    let name = command[0]
    let program = name.contains("/") ? name : ProcessRunner.find(name, environment: environment)
    guard let program else { throw CalendarFault.password(.notFound(command: name)) }
    let result: ProcessRunner.Result
    do {
      result = try ProcessRunner.run(
        program, Array(command.dropFirst()), environment: environment,
        timeout: limit, outputLimit: passwordBytes)
    } catch {
      throw CalendarFault.password(.notStarted(command: name, error: "\(error)"))
    }
    if result.timedOut {
      throw CalendarFault.password(.noAnswer(command: name, seconds: Int(limit)))
    }
    if result.cutShort {
      // Stopped after the limit: its first line counts if it is in there.
      guard result.stdout.contains("\n") else {
        throw CalendarFault.password(.noLine(command: name, bytes: passwordBytes))
      }
    } else if result.status != 0 {
      throw CalendarFault.password(.exit(command: name, status: result.status))
    }
    let first = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).first.map {
      $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
    }
    guard let first, !first.isEmpty else { throw CalendarFault.password(.printedNothing(command: name)) }
    return first
  }
}
