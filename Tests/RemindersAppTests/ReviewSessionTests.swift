import Foundation
import RemindersCore
import RemindersStore
import RemindersTestSupport
import Testing

@testable import RemindersApp

/// The review session with a fake clock and a deck in a temporary folder (docs/commands.md#reminders-review).
@Suite struct ReviewSessionTests {
  /// 2026-11-21, 09:00 in Tokyo.
  static let morning = "2026-11-21T09:00:00+09:00"

  static func card(
    _ id: String, due: String, step: Int = 2, created: String = "2026-11-01T09:00:00+09:00",
    collection: String? = nil
  ) -> Card {
    Card(
      id: id, front: "front \(id)", back: "back \(id)", collection: collection, stepIndex: step,
      nextReviewDate: Day(iso: due)!, createdAt: FakeClock.parse(created))
  }

  static func recall(_ id: String, due: String, done: String? = nil) -> RecallItem {
    RecallItem(id: id, topic: "topic \(id)", dueAt: FakeClock.parse(due), doneAt: done.map(FakeClock.parse))
  }

  /// A session over `deck`, the clock at `now`, items in the deck's order (no shuffle).
  static func session(
    _ deck: Deck, _ files: TestWorkspace, clock: FakeClock, collection: String? = nil, limit: Int? = nil,
    recallsOnly: Bool = false
  ) throws -> ReviewSession {
    try files.save(deck)
    var ids = 0
    var generator = FixedGenerator()
    return try ReviewSession(
      workspace: files.workspace, time: clock, collection: collection, limit: limit, shuffle: false,
      recallsOnly: recallsOnly, generator: &generator,
      newID: {
        ids += 1
        return "new-\(ids)"
      })
  }

  static func names(_ items: [ReviewQueue.Item]) -> [String] {
    items.map {
      switch $0 {
      case .card(let card): card.id
      case .recall(let recall): recall.id
      }
    }
  }

  /// Most overdue first (then the oldest card), then the recall items whose time has come,
  /// earliest first; a collection keeps its cards only; recallsOnly keeps the recall items.
  @Test(arguments: [
    (nil as String?, nil as Int?, false, ["c3", "c1", "c2", "r2", "r1"]),
    ("kanji", nil, false, ["c1", "c2"]),
    (nil, 2, false, ["c3", "c1", "r2", "r1"]),
    (nil, nil, true, ["r2", "r1"]),
  ])
  func order(collection: String?, limit: Int?, recallsOnly: Bool, expected: [String]) throws {
    let files = try TestWorkspace()
    let deck = Deck(
      cards: [
        Self.card("c1", due: "2026-11-20", created: "2026-11-02T09:00:00+09:00", collection: "kanji"),
        Self.card("c2", due: "2026-11-21", collection: "kanji"),
        Self.card("c3", due: "2026-11-20", created: "2026-11-01T09:00:00+09:00"),
        Self.card("later", due: "2026-11-22"),
      ],
      recalls: [
        Self.recall("r1", due: "2026-11-21T08:30:00+09:00"),
        Self.recall("r2", due: "2026-11-21T08:00:00+09:00"),
        Self.recall("r-later", due: "2026-11-21T10:00:00+09:00"),
        Self.recall("r-done", due: "2026-11-21T07:00:00+09:00", done: "2026-11-21T07:30:00+09:00"),
      ])
    let session = try Self.session(
      deck, files, clock: FakeClock(Self.morning), collection: collection, limit: limit,
      recallsOnly: recallsOnly)
    #expect(Self.names(session.items) == expected)
  }

  /// The ladder (no relearning steps): remembered climbs one step, due T[step] days after
  /// today; forgot drops to step 0, due tomorrow, and asks for it again after
  /// `recall.after_wrong` (3 hours by default). Each answer is in the journal at once.
  @Test(arguments: [
    (0, true, 1, "2026-11-22", false), (2, true, 3, "2026-11-25", false), (5, true, 6, "2026-12-21", false),
    (6, true, 6, "2026-12-21", false), (4, false, 0, "2026-11-22", true), (0, false, 0, "2026-11-22", true),
  ])
  func ladder(step: Int, remembered: Bool, newStep: Int, due: String, addsRecall: Bool) throws {
    let files = try TestWorkspace()
    let clock = FakeClock(Self.morning)
    var session = try Self.session(
      Deck(cards: [Self.card("c1", due: "2026-11-21", step: step)]), files, clock: clock)
    clock.advance(by: 90)
    #expect(try session.handle(.reveal).isEmpty)
    #expect(session.revealed)
    let events = try session.handle(remembered ? .remembered : .forgot)
    guard case .answered(let outcome)? = events.first else {
      Issue.record("expected an answer, got \(events)")
      return
    }
    #expect(outcome.card.stepIndex == newStep)
    #expect(outcome.card.nextReviewDate == Day(iso: due)!)
    #expect(outcome.card.lastReviewedAt == clock.instant)
    // A forgotten card comes back in the session (docs/commands.md#relearning-in-the-session), at
    // its end here.
    #expect(session.isFinished == remembered)
    if !remembered { #expect(Self.names(session.items) == ["c1", "c1"] && session.index == 1) }
    #expect((session.remembered, session.forgot) == (remembered ? 1 : 0, remembered ? 0 : 1))
    let saved = try files.deck()
    #expect(saved.cards[0].stepIndex == newStep)
    #expect(saved.reviewLog.map(\.at) == [clock.instant])
    #expect(saved.recalls.map(\.id) == (addsRecall ? ["new-1"] : []))
    if addsRecall { #expect(saved.recalls[0].dueAt == clock.instant.addingTimeInterval(10800)) }
  }

  /// Undo takes back the last answer, on disk too, and shows its item again; a second undo
  /// takes back the one before; with nothing left it says so.
  @Test func undo() throws {
    let files = try TestWorkspace()
    let clock = FakeClock(Self.morning)
    let before = Deck(
      cards: [Self.card("c1", due: "2026-11-20"), Self.card("c2", due: "2026-11-21")],
      recalls: [
        Self.recall("r1", due: "2026-11-21T08:00:00+09:00"),
        Self.recall("r2", due: "2026-11-21T08:10:00+09:00"),
      ])
    var session = try Self.session(before, files, clock: clock)
    _ = try session.handle(.remembered)
    _ = try session.handle(.forgot)
    _ = try session.handle(.remembered)  // r1: recalled
    #expect(session.index == 3)
    #expect((session.remembered, session.forgot, session.recallsDone) == (1, 1, 1))

    guard case .undone("topic r1")? = try session.handle(.undo).first else {
      Issue.record("expected r1 undone")
      return
    }
    #expect(session.index == 2)
    #expect(session.recallsDone == 0)
    #expect(try files.deck().recalls.first { $0.id == "r1" }?.isOpen == true)

    guard case .undone("front c2")? = try session.handle(.undo).first else {
      Issue.record("expected c2 undone")
      return
    }
    #expect(session.index == 1)
    #expect(session.forgot == 0)
    let deck = try files.deck()
    #expect(deck.cards[1] == before.cards[1])
    #expect(deck.recalls.map(\.id) == ["r1", "r2"])

    guard case .undone("front c1")? = try session.handle(.undo).first else {
      Issue.record("expected c1 undone")
      return
    }
    #expect(session.index == 0)
    #expect(try files.deck() == before)
    guard case .nothingToUndo? = try session.handle(.undo).first else {
      Issue.record("expected nothing")
      return
    }
    // Once the last item is answered, the session is over: a key does nothing then.
    for _ in 0..<4 { _ = try session.handle(.skip) }
    #expect(session.isFinished)
    #expect(try session.handle(.undo).isEmpty)
  }

  /// Skip moves on and changes nothing; quit ends the session; a key with no meaning, `?` and
  /// a reveal on a recall item list the keys.
  @Test func skipQuitAndKeys() throws {
    let files = try TestWorkspace()
    let before = Deck(
      cards: [Self.card("c1", due: "2026-11-20"), Self.card("c2", due: "2026-11-21")],
      recalls: [Self.recall("r1", due: "2026-11-21T08:00:00+09:00")])
    var session = try Self.session(before, files, clock: FakeClock(Self.morning))
    #expect(try session.handle(.skip).isEmpty)
    guard case .keys? = try session.handle(.unknown).first else {
      Issue.record("unexpected event")
      return
    }
    guard case .keys? = try session.handle(.help).first else {
      Issue.record("unexpected event")
      return
    }
    #expect(try session.handle(.skip).isEmpty)
    guard case .recall? = session.current else {
      Issue.record("unexpected event")
      return
    }
    guard case .keys? = try session.handle(.reveal).first else {
      Issue.record("unexpected event")
      return
    }
    #expect(try session.handle(.quit).isEmpty)
    #expect(session.isFinished)
    #expect(try files.deck() == before)
  }

  /// The same when the removal and the edit are lines of the journal (`cards remove`, `cards
  /// edit` as they are now made), the deck file untouched: the session finds the removal among
  /// the lines appended since it looked.
  @Test(arguments: [ReviewCommand.forgot, .remembered])
  func aCardRemovedThroughTheJournalMeanwhile(answer: ReviewCommand) throws {
    let files = try TestWorkspace()
    let clock = FakeClock(Self.morning)
    let before = Deck(cards: [Self.card("c1", due: "2026-11-20"), Self.card("c2", due: "2026-11-21")])
    var session = try Self.session(before, files, clock: clock)
    let keeper = DeckKeeper(workspace: files.workspace)
    let stamp = files.workspace.deckStore.stamp()
    _ = try keeper.remove { view in try view.card(id: "c1")! }
    guard case .cardGone? = try session.handle(answer).first else {
      Issue.record("the answer to a removed card was taken")
      return
    }
    #expect(session.remembered + session.forgot == 0)
    _ = try keeper.edit({ view in try view.card(id: "c2")! }, back: "edited")
    guard case .answered? = try session.handle(.remembered).first else {
      Issue.record("the answer to c2 was not taken")
      return
    }
    #expect(files.workspace.deckStore.stamp() == stamp, "the deck file was rewritten")
    let after = try files.deck()
    #expect(after.cards.map(\.id) == ["c2"])
    #expect(after.cards[0].back == "edited")
    #expect(after.cards[0].stepIndex == 3)
    #expect(after.reviewLog.map(\.cardID) == ["c2"])
  }

  /// A card removed by another command while the session shows it: its answer is not kept (no
  /// journal line, no recall item), it does not come back, and it is said; the next card's
  /// answer is kept, and an edit of another card meanwhile loses nothing.
  @Test(arguments: [ReviewCommand.forgot, .remembered])
  func aCardRemovedMeanwhile(answer: ReviewCommand) throws {
    let files = try TestWorkspace()
    let clock = FakeClock(Self.morning)
    let before = Deck(cards: [Self.card("c1", due: "2026-11-20"), Self.card("c2", due: "2026-11-21")])
    var session = try Self.session(before, files, clock: clock)
    try files.workspace.deckStore.update(clock: files.dayClock) { stored in
      stored.deck.cards.removeAll { $0.id == "c1" }
    }
    guard case .cardGone? = try session.handle(answer).first else {
      Issue.record("the answer to a removed card was taken")
      return
    }
    #expect(session.remembered + session.forgot == 0)
    #expect(Self.names(Array(session.items[session.index...])) == ["c2"])
    try files.workspace.deckStore.update(clock: files.dayClock) { stored in
      stored.deck.cards[0].back = "edited"
    }
    guard case .answered? = try session.handle(.remembered).first else {
      Issue.record("the answer to c2 was not taken")
      return
    }
    #expect(session.isFinished)
    let after = try files.deck()
    #expect(after.cards.map(\.id) == ["c2"])
    #expect(after.cards[0].back == "edited")
    #expect(after.cards[0].stepIndex == 3)
    #expect(after.reviewLog.map(\.cardID) == ["c2"])
    #expect(after.recalls.isEmpty)
  }

  /// Nothing due: the next day cards of the session's kind are due, or the next recall item
  /// when it comes before that day starts.
  @Test(arguments: [
    (nil as String?, "2026-11-23T10:00:00+09:00", ReviewSession.Next.cards(2, on: Day(iso: "2026-11-22")!)),
    (nil, "2026-11-21T20:00:00+09:00", .recall(at: FakeClock.parse("2026-11-21T20:00:00+09:00"))),
    ("kanji", "2026-11-21T20:00:00+09:00", .cards(1, on: Day(iso: "2026-11-25")!)),
  ])
  func next(collection: String?, recallAt: String, expected: ReviewSession.Next) throws {
    let files = try TestWorkspace()
    let deck = Deck(
      cards: [
        Self.card("c1", due: "2026-11-22"), Self.card("c2", due: "2026-11-22"),
        Self.card("c3", due: "2026-11-25", collection: "kanji"),
      ],
      recalls: [Self.recall("r1", due: recallAt)])
    let session = try Self.session(deck, files, clock: FakeClock(Self.morning), collection: collection)
    #expect(session.items.isEmpty)
    #expect(try session.next() == expected)
  }

  @Test func nothingToCome() throws {
    let files = try TestWorkspace()
    let session = try Self.session(Deck(), files, clock: FakeClock(Self.morning))
    #expect(try session.next() == nil)
  }

  /// A session whose config has `review.relearn_after` = `after`.
  static func relearning(_ deck: Deck, after: Int, clock: FakeClock) throws -> (ReviewSession, TestWorkspace)
  {
    var configuration = Configuration.standard
    configuration.relearnAfter = after
    let files = try TestWorkspace(configuration: configuration)
    return (try session(deck, files, clock: clock), files)
  }

  /// docs/commands.md#relearning-in-the-session: a forgotten card comes back after `relearn_after`
  /// other items, at the end when fewer remain, again after each wrong answer until it is
  /// remembered once; the header's count (`items.count`) grows by each return. `answers`: the
  /// session's answers in order (`y`/`n`, `s` skips); `shown`: the items as they were shown.
  @Test(arguments: [
    (0, "nyyyy", ["c1", "c1", "c2", "c3", "c4"]),
    (1, "nyyyy", ["c1", "c2", "c1", "c3", "c4"]),
    (3, "nyyyy", ["c1", "c2", "c3", "c4", "c1"]),
    // Fewer than three others remain: at the end, after the recall item.
    (3, "yynyy", ["c1", "c2", "c3", "c4", "c3"]),
    (3, "yyynny", ["c1", "c2", "c3", "c4", "c4", "c4"]),
    // Forgotten again: it comes back again, `relearn_after` later, until remembered.
    (1, "nynyyy", ["c1", "c2", "c1", "c3", "c1", "c4"]),
    (0, "nnnyyyy", ["c1", "c1", "c1", "c1", "c2", "c3", "c4"]),
    // A skipped return is not asked again.
    (0, "nsyyy", ["c1", "c1", "c2", "c3", "c4"]),
  ])
  func relearningOrder(after: Int, answers: String, shown: [String]) throws {
    let clock = FakeClock(Self.morning)
    let deck = Deck(cards: (1...4).map { Self.card("c\($0)", due: "2026-11-21") })
    var (session, files) = try Self.relearning(deck, after: after, clock: clock)
    var seen: [String] = []
    var headers: [String] = []
    for answer in answers {
      guard case .card(let card)? = session.current else { break }
      seen.append(card.id)
      headers.append("\(session.index + 1)/\(session.items.count)")
      clock.advance(by: 30)
      _ = try session.handle(answer == "y" ? .remembered : answer == "n" ? .forgot : .skip)
    }
    #expect(seen == shown)
    #expect(session.isFinished)
    #expect(headers.last == "\(shown.count)/\(shown.count)")
    // Only the first answer of each card moved its schedule; the others are logged as relearning.
    let log = try files.deck().reviewLog
    var first: Set<String> = []
    for entry in log {
      #expect(entry.relearn == first.contains(entry.cardID) && !entry.early)
      first.insert(entry.cardID)
    }
    let forgotten = Set(log.filter { !$0.relearn && !$0.correct }.map(\.cardID))
    for card in try files.deck().cards {
      #expect(card.stepIndex == (forgotten.contains(card.id) ? 0 : 3))
      #expect(card.nextReviewDate.description == (forgotten.contains(card.id) ? "2026-11-22" : "2026-11-25"))
    }
    #expect(session.remembered + session.forgot == 4)
  }

  /// A correct relearning answer completes the recall item the wrong answer added; a wrong one
  /// adds no second; the schedule stays as the first answer left it.
  @Test func relearningAnswersMoveNothing() throws {
    let clock = FakeClock(Self.morning)
    var (session, files) = try Self.relearning(
      Deck(cards: [Self.card("c1", due: "2026-11-21", step: 4)]), after: 3, clock: clock)
    guard case .answered(let first)? = try session.handle(.forgot).first else {
      Issue.record("expected an answer")
      return
    }
    #expect(first.entry.kind == .scheduling && first.recall?.id == "new-1")
    clock.advance(by: 60)
    guard case .answered(let again)? = try session.handle(.forgot).first else {
      Issue.record("expected an answer")
      return
    }
    #expect(again.entry.kind == .relearn && again.recall == nil && again.card == first.card)
    clock.advance(by: 60)
    guard case .answered(let right)? = try session.handle(.remembered).first else {
      Issue.record("expected an answer")
      return
    }
    #expect(right.entry.kind == .relearn && right.completed == ["new-1"])
    #expect(session.isFinished && (session.remembered, session.forgot) == (0, 1))
    let deck = try files.deck()
    #expect(deck.cards == [first.card])
    #expect(deck.cards[0].stepIndex == 0 && deck.cards[0].nextReviewDate.description == "2026-11-22")
    #expect(deck.reviewLog.map(\.relearn) == [false, true, true])
    #expect(deck.recalls.map(\.id) == ["new-1"] && deck.recalls[0].doneAt == clock.instant)
    #expect(
      session.summary(at: clock.now())
        == ReviewSession.Summary(remembered: 0, forgot: 1, recallsDone: 0, streak: 1, tomorrow: 1))
  }

  /// Undo after a relearning answer and after a forgotten card: the deck, the log, the recall
  /// items, the counts and the session's items (the return taken out again) are as before.
  @Test func undoTakesTheReturnOutAgain() throws {
    let clock = FakeClock(Self.morning)
    let before = Deck(
      cards: [Self.card("c1", due: "2026-11-21"), Self.card("c2", due: "2026-11-21")],
      recalls: [Self.recall("r1", due: "2026-11-21T08:00:00+09:00")])
    var (session, files) = try Self.relearning(before, after: 1, clock: clock)
    _ = try session.handle(.forgot)  // c1 comes back after c2
    #expect(Self.names(session.items) == ["c1", "c2", "c1", "r1"])
    let afterForgot = try files.deck()
    _ = try session.handle(.remembered)  // c2
    _ = try session.handle(.forgot)  // c1 again: relearning, back at the end
    #expect(Self.names(session.items) == ["c1", "c2", "c1", "r1", "c1"])
    #expect(session.index == 3)

    guard case .undone("front c1")? = try session.handle(.undo).first else {
      Issue.record("expected c1 undone")
      return
    }
    #expect(Self.names(session.items) == ["c1", "c2", "c1", "r1"] && session.index == 2)
    #expect(try files.deck().reviewLog.count == 2)
    _ = try session.handle(.undo)  // c2
    #expect(session.index == 1)
    #expect(try files.deck() == afterForgot)
    _ = try session.handle(.undo)  // c1
    #expect(Self.names(session.items) == ["c1", "c2", "r1"] && session.index == 0)
    #expect((session.remembered, session.forgot) == (0, 0))
    #expect(try files.deck() == before)
  }

  /// A session across the day-zone midnight: the forgotten card's return is its first answer of
  /// the new day, so it moves the schedule (by the ladder, from step 0).
  @Test(arguments: [("Asia/Tokyo", true), ("America/Los_Angeles", false)])
  func acrossMidnight(zone: String, newDay: Bool) throws {
    let clock = FakeClock("2026-11-21T23:59:00+09:00")
    var configuration = Configuration.standard
    configuration.relearnAfter = 0
    let files = try TestWorkspace(zone: zone, configuration: configuration)
    let day = files.dayClock.day(of: clock.instant).description
    var session = try Self.session(Deck(cards: [Self.card("c1", due: day)]), files, clock: clock)
    _ = try session.handle(.forgot)
    clock.set("2026-11-22T00:00:30+09:00")
    guard case .answered(let outcome)? = try session.handle(.remembered).first else {
      Issue.record("expected an answer")
      return
    }
    #expect(outcome.entry.relearn == !newDay)
    #expect(outcome.card.stepIndex == (newDay ? 1 : 0))
    #expect((session.remembered, session.forgot) == (newDay ? 1 : 0, 1))
    #expect(try files.deck().cards[0] == outcome.card)
  }

  /// The summary: the session's counts, the streak with today's answers, tomorrow's cards.
  @Test func summary() throws {
    let files = try TestWorkspace()
    let clock = FakeClock(Self.morning)
    let yesterday = ReviewEntry(cardID: "c9", at: FakeClock.parse("2026-11-20T21:00:00+09:00"), correct: true)
    let deck = Deck(
      cards: [
        Self.card("c1", due: "2026-11-21", step: 0), Self.card("c2", due: "2026-11-21"),
        Self.card("c3", due: "2026-11-22"),
      ],
      reviewLog: [yesterday])
    var session = try Self.session(deck, files, clock: clock)
    // The cards due come first, then the new ones (c1: never answered).
    _ = try session.handle(.remembered)  // c2: step 3, due in 4 days
    _ = try session.handle(.forgot)  // c1: step 0, due tomorrow
    clock.set("2026-11-21T09:30:00+09:00")
    #expect(
      session.summary(at: clock.now())
        == ReviewSession.Summary(remembered: 1, forgot: 1, recallsDone: 0, streak: 2, tomorrow: 2))
  }
}

/// A generator that always gives the same numbers: the order of a session without `--shuffle`
/// does not depend on it.
struct FixedGenerator: RandomNumberGenerator {
  mutating func next() -> UInt64 { 42 }
}
