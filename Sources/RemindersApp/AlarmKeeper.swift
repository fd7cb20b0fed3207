import Foundation
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersStore

/// What `alarm edit` changes; nil leaves a field as it is.
public struct AlarmChange: Equatable, Sendable {
  public var name: String?
  public var time: WallTime?
  public var place: GeoPoint?
  public var radius: Double?
  public var days: AlarmDays?
  public var enabled: Bool?

  public init(
    name: String? = nil, time: WallTime? = nil, place: GeoPoint? = nil, radius: Double? = nil,
    days: AlarmDays? = nil, enabled: Bool? = nil
  ) {
    self.name = name
    self.time = time
    self.place = place
    self.radius = radius
    self.days = days
    self.enabled = enabled
  }
}

/// The alarms as `alarm list` and `status` show them.
public struct AlarmBoard {
  public struct Row {
    public var alarm: Alarm
    public var next: (day: Day, at: Date)?
    /// The ring under way, when one rings.
    public var ringing: DeliveryLedger.Entry?
    public var missed: [(day: Day, at: Date)]
    /// Metres from the cached location, when one is at hand.
    public var distance: Double?
  }

  public var now: Date
  public var rows: [Row]
  public var location: LocationCache.Entry?
}

/// Why an alarm use case did nothing, in its own terms; the command line words it and gives
/// its exit code (docs/alarms.md: 64, 69 or 77).
public enum AlarmError: Error, Equatable {
  /// What the place gate refused to let happen.
  public enum Gated: Equatable, Sendable {
    case stop, change
  }

  /// A one-time alarm on a day and time that have passed (a usage error).
  case passed(AlarmDays, WallTime)
  /// `query` names no alarm of the file at `path`, or several: `matches` (a usage error).
  case lookup(query: String, path: String, matches: [Alarm])
  /// The alarm was deleted between the look and the change (a usage error).
  case deletedMeanwhile(id: String)
  /// No location came (exit 69).
  case noLocation(GeoClueError)
  /// Not within the radius of the place, or too coarse a location to tell (exit 77).
  case notAtPlace(Gated, PlaceGate, radius: Double)
  /// `alarm add` where GeoClue cannot be reached at all: the alarm could never be stopped (exit 69).
  case cannotBeStopped(GeoClueError)
}

/// The alarms' use cases (docs/alarms.md): the alarm file, the place gate, and the rings in the
/// ledger. GeoClue, the desktop and the sound come in through their protocols, so that fakes
/// stand in for them in tests.
public struct AlarmKeeper {
  public let workspace: Workspace
  /// Where the place gate learns where we are.
  let locator: any LocationSource
  /// Where the pop-ups of ended rings are closed.
  let desktop: SessionDesktop
  /// What ends the sound of a ring.
  let sound: any AlarmSoundPlaying
  let newID: () -> String

  /// `newID` names a new alarm (short: it is typed to stop it).
  public init(
    workspace: Workspace, locator: any LocationSource, desktop: SessionDesktop, sound: any AlarmSoundPlaying,
    newID: @escaping () -> String = { String(UUID().uuidString.lowercased().prefix(8)) }
  ) {
    self.workspace = workspace
    self.locator = locator
    self.desktop = desktop
    self.sound = sound
    self.newID = newID
  }

  public var store: AlarmStore { workspace.alarmStore }
  var clock: DayClock { workspace.dayClock }
  var ledgerFile: LedgerFile { LedgerFile(store: workspace.ledgerStore, clock: clock) }
  var locationCache: LocationCache { LocationCache(cacheDir: workspace.paths.cacheDir) }
  /// How old a cached location `alarm list` still shows distances from.
  public static let locationCacheAge: TimeInterval = 15 * 60

  // MARK: add and list

  /// Sets a new alarm at `now`; without `days`, it rings once, the next time the clock shows
  /// `time`.
  public func add(name: String, time: WallTime, place: GeoPoint, radius: Double, days: AlarmDays?, now: Date)
    throws -> Alarm
  {
    let days = days ?? .once(Alarm.nextDay(showing: time, after: now, clock: clock))
    var alarm = Alarm(
      id: "", name: name.trimmingCharacters(in: .whitespacesAndNewlines), time: time, days: days,
      place: place,
      radius: radius, setAt: now)
    if case .once = days, alarm.nextRing(from: now, clock: clock) == nil {
      throw AlarmError.passed(days, time)
    }
    return try store.update(clock: clock) { stored in
      // An alarm stops only at its place: where no location can ever be asked for, it would
      // ring on with no way to stop it. (A GeoClue that answers slowly, or refuses for now, is
      // no reason: it can be set up later.) Asked once the file is read: a torn one is said first.
      do throws(GeoClueError) {
        try locator.reachable()
      } catch {
        switch error {
        case .noSystemBus, .notAvailable, .notActivatable: throw AlarmError.cannotBeStopped(error)
        case .refused, .timedOut, .failed: break
        }
      }
      var id: String
      repeat {
        id = newID()
      } while stored.alarms.contains { $0.id.lowercased().hasPrefix(id.prefix(4)) }
      alarm.id = id
      stored.alarms.append(alarm)
      return alarm
    }
  }

  /// Every alarm with its next ring, its ring under way, its missed rings, and its distance
  /// from the cached location when one is recent enough.
  public func board(now: Date) throws -> AlarmBoard {
    let alarms = try store.load().alarms
    let ledger = try workspace.ledgerStore.load()
    let location = locationCache.load(now: now, maxAge: AlarmKeeper.locationCacheAge)
    let rows = alarms.map { alarm in
      AlarmBoard.Row(
        alarm: alarm, next: nextRing(alarm, ledger: ledger, now: now),
        ringing: ledger.ringing.last { $0.reminderID.alarmID == alarm.id },
        missed: alarm.missed(at: now, ledger: ledger, clock: clock),
        distance: location.map { alarm.place.distance(to: $0.point) })
    }
    return AlarmBoard(now: now, rows: rows, location: location)
  }

  /// Its next ring not yet rung: today's when it has not rung yet (a missed one is caught up now).
  func nextRing(_ alarm: Alarm, ledger: DeliveryLedger, now: Date) -> (day: Day, at: Date)? {
    if let last = alarm.lastRing(atOrBefore: now, clock: clock), last.day == clock.day(of: now),
      !ledger.contains(reminderID: alarm.ringID(on: last.day, ledger: ledger))
    {
      return last
    }
    var from = now
    while let next = alarm.nextRing(from: from, clock: clock) {
      if !ledger.contains(reminderID: alarm.ringID(on: next.day, ledger: ledger)) { return next }
      from = clock.startOfDay(next.day.adding(days: 1))
    }
    return nil
  }

  // MARK: the place gate

  /// Where GeoClue says we are, within `alarm.location_timeout`; kept for `alarm list`. No
  /// location: `AlarmError.noLocation`.
  ///
  /// A fix that does not yet decide the gate of every alarm in `deciding` (too coarse to allow,
  /// not clearly far) is not the answer while time is left: a better one may follow.
  func locate(now: Date, deciding alarms: [Alarm]) throws -> GeoLocation {
    do throws(GeoClueError) {
      let location = try locator.locate(
        timeout: .seconds(workspace.configuration.locationTimeout),
        settles: { fix in alarms.allSatisfy { AlarmKeeper.decides(fix, for: $0) } })
      if let point = GeoPoint(latitude: location.latitude, longitude: location.longitude) {
        locationCache.save(
          LocationCache.Entry(point: point, accuracy: location.accuracy, at: now), clock: clock)
      }
      return location
    } catch {
      throw AlarmError.noLocation(error)
    }
  }

  /// Whether `fix` decides the gate of `alarm`: it opens it, or it is clearly far (farther than
  /// the radius by more than its accuracy).
  static func decides(_ fix: GeoLocation, for alarm: Alarm) -> Bool {
    guard let here = GeoPoint(latitude: fix.latitude, longitude: fix.longitude) else { return false }
    let distance = alarm.place.distance(to: here)
    let gate = PlaceGate(place: alarm.place, radius: alarm.radius, here: here, accuracy: fix.accuracy)
    return gate.isAllowed || distance - fix.accuracy > alarm.radius
  }

  /// The gate of `alarm` at `location`.
  static func gate(_ alarm: Alarm, at location: GeoLocation) -> PlaceGate {
    guard let here = GeoPoint(latitude: location.latitude, longitude: location.longitude) else {
      return .tooCoarse(distance: .infinity, accuracy: .infinity)
    }
    return PlaceGate(place: alarm.place, radius: alarm.radius, here: here, accuracy: location.accuracy)
  }

  /// The alarm `query` names (its id or a unique prefix), or `AlarmError.lookup`.
  func find(_ query: String, in alarms: [Alarm]) throws -> Alarm {
    let found = IDPrefix.matches(query, in: alarms.map(\.id))
    guard found.count == 1 else {
      throw AlarmError.lookup(query: query, path: workspace.paths.alarms, matches: found.map { alarms[$0] })
    }
    return alarms[found[0]]
  }

  // MARK: stop, edit, delete

  /// An alarm and how its place gate stood.
  public struct Gated: Equatable {
    public var alarm: Alarm
    public var gate: PlaceGate
  }

  /// What `alarm stop` did.
  public enum Stop: Equatable {
    /// The alarm named does not ring; nothing was asked.
    case notRinging(Alarm)
    /// No alarm rings; nothing was asked.
    case nothingRings
    /// The rings of `stopped` ended (their gates allowed it); those of `ringingOn` did not.
    case stopped([Gated], ringingOn: [Gated])
  }

  /// `alarm stop [ID]`: the alarm named, or every alarm ringing; stopped only where the gate
  /// allows. When no gate allows: `AlarmError.notAtPlace` with the nearest.
  public func stop(_ query: String?, now: Date) throws -> Stop {
    let alarms = try store.load().alarms
    let ringing = try workspace.ledgerStore.load().ringing
    let ringingIDs = Set(ringing.compactMap(\.reminderID.alarmID))
    let targets: [Alarm]
    if let query {
      let alarm = try find(query, in: alarms)
      guard ringingIDs.contains(alarm.id) else { return .notRinging(alarm) }
      targets = [alarm]
    } else {
      targets = alarms.filter { ringingIDs.contains($0.id) }
      guard !targets.isEmpty else { return .nothingRings }
    }
    let location = try locate(now: now, deciding: targets)
    let gates = targets.map { Gated(alarm: $0, gate: AlarmKeeper.gate($0, at: location)) }
    let allowed = gates.filter(\.gate.isAllowed)
    guard !allowed.isEmpty else {
      let nearest = gates.min { AlarmKeeper.distance($0.gate) < AlarmKeeper.distance($1.gate) }!
      throw AlarmError.notAtPlace(.stop, nearest.gate, radius: nearest.alarm.radius)
    }
    try endRings(of: Set(allowed.map(\.alarm.id)), because: .stoppedAtPlace, now: now)
    return .stopped(allowed, ringingOn: gates.filter { !$0.gate.isAllowed })
  }

  /// How far the place is, as the gate measured it.
  public static func distance(_ gate: PlaceGate) -> Double {
    switch gate {
    case .allowed(let d), .tooFar(let d, _), .tooCoarse(let d, _): d
    }
  }

  /// An alarm as `edit` left it or `delete` removed it, and whether a ring under way ended.
  public struct Changed: Equatable {
    public var alarm: Alarm
    public var ringEnded: Bool
  }

  /// `alarm edit ID …`, gated by the alarm's place and radius as they were.
  public func edit(_ query: String, _ change: AlarmChange, now: Date) throws -> Changed {
    let alarm = try find(query, in: store.load().alarms)
    // A date that has passed is bad usage, said before any location is asked for.
    let candidate = applying(change, to: alarm, now: now)
    if case .once? = change.days, candidate.enabled, candidate.nextRing(from: now, clock: clock) == nil {
      throw AlarmError.passed(candidate.days, candidate.time)
    }
    try requireAt(alarm, now: now)
    let edited = try store.update(clock: clock) { stored -> Alarm in
      guard let i = stored.alarms.firstIndex(where: { $0.id == alarm.id }) else {
        throw AlarmError.deletedMeanwhile(id: alarm.id)
      }
      stored.alarms[i] = applying(change, to: stored.alarms[i], now: now)
      return stored.alarms[i]
    }
    let ended = !edited.enabled ? try endRings(of: [edited.id], because: .alarmDisabled, now: now) : false
    return Changed(alarm: edited, ringEnded: ended)
  }

  /// `alarm` with `change` made at `now`. A new time, new days or enabling it again sets it anew
  /// (`setAt`): it rings from now on, and nothing before counts as missed. A one-time alarm whose
  /// time moved to one already passed rings the next time the clock shows it.
  func applying(_ change: AlarmChange, to alarm: Alarm, now: Date) -> Alarm {
    var a = alarm
    if let name = change.name { a.name = name.trimmingCharacters(in: .whitespacesAndNewlines) }
    if let place = change.place { a.place = place }
    if let radius = change.radius { a.radius = radius }
    var reset = false
    if let time = change.time, time != a.time {
      a.time = time
      reset = true
    }
    if let days = change.days, days != a.days {
      a.days = days
      reset = true
    }
    if change.enabled == true && !a.enabled {
      a.enabled = true
      reset = true
    }
    if change.enabled == false { a.enabled = false }
    if change.days == nil, case .once = a.days, reset, a.nextRing(from: now, clock: clock) == nil {
      a.days = .once(Alarm.nextDay(showing: a.time, after: now, clock: clock))
    }
    if reset { a.setAt = now }
    return a
  }

  /// `alarm delete ID`, gated.
  public func delete(_ query: String, now: Date) throws -> Changed {
    let alarm = try find(query, in: store.load().alarms)
    try requireAt(alarm, now: now)
    try store.update(clock: clock) { stored in stored.alarms.removeAll { $0.id == alarm.id } }
    return Changed(alarm: alarm, ringEnded: try endRings(of: [alarm.id], because: .alarmDeleted, now: now))
  }

  /// Passes only at `alarm`'s place (`AlarmError.notAtPlace` otherwise, `.noLocation` without a
  /// location).
  func requireAt(_ alarm: Alarm, now: Date) throws {
    let gate = AlarmKeeper.gate(alarm, at: try locate(now: now, deciding: [alarm]))
    guard gate.isAllowed else { throw AlarmError.notAtPlace(.change, gate, radius: alarm.radius) }
  }

  /// Stops the rings of `alarms` under the ledger's lock: each sound ended (by the process the
  /// ledger names), then each pop-up closed. Returns whether one rang.
  @discardableResult
  func endRings(of alarms: Set<String>, because end: RingEnd, now: Date) throws -> Bool {
    let ended = try ledgerFile.transaction { t -> [DeliveryLedger.Entry] in
      var ended: [DeliveryLedger.Entry] = []
      for entry in t.ledger.ringing where entry.reminderID.alarmID.map(alarms.contains) == true {
        if let process = entry.sound { sound.stop(process) }
        if let before = t.ledger.stopRinging(entry.reminderID, at: now, because: end.description) {
          ended.append(before)
        }
      }
      if !ended.isEmpty { try t.save() }
      return ended
    }
    let shown = ended.filter(\.isOnAPopup)
    if !shown.isEmpty, let sender = try? desktop.connect() {
      for entry in shown { try? sender.close(entry.notificationID!) }
    }
    return !ended.isEmpty
  }
}
