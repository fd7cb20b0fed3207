import Foundation
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersStore
import RemindersTestSupport
import Testing

@testable import RemindersApp

/// The alarms' use cases (docs/alarms.md) on files in a temporary folder, with GeoClue, the
/// desktop and the sound faked: setting an alarm anew, its next ring, the place gate, and what
/// ending a ring does.
@Suite struct AlarmKeeperTests {
  /// Saturday, 09:00 in Tokyo.
  static let now = FakeClock.parse("2026-11-21T09:00:00+09:00")
  /// Tokyo station.
  static let place = GeoPoint(latitude: 35.681236, longitude: 139.767125)!
  static let sound = SoundProcess(pid: 200, group: 200, startTicks: 9)

  /// A keeper over `files`, and the fakes it reaches the world through.
  struct World {
    let files: TestWorkspace
    let locator: FakeLocator
    let desktop = FakeDesktop()
    let sound = FakeSound()
    var keeper: AlarmKeeper {
      AlarmKeeper(
        workspace: files.workspace, locator: locator, desktop: desktop.desktop, sound: sound,
        newID: { "a1b2c3d4" })
    }

    /// Where GeoClue puts us: `metres` north of the place, accurate to `accuracy`.
    init(north metres: Double = 0, accuracy: Double = 10) throws {
      files = try TestWorkspace()
      locator = FakeLocator(
        north: metres, of: AlarmKeeperTests.place.latitude, AlarmKeeperTests.place.longitude,
        accuracy: accuracy)
    }

    /// Keeps `alarm` in the alarm file.
    func save(_ alarm: Alarm) throws {
      try files.workspace.alarmStore.update(clock: files.dayClock) { $0.alarms.append(alarm) }
    }

    /// Records today's ring of `alarm` as ringing: on screen as pop-up 7, its sound playing.
    func ring(_ alarm: Alarm) throws {
      try files.workspace.ledgerStore.update(lockSeconds: 1, clock: files.dayClock) {
        $0.record(
          DeliveryLedger.Entry(
            reminderID: .alarm(id: alarm.id, day: Day(iso: "2026-11-21")!), deliveredAt: AlarmKeeperTests.now,
            channel: .popup, notificationID: 7, recallItemIDs: [], title: alarm.name, onScreen: true,
            sound: AlarmKeeperTests.sound))
      }
    }

    var ledger: DeliveryLedger { get throws { try files.workspace.ledgerStore.load() } }
    var alarms: [Alarm] { get throws { try files.workspace.alarmStore.load().alarms } }
  }

  static func alarm(
    _ id: String = "a1b2c3d4", at time: String = "07:00", days: AlarmDays = .weekdays(Array(0...6)),
    setAt: String = "2026-11-01T00:00:00+09:00"
  ) -> Alarm {
    Alarm(
      id: id, name: "Gym", time: WallTime(time)!, days: days, place: place, setAt: FakeClock.parse(setAt))
  }

  // MARK: setting an alarm anew

  /// Without days it rings once, the next time the clock shows its time; a day that has passed
  /// is refused; weekdays stay as given. Each is set at the moment it was added.
  @Test(
    arguments: [
      ("07:00", nil, AlarmDays.once(Day(iso: "2026-11-22")!)),
      ("10:00", nil, .once(Day(iso: "2026-11-21")!)),
      ("09:00", nil, .once(Day(iso: "2026-11-21")!)),
      ("10:00", .once(Day(iso: "2026-11-21")!), .once(Day(iso: "2026-11-21")!)),
      ("07:00", .weekdays([1, 3]), .weekdays([1, 3])),
    ] as [(String, AlarmDays?, AlarmDays)])
  func add(time: String, days: AlarmDays?, expected: AlarmDays) throws {
    let world = try World()
    let alarm = try world.keeper.add(
      name: "  Gym \n", time: WallTime(time)!, place: Self.place, radius: 50, days: days, now: Self.now)
    #expect(alarm.days == expected)
    #expect(alarm.name == "Gym" && alarm.id == "a1b2c3d4" && alarm.radius == 50 && alarm.enabled)
    #expect(alarm.setAt == Self.now)
    #expect(try world.alarms == [alarm])
  }

  @Test func addOnADayPassedIsRefused() throws {
    let world = try World()
    let passed = AlarmDays.once(Day(iso: "2026-11-21")!)
    #expect(throws: AlarmError.passed(passed, WallTime("08:59")!)) {
      try world.keeper.add(
        name: "Gym", time: WallTime("08:59")!, place: Self.place, radius: 100, days: passed, now: Self.now)
    }
    #expect(try world.alarms.isEmpty)
  }

  /// Where GeoClue cannot be reached at all (no system bus, nobody serving it), an alarm could
  /// never be stopped: `add` refuses it and writes nothing. A GeoClue that refuses or is slow now
  /// is reachable: the alarm is added (it may be set up by the time the alarm rings).
  @Test(arguments: [
    (
      GeoClueError.noSystemBus(
        BusFailure(name: "org.freedesktop.DBus.Error.FileNotFound", message: "no socket")), false
    ),
    (.notAvailable(BusFailure(name: "org.freedesktop.DBus.Error.ServiceUnknown")), false),
    (.notActivatable, false), (.refused(BusFailure(name: "org.freedesktop.DBus.Error.AccessDenied")), true),
    (.timedOut(seconds: 5, waitingFor: .systemBus), true),
  ])
  func addNeedsAGeoClueThatCanBeReached(error: GeoClueError, added: Bool) throws {
    let world = try World()
    world.locator.unreachable = error
    let add = {
      try world.keeper.add(
        name: "Gym", time: WallTime("10:00")!, place: Self.place, radius: 100, days: nil, now: Self.now)
    }
    if added {
      _ = try add()
      #expect(try world.alarms.count == 1)
    } else {
      #expect(throws: AlarmError.cannotBeStopped(error)) { try add() }
      #expect(try world.alarms.isEmpty)
    }
  }

  /// A new id never shares its first four characters with another's: a prefix names one alarm.
  @Test func newIDsAreDistinctByTheirPrefix() throws {
    let world = try World()
    try world.save(Self.alarm("abcd0000"))
    var ids = ["abcd1111", "abce2222"]
    let keeper = AlarmKeeper(
      workspace: world.files.workspace, locator: world.locator, desktop: world.desktop.desktop,
      sound: world.sound, newID: { ids.removeFirst() })
    let alarm = try keeper.add(
      name: "Gym", time: WallTime("10:00")!, place: Self.place, radius: 100, days: nil, now: Self.now)
    #expect(alarm.id == "abce2222")
  }

  /// Editing the time, the days, or enabling it again sets it anew (`setAt`); a one-time alarm
  /// moved to a time already passed today rings tomorrow.
  @Test(arguments: [
    (AlarmChange(name: "Run"), false, AlarmDays.weekdays(Array(0...6))),
    (AlarmChange(time: WallTime("08:00")!), true, .weekdays(Array(0...6))),
    (AlarmChange(time: WallTime("07:00")!), false, .weekdays(Array(0...6))),
    (AlarmChange(days: .weekdays([6])), true, .weekdays([6])),
    (AlarmChange(enabled: true), false, .weekdays(Array(0...6))),
  ])
  func applying(change: AlarmChange, setsAnew: Bool, days: AlarmDays) throws {
    let world = try World()
    let alarm = Self.alarm()
    let changed = world.keeper.applying(change, to: alarm, now: Self.now)
    #expect(changed.setAt == (setsAnew ? Self.now : alarm.setAt))
    #expect(changed.days == days)
  }

  @Test func enablingAPassedOneTimeAlarmMovesItToItsNextTime() throws {
    let world = try World()
    var alarm = Self.alarm(days: .once(Day(iso: "2026-11-20")!))
    alarm.enabled = false
    let changed = world.keeper.applying(AlarmChange(enabled: true), to: alarm, now: Self.now)
    #expect(changed.enabled && changed.setAt == Self.now)
    #expect(changed.days == .once(Day(iso: "2026-11-22")!))
  }

  // MARK: the next ring

  /// Today's ring when it has not rung (a missed one is caught up), else the next not in the
  /// ledger; none for a one-time alarm that rang.
  @Test(
    arguments: [
      ("2026-11-21T06:00:00+09:00", AlarmDays.weekdays(Array(0...6)), false, "2026-11-21T07:00:00+09:00"),
      ("2026-11-21T09:00:00+09:00", .weekdays(Array(0...6)), false, "2026-11-21T07:00:00+09:00"),
      ("2026-11-21T09:00:00+09:00", .weekdays(Array(0...6)), true, "2026-11-22T07:00:00+09:00"),
      ("2026-11-21T09:00:00+09:00", .weekdays([1]), true, "2026-11-23T07:00:00+09:00"),
      ("2026-11-21T09:00:00+09:00", .once(Day(iso: "2026-11-21")!), true, nil),
      ("2026-11-21T09:00:00+09:00", .once(Day(iso: "2026-11-21")!), false, "2026-11-21T07:00:00+09:00"),
    ] as [(String, AlarmDays, Bool, String?)])
  func nextRing(now: String, days: AlarmDays, rangToday: Bool, expected: String?) throws {
    let world = try World()
    let alarm = Self.alarm(days: days)
    var ledger = DeliveryLedger()
    if rangToday {
      ledger.record(
        DeliveryLedger.Entry(
          reminderID: .alarm(id: alarm.id, day: Day(iso: "2026-11-21")!),
          deliveredAt: FakeClock.parse("2026-11-21T07:00:00+09:00"), channel: .popup, notificationID: 3,
          recallItemIDs: [], title: "Gym", stoppedAt: FakeClock.parse("2026-11-21T07:05:00+09:00")))
    }
    let next = world.keeper.nextRing(alarm, ledger: ledger, now: FakeClock.parse(now))
    #expect(next?.at == expected.map(FakeClock.parse))
  }

  /// `alarm list`: each alarm's next ring, its ring under way, and no distance without a
  /// recent location.
  @Test func board() throws {
    let world = try World()
    let alarm = Self.alarm()
    try world.save(alarm)
    try world.ring(alarm)
    let board = try world.keeper.board(now: Self.now)
    #expect(board.location == nil)
    #expect(board.rows.count == 1)
    #expect(board.rows[0].ringing?.notificationID == 7)
    #expect(board.rows[0].next?.at == FakeClock.parse("2026-11-22T07:00:00+09:00"))
    #expect(board.rows[0].distance == nil)
    #expect(world.locator.asked.isEmpty)
  }

  // MARK: the place gate

  /// Allowed only within the radius and when the location is known to at least that accuracy.
  @Test(arguments: [
    (50.0, 20.0, true),
    (99.0, 100.0, true),
    (150.0, 20.0, false),
    (50.0, 500.0, false),
    (1_000.0, 2_000.0, false),
  ])
  func gate(metres: Double, accuracy: Double, allowed: Bool) throws {
    let world = try World(north: metres, accuracy: accuracy)
    let alarm = Self.alarm()
    try world.save(alarm)
    try world.ring(alarm)
    if allowed {
      guard case .stopped(let stopped, let ringingOn) = try world.keeper.stop(nil, now: Self.now) else {
        Issue.record("not stopped")
        return
      }
      #expect(stopped.map(\.alarm) == [alarm] && ringingOn.isEmpty)
      #expect(abs(AlarmKeeper.distance(stopped[0].gate) - metres) < 0.5)
      #expect(try world.ledger.ringing.isEmpty)
    } else {
      #expect {
        try world.keeper.stop(nil, now: Self.now)
      } throws: { error in
        guard case AlarmError.notAtPlace(.stop, let gate, let radius) = error else { return false }
        return !gate.isAllowed && radius == 100 && abs(AlarmKeeper.distance(gate) - metres) < 0.5
      }
      #expect(try world.ledger.ringing.count == 1)
      #expect(world.sound.stopped.isEmpty)
    }
    #expect(world.locator.asked == [.seconds(30)])
  }

  /// A first fix too coarse to decide is not the answer while a better one comes.
  @Test func aFixThatDoesNotDecideIsNotTheAnswer() throws {
    let world = try World()
    world.locator.fixes = [
      GeoLocation(latitude: Self.place.latitude, longitude: Self.place.longitude, accuracy: 900),
      GeoLocation(latitude: Self.place.latitude, longitude: Self.place.longitude, accuracy: 15),
    ]
    let alarm = Self.alarm()
    try world.save(alarm)
    try world.ring(alarm)
    guard case .stopped(let stopped, _) = try world.keeper.stop("a1b2", now: Self.now) else {
      Issue.record("not stopped")
      return
    }
    #expect(stopped.map(\.alarm.id) == ["a1b2c3d4"])
  }

  /// Whether a fix decides an alarm's gate: it opens it, or it is clearly far.
  @Test(arguments: [
    (50.0, 20.0, true),
    (50.0, 500.0, false),
    (1_000.0, 500.0, true),
    (1_000.0, 950.0, false),
  ])
  func decides(metres: Double, accuracy: Double, decides: Bool) {
    let fix = GeoLocation(
      latitude: Self.place.latitude + metres / 111_195.08, longitude: Self.place.longitude, accuracy: accuracy
    )
    #expect(AlarmKeeper.decides(fix, for: Self.alarm()) == decides)
  }

  @Test func noLocation() throws {
    let world = try World()
    world.locator.failure = .refused(
      BusFailure(name: "org.freedesktop.DBus.Error.AccessDenied", message: "no"))
    let alarm = Self.alarm()
    try world.save(alarm)
    try world.ring(alarm)
    #expect(
      throws: AlarmError.noLocation(
        .refused(BusFailure(name: "org.freedesktop.DBus.Error.AccessDenied", message: "no")))
    ) {
      try world.keeper.stop(nil, now: Self.now)
    }
    #expect(
      throws: AlarmError.noLocation(
        .refused(BusFailure(name: "org.freedesktop.DBus.Error.AccessDenied", message: "no")))
    ) {
      try world.keeper.delete("a1b2c3d4", now: Self.now)
    }
    #expect(try world.alarms == [alarm])
  }

  // MARK: stop

  /// Stopping ends the ring in the ledger, its sound (the process the ledger names) and its
  /// pop-up; the location is kept for `alarm list`.
  @Test func stopEndsTheRingTheSoundAndThePopup() throws {
    let world = try World(north: 30, accuracy: 10)
    let alarm = Self.alarm()
    try world.save(alarm)
    try world.ring(alarm)
    _ = try world.keeper.stop(nil, now: Self.now)
    let entry = try world.ledger.entries[.alarm(id: alarm.id, day: Day(iso: "2026-11-21")!)]
    #expect(entry?.stoppedAt == Self.now)
    #expect(entry?.closedBecause == RingEnd.stoppedAtPlace.description)
    #expect(world.sound.stopped == [Self.sound])
    #expect(world.desktop.connection.sender.closed == [7])
    let board = try world.keeper.board(now: Self.now)
    #expect(board.location != nil)
    #expect(abs((board.rows[0].distance ?? 0) - 30) < 0.5)
  }

  /// Only the alarms whose gates allow stop; the others ring on.
  @Test func stopAllStopsOnlyThoseAtTheirPlace() throws {
    let world = try World()
    let here = Self.alarm("a1b2c3d4")
    var far = Self.alarm("ffff0000")
    far.place = GeoPoint(latitude: 35.0, longitude: 139.0)!
    try world.save(here)
    try world.save(far)
    try world.ring(here)
    try world.files.workspace.ledgerStore.update(lockSeconds: 1, clock: world.files.dayClock) {
      $0.record(
        DeliveryLedger.Entry(
          reminderID: .alarm(id: far.id, day: Day(iso: "2026-11-21")!), deliveredAt: Self.now,
          channel: .popup,
          notificationID: 8, recallItemIDs: [], title: "Far", onScreen: true))
    }
    guard case .stopped(let stopped, let ringingOn) = try world.keeper.stop(nil, now: Self.now) else {
      Issue.record("not stopped")
      return
    }
    #expect(stopped.map(\.alarm.id) == [here.id])
    #expect(ringingOn.map(\.alarm.id) == [far.id])
    #expect(try world.ledger.ringing.map(\.reminderID.alarmID) == [far.id])
    #expect(world.desktop.connection.sender.closed == [7])
  }

  /// Nothing ringing: nothing asked of GeoClue.
  @Test func stopWithNothingRinging() throws {
    let world = try World()
    let alarm = Self.alarm()
    try world.save(alarm)
    #expect(try world.keeper.stop(nil, now: Self.now) == .nothingRings)
    #expect(try world.keeper.stop("a1b2", now: Self.now) == .notRinging(alarm))
    #expect(world.locator.asked.isEmpty)
  }

  /// An id that names no alarm, or several, is a lookup error with the alarms it matched.
  @Test func lookup() throws {
    let world = try World()
    let one = Self.alarm("abcd0001")
    let two = Self.alarm("abcd0002")
    try world.save(one)
    try world.save(two)
    let path = world.files.workspace.paths.alarms
    #expect(throws: AlarmError.lookup(query: "abcd", path: path, matches: [one, two])) {
      try world.keeper.stop("abcd", now: Self.now)
    }
    #expect(throws: AlarmError.lookup(query: "zzzz", path: path, matches: [])) {
      try world.keeper.delete("zzzz", now: Self.now)
    }
  }

  // MARK: edit and delete, gated

  /// Away from the place nothing changes; at it the change is made, and a ring under way ends
  /// when the alarm is deleted or disabled.
  @Test(arguments: [(false, 500.0), (true, 500.0), (false, 20.0), (true, 20.0)])
  func editAndDeleteAreGated(delete: Bool, metres: Double) throws {
    let world = try World(north: metres, accuracy: 10)
    let alarm = Self.alarm()
    try world.save(alarm)
    try world.ring(alarm)
    let act = {
      delete
        ? try world.keeper.delete("a1b2c3d4", now: Self.now)
        : try world.keeper.edit("a1b2c3d4", AlarmChange(enabled: false), now: Self.now)
    }
    guard metres < 100 else {
      #expect {
        try act()
      } throws: { error in
        guard case AlarmError.notAtPlace(.change, .tooFar, radius: 100) = error else { return false }
        return true
      }
      #expect(try world.alarms == [alarm])
      #expect(try world.ledger.ringing.count == 1)
      #expect(world.sound.stopped.isEmpty && world.desktop.connection.sender.closed.isEmpty)
      return
    }
    let changed = try act()
    #expect(changed.ringEnded)
    #expect(changed.alarm.id == alarm.id && changed.alarm.enabled == delete)
    #expect(try world.alarms == (delete ? [] : [changed.alarm]))
    #expect(try world.ledger.ringing.isEmpty)
    #expect(world.sound.stopped == [Self.sound])
    #expect(world.desktop.connection.sender.closed == [7])
  }

  /// A one-time date that has passed is refused before any location is asked for.
  @Test func editToAPassedDateAsksNoLocation() throws {
    let world = try World()
    try world.save(Self.alarm())
    let passed = AlarmDays.once(Day(iso: "2026-11-20")!)
    #expect(throws: AlarmError.passed(passed, WallTime("07:00")!)) {
      try world.keeper.edit("a1b2c3d4", AlarmChange(days: passed), now: Self.now)
    }
    #expect(world.locator.asked.isEmpty)
  }

  /// An edit that does not disable it leaves a ring under way ringing.
  @Test func editKeepsTheRing() throws {
    let world = try World()
    let alarm = Self.alarm()
    try world.save(alarm)
    try world.ring(alarm)
    let changed = try world.keeper.edit("a1b2", AlarmChange(name: "Swim"), now: Self.now)
    #expect(changed.alarm.name == "Swim" && !changed.ringEnded)
    #expect(try world.ledger.ringing.count == 1)
  }
}
