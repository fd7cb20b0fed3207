import Foundation
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersTestSupport
import Testing

/// An alarm's ring through the delivery run (docs/alarms.md), against a notification server, a ledger,
/// a calendar and sounds in memory: shown whatever do-not-disturb says, back when its pop-up is
/// not on screen (in place of the last one), its sound started once and ended with it, and
/// ended when its alarm goes or rings again.
@Suite struct AlarmRingTests {
  static let place = GeoPoint(latitude: 35.681236, longitude: 139.767125)!
  static let ring: ReminderID = "alarm:a1b2c3d4:2026-11-23"

  static func alarm(enabled: Bool = true) -> Alarm {
    Alarm(
      id: "a1b2c3d4", name: "Office", time: WallTime("07:00")!, days: .weekdays(Array(0...6)), place: place,
      enabled: enabled, setAt: Fixture.t("2026-11-01T00:00:00+09:00"))
  }

  static func input(_ alarms: [Alarm]? = [alarm()]) -> PlanInput {
    var input = Fixture.input(cards: 0, recalls: false)
    input.alarms = alarms
    return input
  }

  @Test(arguments: [DoNotDisturbState.off, .on, .unknown])
  func itRingsWhateverDoNotDisturbSays(dnd: DoNotDisturbState) throws {
    let bench = Bench()
    bench.dnd = dnd
    let report = try bench.deliver(AlarmRingTests.input(), at: "2026-11-23T07:00:00+09:00")
    let shown = try #require(bench.sender.shown.first)
    #expect(shown.popup.kind == .alarm && shown.popup.critical && shown.popup.expireTimeout == 0)
    #expect(shown.popup.actions.isEmpty && shown.popup.title == "Alarm: Office")
    #expect(report.shown.map(\.id) == [AlarmRingTests.ring])
    let entry = try #require(bench.ledger.durable.entries[AlarmRingTests.ring])
    #expect(
      entry.isRinging && entry.sound == bench.sound.playing.first
        && bench.sound.started == [AlarmRingTests.ring])
  }

  /// Without the watch nothing says whether it is still shown: each run shows it again in place
  /// of the last (`replaces_id`), so that it is never on screen twice; the sound is not started
  /// again while it plays.
  @Test func withoutTheWatchItComesBackEveryRunInPlace() throws {
    let bench = Bench()
    try bench.deliver(AlarmRingTests.input(), at: "2026-11-23T07:00:00+09:00")
    for minute in 1...3 {
      let report = try bench.deliver(AlarmRingTests.input(), at: "2026-11-23T07:0\(minute):00+09:00")
      #expect(report.events.count == 1)
    }
    #expect(bench.sender.shown.map(\.replacing) == [nil, 41, 41, 41])
    #expect(bench.sound.started.count == 1)
  }

  /// Without the watch a ring is shown again in place of its last pop-up only on the server that
  /// gave that id: a restarted server counts from 1 again, and its id 41 may be another
  /// application's pop-up. An entry that names no server (written by an older version) is not
  /// replaced either.
  @Test(arguments: [(":1.7", 41 as UInt32?), (":1.99", nil), (nil, nil)])
  func aRingIsReplacedOnlyOnTheServerThatShowedIt(server: String?, replacing: UInt32?) throws {
    let bench = Bench()
    try bench.deliver(AlarmRingTests.input(), at: "2026-11-23T07:00:00+09:00")
    #expect(bench.ledger.durable.entries[AlarmRingTests.ring]?.server == ":1.7")
    if server == nil {
      bench.ledger.durable.setServer(AlarmRingTests.ring, nil)
    } else {
      bench.sender.server = server
    }
    try bench.deliver(AlarmRingTests.input(), at: "2026-11-23T07:01:00+09:00")
    #expect(bench.sender.shown.map(\.replacing) == [nil, replacing])
    let entry = try #require(bench.ledger.durable.entries[AlarmRingTests.ring])
    #expect(entry.server == bench.sender.server && entry.notificationID == (replacing ?? 42))
  }

  /// With the watch it comes back only when its pop-up closed (the watch took it off screen).
  @Test func withTheWatchItComesBackOnlyWhenClosed() throws {
    let bench = Bench()
    bench.watched = true
    try bench.deliver(AlarmRingTests.input(), at: "2026-11-23T07:00:00+09:00")
    try bench.deliver(AlarmRingTests.input(), at: "2026-11-23T07:01:00+09:00")
    #expect(bench.sender.shown.count == 1)
    #expect(bench.connects == 1)
    var closed = bench.ledger.durable
    closed.closed(
      notificationID: 41, at: Fixture.t("2026-11-23T07:01:30+09:00"), because: "dismissed by the user")
    bench.ledger.durable = closed
    let report = try bench.deliver(AlarmRingTests.input(), at: "2026-11-23T07:02:00+09:00")
    // Known closed: shown anew, in place of nothing (the id may be another pop-up's by now).
    #expect(bench.sender.shown.count == 2 && bench.sender.shown.last?.replacing == nil)
    guard case .rangAgain(let id, _)? = report.events.first else {
      Issue.record("expected the ring again, got \(report.events)")
      return
    }
    #expect(id == AlarmRingTests.ring && bench.ledger.durable.entries[id]?.onScreen == true)
  }

  /// A sound that died (the machine restarted) is started again; one that cannot start is said
  /// once a ring.
  @Test func theSoundPlaysUntilTheRingEnds() throws {
    let bench = Bench()
    bench.watched = true
    try bench.deliver(AlarmRingTests.input(), at: "2026-11-23T07:00:00+09:00")
    bench.sound.playing.removeAll()
    try bench.deliver(AlarmRingTests.input(), at: "2026-11-23T07:01:00+09:00")
    #expect(bench.sound.started.count == 2 && bench.sound.playing.count == 1)

    let silent = Bench()
    silent.sound.problem = "no sound player"
    let first = try silent.deliver(AlarmRingTests.input(), at: "2026-11-23T07:00:00+09:00")
    let second = try silent.deliver(AlarmRingTests.input(), at: "2026-11-23T07:01:00+09:00")
    let said = [first, second].flatMap(\.events).filter {
      if case .noSound = $0 { return true }
      return false
    }
    #expect(said.count == 1)
    #expect(silent.ledger.durable.entries[AlarmRingTests.ring]?.soundProblem == "no sound player")
  }

  /// A sound that ends by itself (its loop gave up on a failing player) is started again once;
  /// when it ends by itself again the ring plays no sound, said once, and no loop is started
  /// again every minute.
  @Test func aSoundThatKeepsFailingIsGivenUp() throws {
    let bench = Bench()
    bench.watched = true
    try bench.deliver(AlarmRingTests.input(), at: "2026-11-23T07:00:00+09:00")
    bench.sound.playing.removeAll()
    try bench.deliver(AlarmRingTests.input(), at: "2026-11-23T07:01:00+09:00")
    #expect(bench.sound.started.count == 2)
    bench.sound.playing.removeAll()
    var said: [String] = []
    for minute in 2...5 {
      let report = try bench.deliver(AlarmRingTests.input(), at: "2026-11-23T07:0\(minute):00+09:00")
      for case .noSound(_, let why) in report.events { said.append(AlarmSoundRule.ledgerValue(why)) }
    }
    #expect(bench.sound.started.count == 2 && bench.sound.playing.isEmpty && said == ["gave-up"])
    let entry = try #require(bench.ledger.durable.entries[AlarmRingTests.ring])
    #expect(entry.isRinging && entry.sound == nil && AlarmSoundRule.saysGaveUp(entry.soundProblem))
    #expect(entry.soundProblem == "gave-up")
  }

  /// A sound whose process could not be written to the ledger is ended at once: nobody could
  /// ever end it otherwise, and the next run would start one more.
  @Test func aSoundTheLedgerCannotRecordIsEnded() throws {
    let bench = Bench()
    // Save 1 records the ring as pending, save 2 is the sound's.
    bench.ledger.failingSaves = [2]
    #expect(throws: FakeLedger.DiskFull.self) {
      try bench.deliver(AlarmRingTests.input(), at: "2026-11-23T07:00:00+09:00")
    }
    #expect(bench.sound.started.count == 1 && bench.sound.playing.isEmpty && bench.sound.stopped.count == 1)
    #expect(bench.ledger.durable.entries[AlarmRingTests.ring]?.sound == nil)
  }

  /// A ring left pending by a run that died, then stopped (at its place, or because its alarm
  /// went), is never written to the fallback calendar afterwards.
  @Test(arguments: [true, false])
  func aRingStoppedWhilePendingGoesToNoCalendar(stoppedAtPlace: Bool) throws {
    let bench = Bench()
    // Save 2 (the sound's) fails: the ring stays pending on disk, as after a run that died.
    bench.ledger.failingSaves = [2]
    _ = try? bench.deliver(AlarmRingTests.input(), at: "2026-11-23T07:00:00+09:00")
    #expect(bench.ledger.durable.entries[AlarmRingTests.ring]?.pending == true)
    var alarms: [Alarm]? = [AlarmRingTests.alarm()]
    if stoppedAtPlace {
      bench.ledger.durable.stopRinging(
        AlarmRingTests.ring, at: Fixture.t("2026-11-23T07:00:30+09:00"), because: "stopped at its place")
    } else {
      alarms = []
    }
    try bench.deliver(AlarmRingTests.input(alarms), at: "2026-11-23T07:01:00+09:00")
    try bench.deliver(AlarmRingTests.input(alarms), at: "2026-11-23T07:02:00+09:00")
    #expect(bench.calendar.writes == 0 && bench.calendar.events.isEmpty)
    let entry = try #require(bench.ledger.durable.entries[AlarmRingTests.ring])
    #expect(!entry.pending && !entry.isRinging)
  }

  /// Deleted or disabled: the ring stops, its sound ends and its pop-up closes. An alarm file
  /// that could not be read ends nothing.
  @Test(arguments: [([] as [Alarm]?, true), ([alarm(enabled: false)], true), (nil, false)])
  func ringsEndWithTheirAlarm(alarms: [Alarm]?, ends: Bool) throws {
    let bench = Bench()
    try bench.deliver(AlarmRingTests.input(), at: "2026-11-23T07:00:00+09:00")
    let sound = try #require(bench.sound.playing.first)
    try bench.deliver(AlarmRingTests.input(alarms), at: "2026-11-23T07:01:00+09:00")
    let entry = try #require(bench.ledger.durable.entries[AlarmRingTests.ring])
    #expect(entry.isRinging == !ends)
    #expect(bench.sound.stopped == (ends ? [sound] : []))
    #expect(bench.sender.closed == (ends ? [41] : []))
  }

  /// The next day's ring takes the place of a ring still under way: one ring an alarm.
  @Test func theNextRingReplacesTheLast() throws {
    let bench = Bench()
    bench.watched = true
    try bench.deliver(AlarmRingTests.input(), at: "2026-11-23T07:00:00+09:00")
    try bench.deliver(AlarmRingTests.input(), at: "2026-11-24T07:00:00+09:00")
    let ringing = bench.ledger.durable.ringing.map(\.reminderID.description)
    #expect(ringing == ["alarm:a1b2c3d4:2026-11-24"])
    #expect(bench.sender.closed == [41] && bench.sound.stopped.count == 1 && bench.sound.playing.count == 1)
    #expect(
      bench.ledger.durable.entries[AlarmRingTests.ring]?.closedBecause
        == "the next ring of its alarm, alarm:a1b2c3d4:2026-11-24, took its place")
  }

  /// No notification server: the ring goes to the fallback calendar once, its sound plays, and
  /// it pops up as soon as a server answers.
  @Test func withoutADesktopItRingsAndPopsUpLater() throws {
    let bench = Bench()
    bench.reachable = SendFailure(.noBus)
    try bench.deliver(AlarmRingTests.input(), at: "2026-11-23T07:00:00+09:00")
    try bench.deliver(AlarmRingTests.input(), at: "2026-11-23T07:01:00+09:00")
    #expect(bench.calendar.writes == 1 && bench.sound.playing.count == 1 && bench.sender.shown.isEmpty)
    bench.reachable = nil
    try bench.deliver(AlarmRingTests.input(), at: "2026-11-23T07:02:00+09:00")
    #expect(bench.sender.shown.map(\.replacing) == [nil])
    #expect(bench.ledger.durable.entries[AlarmRingTests.ring]?.channel == .popup)
  }

  /// `preview` walks the runs and lists the first rings, starting no sound.
  @Test func previewListsRingsOnly() throws {
    let run = DeliveryRun(planner: Fixture.planner())
    let plan = try run.preview(
      AlarmRingTests.input(), ledger: DeliveryLedger(), now: Fixture.t("2026-11-23T06:00:00+09:00"),
      until: Fixture.day("2026-11-25"))
    #expect(plan.map(\.id.description) == ["alarm:a1b2c3d4:2026-11-23", "alarm:a1b2c3d4:2026-11-24"])
  }
}
