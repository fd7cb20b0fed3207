import Foundation
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersStore

/// What `alarm edit` changes; nil leaves a field as it is.
struct AlarmChange {
  var name: String?
  var time: WallTime?
  var place: GeoPoint?
  var radius: Double?
  var days: AlarmDays?
  var enabled: Bool?
}

/// The alarms as `alarm list` and `status` show them.
struct AlarmBoard {
  struct Row {
    var alarm: Alarm
    var next: (day: Day, at: Date)?
    /// The ring under way, when one rings.
    var ringing: DeliveryLedger.Entry?
    var missed: [(day: Day, at: Date)]
    /// Metres from the cached location, when one is at hand.
    var distance: Double?
  }

  var now: Date
  var rows: [Row]
  var location: LocationCache.Entry?
}

/// The alarm commands' work: the alarm file, the place gate, and the rings in the ledger.
struct AlarmKeeper {
  let invocation: Invocation
  let text: AlarmText
  /// Where the place gate learns where we are.
  let locator: any LocationSource
  /// Where the pop-ups of ended rings are closed.
  let desktop: SessionDesktop

  init(invocation: Invocation) {
    self.invocation = invocation
    text = AlarmText(invocation: invocation)
    locator = invocation.locator
    desktop = invocation.desktop
  }

  var store: AlarmStore { invocation.alarmStore }
  var clock: DayClock { invocation.clock }
  var texts: Texts { invocation.texts }
  var locationCache: LocationCache { LocationCache(cacheDir: invocation.paths.cacheDir) }
  /// How old a cached location `alarm list` still shows distances from.
  static let locationCacheAge: TimeInterval = 15 * 60

  // MARK: add and list

  func add(name: String, time: WallTime, place: GeoPoint, radius: Double, days: AlarmDays?, now: Date) throws
    -> Alarm
  {
    let days = days ?? .once(Alarm.nextDay(showing: time, after: now, clock: clock))
    var alarm = Alarm(
      id: "", name: name.trimmingCharacters(in: .whitespacesAndNewlines), time: time, days: days,
      place: place,
      radius: radius, setAt: now)
    if case .once = days, alarm.nextRing(from: now, clock: clock) == nil {
      throw UsageError(text.words.alreadyPassed(days: text.days(days), time: time.description))
    }
    return try store.update(clock: clock) { stored in
      var id: String
      repeat {
        id = String(UUID().uuidString.lowercased().prefix(8))
      } while stored.alarms.contains { $0.id.lowercased().hasPrefix(id.prefix(4)) }
      alarm.id = id
      stored.alarms.append(alarm)
      return alarm
    }
  }

  func board(now: Date) throws -> AlarmBoard {
    let alarms = try store.load().alarms
    let ledger = try invocation.ledgerStore.load()
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
  /// location: exit 69 with the words of docs/alarms.md and why.
  ///
  /// A fix that does not yet decide the gate of every alarm in `deciding` (too coarse to allow,
  /// not clearly far) is not the answer while time is left: a better one may follow.
  func locate(now: Date, deciding alarms: [Alarm]) throws -> GeoLocation {
    do throws(GeoClueError) {
      let location = try locator.locate(
        timeout: .seconds(invocation.configuration.locationTimeout),
        settles: { fix in alarms.allSatisfy { AlarmKeeper.decides(fix, for: $0) } })
      if let point = GeoPoint(latitude: location.latitude, longitude: location.longitude) {
        locationCache.save(
          LocationCache.Entry(point: point, accuracy: location.accuracy, at: now), clock: clock)
      }
      return location
    } catch {
      throw CommandFailure(
        text.words.locationFailed(because: text.why(error)),
        code: ExitStatus.unavailable)
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
  func gate(_ alarm: Alarm, at location: GeoLocation) -> PlaceGate {
    guard let here = GeoPoint(latitude: location.latitude, longitude: location.longitude) else {
      return .tooCoarse(distance: .infinity, accuracy: .infinity)
    }
    return PlaceGate(place: alarm.place, radius: alarm.radius, here: here, accuracy: location.accuracy)
  }

  /// Refuses (exit 77) with `refusal` and the distance or the accuracy.
  func refuse(_ refusal: String, _ gate: PlaceGate, radius: Double) -> CommandFailure {
    let detail = texts.gateDetail(gate, radius: radius)
    return CommandFailure(text.words.refusal(refusal, detail), code: ExitStatus.noPermission)
  }

  /// The alarm `query` names (its id or a unique prefix), or a usage error.
  func find(_ query: String, in alarms: [Alarm]) throws -> Alarm {
    let words = Words(invocation)
    let index = try DeckLookup.find(
      query, ids: alarms.map(\.id), labels: alarms.map(\.name), path: invocation.paths.alarms,
      none: text.words.alarmNoun, several: text.words.alarmCount,
      words: words)
    return alarms[index]
  }

  // MARK: stop, edit, delete

  /// `alarm stop [ID]`: the alarm named, or every alarm ringing; stopped only where the gate
  /// allows.
  func stop(_ query: String?, now: Date) throws -> [String] {
    let alarms = try store.load().alarms
    let ringing = try invocation.ledgerStore.load().ringing
    let ringingIDs = Set(ringing.compactMap(\.reminderID.alarmID))
    let targets: [Alarm]
    if let query {
      let alarm = try find(query, in: alarms)
      guard ringingIDs.contains(alarm.id) else { return [text.notRinging(alarm)] }
      targets = [alarm]
    } else {
      targets = alarms.filter { ringingIDs.contains($0.id) }
      guard !targets.isEmpty else { return [text.nothingRings] }
    }
    let location = try locate(now: now, deciding: targets)
    let gates = targets.map { ($0, gate($0, at: location)) }
    let allowed = gates.filter { $0.1.isAllowed }
    guard !allowed.isEmpty else {
      let (alarm, nearest) = gates.min { distance($0.1) < distance($1.1) }!
      throw refuse(texts.alarmNotStoppable, nearest, radius: alarm.radius)
    }
    try endRings(of: Set(allowed.map(\.0.id)), because: .stoppedAtPlace, now: now)
    var lines = allowed.map { text.stopped($0.0, distance: distance($0.1)) }
    for (alarm, gate) in gates where !gate.isAllowed {
      lines.append(text.stillRinging(alarm, refusal: texts.gateDetail(gate, radius: alarm.radius)))
    }
    return lines
  }

  func distance(_ gate: PlaceGate) -> Double {
    switch gate {
    case .allowed(let d), .tooFar(let d, _), .tooCoarse(let d, _): d
    }
  }

  /// `alarm edit ID …`, gated by the alarm's place and radius as they were.
  func edit(_ query: String, _ change: AlarmChange, now: Date) throws -> [String] {
    let alarm = try find(query, in: store.load().alarms)
    // A date that has passed is bad usage, said before any location is asked for.
    let candidate = applying(change, to: alarm, now: now)
    if case .once? = change.days, candidate.enabled, candidate.nextRing(from: now, clock: clock) == nil {
      throw UsageError(
        text.words.alreadyPassed(days: text.days(candidate.days), time: candidate.time.description))
    }
    try requireAt(alarm, now: now)
    let edited = try store.update(clock: clock) { stored -> Alarm in
      guard let i = stored.alarms.firstIndex(where: { $0.id == alarm.id }) else {
        throw UsageError(text.words.alarmDeletedMeanwhile(id: alarm.id))
      }
      stored.alarms[i] = applying(change, to: stored.alarms[i], now: now)
      return stored.alarms[i]
    }
    var lines = [text.edited(edited, now: now)]
    if !edited.enabled, try endRings(of: [edited.id], because: .alarmDisabled, now: now) {
      lines.append(text.ringEnded(edited))
    }
    return lines
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
  func delete(_ query: String, now: Date) throws -> [String] {
    let alarm = try find(query, in: store.load().alarms)
    try requireAt(alarm, now: now)
    try store.update(clock: clock) { stored in stored.alarms.removeAll { $0.id == alarm.id } }
    var lines = [text.deleted(alarm)]
    if try endRings(of: [alarm.id], because: .alarmDeleted, now: now) { lines.append(text.ringEnded(alarm)) }
    return lines
  }

  /// Passes only at `alarm`'s place (exit 77 otherwise, 69 without a location).
  func requireAt(_ alarm: Alarm, now: Date) throws {
    let gate = gate(alarm, at: try locate(now: now, deciding: [alarm]))
    guard gate.isAllowed else { throw refuse(texts.alarmNotEditable, gate, radius: alarm.radius) }
  }

  /// Stops the rings of `alarms` under the ledger's lock: each sound ended (by the process the
  /// ledger names), then each pop-up closed. Returns whether one rang.
  @discardableResult
  func endRings(of alarms: Set<String>, because end: RingEnd, now: Date) throws -> Bool {
    let sound = AlarmSoundLoop(
      configured: invocation.configuration.alarmSound, environment: invocation.environment)
    let ended = try invocation.ledgerFile.transaction { t -> [DeliveryLedger.Entry] in
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
