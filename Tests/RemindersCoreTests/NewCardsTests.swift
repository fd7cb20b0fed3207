import Foundation
import RemindersCore
import Testing

/// The day's cards (docs/scheduling.md): cards not new that are due, plus new cards in the order
/// added, within `study.new_per_day` and the collections' own limits, less the new cards first
/// answered that day — the same by the index every count reads and by the list `review` shows.
@Suite struct NewCardsTests {
  /// `count` new cards of `collection`, added one second apart from `start`.
  static func newCards(
    _ count: Int, collection: String? = nil, prefix: String = "n",
    start: String = "2026-11-01T09:00:00+09:00",
    due: String = "2026-11-01"
  ) -> [Card] {
    (0..<count).map { i in
      Card(
        id: "\(prefix)\(String(format: "%04d", i))", front: "f\(i)", back: "b\(i)", collection: collection,
        stepIndex: 0, nextReviewDate: Fixture.day(due),
        createdAt: Fixture.t(start).addingTimeInterval(TimeInterval(i)))
    }
  }

  /// A card answered before: due on `due`.
  static func reviewed(_ id: String, due: String, collection: String? = nil) -> Card {
    Card(
      id: id, front: id, back: id, collection: collection, stepIndex: 2, nextReviewDate: Fixture.day(due),
      createdAt: Fixture.t("2026-10-01T09:00:00+09:00"),
      lastReviewedAt: Fixture.t("2026-11-19T09:00:00+09:00"))
  }

  /// A word list of 310 cards imported at once: 20 a day, not 310.
  @Test(arguments: [Language.ja, .en])
  func aWordListBringsTwentyADay(language: Language) {
    let deck = Deck(
      cards: Self.newCards(310, collection: "JLPT N5")
        + [Self.reviewed("r1", due: "2026-11-20"), Self.reviewed("r2", due: "2026-11-21")])
    let clock = Fixture.tokyo
    let today = Fixture.day("2026-11-21")
    let input = PlanInput(deck: deck, clock: clock, limits: .standard, today: today)
    let plan = Fixture.planner(Fixture.schedule(), clock, language).plan(
      input, ledger: DeliveryLedger(), now: Fixture.t("2026-11-21T06:00:00+09:00"), days: 2)
    // Tomorrow, unanswered, the same: the two due and the first 20 new.
    #expect(plan.map(\.dueCount) == [22, 22])
    #expect(
      plan.map(\.title)
        == (language == .ja
          ? ["今日の復習 22枚", "今日の復習 22枚"] : ["Today's reviews: 22 cards", "Today's reviews: 22 cards"]))
    #expect(plan[0].body.hasPrefix(language == .ja ? "うち新規 20枚。" : "20 new."))
    // The list `review` shows: the due cards first, most overdue first, then the first 20 added.
    let cards = deck.studyCards(on: today, limits: .standard, clock: clock)
    #expect(cards.map(\.id) == ["r1", "r2"] + (0..<20).map { "n\(String(format: "%04d", $0))" })
  }

  @Test func limitsOfZeroAndOfCollections() {
    let deck = Deck(
      cards: Self.newCards(15, collection: "JLPT N5", prefix: "a")
        + Self.newCards(15, collection: "TOEIC", prefix: "b", start: "2026-11-02T09:00:00+09:00")
        + Self.newCards(3, prefix: "c", start: "2026-11-03T09:00:00+09:00"))
    let day = Fixture.day("2026-11-21")
    func counts(_ limits: NewCardLimits) -> [String: Int] {
      DueIndex(deck: deck, limits: limits, since: day, clock: Fixture.tokyo).cards(on: day).new
    }
    #expect(counts(.standard) == ["JLPT N5": 15, "TOEIC": 5])
    #expect(counts(NewCardLimits(perDay: 0)) == [:])
    // A collection's limit, named in any case, holds it back and lets the next ones in.
    #expect(
      counts(NewCardLimits(perDay: 20, perCollection: ["jlpt n5": 10])) == ["JLPT N5": 10, "TOEIC": 10])
    // It never raises the total.
    #expect(counts(NewCardLimits(perDay: 8, perCollection: ["JLPT N5": 50])) == ["JLPT N5": 8])
    #expect(
      counts(NewCardLimits(perDay: 40, perCollection: ["JLPT N5": 1, "TOEIC": 2, "": 0])) == [
        "JLPT N5": 1, "TOEIC": 2,
      ])
  }

  /// New cards first answered today use up today's limit; tomorrow brings the whole limit again.
  @Test(arguments: ["Asia/Tokyo", "America/New_York", "UTC"])
  func newCardsAnsweredTodayCountAgainstToday(zone: String) {
    let clock = Fixture.clock(zone)
    var deck = Deck(cards: Self.newCards(30, collection: "JLPT N5"))
    // 23:30 on the 21st in the zone: five new cards answered, three right, two wrong.
    let late = clock.instant(on: Fixture.day("2026-11-21"), at: Fixture.wall("23:30"))
    for (i, card) in deck.cards.prefix(5).enumerated() {
      _ = deck.answer(
        cardID: card.id, correct: i < 3, at: late.addingTimeInterval(TimeInterval(i)), clock: clock,
        recallAfterWrong: nil, recallID: "r\(i)")
    }
    let today = Fixture.day("2026-11-21")
    let index = DueIndex(deck: deck, limits: .standard, since: today, clock: clock)
    #expect(index.cards(on: today).new == ["JLPT N5": 15])
    #expect(index.cards(on: today).collections == ["JLPT N5": 15])
    // Tomorrow: the five answered are due (not new), and 20 new ones.
    let tomorrow = today.adding(days: 1)
    #expect(index.cards(on: tomorrow).collections == ["JLPT N5": 25])
    #expect(index.cards(on: tomorrow).new == ["JLPT N5": 20])
    #expect(deck.studyCards(on: today, limits: .standard, clock: clock).count == 15)
    // Seen from the next day, the index knows no answer of that day.
    let next = DueIndex(deck: deck, limits: .standard, since: tomorrow, clock: clock)
    #expect(next.cards(on: tomorrow).new == ["JLPT N5": 20])
    // Per collection too: a collection limit of 6 leaves one.
    let limited = DueIndex(
      deck: deck, limits: NewCardLimits(perDay: 20, perCollection: ["JLPT N5": 6]), since: today, clock: clock
    )
    #expect(limited.cards(on: today).new == ["JLPT N5": 1])
  }

  /// A card answered first on an earlier day is not a first answer today.
  @Test func onlyTheFirstAnswerCounts() {
    let clock = Fixture.tokyo
    var deck = Deck(cards: Self.newCards(25))
    _ = deck.answer(
      cardID: "n0000", correct: false, at: Fixture.t("2026-11-20T09:00:00+09:00"), clock: clock,
      recallAfterWrong: nil, recallID: "x")
    _ = deck.answer(
      cardID: "n0000", correct: true, at: Fixture.t("2026-11-21T09:00:00+09:00"), clock: clock,
      recallAfterWrong: nil, recallID: "y")
    let today = Fixture.day("2026-11-21")
    #expect(deck.firstAnswers(since: today, clock: clock).isEmpty)
    #expect(
      deck.firstAnswers(since: Fixture.day("2026-11-20"), clock: clock) == [
        "": [Fixture.day("2026-11-20").number: 1]
      ])
    let index = DueIndex(deck: deck, limits: .standard, since: today, clock: clock)
    #expect(index.cards(on: today).new == ["": 20])
  }

  /// Suspended new cards are never taken; new cards added after a day are not that day's.
  @Test func suspendedAndLaterCards() {
    var cards = Self.newCards(3, collection: "A")
    cards[0].suspended = true
    cards += Self.newCards(
      2, collection: "A", prefix: "later", start: "2026-11-25T09:00:00+09:00", due: "2026-11-25")
    let index = DueIndex(cards: cards)
    #expect(index.cards(on: Fixture.day("2026-11-21")).new == ["A": 2])
    #expect(index.cards(on: Fixture.day("2026-11-25")).new == ["A": 4])
    #expect(
      Deck(cards: cards).studyCards(on: Fixture.day("2026-11-21"), limits: .standard, clock: Fixture.tokyo)
        .map(\.id) == ["n0001", "n0002"])
  }

  /// Cards made in the same second (one import) are taken in the deck's order, whatever their
  /// ids: ids are random, and say nothing of when a card was added.
  @Test func cardsOfOneSecondKeepTheDecksOrder() {
    let ids = ["f3", "0a", "c9", "1b", "e7"]
    let cards = ids.map { id in
      Card(
        id: id, front: id, back: id, collection: "A", stepIndex: 0, nextReviewDate: Fixture.day("2026-11-21"),
        createdAt: Fixture.t("2026-11-21T09:00:00+09:00"))
    }
    let limits = NewCardLimits(perDay: 3)
    let day = Fixture.day("2026-11-21")
    #expect(
      Deck(cards: cards).studyCards(on: day, limits: limits, clock: Fixture.tokyo).map(\.id) == [
        "f3", "0a", "c9",
      ])
    let index = DueIndex(cards: cards, limits: limits)
    #expect(index.fresh["A"]?[day.number]?.map(\.id) == ["f3", "0a", "c9"])
    // An earlier second still comes first.
    var earlier = cards
    earlier[4].createdAt = Fixture.t("2026-11-21T08:59:59+09:00")
    #expect(
      Deck(cards: earlier).studyCards(on: day, limits: limits, clock: Fixture.tokyo).map(\.id) == [
        "e7", "f3", "0a",
      ])
  }

  /// The index keeps only what a day can take, yet counts as the whole list does: random decks,
  /// random limits, every day of a month.
  @Test(arguments: 0..<40)
  func theIndexAgreesWithTheList(seed: UInt64) {
    var random = SplitMix(seed: seed)
    let collections: [String?] = [nil, "A", "B", "C"]
    var cards: [Card] = []
    for i in 0..<Int(random.next() % 120) {
      let isNew = random.next() % 2 == 0
      let created = Fixture.t("2026-11-01T00:00:00Z").addingTimeInterval(
        TimeInterval(random.next() % 5) * 3600)
      cards.append(
        Card(
          id: String(format: "%03d", Int(random.next() % 1000)) + "-\(i)", front: "f", back: "b",
          collection: collections[Int(random.next() % 4)], stepIndex: isNew ? 0 : Int(random.next() % 7),
          nextReviewDate: Fixture.day("2026-11-10").adding(days: Int(random.next() % 20)), createdAt: created,
          lastReviewedAt: isNew ? nil : created, suspended: random.next() % 10 == 0))
    }
    let limits = NewCardLimits(
      perDay: Int(random.next() % 12),
      perCollection: random.next() % 2 == 0 ? ["A": Int(random.next() % 5)] : [:])
    let index = DueIndex(cards: cards, limits: limits)
    let deck = Deck(cards: cards)
    for offset in 0..<25 {
      let day = Fixture.day("2026-11-08").adding(days: offset)
      var expected: [String: Int] = [:]
      for card in deck.studyCards(on: day, limits: limits, clock: Fixture.utc) {
        expected[card.collection ?? "", default: 0] += 1
      }
      #expect(index.due(on: day) == expected, "day \(day) limits \(limits)")
    }
  }
}
