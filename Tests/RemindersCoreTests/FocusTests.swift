import Foundation
import Testing

@testable import RemindersCore

/// The focus session's schedule (docs/focus-and-stats.md#the-focus-timer-reminders-focus) and what
/// the planner makes of it.
@Suite struct FocusTests {
  static let start = Fixture.t("2026-11-21T09:00:00Z")

  static func session(
    start: Date = FocusTests.start, cycles: Int? = nil, hold: Bool = true, pauses: [FocusPause] = [],
    stoppedAt: Date? = nil, focus: TimeInterval = 1500
  ) -> FocusSession {
    FocusSession(
      id: "s1", start: start,
      settings: FocusSettings(
        focus: focus, shortBreak: 300, longBreak: 900, longEvery: 4, cycles: cycles, holdReminders: hold),
      task: nil, pauses: pauses, stoppedAt: stoppedAt)
  }

  /// Focus and break alternate; the break after every fourth completed focus phase is the long one.
  @Test(arguments: [
    (1, FocusPhaseKind.focus, "09:25"), (2, .shortBreak, "09:30"), (3, .focus, "09:55"),
    (4, .shortBreak, "10:00"),
    (5, .focus, "10:25"), (6, .shortBreak, "10:30"), (7, .focus, "10:55"), (8, .longBreak, "11:10"),
    (9, .focus, "11:35"), (10, .shortBreak, "11:40"), (16, .longBreak, "13:20"),
  ])
  func longBreakAfterTheFourth(number: Int, kind: FocusPhaseKind, end: String) {
    let phases = FocusTests.session().phases(
      now: FocusTests.start, through: Fixture.t("2026-11-21T14:00:00Z"))
    let phase = phases[number - 1]
    #expect(phase.number == number)
    #expect(phase.kind == kind)
    #expect(phase.end == Fixture.t("2026-11-21T\(end):00Z"))
    #expect(!phase.isLast)
  }

  /// Where the session stands: phase, time left, the phases ended so far.
  @Test(arguments: [
    ("09:00:00", 1, 1500.0, 0), ("09:24:59", 1, 1.0, 0), ("09:25:00", 2, 300, 1), ("09:31:00", 3, 1440, 2),
    ("10:57:00", 8, 780, 7),
  ])
  func status(at time: String, phase: Int, left: Double, ended: Int) {
    let status = FocusTests.session().status(at: Fixture.t("2026-11-21T\(time)Z"))
    #expect(status.current?.number == phase)
    #expect(status.timeLeft == left)
    #expect(status.ended.count == ended)
    #expect(!status.paused)
  }

  /// A pause stops the clock: the phase's end and every later one move by its length.
  @Test func pause() {
    let pauses = [
      FocusPause(start: Fixture.t("2026-11-21T09:10:00Z"), end: Fixture.t("2026-11-21T09:15:00Z")),
      FocusPause(start: Fixture.t("2026-11-21T09:32:00Z"), end: nil),
    ]
    let session = FocusTests.session(pauses: pauses)
    let during = session.status(at: Fixture.t("2026-11-21T09:12:00Z"))
    #expect(during.paused)
    #expect(during.current?.number == 1)
    #expect(during.timeLeft == 900)  // 10 minutes ran before the pause
    let later = session.status(at: Fixture.t("2026-11-21T09:33:00Z"))
    #expect(later.ended.map(\.end) == [Fixture.t("2026-11-21T09:30:00Z")])
    #expect(later.current?.kind == .shortBreak)
    #expect(later.paused)
    #expect(later.timeLeft == 180)  // 2 minutes of the break ran
    // While the pause lasts, the end is as if it resumed now.
    let phases = session.phases(
      now: Fixture.t("2026-11-21T09:40:00Z"), through: Fixture.t("2026-11-21T10:00:00Z"))
    #expect(phases[1].end == Fixture.t("2026-11-21T09:43:00Z"))
    #expect(session.running(at: Fixture.t("2026-11-21T09:40:00Z")) == 25 * 60 + 120)
  }

  /// A stop ends the phase running then, not completed, and the session with it.
  @Test func stopMidPhase() {
    let session = FocusTests.session(stoppedAt: Fixture.t("2026-11-21T09:40:00Z"))
    let status = session.status(at: Fixture.t("2026-11-21T10:00:00Z"))
    #expect(status.isOver)
    #expect(status.ended.count == 3)
    let last = status.ended[2]
    #expect(last.kind == .focus)
    #expect(last.stopped && !last.completed && last.isLast)
    #expect(last.ran == 600)
    #expect(last.end == Fixture.t("2026-11-21T09:40:00Z"))
    #expect(session.loggable(at: Fixture.t("2026-11-21T10:00:00Z")).map(\.ran) == [1500, 600])
    // Stopped after 30 seconds: nothing to log.
    let short = FocusTests.session(stoppedAt: Fixture.t("2026-11-21T09:00:30Z"))
    #expect(short.loggable(at: Fixture.t("2026-11-21T10:00:00Z")).isEmpty)
  }

  /// With `cycles`, the session ends with its last focus phase (no break after it).
  @Test func cycles() {
    let phases = FocusTests.session(cycles: 2).phases(
      now: FocusTests.start, through: Fixture.t("2026-11-22T00:00:00Z"))
    #expect(phases.map(\.kind) == [.focus, .shortBreak, .focus])
    #expect(phases.map(\.isLast) == [false, false, true])
    #expect(phases.last?.end == Fixture.t("2026-11-21T09:55:00Z"))
  }

  /// Lengths are real seconds across both daylight-saving changes in New York; shown in the zone.
  @Test(arguments: [
    ("2026-03-08T01:50:00-05:00", "2026-03-08T03:15:00-04:00", "2026-03-08T03:20:00-04:00"),
    ("2026-11-01T01:50:00-04:00", "2026-11-01T01:15:00-05:00", "2026-11-01T01:20:00-05:00"),
  ])
  func daylightSaving(start: String, focusEnd: String, breakEnd: String) {
    let session = FocusTests.session(start: Fixture.t(start))
    let phases = session.phases(now: Fixture.t(start), through: Fixture.t(breakEnd))
    #expect(Fixture.format(phases[0].end, Fixture.newYork) == focusEnd)
    #expect(Fixture.format(phases[1].end, Fixture.newYork) == breakEnd)
    #expect(phases[0].end.timeIntervalSince(phases[0].start) == 1500)
  }

  /// The text form of a phase end's id.
  @Test(arguments: [
    ("focus:ab12cd34:3", ReminderID.focus(session: "ab12cd34", phase: 3)),
    ("focus:ab12cd34:0", .other("focus:ab12cd34:0")), ("focus::3", .other("focus::3")),
    ("focus:a:b:3", .other("focus:a:b:3")), ("focus:a:03", .other("focus:a:03")),
  ])
  func ids(text: String, id: ReminderID) {
    #expect(ReminderID(text) == id)
    #expect(id.description == text)
  }

  static func input(_ session: FocusSession, cards: [Card] = [], recalls: [RecallItem] = []) -> PlanInput {
    var input = Fixture.input(cards: cards, recalls: recalls)
    input.focus = FocusInput(session: session, earlierMinutes: 50, earlierDay: Fixture.day("2026-11-21"))
    return input
  }

  /// Each phase end is a critical pop-up at its second, whatever the window; the texts of
  /// docs/focus-and-stats.md#the-focus-timer-reminders-focus.
  @Test(arguments: [Language.ja, .en])
  func phaseEnds(language: Language) {
    // 17:00 UTC is 02:00 in Tokyo: outside the window, and still not moved.
    let start = Fixture.t("2026-11-21T17:00:00Z")
    let session = FocusTests.session(start: start, cycles: 5)
    let planner = Fixture.planner(Fixture.schedule(), Fixture.tokyo, language)
    let plan = planner.plan(FocusTests.input(session), ledger: DeliveryLedger(), now: start, days: 2)
    #expect(plan.count == 9)
    #expect(plan.allSatisfy { $0.kind == .focus && $0.critical && $0.reason == nil })
    #expect(plan[0].id.description == "focus:s1:1")
    #expect(plan[0].fireAt == Fixture.t("2026-11-21T17:25:00Z"))
    let ja = language == .ja
    #expect(plan[0].title == (ja ? "集中終了：5分休憩" : "Focus done: 5-minute break"))
    #expect(plan[1].title == (ja ? "休憩終了：集中を再開" : "Break over: back to focus"))
    #expect(plan[6].title == (ja ? "集中終了：15分休憩" : "Focus done: 15-minute break"))
    // Five phases of 25 minutes on the Tokyo day of 2026-11-22 (the earlier 50 were the 21st's).
    #expect(plan[8].title == (ja ? "今日の集中 125分" : "125 minutes of focus today"))
    // Without a task, the body names the cycle that ended (it used to be empty).
    #expect(plan[0].body == (ja ? "5サイクル中 1サイクル目" : "Cycle 1 of 5"))
    #expect(plan[8].body == (ja ? "5サイクル中 5サイクル目" : "Cycle 5 of 5"))
  }

  /// A phase end already delivered is not planned again; one missed is said only while it is the
  /// latest passed and recent.
  @Test func lapse() {
    let session = FocusTests.session()
    let planner = Fixture.planner(Fixture.schedule(window: ("00:00", "23:59")), Fixture.utc)
    let input = FocusTests.input(session)
    let at = { (time: String) in
      planner.due(input, ledger: DeliveryLedger(), now: Fixture.t("2026-11-21T\(time)Z")).map(
        \.id.description)
    }
    #expect(at("09:24:59") == [])
    #expect(at("09:25:00") == ["focus:s1:1"])
    #expect(at("09:29:00") == ["focus:s1:1"])
    #expect(at("09:31:00") == ["focus:s1:2"])
    #expect(at("09:35:01") == [])
    let ledger = DeliveryLedger(entries: [
      DeliveryLedger.Entry(
        reminderID: .focus(session: "s1", phase: 1), deliveredAt: Fixture.t("2026-11-21T09:25:00Z"),
        channel: .popup, notificationID: 1, recallItemIDs: [], title: "t")
    ])
    #expect(planner.due(input, ledger: ledger, now: Fixture.t("2026-11-21T09:25:30Z")).isEmpty)
  }

  /// The ledger forgets phase ends an hour after they were said, but keeps each session's latest;
  /// a phase at or before it is never planned again, even with the clock set back an hour.
  @Test func forgottenPhaseEndsStaySaid() {
    let session = FocusTests.session(focus: 60)
    let planner = Fixture.planner(Fixture.schedule(window: ("00:00", "23:59")), Fixture.utc)
    let input = FocusTests.input(session)
    var ledger = DeliveryLedger()
    var now = FocusTests.start
    // Two hours of a run every minute: each phase end is said once, at its second.
    var said: [String] = []
    for _ in 0..<120 {
      now = now.addingTimeInterval(60)
      for reminder in planner.due(input, ledger: ledger, now: now) {
        said.append(reminder.id.description)
        ledger.record(
          DeliveryLedger.Entry(
            reminderID: reminder.id, deliveredAt: now, channel: .popup, notificationID: 1, recallItemIDs: [],
            title: reminder.title))
      }
      ledger.dropFocusEntries(before: now.addingTimeInterval(-DeliveryLedger.focusEntrySeconds))
    }
    #expect(said.count == Set(said).count)
    #expect(said.count > 20)
    #expect(ledger.latestFocusPhase(session: "s1") == Int(said.last!.split(separator: ":").last!))
    // Only the last hour's phase ends are kept.
    #expect(!ledger.contains(reminderID: ReminderID(said[0])))
    for back in [60.0, 1_800, 3_600, 7_000] {
      let earlier = now.addingTimeInterval(-back)
      #expect(planner.due(input, ledger: ledger, now: earlier).isEmpty, "\(back) s back")
      let plan = planner.plan(input, ledger: ledger, now: earlier, days: 1)
      #expect(plan.allSatisfy { $0.fireAt > now }, "\(back) s back")
      #expect(
        planner.next(input, ledger: ledger, now: earlier, until: Fixture.day("2026-11-22")) == plan.first)
    }
  }

  /// Daily and recall reminders due during a focus phase wait for the next break, reason `focus`;
  /// with `hold_reminders` off they do not.
  @Test(arguments: ["Asia/Tokyo", "America/New_York", "UTC"])
  func holds(zone: String) {
    let clock = Fixture.clock(zone)
    let day = Fixture.day("2026-11-21")
    let start = clock.instant(on: day, at: Fixture.wall("07:50"))
    let cards = [Fixture.card("1", due: "2026-11-21")]
    let recall = RecallItem(
      id: "r1", topic: "topic", note: nil, dueAt: clock.instant(on: day, at: Fixture.wall("08:40")))
    let planner = Fixture.planner(Fixture.schedule(), clock)
    for hold in [true, false] {
      let input = FocusTests.input(
        FocusTests.session(start: start, cycles: 3, hold: hold), cards: cards, recalls: [recall])
      let plan = planner.plan(input, ledger: DeliveryLedger(), now: start, days: 1).filter {
        $0.kind != .focus
      }
      let daily = plan.first { $0.kind == .dailyReview }
      let recalled = plan.first { $0.kind == .recall }
      if hold {
        // Focus 07:50–08:15, break to 08:20, focus to 08:45, break to 08:50, focus to 09:15.
        #expect(daily?.fireAt == clock.instant(on: day, at: Fixture.wall("08:15")))
        #expect(daily?.reason == .focus)
        #expect(daily?.deferredFrom == clock.instant(on: day, at: Fixture.wall("08:00")))
        #expect(recalled?.fireAt == clock.instant(on: day, at: Fixture.wall("08:45")))
        #expect(recalled?.reason == .focus)
      } else {
        #expect(daily?.fireAt == clock.instant(on: day, at: Fixture.wall("08:00")))
        #expect(daily?.reason == nil)
        #expect(recalled?.fireAt == recall.dueAt)
      }
    }
  }

  /// A pause is not focus: a session paused at 07:55 (and left so) holds nothing from then on,
  /// however many runs come later; what came due during the running part waits for the pause.
  @Test func aPauseHoldsNothing() {
    let clock = Fixture.utc
    let start = Fixture.t("2026-11-21T07:50:00Z")
    let session = FocusTests.session(
      start: start, pauses: [FocusPause(start: Fixture.t("2026-11-21T07:55:00Z"), end: nil)])
    let planner = Fixture.planner(Fixture.schedule(), clock)
    let input = FocusTests.input(session, cards: [Fixture.card("1", due: "2026-11-21")])
    for now in ["2026-11-21T08:00:00Z", "2026-11-21T09:00:00Z", "2026-11-21T12:00:00Z"] {
      let due = planner.due(input, ledger: DeliveryLedger(), now: Fixture.t(now))
      #expect(due.map(\.id.description) == ["daily:2026-11-21"], "\(now)")
    }
    // Paused 07:55–08:05, then running again: held only while it runs.
    let resumed = FocusTests.session(
      start: start,
      pauses: [FocusPause(start: Fixture.t("2026-11-21T07:55:00Z"), end: Fixture.t("2026-11-21T08:05:00Z"))])
    let plan = planner.plan(
      FocusTests.input(resumed, cards: [Fixture.card("1", due: "2026-11-21")]), ledger: DeliveryLedger(),
      now: Fixture.t("2026-11-21T07:56:00Z"), days: 1)
    #expect(plan.first { $0.kind == .dailyReview }?.fireAt == Fixture.t("2026-11-21T08:00:00Z"))
    #expect(
      session.runningSpans(
        of: session.phases(
          now: Fixture.t("2026-11-21T08:00:00Z"), through: Fixture.t("2026-11-21T08:00:00Z"))[0])
        == [DateInterval(start: start, end: Fixture.t("2026-11-21T07:55:00Z"))])
  }

  /// A stop ends the hold at once: what waited is due at the stop.
  @Test func stopReleases() {
    let clock = Fixture.utc
    let start = Fixture.t("2026-11-21T07:50:00Z")
    let session = FocusTests.session(start: start, stoppedAt: Fixture.t("2026-11-21T08:05:00Z"))
    let planner = Fixture.planner(Fixture.schedule(), clock)
    let input = FocusTests.input(session, cards: [Fixture.card("1", due: "2026-11-21")])
    let due = planner.due(input, ledger: DeliveryLedger(), now: Fixture.t("2026-11-21T08:05:00Z"))
    #expect(due.map(\.id.description) == ["daily:2026-11-21", "focus:s1:1"])
    #expect(due[0].reason == .focus)
    #expect(due[1].title == "65 minutes of focus today")
  }
}
