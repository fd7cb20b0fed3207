import Foundation
import RemindersApp
import RemindersCore
import RemindersMessages
import RemindersReports
import RemindersTestSupport
import Testing

/// The review session's words in both languages: prompts with the card's sides on one line and
/// nothing a terminal would act on, the keys, a recall's outcome.
@Suite struct ReviewTextsTests {
  static let tokyo = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)
  static let created = FakeClock.parse("2026-11-01T09:00:00+09:00")

  static func texts(_ language: Language, recallAfterWrong: Int? = 600, ratings: Bool = false) -> ReviewText {
    ReviewText(
      locale: ReportLocale(language: language, clock: tokyo, zoneName: "Asia/Tokyo"),
      recallAfterWrong: recallAfterWrong, ratings: ratings)
  }

  static let cat = ReviewQueue.Item.card(
    Card(
      id: "c1", front: "猫\u{1B}[2J", back: "cat\nfeline", collection: "N5\tanimals", note: "ねこ\r",
      stepIndex: 2, nextReviewDate: Day(year: 2026, month: 11, day: 21)!, createdAt: created))
  static let dog = ReviewQueue.Item.card(
    Card(
      id: "c2", front: "犬", back: "dog", stepIndex: 0, nextReviewDate: Day(year: 2026, month: 11, day: 21)!,
      createdAt: created))
  static let recall = ReviewQueue.Item.recall(
    RecallItem(id: "r1", topic: "て-form\nof 食べる", note: "ch. 3", dueAt: created))

  @Test func cardPrompts() {
    let (en, ja) = (Self.texts(.en), Self.texts(.ja))
    #expect(
      en.prompt(Self.cat, number: 3, of: 12, cards: 10, revealed: false)
        == "[3/12 · N5\\tanimals] 猫<U+001B>[2J — Enter: show the answer, s: skip, q: quit")
    #expect(
      ja.prompt(Self.cat, number: 3, of: 12, cards: 10, revealed: false)
        == "[3/12 · N5\\tanimals] 猫<U+001B>[2J — Enter: 答えを見る、s: スキップ、q: 終了")
    // The back's line break reads " / "; a trailing line break (here a carriage return) is dropped.
    #expect(
      en.prompt(Self.cat, number: 3, of: 12, cards: 10, revealed: true)
        == "Answer: cat / feline (ねこ) — y: remembered, n: forgot, s: skip, u: undo, q: quit")
    #expect(
      ja.prompt(Self.cat, number: 3, of: 12, cards: 10, revealed: true)
        == "答え: cat / feline (ねこ) — y: 覚えていた、n: 忘れた、s: スキップ、u: 取り消し、q: 終了")
    #expect(
      en.prompt(Self.dog, number: 1, of: 1, cards: 1, revealed: false)
        == "[1/1] 犬 — Enter: show the answer, s: skip, q: quit")
    #expect(
      Self.texts(.en, ratings: true).prompt(Self.dog, number: 1, of: 1, cards: 1, revealed: true)
        == "Answer: dog — 1: again, 2: hard, 3: good, 4: easy (y = good, n = again), s: skip, u: undo, q: quit"
    )
    #expect(
      Self.texts(.ja, ratings: true).prompt(Self.dog, number: 1, of: 1, cards: 1, revealed: true)
        == "答え: dog — 1: もう一度、2: 難しい、3: 正解、4: 簡単（y = 正解、n = もう一度）、s: スキップ、u: 取り消し、q: 終了")
  }

  @Test func recallPrompts() {
    let (en, ja) = (Self.texts(.en), Self.texts(.ja))
    #expect(
      en.prompt(Self.recall, number: 11, of: 12, cards: 10, revealed: false)
        == "[11/12 · recall] て-form / of 食べる (ch. 3) — Did you recall it? y: yes, n: no, s: skip, q: quit")
    #expect(
      ja.prompt(Self.recall, number: 11, of: 12, cards: 10, revealed: false)
        == "[11/12 · 思い出す] て-form / of 食べる (ch. 3) — 思い出せましたか？ y: はい、n: いいえ、s: スキップ、q: 終了")
    // A recall of a card: the hint that Enter shows its back, then the back.
    #expect(
      en.prompt(Self.recall, number: 11, of: 12, cards: 10, revealed: false, answer: "to eat\u{7}")
        == "[11/12 · recall] て-form / of 食べる (ch. 3) — Did you recall it? y: yes, n: no, s: skip, q: quit (Enter: the card's answer)"
    )
    #expect(
      ja.prompt(Self.recall, number: 11, of: 12, cards: 10, revealed: false, answer: "to eat\u{7}")
        == "[11/12 · 思い出す] て-form / of 食べる (ch. 3) — 思い出せましたか？ y: はい、n: いいえ、s: スキップ、q: 終了（Enter: カードの答え）")
    #expect(
      en.prompt(Self.recall, number: 11, of: 12, cards: 10, revealed: true, answer: "to eat\u{7}")
        == "Answer: to eat<U+0007> — Did you recall it? y: yes, n: no, s: skip, q: quit")
    #expect(
      ja.prompt(Self.recall, number: 11, of: 12, cards: 10, revealed: true, answer: "to eat\u{7}")
        == "答え: to eat<U+0007> — 思い出せましたか？ y: はい、n: いいえ、s: スキップ、q: 終了")
  }

  @Test func keys() {
    #expect(
      Self.texts(.en).keys(Self.dog)
        == "Keys: Enter shows the answer, y or 1 = remembered, n or 2 = forgot, u = undo, s = skip, q = quit")
    #expect(
      Self.texts(.ja).keys(Self.dog) == "キー: Enter で答えを表示、y か 1 = 覚えていた、n か 2 = 忘れた、u = 取り消し、s = スキップ、q = 終了")
    #expect(
      Self.texts(.en, ratings: true).keys(Self.recall)
        == "Keys: y or 1 = recalled, n or 2 = not yet (asked again later), u = undo, s = skip, q = quit")
    #expect(
      Self.texts(.ja).keys(Self.recall) == "キー: y か 1 = 思い出せた、n か 2 = まだ（あとでもう一度）、u = 取り消し、s = スキップ、q = 終了")
    #expect(
      Self.texts(.ja, ratings: true).keys(Self.dog)
        == "キー: Enter で答えを表示、1 = もう一度、2 = 難しい、3 = 正解、4 = 簡単（英語の評価語も可）、y = 正解、n = もう一度、u = 取り消し、s = スキップ、q = 終了"
    )
  }

  @Test(
    arguments: [
      (true, 600, "→ Done; it will not be reminded again.", "→ 完了。もう通知しません。"),
      (false, 600, "→ Asked again in 10m.", "→ 10m後にもう一度。"),
      (false, 5400, "→ Asked again in 1h30m.", "→ 1h30m後にもう一度。"),
      (false, nil, "→ Done (recall.after_wrong is off).", "→ 完了（recall.after_wrong が off）。"),
    ] as [(Bool, Int?, String, String)])
  func recallResult(recalled: Bool, after: Int?, english: String, japanese: String) {
    #expect(Self.texts(.en, recallAfterWrong: after).recallResult(recalled: recalled) == english)
    #expect(Self.texts(.ja, recallAfterWrong: after).recallResult(recalled: recalled) == japanese)
  }

  /// The full screen keeps an answer's outcome below the next card: it names the item it is
  /// about, shown visibly; other messages stay as they are.
  @Test func screenMessagesNameTheirItem() {
    let (en, ja) = (Self.texts(.en), Self.texts(.ja))
    let done = ReviewSession.Event.recallAnswered(recalled: true)
    #expect(
      en.screenMessage(done, item: Self.recall) == "て-form / of 食べる " + en.message(done, item: Self.recall))
    #expect(
      ja.screenMessage(done, item: Self.recall) == "「て-form / of 食べる」" + ja.message(done, item: Self.recall))
    let forgot = ReviewSession.Event.recallAnswered(recalled: false)
    #expect(en.screenMessage(forgot, item: Self.cat).hasPrefix("猫<U+001B>[2J → "))
    #expect(ja.screenMessage(.nothingToUndo, item: Self.cat) == ja.message(.nothingToUndo, item: Self.cat))
  }
}
