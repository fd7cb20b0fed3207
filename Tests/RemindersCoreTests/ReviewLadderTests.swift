import Foundation
import RemindersCore
import Testing

@Suite struct ReviewLadderTests {
  @Test func ladderIsTheSpecifiedOne() { #expect(ReviewLadder.intervals == [0, 1, 2, 4, 7, 15, 30]) }

  @Test(arguments: ["Asia/Tokyo", "America/New_York", "UTC"])
  func newCardIsDueToday(zone: String) {
    let clock = Fixture.clock(zone)
    let at = Fixture.t("2026-11-21T12:00:00Z")
    let card = ReviewLadder.newCard(id: "a", front: "f", back: "b", collection: nil, at: at, clock: clock)
    #expect(card.stepIndex == 0)
    #expect(card.nextReviewDate == clock.day(of: at))
    #expect(card.isDue(on: clock.day(of: at)))
  }

  /// Correct climbs one step and is due T[new step] days after today; the top step stays.
  @Test(arguments: [
    (0, 1, "2026-11-22"), (1, 2, "2026-11-23"), (2, 3, "2026-11-25"), (3, 4, "2026-11-28"),
    (4, 5, "2026-12-06"), (5, 6, "2026-12-21"), (6, 6, "2026-12-21"),
  ])
  func correctAnswer(from: Int, to: Int, due: String) {
    let card = Fixture.card("a", due: "2026-11-21", step: from)
    let next = ReviewLadder.answer(
      card, correct: true, at: Fixture.t("2026-11-21T10:00:00+09:00"), clock: Fixture.tokyo)
    #expect(next.stepIndex == to)
    #expect(next.nextReviewDate.description == due)
    #expect(next.lastReviewedAt == Fixture.t("2026-11-21T10:00:00+09:00"))
  }

  @Test(arguments: 0...6)
  func wrongAnswerStartsOverTomorrow(from: Int) {
    let card = Fixture.card("a", due: "2026-11-21", step: from)
    let next = ReviewLadder.answer(
      card, correct: false, at: Fixture.t("2026-11-21T10:00:00+09:00"), clock: Fixture.tokyo)
    #expect(next.stepIndex == 0)
    #expect(next.nextReviewDate.description == "2026-11-22")
  }

  /// A learner in Los Angeles keeps a Tokyo schedule: 23:59 JST is still the 21st, 00:00 JST is the 22nd,
  /// whatever the machine's zone (the core never sees it).
  @Test(arguments: [
    ("2026-11-21T23:59:00+09:00", "2026-11-22", "2026-11-21"),
    ("2026-11-22T00:00:00+09:00", "2026-11-23", "2026-11-22"),
    ("2026-11-21T06:59:00-08:00", "2026-11-22", "2026-11-21"),  // the same 23:59 JST, written in LA time
    ("2026-11-21T07:00:00-08:00", "2026-11-23", "2026-11-22"),
  ])
  func answersAroundTokyoMidnight(at: String, correctDue: String, loggedDay: String) {
    var deck = Deck(cards: [Fixture.card("a", due: "2026-11-21", step: 0)])
    let outcome = deck.answer(
      cardID: "a", correct: true, at: Fixture.t(at), clock: Fixture.tokyo, recallAfterWrong: nil,
      recallID: "r")
    #expect(outcome?.card.nextReviewDate.description == correctDue)
    #expect(Fixture.tokyo.day(of: deck.reviewLog[0].at).description == loggedDay)
    // The machine's own zone does not enter: at 00:00 JST it is still the 21st in Los Angeles.
    #expect(Fixture.losAngeles.day(of: Fixture.t(at)).description == "2026-11-21")
  }

  @Test func everyAnswerIsLoggedAndWrongAddsARecall() {
    var deck = Deck(cards: [Fixture.card("a", due: "2026-11-21", step: 3)])
    let at = Fixture.t("2026-11-21T10:00:00+09:00")
    _ = deck.answer(
      cardID: "a", correct: true, at: at, clock: Fixture.tokyo, recallAfterWrong: 10800, recallID: "r1")
    #expect(deck.recalls.isEmpty)
    let outcome = deck.answer(
      cardID: "a", correct: false, at: at, clock: Fixture.tokyo, recallAfterWrong: 10800, recallID: "r2")
    #expect(deck.reviewLog.map(\.correct) == [true, false])
    #expect(deck.reviewLog.allSatisfy { $0.cardID == "a" && $0.at == at })
    #expect(
      outcome?.recall
        == RecallItem(id: "r2", topic: "front a", dueAt: at.addingTimeInterval(10800), cardID: "a"))
    #expect(deck.recalls.count == 1)
  }

  /// docs/planning.md#cards-and-the-review-ladder: a correct answer completes the recall items its
  /// card's wrong answers added; undo puts the card, the log and the recall items back exactly as they were.
  @Test(arguments: ["Asia/Tokyo", "America/New_York"])
  func aCorrectAnswerCompletesTheRecallAndUndoRestoresAll(zone: String) {
    let clock = Fixture.clock(zone)
    var deck = Deck(cards: [
      Fixture.card("c", due: "2026-11-21", step: 3), Fixture.card("d", due: "2026-11-21"),
    ])
    let t0 = Fixture.t("2026-11-21T09:00:00+09:00")
    let wrong = deck.answer(
      cardID: "c", correct: false, at: t0, clock: clock, recallAfterWrong: 10800, recallID: "r1")!
    #expect(wrong.recall?.cardID == "c" && deck.recalls.map(\.isOpen) == [true])
    let afterWrong = deck
    let right = deck.answer(
      cardID: "c", correct: true, at: t0.addingTimeInterval(600), clock: clock, recallAfterWrong: 10800,
      recallID: "unused")!
    #expect(right.completed == ["r1"] && right.recall == nil)
    #expect(deck.recalls[0].doneAt == t0.addingTimeInterval(600))
    #expect(PlanInput(deck: deck, clock: clock, limits: .standard, today: clock.day(of: t0)).recalls.isEmpty)
    let undidRight = deck.undo(right)
    #expect(undidRight)
    #expect(deck == afterWrong)
    let undidWrong = deck.undo(wrong)
    #expect(undidWrong)
    #expect(
      deck
        == Deck(cards: [Fixture.card("c", due: "2026-11-21", step: 3), Fixture.card("d", due: "2026-11-21")]))
    // An answer whose log entry is gone cannot be undone, and nothing changes.
    let undidAgain = deck.undo(right)
    #expect(!undidAgain)
  }

  /// A suspended card is never due and never counted (docs/planning.md#cards-and-the-review-ladder).
  @Test func aSuspendedCardIsNeverDueNorCounted() {
    var card = Fixture.card("s", due: "2026-11-01")
    card.suspended = true
    #expect(!card.isDue(on: Fixture.day("2026-11-21")))
    let index = DueIndex(cards: [card, Fixture.card("o", due: "2026-11-01")])
    #expect(index.due(on: Fixture.day("2026-11-21")) == ["": 1])
  }

  @Test func recallAfterWrongOffAddsNone() {
    var deck = Deck(cards: [Fixture.card("a", due: "2026-11-21")])
    _ = deck.answer(
      cardID: "a", correct: false, at: Fixture.t("2026-11-21T10:00:00Z"), clock: Fixture.utc,
      recallAfterWrong: nil, recallID: "r")
    #expect(deck.recalls.isEmpty)
    #expect(deck.reviewLog.count == 1)
  }

  @Test func unknownCardChangesNothing() {
    var deck = Deck(cards: [Fixture.card("a", due: "2026-11-21")])
    let before = deck
    #expect(
      deck.answer(
        cardID: "zzz", correct: true, at: Date(timeIntervalSince1970: 0), clock: Fixture.utc,
        recallAfterWrong: nil, recallID: "r") == nil)
    #expect(deck == before)
  }
}

@Suite struct StreakTests {
  @Test(arguments: [
    (["2026-11-19", "2026-11-20", "2026-11-21"], "2026-11-21", 3),  // ends today
    (["2026-11-18", "2026-11-19", "2026-11-20"], "2026-11-21", 3),  // nothing yet today: ends yesterday
    (["2026-11-17", "2026-11-19", "2026-11-20"], "2026-11-21", 2),  // broken on the 18th
    (["2026-11-19"], "2026-11-21", 0),  // yesterday missed
    ([], "2026-11-21", 0),
    (["2026-11-21"], "2026-11-21", 1),
  ])
  func length(days: [String], asOf: String, expected: Int) {
    let streak = Streak(answerDays: Set(days.map { Fixture.day($0).number }))
    #expect(streak.length(asOf: Fixture.day(asOf)) == expected)
  }

  /// Answer days are day-zone days: two answers an hour apart around Tokyo midnight make two days.
  @Test func answerDaysUseTheDayZone() {
    let log = [
      ReviewEntry(cardID: "a", at: Fixture.t("2026-11-21T23:30:00+09:00"), correct: true),
      ReviewEntry(cardID: "a", at: Fixture.t("2026-11-22T00:30:00+09:00"), correct: true),
    ]
    #expect(Streak(log: log, clock: Fixture.tokyo).length(asOf: Fixture.day("2026-11-22")) == 2)
    #expect(Streak(log: log, clock: Fixture.utc).length(asOf: Fixture.day("2026-11-21")) == 1)
  }
}

@Suite struct TextsTests {
  @Test(arguments: [
    (Language.ja, 12, "今日の復習 12枚"), (.ja, 1, "今日の復習 1枚"), (.en, 12, "Today's reviews: 12 cards"),
    (.en, 1, "Today's reviews: 1 card"),
  ])
  func dailyTitle(language: Language, count: Int, title: String) {
    #expect((language).words.dailyTitle(count: count) == title)
  }

  @Test func dailyBodyListsCollectionsOnlyWhenSeveral() {
    let en = Language.en.words
    #expect(
      en.dailyBody(collections: ["TOEIC": 8, "JLPT": 4], streak: 5) == "JLPT: 4, TOEIC: 8. Streak: 5 days.")
    #expect(en.dailyBody(collections: ["TOEIC": 8], streak: 1) == "Streak: 1 day.")
    #expect(
      en.dailyBody(collections: ["TOEIC": 2, "": 3], streak: 0)
        == "TOEIC: 2, Other: 3. Start a new streak today.")
    let ja = Language.ja.words
    #expect(ja.dailyBody(collections: ["TOEIC": 8, "JLPT": 4], streak: 5) == "JLPT 4枚、TOEIC 8枚。連続記録 5日。")
    // The order is by name, whatever the counts: it does not reshuffle as cards are answered.
    #expect(
      en.dailyBody(collections: ["漢字": 1, "JLPT": 9, "TOEIC": 5, "": 2], streak: 2)
        == "JLPT: 9, TOEIC: 5, 漢字: 1, Other: 2. Streak: 2 days.")
    #expect(
      en.dailyBody(collections: ["漢字": 9, "JLPT": 1, "TOEIC": 5, "": 2], streak: 2)
        == "JLPT: 1, TOEIC: 5, 漢字: 9, Other: 2. Streak: 2 days.")
  }

  @Test func textsCarryNoEmojiOrMarkup() {
    for language in Language.allCases {
      let t = (language).words
      let all = [
        t.dailyTitle(count: 3), t.dailyBody(collections: ["A": 1, "B": 2], streak: 4),
        t.recallTitle(topics: ["x", "y"]),
        t.recallBody(topics: ["x", "y"], notes: [nil, nil]), t.recallBody(topics: ["x"], notes: [nil]),
      ]
      for text in all {
        #expect(!text.unicodeScalars.contains { $0.properties.isEmojiPresentation }, "\(text)")
        #expect(!text.contains("<") && !text.contains("&"), "\(text)")
      }
    }
  }

  @Test(arguments: [
    (["LANG": "ja_JP.UTF-8"], Language.ja), (["LANG": "en_US.UTF-8"], .en), ([:], .en),
    (["LC_ALL": "en_US.UTF-8", "LANG": "ja_JP.UTF-8"], .en),
    (["LC_MESSAGES": "ja_JP.UTF-8", "LANG": "C"], .ja),
    (["LC_ALL": "", "LANG": "ja_JP.UTF-8"], .ja),
  ])
  func languageFromLocale(environment: [String: String], expected: Language) {
    #expect(Language.fromLocale(environment) == expected)
  }
}
