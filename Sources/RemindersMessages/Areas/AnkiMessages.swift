/// The texts of Anki collections: where the counts come from, why a collection cannot be read.
///
/// SQLite's and the system's own messages stay as they are; an error's English is its own
/// `description` (what `--json` gives too), passed in as `described`.
public protocol AnkiMessages: Sendable {
  /// `current (read at 08:00 from the collection)` / `最新（08:00 にコレクションから読み取り）`;
  /// `fromCopy` when Anki had it open.
  func ankiCurrent(readAt: String, fromCopy: Bool) -> String
  /// `counts as of 08:00 (it cannot be read now: WHY)` / `08:00 時点の枚数です（いまは読めません: WHY）`.
  func ankiStale(readAt: String, reason: String) -> String
  /// `not counted (it cannot be read: WHY)` / `数えていません（読めません: WHY）`.
  func ankiUnavailable(reason: String) -> String
  /// The counted decks with cards due: `日本語 17 (new 5, learning 2, review 10)` /
  /// `日本語 17枚（新規 5、学習中 2、復習 10）`, or `no card due` / `期限のカードはありません`.
  func ankiDecks(_ decks: [AnkiDeckTally]) -> String
  /// `Anki: no top-level deck named "NAME" (anki.decks)` / `Anki: 「NAME」という最上位のデッキはありません（anki.decks）`.
  func ankiUnknownDeck(_ name: String) -> String
  /// `CONFIG: 設定が正しくありません: anki.collection: PATH: PROBLEM`; in English `described`.
  func ankiConfigError(configPath: String, collection: String, problem: AnkiProblemWord, described: String)
    -> String
  /// Why the collection cannot be read just now: `写すのに許された時間を超えました`; in English
  /// `described`.
  func ankiUnreadable(_ why: AnkiUnreadableWord, described: String) -> String
  /// A collection that cannot be read at all, after its error (`ankiConfigError`), when the
  /// deck's reminders go on without it: `… (Anki's cards are counted as last read; the deck's
  /// reminders go on)` / `…（Anki のカードは最後に読み取った枚数で数えます。デッキのリマインダーは続きます）`,
  /// or, never read (`counted` false), `… (Anki's cards are not counted; …)` / `…（Anki のカードは数えません。…）`.
  func ankiLeftOut(_ error: String, counted: Bool) -> String
}

/// One counted deck's cards due.
public struct AnkiDeckTally: Sendable, Equatable {
  public var name: String
  public var new: Int
  public var learning: Int
  public var review: Int
  public var total: Int { new + learning + review }

  public init(name: String, new: Int, learning: Int, review: Int) {
    (self.name, self.new, self.learning, self.review) = (name, new, learning, review)
  }
}

/// What is wrong with the file `anki.collection` names. A file kind comes named in the
/// catalogue's language (`ディレクトリ`).
public enum AnkiProblemWord: Sendable, Equatable {
  case missing
  case notRegularFile(kind: String)
  case unreadable(String)
  case notSQLite
  case notAnki(missingTable: String)
  /// The collection's schema, and the one this version reads.
  case schema(Int, reads: Int)
  case firstScheduler
  case badValue(String)
}

/// Why the collection cannot be read just now.
public enum AnkiUnreadableWord: Sendable, Equatable {
  case keptChanging
  case system(path: String, error: String)
  case notRegularFile(path: String, kind: String)
  case copyDoesNotCheckOut(String)
  case tooSlow
  case noSpace(folder: String, needed: String, free: String)
  case content(AnkiProblemWord)
  case sqlite(String)
}
