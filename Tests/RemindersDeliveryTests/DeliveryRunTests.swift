import Foundation
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersTestSupport
import Testing

/// The delivery rules, row by row, against a notification server, a ledger and a calendar in
/// memory. The same run against a real dbus-daemon and dunst is in CLITests/RunTests.
@Suite struct DeliveryRunTests {
  let daily: ReminderID = .daily(Fixture.day("2026-11-21"))

  /// What the desktop is like, and where the daily reminder of 08:00 goes.
  enum Outcome: Equatable {
    case shown, held, calendar
  }

  @Test(
    arguments: [
      (DoNotDisturbState.off, nil, Outcome.shown),
      (.unknown, nil, .shown),
      (.on, nil, .held),
      (
        .off,
        SendFailure(.refused, bus: BusFailure(name: "org.freedesktop.DBus.Error.Failed", message: "no")),
        .calendar
      ),
      (.off, SendFailure(.noAnswer), .calendar),
      (.on, SendFailure(.noBus), .calendar),
    ] as [(DoNotDisturbState, SendFailure?, Outcome)])
  func whereTheDailyGoes(dnd: DoNotDisturbState, failure: SendFailure?, outcome: Outcome) throws {
    let bench = Bench()
    bench.dnd = dnd
    if failure?.kind == .noBus { bench.reachable = failure } else { bench.sender.failure = failure }
    let report = try bench.deliver(Fixture.input(), at: "2026-11-21T08:00:00+09:00")
    let entry = bench.ledger.durable.entries[daily]
    switch outcome {
    case .shown:
      #expect(bench.sender.shown.map(\.popup.title) == ["Today's reviews: 2 cards"])
      #expect(entry?.channel == .popup && entry?.pending == false && entry?.notificationID == 41)
      #expect(report.shown.map(\.id) == [daily] && bench.calendar.events.isEmpty)
    case .held:
      #expect(bench.sender.shown.isEmpty && entry == nil && bench.calendar.events.isEmpty)
      #expect(bench.ledger.durable.held[daily.description] == Fixture.t("2026-11-21T08:00:00+09:00"))
    case .calendar:
      #expect(bench.sender.shown.isEmpty)
      #expect(bench.calendar.events.keys.sorted() == [daily])
      #expect(entry?.channel == .calendar && entry?.pending == false)
    }
    // Whatever happened, a second run at the same moment sends and writes nothing more.
    let saves = bench.ledger.saves
    let shown = bench.sender.shown.count
    try bench.deliver(Fixture.input(), at: "2026-11-21T08:00:00+09:00")
    #expect(bench.sender.shown.count == shown && bench.calendar.writes <= 1)
    #expect(bench.ledger.saves == saves)
  }

  /// A run with nothing due neither connects to the desktop nor writes the ledger.
  @Test func anIdleRunTouchesNothing() throws {
    let bench = Bench()
    try bench.deliver(Fixture.input(), at: "2026-11-21T07:59:00+09:00")
    #expect(bench.connects == 0 && bench.ledger.saves == 0)
  }

  /// Record before send: when the ledger cannot be written, nothing is shown — not once a run,
  /// as four runs on a full disk once showed four pop-ups.
  @Test func aLedgerThatCannotBeWrittenShowsNothing() throws {
    let bench = Bench()
    bench.ledger.failingSaves = Set(1...100)
    for minute in 0..<4 {
      #expect(throws: FakeLedger.DiskFull.self) {
        try bench.deliver(Fixture.input(), at: "2026-11-21T08:0\(minute):00+09:00")
      }
    }
    #expect(bench.sender.shown.isEmpty && bench.calendar.events.isEmpty)
    #expect(bench.ledger.durable == DeliveryLedger())
  }

  /// The pop-up went out but its confirmation could not be written (or the run died right after
  /// `Notify`): the pending entry counts as delivered, and the next run writes it to the
  /// calendar instead of showing it again.
  @Test func aRunThatStopsAfterNotifyNeverShowsItAgain() throws {
    let bench = Bench()
    bench.ledger.failingSaves = [2]
    #expect(throws: FakeLedger.DiskFull.self) {
      try bench.deliver(Fixture.input(), at: "2026-11-21T08:00:00+09:00")
    }
    #expect(bench.sender.shown.count == 1)
    #expect(bench.ledger.durable.entries[daily]?.pending == true)
    let report = try bench.deliver(Fixture.input(), at: "2026-11-21T08:01:00+09:00")
    #expect(bench.sender.shown.count == 1)
    #expect(bench.calendar.events.keys.sorted() == [daily])
    #expect(bench.ledger.durable.entries[daily]?.pending == false)
    #expect(bench.ledger.durable.entries[daily]?.channel == .calendar)
    guard case .toCalendar(_, _, let why)? = report.events.first else {
      Issue.record("expected the pending reminder to go to the calendar: \(report.events)")
      return
    }
    #expect(why.kind == .interrupted)
    try bench.deliver(Fixture.input(), at: "2026-11-21T08:02:00+09:00")
    #expect(bench.sender.shown.count == 1 && bench.calendar.writes == 1)
  }

  /// A calendar that cannot be written: the pop-ups that were shown stay recorded, what was
  /// meant for the calendar stays pending and goes there once it can be written.
  @Test func aCalendarThatCannotBeWrittenLosesNothing() throws {
    let bench = Bench()
    bench.reachable = SendFailure(.noBus)
    bench.calendar.fails = true
    #expect(throws: FakeCalendar.Unwritable.self) {
      try bench.deliver(Fixture.input(), at: "2026-11-21T08:00:00+09:00")
    }
    #expect(bench.ledger.durable.entries[daily]?.pending == true)
    bench.calendar.fails = false
    bench.reachable = nil
    try bench.deliver(Fixture.input(), at: "2026-11-21T08:01:00+09:00")
    #expect(bench.sender.shown.isEmpty)
    #expect(bench.calendar.events.keys.sorted() == [daily])
  }

  /// Held during do-not-disturb, delivered once when it ends, marked as moved by it.
  @Test func heldThenDeliveredOnce() throws {
    let bench = Bench()
    bench.dnd = .on
    try bench.deliver(Fixture.input(), at: "2026-11-21T08:00:00+09:00")
    try bench.deliver(Fixture.input(), at: "2026-11-21T08:30:00+09:00")
    #expect(bench.sender.shown.isEmpty)
    bench.dnd = .off
    let report = try bench.deliver(Fixture.input(), at: "2026-11-21T09:00:00+09:00")
    #expect(report.shown.map(\.reason) == [.desktopDND])
    #expect(bench.ledger.durable.held.isEmpty)
    try bench.deliver(Fixture.input(), at: "2026-11-21T09:01:00+09:00")
    #expect(bench.sender.shown.count == 1)
  }

  /// The clock set a week forward and back again: today's daily is not shown twice, however
  /// long the ledger kept its entry.
  @Test(arguments: [1, 7, 8, 30, 400])
  func theClockGoingBackDoesNotRepeatADaily(daysAhead: Int) throws {
    let bench = Bench()
    try bench.deliver(Fixture.input(), at: "2026-11-21T08:00:00+09:00")
    let ahead = Fixture.tokyo.instant(
      on: Fixture.day("2026-11-21").adding(days: daysAhead), at: WallTime("09:00")!)
    try bench.run.deliver(Fixture.input(), now: ahead, world: bench.world)
    let shown = bench.sender.shown.count
    try bench.deliver(Fixture.input(), at: "2026-11-21T08:05:00+09:00")
    #expect(bench.sender.shown.count == shown)
    #expect(bench.ledger.durable.contains(reminderID: daily))
  }

  /// What happens to today's daily pop-up on screen when the deck changes.
  enum Screen: Equatable {
    case replaced, closed, untouched, offScreen
  }

  @Test(
    arguments: [
      (true, 1, DoNotDisturbState.off, false, Screen.replaced),
      (true, 0, .off, false, .closed),
      (true, 2, .off, false, .untouched),
      (false, 1, .off, false, .offScreen),
      (true, 1, .on, false, .untouched),
      (true, 1, .off, true, .offScreen),
    ] as [(Bool, Int, DoNotDisturbState, Bool, Screen)])
  func theDailyPopUpOnScreen(
    watched: Bool, cardsLeft: Int, dnd: DoNotDisturbState, fails: Bool, screen: Screen
  )
    throws
  {
    let bench = Bench()
    bench.watched = true
    try bench.deliver(Fixture.input(recalls: false), at: "2026-11-21T08:00:00+09:00")
    #expect(bench.ledger.durable.entries[daily]?.onScreen == true)
    bench.watched = watched
    bench.dnd = dnd
    if fails { bench.sender.failure = SendFailure(.noAnswer) }
    let report = try bench.deliver(
      Fixture.input(cards: cardsLeft, recalls: false), at: "2026-11-21T08:10:00+09:00")
    let entry = try #require(bench.ledger.durable.entries[daily])
    switch screen {
    case .replaced:
      #expect(
        bench.sender.shown.last
          == .init(
            popup: .init(
              kind: .dailyReview, title: "Today's reviews: 1 card", body: "1 new. Start a new streak today.",
              actions: [
                "default", "Review here", "cards", "Review here", "review", "Review now", "snooze",
                "In 10 minutes",
              ]),
            replacing: 41))
      #expect(entry.onScreen && entry.title == "Today's reviews: 1 card" && entry.updatedAt != nil)
    case .closed:
      #expect(bench.sender.closed == [41] && !entry.onScreen)
      #expect(entry.closedBecause == "no card left to review")
    case .untouched:
      #expect(bench.sender.shown.count == 1 && bench.sender.closed.isEmpty && entry.onScreen)
      #expect(report.events.isEmpty)
    case .offScreen:
      #expect(bench.sender.shown.count == 1 && bench.sender.closed.isEmpty && !entry.onScreen)
    }
  }
}

/// `preview` walks the same runs with a desktop that only records: what it shows is what the
/// planner says `run` will do, in every zone and across both daylight-saving changes.
@Suite struct PreviewTests {
  @Test(arguments: [
    ("Asia/Tokyo", "2026-11-21T06:00:00+09:00"),
    ("America/New_York", "2026-03-07T20:00:00-05:00"),
    ("America/New_York", "2026-10-31T20:00:00-04:00"),
    ("UTC", "2026-11-21T13:02:00Z"),
  ])
  func previewIsThePlan(zone: String, now: String) throws {
    let clock = Fixture.clock(zone)
    let planner = Fixture.planner(clock, quiet: ["12:00-13:00", "22:00-07:00"])
    let start = Fixture.t(now)
    let cards = (0..<6).map { Fixture.card("\($0)", due: "\(clock.day(of: start).adding(days: $0 % 3 - 1))") }
    let recalls = (0..<8).map {
      RecallItem(
        id: "r\($0)", topic: "topic \($0)", dueAt: start.addingTimeInterval(Double($0) * 5400 - 7200))
    }
    let input = PlanInput(dueIndex: DueIndex(cards: cards), streak: Streak(answerDays: []), recalls: recalls)
    let end = clock.day(of: start).adding(days: 3)
    let walked = try DeliveryRun(planner: planner).preview(
      input, ledger: DeliveryLedger(), now: start, until: end)
    let planned = planner.plan(input, ledger: DeliveryLedger(), now: start, until: end)
    #expect(!planned.isEmpty)
    #expect(walked == planned)
    // `status` wants the next one only: the walk stops at the first step that shows one.
    let next = try DeliveryRun(planner: planner).preview(
      input, ledger: DeliveryLedger(), now: start, until: end, atLeast: 1)
    #expect(!next.isEmpty && next.count < planned.count && next == Array(planned.prefix(next.count)))
  }

  /// A calendar's walk (`focusEnds: false`) does not stop at an endless focus session's phase
  /// ends, yet gives every other reminder as the whole walk does, held by the session where it
  /// holds them; recall items a ledger already delivered are skipped, and stay so, to the end.
  @Test(arguments: [true, false])
  func aCalendarsWalkSkipsFocusEndsAndDeliveredRecalls(hold: Bool) throws {
    let clock = Fixture.clock("Asia/Tokyo")
    let planner = Fixture.planner(clock, quiet: ["12:00-13:00"])
    let start = Fixture.t("2026-11-21T06:00:00+09:00")
    let cards = (0..<4).map { Fixture.card("\($0)", due: "\(clock.day(of: start).adding(days: $0 % 2))") }
    let recalls = (0..<40).map {
      RecallItem(id: "r\($0)", topic: "topic \($0)", dueAt: start.addingTimeInterval(Double($0 - 20) * 5400))
    }
    var input = PlanInput(dueIndex: DueIndex(cards: cards), streak: Streak(answerDays: []), recalls: recalls)
    input.focus = FocusInput(
      session: FocusSession(
        id: "s1", start: start.addingTimeInterval(3 * 3600),
        settings: FocusSettings(
          focus: 1500, shortBreak: 300, longBreak: 900, longEvery: 4, cycles: nil, holdReminders: hold),
        task: nil, pauses: [], stoppedAt: nil),
      earlierMinutes: 0, earlierDay: clock.day(of: start))
    // The first 20 items were delivered long ago, and a later one too (not a prefix).
    var ledger = DeliveryLedger()
    for i in Array(0..<20) + [30] {
      ledger.record(
        .init(
          reminderID: .recall(firstItem: "r\(i)"), deliveredAt: recalls[i].dueAt, channel: .popup,
          notificationID: nil, recallItemIDs: ["r\(i)"], title: "t"))
    }
    var skipping = input
    skipping.skipDeliveredRecalls(in: ledger)
    #expect(skipping.recallsDelivered == 20)
    let end = clock.day(of: start).adding(days: 4)
    let run = DeliveryRun(planner: planner)
    let whole = try run.preview(input, ledger: ledger, now: start, until: end)
    let calendar = try run.preview(input, ledger: ledger, now: start, until: end, focusEnds: false)
    #expect(whole.filter { $0.kind == .focus }.count > 200)
    #expect(calendar.filter { $0.kind != .focus } == whole.filter { $0.kind != .focus })
    // Only those due with another reminder (held to a break, that comes at a phase end).
    #expect(calendar.filter { $0.kind == .focus }.count < 20)
    #expect(!whole.contains { $0.recallItemIDs.contains("r30") || $0.recallItemIDs.contains("r19") })
    #expect(whole.contains { $0.recallItemIDs.contains("r31") } && whole.contains { $0.kind == .dailyReview })
    // The planner reads the same with and without the hint.
    #expect(
      planner.plan(skipping, ledger: ledger, now: start, until: end)
        == planner.plan(input, ledger: ledger, now: start, until: end))
  }

  /// Actions only when the watch runs and the server offers them; recall pop-ups get "Recall
  /// now"; `daily.persist` makes daily pop-ups (not recall ones) never expire.
  @Test(arguments: [(true, true), (true, false), (false, true)])
  func actionsAndPersistence(watched: Bool, serverOffers: Bool) throws {
    var planner = Fixture.planner()
    var schedule = planner.schedule
    schedule.dailyPersist = true
    planner = Planner(schedule: schedule, clock: planner.clock, words: planner.words)
    let bench = Bench(planner: DeliveryRun(planner: planner))
    bench.watched = watched
    bench.sender.actions = serverOffers
    try bench.deliver(Fixture.input(), at: "2026-11-21T08:00:00+09:00")
    try bench.deliver(Fixture.input(), at: "2026-11-21T13:05:00+09:00")
    let popups = bench.sender.shown.map(\.popup)
    #expect(popups.map(\.kind) == [.dailyReview, .recall])
    #expect(popups.map(\.expireTimeout) == [0, -1])
    if watched && serverOffers {
      // `cards` studies in the pop-up itself; a click follows `review.in` (the pop-up by default).
      #expect(
        popups[0].actions == [
          "default", "Review here", "cards", "Review here", "review", "Review now", "snooze", "In 10 minutes",
        ])
      #expect(
        popups[1].actions == [
          "default", "Review here", "cards", "Review here", "review", "Recall now", "snooze", "In 10 minutes",
        ])
    } else {
      #expect(popups.allSatisfy { $0.actions.isEmpty })
    }
  }
}

/// The daily reminder counts Anki's cards when it shows, not at `daily.time`: quiet hours
/// 19:00–20:00 move the 19:00 reminder to 20:00, and the count is Anki's then. The walk goes on
/// past it to the recall item at 21:00 whatever the count.
@Suite struct AnkiCountedWhenShownTests {
  /// A Tokyo collection made on 2026-10-01 at its rollover hour, one deck "Anki".
  static func collection(rollover: Int, cards: [AnkiCollection.CardGroup], newLimitToday: Int?)
    -> AnkiCollection
  {
    let clock = Fixture.tokyo
    let crt = clock.instant(on: Fixture.day("2026-10-01"), at: WallTime(String(format: "%02d:00", rollover))!)
    var c = AnkiCollection(
      creation: Int64(crt.timeIntervalSince1970), creationOffsetMinutesWest: -540, rolloverHour: rollover)
    let asked = Fixture.t("2026-11-21T19:00:00+09:00")
    let today = AnkiDueCounter(c).day(at: asked, utcOffset: 32400)
    c.decks = [
      .init(
        id: 1, name: ["Anki"],
        kind: .normal(.init(presetID: 1, newLimitToday: newLimitToday.map { .init(limit: $0, day: today) })))
    ]
    c.presets = [1: .init(newPerDay: newLimitToday == nil ? 9999 : 0, reviewsPerDay: 9999)]
    c.cards = cards
    return c
  }

  static let learningAt2010 = AnkiCollection.CardGroup(
    deck: 1, queue: 1, type: 1, due: Int64(Fixture.t("2026-11-21T20:10:00+09:00").timeIntervalSince1970))
  static let newCard = AnkiCollection.CardGroup(deck: 1, queue: 0, type: 0, due: 1)

  @Test(
    arguments: [
      // A learning card due 20:10: not counted at 19:00 (more than the learn-ahead 20 minutes
      // away), counted at 20:00, when the reminder shows.
      (4, [learningAt2010], nil, ["daily:2026-11-21 20:00 1", "recall 21:00"]),
      // A new card allowed by a limit for Anki's today only, which ends at 20:00 (rollover 20):
      // counted at 19:00, none left at 20:00: no daily reminder, and the recall still comes.
      (20, [newCard], 1, ["recall 21:00"]),
      // Due all evening: shown at 20:00.
      (4, [newCard], nil, ["daily:2026-11-21 20:00 1", "recall 21:00"]),
    ] as [(Int, [AnkiCollection.CardGroup], Int?, [String])])
  func countedWhenShown(
    rollover: Int, cards: [AnkiCollection.CardGroup], newLimitToday: Int?, expected: [String]
  )
    throws
  {
    let clock = Fixture.tokyo
    let planner = Planner(
      schedule: Schedule(
        dailyTime: WallTime("19:00")!, windowStart: WallTime("08:00")!, windowEnd: WallTime("22:00")!,
        quietHours: [QuietRange("19:00-20:00")!], recallCoalesce: 600, recallAfterWrong: 10800),
      clock: clock, words: Language.en.words)
    var input = PlanInput(
      dueIndex: DueIndex(cards: []), streak: Streak(answerDays: []),
      recalls: [RecallItem(id: "r1", topic: "ephemeral", dueAt: Fixture.t("2026-11-21T21:00:00+09:00"))])
    input.anki = AnkiDue(
      AnkiCountedWhenShownTests.collection(rollover: rollover, cards: cards, newLimitToday: newLimitToday),
      decks: nil)
    let start = Fixture.t("2026-11-21T12:00:00+09:00")
    let end = Fixture.day("2026-11-22")
    func described(_ r: Reminder) -> String {
      let time = Timestamp.format(r.fireAt, in: clock).dropFirst(11).prefix(5)
      return r.kind == .recall ? "recall \(time)" : "\(r.id) \(time) \(r.dueCount ?? -1)"
    }
    let planned = planner.plan(input, ledger: DeliveryLedger(), now: start, until: end)
    let walked = try DeliveryRun(planner: planner).preview(
      input, ledger: DeliveryLedger(), now: start, until: end)
    #expect(planned.map(described) == expected)
    #expect(walked == planned)
    // `run` at each planned moment delivers what the plan says.
    let bench = Bench(planner: DeliveryRun(planner: planner))
    var delivered: [String] = []
    for reminder in planned {
      delivered += try bench.deliver(input, at: Timestamp.format(reminder.fireAt, in: clock)).shown.map(
        described)
    }
    #expect(delivered == expected)
  }
}
