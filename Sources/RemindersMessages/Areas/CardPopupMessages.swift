/// The texts of a review in the pop-up (docs/delivery.md): a card's pop-up, its actions, and the
/// summary at the end. Read aloud by screen readers like every pop-up: words, not symbols.
public protocol CardPopupMessages: Sendable {
  /// The card pop-up's title: its place in the session and its collection:
  /// `3/12 · JLPT N5`, or `3/12` without one; a recall item's `3/12 · 思い出す` / `3/12 · recall`.
  func cardPopupTitle(number: Int, total: Int, collection: String?) -> String
  /// A recall item's title: `3/12 · 思い出す` / `3/12 · Recall`.
  func recallPopupTitle(number: Int, total: Int) -> String
  /// The body once the answer is shown: the front, the back and the note, a line each:
  /// `猫\n答え: cat\nメモ: …` / `猫\nAnswer: cat\nNote: …`.
  func cardPopupAnswer(front: String, back: String, note: String?) -> String
  /// A recall item's body: its topic, its note, and the question:
  /// `〜ばかり\n思い出せましたか？` / `〜ばかり\nDid you recall it?`.
  func recallPopupBody(topic: String, note: String?) -> String
  /// `答えを見る` / `Show answer`.
  var showAnswerAction: String { get }
  /// `あとで` / `Later`: ends the session; the cards stay due.
  var laterAction: String { get }
  /// `覚えた` / `Remembered`, `忘れた` / `Forgot`.
  var rememberedAction: String { get }
  var forgotAction: String { get }
  /// Under FSRS: `もう一度` / `Again`, `できた` / `Good`, `簡単` / `Easy`.
  var againAction: String { get }
  var goodAction: String { get }
  var easyAction: String { get }
  /// A recall item: `思い出せた` / `Recalled`, `まだ` / `Not yet`.
  var recalledAction: String { get }
  var notYetAction: String { get }
  /// The summary pop-up: `復習完了 12枚（覚えた 10枚）` / `Done: 12 cards (10 remembered)`.
  func cardPopupDone(cards: Int, remembered: Int) -> String
  /// Its body: recall items done, and what comes tomorrow: `思い出した項目 1件。明日 8枚。` /
  /// `Recall items done: 1. 8 cards tomorrow.`
  func cardPopupDoneBody(recallsDone: Int, tomorrow: Int) -> String
  /// The pop-up when nothing is due any more: `今は復習するカードがありません` / `Nothing to review now`.
  var cardPopupNothing: String { get }
  /// The pop-up when a card of the session left the deck meanwhile (as the terminal says it).
  var cardPopupGone: String { get }
}
