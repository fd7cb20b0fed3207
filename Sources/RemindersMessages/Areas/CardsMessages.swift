/// The texts of `cards` and `recall`: adding, listing, answering, importing, keeping the deck.
public protocol CardsMessages: Sendable {
  /// `今日の復習はありません。` / `No cards due today.`
  var noCardsDue: String { get }

  /// `カードはありません。` / `No cards.`
  var noCards: String { get }

  /// The columns of `cards list`: `ID 次の復習 段階 …` / `ID DUE STEP …`.
  var cardColumns: [String] { get }

  /// A suspended card's state in `cards list`: `停止中` / `suspended`.
  var suspendedState: String { get }

  /// `次の復習: 2026-11-24（段階 2）` / `Next review: 2026-11-24 (step 2)`.
  func nextReview(_ day: String, step: Int) -> String

  /// `cards answer` to a card that was not due (docs/planning.md#answers-that-do-not-move-the-schedule),
  /// in place of `nextReview`:
  /// `期日前の答え: 記録しました。予定は変わりません（次の復習: 2026-11-24、段階 2）` /
  /// `Not due: answer logged, the schedule stays as it was (next review: 2026-11-24, step 2)`.
  func answeredEarly(_ day: String, step: Int) -> String

  /// An FSRS rating's name: `もう一度` / `again`, `難しい` / `hard`, `正解` / `good`,
  /// `簡単` / `easy`.
  func ratingName(_ rating: RatingWord) -> String

  /// `cards answer` under FSRS (docs/scheduling.md#answering-under-fsrs): the rating and the new due — a time
  /// for a learning step, a day in review: `評価: 正解。次の復習: 2026-11-26 08:11（学習中）` /
  /// `Rated good. Next review: 2026-11-26 08:11 (learning)`; `learning` false:
  /// `評価: 簡単。次の復習: 2026-12-10` / `Rated easy. Next review: 2026-12-10`.
  func ratedNext(_ rating: RatingWord, due: String, learning: Bool) -> String

  /// `cards answer` under FSRS to a card before its due (docs/scheduling.md#answering-under-fsrs):
  /// `期日前の答え（簡単）: 記録しました。予定は変わりません（次の復習: 2026-12-10）` /
  /// `Not due: answer logged (easy), the schedule stays as it was (next review: 2026-12-10)`.
  func ratedEarly(_ rating: RatingWord, due: String) -> String

  /// `思い出しのリマインダー: …` / `Recall reminder: …`, and why it moved when it did:
  /// `思い出しのリマインダー: …（移動: 静かな時間（元は 23:00））` / `Recall reminder: … (moved: …)`.
  func recallReminder(at when: String, moved why: String?) -> String

  /// What was done to a card or recall item, before its label.
  func changed(_ change: DeckChange) -> String

  /// `cards add` of a card whose front is already in its collection: `not added: 猫 (01a218ea)
  /// is already in the deck (--duplicate adds it anyway)` / `追加しませんでした: …`.
  func notAddedDuplicate(_ label: String) -> String

  /// `思い出し項目 2 件も削除しました` / `and its 2 open recall item(s)`.
  func removedRecalls(_ count: Int) -> String

  /// `思い出し項目はありません。` / `No recall items.`
  var noRecallItems: String { get }

  /// The columns of `recall list`: `ID 日時 トピック メモ` / `ID DUE TOPIC NOTE`.
  var recallColumns: [String] { get }

  /// `cards import`: `3 枚を追加、1 枚をスキップ` / `added 3, skipped 1`.
  func imported(added: Int, skipped: Int) -> String

  /// `ID 'ab' は短すぎます。少なくとも 4 文字を指定してください` /
  /// `id 'ab' is too short; give at least 4 characters`.
  func idTooShort(_ query: String, minimum: Int) -> String

  /// What an id names: `カード` / `card`, `思い出し項目` / `recall item`, `アラーム` / `alarm`.
  func deckItem(_ item: DeckItem) -> String

  /// Several of them: `2 枚のカード` / `2 cards`, `2 件の思い出し項目` / `2 recall items`,
  /// `2 件のアラーム` / `2 alarms`.
  func deckItems(_ item: DeckItem, count: Int) -> String

  /// No such id, what it names (`deckItem`) given: `… に ID 'abcd' のカードはありません` /
  /// `no card with id 'abcd' in …`.
  func noSuchID(_ query: String, naming item: String, in path: String) -> String

  /// An id prefix that matches several (`deckItems`), listed:
  /// `'abcd' に合う2 枚のカードがあります: …。ID をもっと長く指定してください` /
  /// `'abcd' matches 2 cards: …; give more of the id`.
  func ambiguousID(_ query: String, matches several: String, list: String) -> String

  /// Why a line of a card file cannot be imported: `表（問い）がありません` /
  /// `expected a front (the question side)`.
  func cardFileProblem(_ problem: CardFileProblem) -> String
}

/// What a deck command did.
public enum DeckChange: Sendable {
  case edited, removed, suspended, alreadySuspended, unsuspended, notSuspended, done, alreadyDone
}

/// What an id names.
public enum DeckItem: Sendable {
  case card, recall, alarm
}

/// Why a line of a card file cannot be imported.
public enum CardFileProblem: Equatable, Sendable {
  case notUTF8
  case tooManyFields(Int)
  case noFront
  case noBack
  case textAfterClosingQuote
  case strayQuote
  case unclosedQuote
}

/// An FSRS rating, as the texts name it (the catalogue depends on no other module).
public enum RatingWord: Sendable, CaseIterable {
  case again, hard, good, easy
}
