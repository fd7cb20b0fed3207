import Foundation
import Testing

@testable import RemindersCore

/// Anki's due counts over hand-made rows (docs/anki.md): the day, which cards count, the limits and
/// the tree. The same rules against collections built by Anki itself, compared with Anki's own
/// counts, are in CLITests/AnkiCountTests.
@Suite struct AnkiDueCounterTests {
  typealias Group = AnkiCollection.CardGroup
  typealias Deck = AnkiCollection.Deck

  /// A collection made at 04:00 on 2026-10-01 in `zone`'s offset then, like Anki's own.
  static func made(in zone: String, rollover: Int = 4) -> AnkiCollection {
    let clock = Fixture.clock(zone)
    let crt = clock.instant(on: Fixture.day("2026-10-01"), at: Fixture.wall("04:00"))
    return AnkiCollection(
      creation: Int64(crt.timeIntervalSince1970), creationOffsetMinutesWest: -clock.offset(at: crt) / 60,
      rolloverHour: rollover)
  }

  func day(_ c: AnkiCollection, _ zone: String, _ at: String) -> Int {
    AnkiDueCounter(c).day(at: Fixture.t(at), utcOffset: Fixture.clock(zone).offset(at: Fixture.t(at)))
  }

  /// Day 0 is the creation date; each day starts at the rollover hour in the zone's offset then,
  /// across both New York daylight-saving changes.
  @Test(arguments: [
    ("Asia/Tokyo", 4, "2026-10-01T04:00:00+09:00", 0), ("Asia/Tokyo", 4, "2026-10-02T03:59:59+09:00", 0),
    ("Asia/Tokyo", 4, "2026-10-02T04:00:00+09:00", 1), ("Asia/Tokyo", 0, "2026-10-02T00:00:00+09:00", 1),
    ("Asia/Tokyo", 0, "2026-10-01T23:59:59+09:00", 0), ("Asia/Tokyo", 23, "2026-10-02T22:59:59+09:00", 0),
    ("Asia/Tokyo", 23, "2026-10-02T23:00:00+09:00", 1), ("Asia/Tokyo", 12, "2026-10-31T12:00:00+09:00", 30),
    ("UTC", 4, "2026-10-01T03:00:00Z", 0), ("UTC", 4, "2026-12-31T04:00:00Z", 91),
    ("America/New_York", 4, "2026-11-01T03:59:00-05:00", 30),
    ("America/New_York", 4, "2026-11-01T04:00:00-05:00", 31),
    ("America/New_York", 4, "2027-03-14T03:59:00-04:00", 163),
    ("America/New_York", 4, "2027-03-14T04:00:00-04:00", 164),
    ("America/New_York", 0, "2027-03-14T00:00:00-05:00", 164),
  ])
  func days(zone: String, rollover: Int, at: String, expected: Int) {
    #expect(day(AnkiDueCounterTests.made(in: zone, rollover: rollover), zone, at) == expected)
  }

  /// A rollover hour of 24 or more is 23, as Anki clamps it (checked: 24 and 30 both put the
  /// day's end at 23:00), not a wrap to 0 or 6.
  @Test(arguments: [24, 30, 255])
  func aRolloverPastTheDayIs23(rollover: Int) {
    let c = AnkiDueCounterTests.made(in: "Asia/Tokyo", rollover: rollover)
    #expect(day(c, "Asia/Tokyo", "2026-10-02T22:59:59+09:00") == 0)
    #expect(day(c, "Asia/Tokyo", "2026-10-02T23:00:00+09:00") == 1)
  }

  /// Without `creationOffset` (older collections): whole days since the creation date's rollover,
  /// both seen in today's offset; never below zero.
  @Test func theOlderCutoff() {
    var c = AnkiDueCounterTests.made(in: "Asia/Tokyo")
    c.creationOffsetMinutesWest = nil
    #expect(day(c, "Asia/Tokyo", "2026-10-02T03:59:59+09:00") == 0)
    #expect(day(c, "Asia/Tokyo", "2026-10-02T04:00:00+09:00") == 1)
    #expect(day(c, "Asia/Tokyo", "2026-09-20T04:00:00+09:00") == 0)
    // Seen from New York, the Tokyo creation date's 04:00 is a New York 04:00 a day earlier.
    #expect(day(c, "America/New_York", "2026-10-02T04:00:00-04:00") == 2)
  }

  /// A collection with one deck (id 1, preset 1 with no limit that matters) holding `cards`.
  func one(_ cards: [Group], learnAhead: Int = 1200, lastUnburied: Int = 0) -> AnkiCollection {
    var c = AnkiDueCounterTests.made(in: "UTC")
    c.learnAheadSeconds = learnAhead
    c.lastUnburiedDay = lastUnburied
    c.decks = [Deck(id: 1, name: ["D"], kind: .normal(.init(presetID: 1)))]
    c.presets = [1: .init(newPerDay: 9999, reviewsPerDay: 9999)]
    c.cards = cards
    return c
  }

  func counts(_ c: AnkiCollection, at: String) -> [String: [Int]] {
    Dictionary(
      uniqueKeysWithValues: AnkiDueCounter(c).counts(at: Fixture.t(at), utcOffset: 0).map {
        ($0.name, [$0.new, $0.learning, $0.review])
      })
  }

  /// Day 10 of the UTC collection: from 2026-10-11T04:00Z.
  let day10 = "2026-10-11T12:00:00Z"
  var noon10: Int64 { Int64(Fixture.t(day10).timeIntervalSince1970) }

  /// Reviews and interday learning by day number, intraday learning by time (before now plus
  /// the learn-ahead limit; the preview queue up to it), new cards all; suspended never.
  @Test func whichCardsCount() {
    let cards = [
      Group(deck: 1, queue: 0, type: 0, due: 0, count: 5),
      Group(deck: 1, queue: 2, type: 2, due: 9, count: 2),
      Group(deck: 1, queue: 2, type: 2, due: 10, count: 3),
      Group(deck: 1, queue: 2, type: 2, due: 11, count: 4),
      Group(deck: 1, queue: 3, type: 1, due: 10), Group(deck: 1, queue: 3, type: 3, due: 11),
      Group(deck: 1, queue: 1, type: 1, due: noon10 + 1199),
      Group(deck: 1, queue: 1, type: 3, due: noon10 + 1200),
      Group(deck: 1, queue: 4, type: 0, due: noon10 + 1200),
      Group(deck: 1, queue: 4, type: 0, due: noon10 + 1201),
      Group(deck: 1, queue: -1, type: 2, due: 3, count: 7),
    ]
    #expect(counts(one(cards), at: day10) == ["D": [5, 3, 5]])
    #expect(counts(one(cards, learnAhead: 0), at: day10) == ["D": [5, 1, 5]])
    #expect(counts(one(cards), at: "2026-10-12T04:00:00Z") == ["D": [5, 6, 9]])
  }

  /// Buried cards are out until Anki's first look on a later day brings them back, in the queue
  /// their type gives (a learning card by its time, else by its day); a `lastUnburied` more than
  /// a week ahead (a clock set back) brings them back too.
  @Test func buriedCards() {
    let cards = [
      Group(deck: 1, queue: -3, type: 0, due: 0, count: 2), Group(deck: 1, queue: -2, type: 2, due: 8),
      Group(deck: 1, queue: -2, type: 1, due: noon10 - 60), Group(deck: 1, queue: -3, type: 3, due: 10),
    ]
    #expect(counts(one(cards, lastUnburied: 10), at: day10) == ["D": [0, 0, 0]])
    #expect(counts(one(cards, lastUnburied: 9), at: day10) == ["D": [2, 2, 1]])
    #expect(counts(one(cards, lastUnburied: 17), at: day10) == ["D": [0, 0, 0]])
    #expect(counts(one(cards, lastUnburied: 18), at: day10) == ["D": [2, 2, 1]])
  }

  /// A card in a filtered deck counts in its home deck by its original due, its queue restored
  /// from its type (a preview deck's review queue included); the filtered deck counts nothing.
  @Test func filteredDecks() {
    var c = one([
      Group(deck: 2, originalDeck: 1, queue: 2, type: 2, due: -100_000, originalDue: 12),
      Group(deck: 2, originalDeck: 1, queue: 2, type: 2, due: -99_999, originalDue: 10),
      Group(deck: 2, originalDeck: 1, queue: 2, type: 0, due: -99_998, originalDue: 4),
      Group(deck: 2, originalDeck: 1, queue: 1, type: 1, due: -99_997, originalDue: noon10 + 60),
      Group(deck: 2, originalDeck: 1, queue: 4, type: 0, due: noon10, originalDue: 0),
      Group(deck: 2, originalDeck: 1, queue: -1, type: 2, due: -99_996, originalDue: 1),
    ])
    c.decks.append(Deck(id: 2, name: ["Cram"], kind: .filtered))
    #expect(counts(c, at: day10) == ["D": [2, 1, 1], "Cram": [0, 0, 0]])
  }

  /// Limits: today's limit wins over the deck's own, which wins over the preset's; what was
  /// studied today counts down; reviews cap new cards unless told not to; interday learning takes
  /// from the review limit before reviews.
  @Test func limits() {
    var c = one([
      Group(deck: 1, queue: 0, type: 0, due: 0, count: 30),
      Group(deck: 1, queue: 2, type: 2, due: 5, count: 8),
      Group(deck: 1, queue: 3, type: 1, due: 5, count: 3),
    ])
    c.presets = [1: .init(newPerDay: 20, reviewsPerDay: 10)]
    #expect(counts(c, at: day10) == ["D": [0, 3, 7]])
    c.newCardsIgnoreReviewLimit = true
    #expect(counts(c, at: day10) == ["D": [20, 3, 7]])
    c.newCardsIgnoreReviewLimit = false
    c.decks[0].kind = .normal(.init(presetID: 1, reviewLimit: 40, newLimit: 6))
    #expect(counts(c, at: day10) == ["D": [6, 3, 8]])
    c.decks[0].kind = .normal(
      .init(
        presetID: 1, reviewLimit: 40, newLimit: 6, reviewLimitToday: .init(limit: 12, day: 10),
        newLimitToday: .init(limit: 25, day: 9)))
    #expect(counts(c, at: day10) == ["D": [1, 3, 8]])
    // Studied today: 2 new and 5 reviews count down both limits (new cards the review limit too).
    c.decks[0].studied = .init(day: 10, new: 2, review: 5)
    #expect(counts(c, at: day10) == ["D": [0, 3, 2]])
    c.decks[0].studied = .init(day: 9, new: 2, review: 5)
    #expect(counts(c, at: day10) == ["D": [1, 3, 8]])
    // A preset that is missing: no limit, as Anki's.
    c.presets = [:]
    #expect(counts(c, at: day10) == ["D": [30, 3, 8]])
  }

  /// A parent's limits cap what its subdecks add up to; each subdeck is capped by its own first;
  /// intraday learning has no limit.
  @Test func subdecks() {
    var c = AnkiDueCounterTests.made(in: "UTC")
    c.decks = [
      Deck(id: 1, name: ["P"], kind: .normal(.init(presetID: 1))),
      Deck(id: 2, name: ["P", "S1"], kind: .normal(.init(presetID: 2))),
      Deck(id: 3, name: ["P", "S2"], kind: .normal(.init(presetID: 1))),
      Deck(id: 4, name: ["P", "S2", "Deep"], kind: .normal(.init(presetID: 2))),
      Deck(id: 5, name: ["Q"], kind: .normal(.init(presetID: 2))),
    ]
    c.presets = [1: .init(newPerDay: 10, reviewsPerDay: 100), 2: .init(newPerDay: 3, reviewsPerDay: 2)]
    c.cards = [
      Group(deck: 1, queue: 0, type: 0, due: 0, count: 2),
      Group(deck: 2, queue: 0, type: 0, due: 0, count: 8),
      Group(deck: 3, queue: 0, type: 0, due: 0, count: 4),
      Group(deck: 4, queue: 0, type: 0, due: 0, count: 9),
      Group(deck: 4, queue: 2, type: 2, due: 1, count: 5),
      Group(deck: 4, queue: 1, type: 1, due: 1, count: 4),
      Group(deck: 5, queue: 2, type: 2, due: 1, count: 1),
      Group(deck: 5, queue: 0, type: 0, due: 0, count: 6),
    ]
    // Deep: 2 reviews leave no new card; S1: its 2 reviews a day cap its new cards at 2; S2: 4
    // own new cards and Deep's 2 reviews; P: 2 own + 2 + 4 new, under its 10. Deep's 4 learning
    // cards count whatever the limits. Q: 1 review leaves 1 new card of its 2.
    #expect(counts(c, at: day10) == ["P": [8, 4, 2], "Q": [1, 0, 1]])
    c.applyAllParentLimits = true
    #expect(counts(c, at: day10) == ["P": [8, 4, 2], "Q": [1, 0, 1]])
  }

  /// Decks are a tree by name, whatever the case; a deck whose parent is missing is left out with
  /// its children (until Anki's Check Database adds the parent).
  @Test func theTree() {
    var c = one([
      Group(deck: 2, queue: 0, type: 0, due: 0, count: 2),
      Group(deck: 3, queue: 0, type: 0, due: 0, count: 4),
      Group(deck: 4, queue: 0, type: 0, due: 0, count: 8),
    ])
    c.decks += [
      Deck(id: 2, name: ["d", "Child"], kind: .normal(.init(presetID: 1))),
      Deck(id: 3, name: ["Gone", "Orphan"], kind: .normal(.init(presetID: 1))),
      Deck(id: 4, name: ["Gone", "Orphan", "Grandchild"], kind: .normal(.init(presetID: 1))),
      Deck(id: 5, name: ["日本語"], kind: .normal(.init(presetID: 1))),
    ]
    #expect(counts(c, at: day10) == ["D": [2, 0, 0], "日本語": [0, 0, 0]])
    #expect(AnkiDueCounter(c).counts(at: Fixture.t(day10), utcOffset: 0).map(\.name) == ["D", "日本語"])
  }

  /// `anki.decks` keeps the top-level decks named, whatever their case; names it does not find
  /// are reported; decks with nothing due are not collections.
  @Test func theDecksCounted() {
    var c = one([
      Group(deck: 1, queue: 0, type: 0, due: 0, count: 2), Group(deck: 2, queue: 0, type: 0, due: 0),
    ])
    c.decks += [
      Deck(id: 2, name: ["Kanji"], kind: .normal(.init(presetID: 1))),
      Deck(id: 3, name: ["Empty"], kind: .filtered),
    ]
    let all = AnkiDue(c, decks: nil)
    #expect(all.collections(at: Fixture.t(day10), clock: Fixture.utc) == ["D": 2, "Kanji": 1])
    let some = AnkiDue(c, decks: ["kanji", "Missing", "empty"])
    #expect(some.collections(at: Fixture.t(day10), clock: Fixture.utc) == ["Kanji": 1])
    #expect(some.deckCounts(at: Fixture.t(day10), clock: Fixture.utc).map(\.name) == ["Empty", "Kanji"])
    #expect(some.unknownDecks == ["Missing"])
  }

  /// The daily reminder counts Anki's decks beside the deck's own collections (a name in both
  /// adds up), as Anki shows them at the reminder's time: a rollover after `daily.time` means the
  /// 08:00 reminder still counts Anki's previous day; it marks the reminder as Anki's.
  @Test func theDailyReminderCountsAnki() {
    var c = AnkiDueCounterTests.made(in: "Asia/Tokyo", rollover: 12)
    c.decks = [
      Deck(id: 1, name: ["JLPT"], kind: .normal(.init(presetID: 1))),
      Deck(id: 2, name: ["Kanji"], kind: .normal(.init(presetID: 1))),
    ]
    c.presets = [1: .init(newPerDay: 0, reviewsPerDay: 100)]
    // Day 50 starts at 2026-11-20T12:00+09:00.
    c.cards = [
      Group(deck: 1, queue: 2, type: 2, due: 50, count: 3),
      Group(deck: 2, queue: 2, type: 2, due: 49, count: 2),
    ]
    var input = Fixture.input(
      cards: [Fixture.card("x", due: "2026-11-21", collection: "JLPT")], answerDays: [])
    input.anki = AnkiDue(c, decks: nil)
    let planner = Fixture.planner(Fixture.schedule(), Fixture.tokyo)
    let plan = planner.plan(
      input, ledger: DeliveryLedger(), now: Fixture.t("2026-11-20T06:00:00+09:00"), days: 2)
    #expect(plan.map(\.id) == ["daily:2026-11-20", "daily:2026-11-21"])
    #expect(plan[0].dueCount == 2 && plan[0].collections == ["Kanji": 2] && plan[0].fromAnki)
    #expect(plan[1].dueCount == 6 && plan[1].collections == ["JLPT": 4, "Kanji": 2] && plan[1].fromAnki)
    // Without Anki's cards the reminder is not Anki's.
    input.anki = nil
    let own = planner.plan(
      input, ledger: DeliveryLedger(), now: Fixture.t("2026-11-20T06:00:00+09:00"), days: 2)
    #expect(own.map(\.id) == ["daily:2026-11-21"] && !own[0].fromAnki)
  }

  @Test func sortedTally() {
    let tally = SortedTally([(5, 1), (3, 2), (5, 4), (9, 1)])
    #expect(tally.keys == [3, 5, 9])
    #expect([2, 3, 4, 5, 8, 9, 10].map { tally.count(atMost: $0) } == [0, 2, 2, 7, 7, 8, 8])
    #expect(SortedTally().count(atMost: 100) == 0)
  }
}
