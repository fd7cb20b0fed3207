import Foundation
import RemindersCore
import RemindersTestSupport
import Testing

@testable import RemindersApp

/// The review session with a fake clock and a deck in a temporary folder (SPEC §5).
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
    #expect(session.isFinished)
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
