import Foundation
import RemindersCore
import RemindersDelivery
import RemindersStore
import RemindersTestSupport
import Testing

@testable import RemindersApp

/// The review in the pop-up (docs/delivery.md) against a notification server in memory and a
/// deck in a temporary folder: every transition, both languages, the ladder and FSRS, relearning,
/// recall items, `later`, closes, and the summary. The real servers run it in CLITests
/// (`DesktopContract.cardsInThePopUp`).
@Suite struct PopupReviewTests {
  static let morning = "2026-11-21T09:00:00+09:00"

  static func deck() -> Deck {
    Deck(
      cards: [
        ReviewSessionTests.card("c1", due: "2026-11-20", collection: "JLPT N5"),
        ReviewSessionTests.card("c2", due: "2026-11-21"),
      ],
      recalls: [ReviewSessionTests.recall("r1", due: "2026-11-21T08:00:00+09:00")])
  }

  struct Bench {
    let files: TestWorkspace
    let sender = FakeSender()
    let ledger = FakeLedger()
    let clock: FakeClock
    var review: PopupReview?

    init(
      deck: Deck = PopupReviewTests.deck(), language: Language = .en,
      configuration: Configuration = .standard,
      choice: CardChoice = .all
    ) throws {
      files = try TestWorkspace(language: language, configuration: configuration)
      try files.save(deck)
      clock = FakeClock(PopupReviewTests.morning)
      review = try PopupReview.start(
        workspace: files.workspace, ledger: ledger, time: clock, sender: sender, language: language,
        replacing: 7, choice: choice, name: "s1")
    }

    /// Presses `key` a second after the pop-up showed (a learner reads it first).
    @discardableResult
    func press(_ key: String) throws -> CardStep {
      clock.advance(by: 1)
      return try review!.act(key, at: clock.now())
    }

    var last: Popup { sender.shown.last!.popup }
  }

  /// Front, then front + back + note, then the next; each answer in the deck before the next
  /// pop-up; a recall item; the summary. Each pop-up replaces the one before (the daily's id).
  @Test(arguments: [Language.en, .ja])
  func aWholeSession(language: Language) throws {
    let bench = try Bench(language: language)
    let en = language == .en
    #expect(bench.sender.shown.allSatisfy { $0.replacing == 7 })
    #expect(bench.last.title == "1/3 · JLPT N5")
    #expect(bench.last.body == "front c1")
    #expect(bench.last.kind == .card && !bench.last.critical && bench.last.expireTimeout == 0)
    #expect(bench.last.actions == ["show", en ? "Show answer" : "答えを見る", "later", en ? "Later" : "あとで"])
    #expect(SessionDesktop.hints(bench.last).resident)
    #expect(SessionDesktop.hints(bench.last).category == "x-reminders.card")

    #expect(try bench.press("show") == .shown)
    #expect(bench.last.body == (en ? "front c1\nAnswer: back c1" : "front c1\n答え: back c1"))
    #expect(bench.last.actions == ["remembered", en ? "Remembered" : "覚えた", "forgot", en ? "Forgot" : "忘れた"])
    #expect(try bench.press("remembered") == .shown)
    // Durable before the next pop-up: the deck (journal applied) has the answer.
    #expect(try bench.files.deck().reviewLog.map(\.cardID) == ["c1"])
    #expect(bench.last.title == "2/3")
    #expect(try bench.press("show") == .shown)
    #expect(try bench.press("remembered") == .shown)
    #expect(bench.last.title == (en ? "3/3 · Recall" : "3/3 · 思い出す"))
    #expect(bench.last.body == (en ? "topic r1\nDid you recall it?" : "topic r1\n思い出せましたか？"))
    #expect(bench.last.actions == ["recalled", en ? "Recalled" : "思い出せた", "not-yet", en ? "Not yet" : "まだ"])
    #expect(try bench.press("recalled") == .ended)
    #expect(bench.last.title == (en ? "Done: 2 cards (2 remembered)" : "復習完了 2枚（覚えた 2枚）"))
    #expect(bench.last.actions.isEmpty && bench.last.expireTimeout == -1)
    #expect(try bench.files.deck().recalls.first?.doneAt != nil)
    let entry = try #require(bench.ledger.durable.entries[.cards(session: "s1")])
    #expect(entry.closedBecause == "done" && !entry.onScreen)
    #expect(bench.ledger.durable.cardPopupsShown.isEmpty)
  }

  /// A card forgotten comes back in the session (relearning), its second answer moving nothing.
  @Test func aForgottenCardComesBack() throws {
    var configuration = Configuration.standard
    configuration.relearnAfter = 1
    let bench = try Bench(configuration: configuration)
    try bench.press("show")
    try bench.press("forgot")
    #expect(bench.last.title == "2/4")
    try bench.press("show")
    try bench.press("remembered")
    #expect(bench.last.title == "3/4 · JLPT N5" && bench.last.body == "front c1")
    try bench.press("show")
    try bench.press("remembered")
    #expect(bench.last.title == "4/4 · Recall")
    try bench.press("not-yet")
    #expect(bench.last.title == "Done: 2 cards (1 remembered)")
    let deck = try bench.files.deck()
    #expect(deck.cards.first { $0.id == "c1" }?.stepIndex == 0)
  }

  /// Under FSRS the answer's actions are FSRS's ratings (hard stays for the terminal's keys).
  @Test func fsrsRatings() throws {
    var configuration = Configuration.standard
    configuration.studyScheduler = .fsrs(.standard)
    let bench = try Bench(language: .ja, configuration: configuration)
    try bench.press("show")
    #expect(bench.last.actions == ["again", "もう一度", "good", "できた", "easy", "簡単"])
    try bench.press("easy")
    let deck = try bench.files.deck()
    #expect(deck.cards.first { $0.id == "c1" }?.fsrs != nil)
    #expect(deck.reviewLog.last?.rating == .easy)
  }

  /// A drip's card (`review.drip`): "Show answer" on the drip shows its answer at once, in place;
  /// one answer (durable) ends it and closes the pop-up, with no summary, even when forgotten
  /// (the card is not asked again there). Another card, or recall items, are never shown.
  @Test(arguments: ["remembered", "forgot"])
  func aDripsCard(key: String) throws {
    let bench = try Bench(choice: .drip(card: "c2"))
    #expect(bench.sender.shown.count == 1 && bench.sender.shown[0].replacing == 7)
    #expect(bench.last.title == "1/1" && bench.last.body == "front c2\nAnswer: back c2")
    #expect(bench.last.actions == ["remembered", "Remembered", "forgot", "Forgot"])
    #expect(try bench.press(key) == .ended)
    #expect(bench.sender.shown.count == 1 && bench.sender.closed == [7])
    let deck = try bench.files.deck()
    #expect(deck.reviewLog.map(\.cardID) == ["c2"] && deck.reviewLog.first?.correct == (key == "remembered"))
    let entry = try #require(bench.ledger.durable.entries[.cards(session: "s1")])
    #expect(entry.closedBecause == "answered" && !entry.onScreen)
  }

  /// A drip whose card was answered or removed meanwhile: nothing to review, said in its place.
  @Test(arguments: ["gone", nil] as [String?])
  func aDripsCardNoLongerDue(card: String?) throws {
    let bench = try Bench(choice: .drip(card: card))
    #expect(bench.review == nil)
    #expect(bench.sender.shown.map(\.popup.title) == ["Nothing to review now"])
  }

  /// `later` closes the pop-up and ends the session; nothing is answered, the cards stay due.
  @Test func laterEndsIt() throws {
    let bench = try Bench()
    #expect(try bench.press("later") == .ended)
    #expect(bench.sender.closed == [7])
    #expect(try bench.files.deck().reviewLog.isEmpty)
    #expect(bench.ledger.durable.entries[.cards(session: "s1")]?.closedBecause == "later")
  }

  /// A close the server says right after an action on the pop-up (xfce4-notifyd closes every
  /// pop-up an action was chosen on) is not the learner's: the card is shown anew, as a new
  /// pop-up, and so is every one after it. A close with no action before it ends the session.
  @Test func closes() throws {
    let bench = try Bench()
    let review = try #require(bench.review)
    try bench.press("show")
    #expect(!review.closed(7))
    #expect(review.closesOnAction)
    #expect(bench.sender.closed == [7])
    #expect(bench.sender.shown.last?.replacing == nil)
    let fresh = review.notificationID
    #expect(fresh != 7 && review.shows(7) && review.shows(fresh))
    #expect(bench.last.body == "front c1\nAnswer: back c1")
    // Our own close of 7, said by the server: not the learner's either.
    #expect(!review.closed(7))
    bench.clock.advance(by: 30)
    #expect(review.closed(fresh))
  }

  /// The same action said twice at once (GNOME Shell does) answers one card, not two.
  @Test func aDoubledActionAnswersOnce() throws {
    let bench = try Bench()
    let review = try #require(bench.review)
    try bench.press("show")
    try bench.press("remembered")
    #expect(try review.act("remembered", at: bench.clock.now()) == .ignored)
    #expect(bench.last.title == "2/3" && bench.last.body == "front c2")
    #expect(try bench.files.deck().reviewLog.count == 1)
    // A key of a pop-up already replaced changes nothing either.
    #expect(try bench.press("forgot") == .ignored)
    #expect(bench.last.body == "front c2")
  }

  /// A card answered elsewhere (a terminal, `cards answer`) while its pop-up shows: the next
  /// look at the deck moves on to the next card; nothing changed, nothing moves.
  @Test func aCardAnsweredElsewhere() throws {
    let bench = try Bench()
    let review = try #require(bench.review)
    bench.clock.advance(by: 5)
    #expect(try review.refresh(at: bench.clock.now()) == .ignored)
    try bench.files.workspace.deckStore.update(clock: bench.files.dayClock) { stored in
      stored.deck.reviewLog.append(ReviewEntry(cardID: "c1", at: bench.clock.now(), correct: true))
    }
    #expect(try review.refresh(at: bench.clock.now()) == .shown)
    #expect(bench.last.title == "2/3" && bench.last.body == "front c2")
    #expect(try review.refresh(at: bench.clock.now()) == .ignored)
    // Its own answers are not "elsewhere".
    try bench.press("show")
    try bench.press("remembered")
    #expect(try review.refresh(at: bench.clock.now()) == .ignored)
    #expect(bench.last.title == "3/3 · Recall")
  }

  /// Nothing due: one pop-up says so, in place of the reminder's, and no session runs.
  @Test func nothingDue() throws {
    let bench = try Bench(deck: Deck(cards: [ReviewSessionTests.card("c9", due: "2026-12-01")]))
    #expect(bench.review == nil)
    #expect(bench.sender.shown.map(\.popup.title) == ["Nothing to review now"])
    #expect(bench.sender.shown.first?.replacing == 7)
  }

  /// A recall pop-up's review in the pop-up: its recall items only.
  @Test func recallsOnly() throws {
    let bench = try Bench(choice: .recallsOnly)
    #expect(bench.last.title == "1/1 · Recall")
    try bench.press("recalled")
    #expect(bench.last.title == "Done: 0 cards (0 remembered)")
  }
}
