/// The texts of the review session, in a terminal and in plain lines.
public protocol ReviewMessages: Sendable {
  /// `このカードはデッキにもうありません。` / `This card is no longer in the deck.`
  var cardGone: String { get }

  /// `取り消しました: 食べる` / `Undone: 食べる`.
  func undone(_ name: String) -> String
  /// On the full screen, where the outcome of an answer stays at the bottom while the next card
  /// shows: the outcome with the card (or recall item) it belongs to: `「学校」→ 忘れた。…` /
  /// `school → forgot. …`.
  func outcome(of name: String, _ outcome: String) -> String

  /// `取り消す答えはありません。` / `Nothing to undo.`
  var nothingToUndo: String { get }

  /// A card's front in plain mode, its place (`3/10 · TOEIC`) given:
  /// `[3/10 · TOEIC] 食べる — Enter: 答えを見る、…` / `[3/10 · TOEIC] 食べる — Enter: show the answer, …`.
  func frontPrompt(place: String, front: String) -> String

  /// A card's back in plain mode: `答え: to eat — y: 覚えていた、…` / `Answer: to eat — y: remembered, …`.
  func backPrompt(_ back: String) -> String

  /// A card's back in plain mode under FSRS (docs/commands.md#reminders-review), the four ratings
  /// on keys 1–4:
  /// `答え: to eat — 1: もう一度、2: 難しい、3: 正解、4: 簡単（y = 正解、n = もう一度）、…` /
  /// `Answer: to eat — 1: again, 2: hard, 3: good, 4: easy (y = good, n = again), …`.
  func backPromptRated(_ back: String) -> String

  /// A recall item in plain mode: `[2/3 · 思い出す] 〜てしまう — 思い出せましたか？ …` /
  /// `[2/3 · recall] 〜てしまう — Did you recall it? …`.
  func recallPrompt(number: Int, total: Int, topic: String) -> String

  /// Every key of a card (`card`) or a recall item, on one line: `キー: Enter で答えを表示、…` /
  /// `Keys: Enter shows the answer, …`.
  /// After a recall item's prompt in plain mode, when it is a forgotten card's: `, Enter: the
  /// card's answer` / `、Enter: カードの答え`.
  var recallAnswerHint: String { get }

  /// A forgotten card's answer, shown on a recall item's prompt (plain mode): `Answer: to eat —
  /// Did you recall it? y: yes, n: no, s: skip, q: quit` / `答え: to eat — 思い出せましたか？ …`.
  func recallAnswerPrompt(_ back: String) -> String

  func keysLine(card: Bool) -> String

  /// Every key of a card under FSRS, on one line: `キー: Enter で答えを表示、1 = もう一度、…` /
  /// `Keys: Enter shows the answer, 1 = again, 2 = hard, 3 = good, 4 = easy, …`.
  var keysLineRated: String { get }

  /// An answer's outcome under FSRS: the rating and the new due, a time for a learning step:
  /// `→ 正解。次の復習 2026-11-21 09:10（学習中）` / `→ good. Next review 2026-11-21 09:10 (learning)`.
  func answeredRated(_ rating: RatingWord, due: String, learning: Bool) -> String

  /// A relearning answer under FSRS, before the card's step is over: `→ 正解（復習し直し。予定は変わりません）` /
  /// `→ good (relearning; the schedule stays as it was)`.
  func relearnedRated(_ rating: RatingWord) -> String

  /// An answer's outcome: `→ 覚えていた。段階 2、次の復習 2026-11-24` /
  /// `→ remembered. Step 2, next review 2026-11-24`.
  func answered(remembered: Bool, step: Int, next: String) -> String

  /// A relearning answer (the card's second or later answer of the day,
  /// docs/commands.md#relearning-in-the-session), which moves nothing:
  /// `→ 覚えていた（復習し直し。予定は変わりません）` /
  /// `→ remembered (relearning; the schedule stays as it was)`.
  func relearned(remembered: Bool) -> String

  /// After a forgotten card's outcome: `このセッションでもう一度出ます。` /
  /// `It comes back in this session.`
  var comesBackInSession: String { get }

  /// A recall item recalled: `→ 完了。もう通知しません。` / `→ Done; it will not be reminded again.`
  var recallDone: String { get }

  /// A recall item not recalled, with `recall.after_wrong` off:
  /// `→ 完了（recall.after_wrong が off）。` / `→ Done (recall.after_wrong is off).`
  var recallDoneAfterWrongOff: String { get }

  /// A recall item not recalled, asked again after `after` (`10m`):
  /// `→ 10m後にもう一度。` / `→ Asked again in 10m.`
  func recallAgain(after: String) -> String

  /// Under FSRS, after a session's summary: the cards still in a learning step, and when the
  /// first is due: `3枚は 14:20 にもう一度。` / `3 cards come back at 14:20.`
  func comesBack(_ count: Int, at time: String) -> String

  /// What comes next, for `nothingToReview(next:)`: cards waiting in a learning step, the first
  /// due at `time` today: `14:20 に 3枚` / `3 cards at 14:20`.
  func nextLearning(_ count: Int, at time: String) -> String

  /// The session's last line: `おしまい: 3枚に答えました（…）。…` / `Done: 3 cards answered (…). …`
  /// (`1 card`, `1 day`).
  func summary(answered: Int, remembered: Int, forgot: Int, recallsDone: Int, streak: Int, tomorrow: Int)
    -> String

  /// `いま復習するものはありません。` / `Nothing to review now.`
  var nothingToReview: String { get }

  /// `Nothing to review now`, and when the next is: `…次は 2026-11-22 に 3枚。` / `… Next: 3 cards on 2026-11-22.`
  func nothingToReview(next: String) -> String

  /// The next cards due: `2026-11-22 に 3枚` / `3 cards on 2026-11-22` (`1 card`).
  func nextCards(_ count: Int, on day: String) -> String

  /// The next recall item: `… に思い出す項目` / `a recall item at …`.
  func nextRecall(at stamp: String) -> String

  /// The full screen's label of a recall item: `思い出す` / `recall`.
  var screenRecallLabel: String { get }

  /// `答え: to eat` / `Answer: to eat`.
  func screenAnswer(_ back: String) -> String

  /// `メモ: …` / `Note: …`.
  func screenNote(_ note: String) -> String

  /// `思い出せましたか？` / `Did you recall it?`
  var screenDidYouRecall: String { get }

  /// The key line at the bottom of the full screen: what the keys do now.
  func screenKeyLine(_ keys: ReviewKeys) -> String

  /// Every key, one a line (`?`), of a card (`card`) or a recall item.
  func screenKeyList(card: Bool) -> [String]

  /// Every key of a card under FSRS, one a line (`?`): the four ratings on 1–4.
  var screenKeyListRated: [String] { get }
}

/// What the keys of the review screen do now.
public enum ReviewKeys: Sendable {
  /// A card's front: the answer is still hidden.
  case front
  /// A card's back.
  case back
  /// A card's back under FSRS: the four ratings on keys 1–4.
  case backRated
  /// A recall item.
  case recall
  /// A recall item of a forgotten card, whose answer Space or Enter shows.
  case recallWithAnswer
}
