/// The texts of Anki collections: where the counts come from, why a collection cannot be read.
///
/// SQLite's and the system's own messages stay as they are.
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
  /// `CONFIG: anki.collection: PATH: PROBLEM` / `CONFIG: 設定が正しくありません: anki.collection: PATH: PROBLEM`.
  func ankiConfigError(configPath: String, collection: String, problem: AnkiProblemWord) -> String
  /// Why the collection cannot be read just now: `copying took longer than the time allowed` /
  /// `写すのに許された時間を超えました`.
  func ankiUnreadable(_ why: AnkiUnreadableWord) -> String
  /// Why one of Anki's protobuf blobs does not read: `a varint runs past the end at byte 3` /
  /// `varint が終わりを越えています（3 バイト目）`.
  func ankiBlobProblem(_ reason: ProtoReason, at offset: Int) -> String
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

/// What is wrong with the file `anki.collection` names.
public enum AnkiProblemWord: Sendable, Equatable {
  case missing
  case notRegularFile(kind: FileKindName)
  case unreadable(String)
  case notSQLite
  case notAnki(missingTable: String)
  /// The collection's schema, and the one this version reads.
  case schema(Int, reads: Int)
  case firstScheduler
  case badValue(AnkiBadValue)
}

/// A value of Anki's that does not decode (a protobuf blob, most likely from a newer Anki).
public enum AnkiBadValue: Sendable, Equatable {
  /// The row of deck `id`.
  case deck(id: Int64, reason: ProtoReason, offset: Int)
  /// The row of deck options (a preset) `id`.
  case deckOptions(id: Int64, reason: ProtoReason, offset: Int)
}

/// Why bytes are not the protobuf message Anki wrote.
public enum ProtoReason: Sendable, Equatable {
  case varintPastEnd
  case varintTooLong
  /// A fixed-width value of `bits` that runs past the end.
  case valuePastEnd(bits: Int)
  case fieldNumberOutOfRange(UInt64)
  /// A length-delimited field whose `length` bytes run past the end.
  case lengthPastEnd(field: UInt64, length: UInt64)
  /// A wire type this reader does not read (the groups of proto2, or none at all).
  case wireTypeNotRead(wireType: UInt64, field: UInt64)
  case notVarint(field: Int)
  case notMessage(field: Int)
  /// A deck that is neither a normal nor a filtered deck.
  case neitherDeckKind
}

/// Why the collection cannot be read just now.
public enum AnkiUnreadableWord: Sendable, Equatable {
  case keptChanging
  case system(path: String, error: String)
  case notRegularFile(path: String, kind: FileKindName)
  /// What SQLite's `quick_check` said of the copy (nil: nothing).
  case copyDoesNotCheckOut(String?)
  case tooSlow
  case noSpace(folder: String, needed: String, free: String)
  case content(AnkiProblemWord)
  case sqlite(String)
}
