/// The texts of `lookup` and of `cards add FRONT` without a back: the dictionary's candidates,
/// the pick, and what stops a lookup (docs/dictionary.md).
public protocol DictionaryMessages: Sendable {
  /// No dictionary file: `no dictionary at PATH: install Debian's edict package (sudo apt install
  /// edict), or set dictionary.path` / `辞書 PATH がありません: …`.
  func dictionaryMissing(path: String) -> String

  /// The C library has no EUC-JP converter (iconv): the dictionary cannot be read.
  func dictionaryCannotConvert(path: String) -> String

  /// A line of the dictionary that is not EUC-JP or not an entry: `PATH, line N: not an EDICT
  /// entry: PROBLEM`.
  func dictionaryMalformed(path: String, line: Int, problem: DictionaryLineProblem) -> String

  /// `No entry for WORD in the dictionary.` / `辞書に WORD はありません。`
  func noEntry(_ word: String) -> String

  /// A conjugated word and the dictionary form it was found as: `食べた: found as 食べる` /
  /// `食べた: 辞書形 食べる で見つかりました`.
  func foundAs(_ word: String, form: String) -> String

  /// One candidate, numbered: `1. cat (ねこ), common` / `1. cat（ねこ）よく使う語`. The note (a
  /// reading or a word) in parentheses when there is one; `common` for a `(P)` word.
  func candidateLine(_ number: Int, text: String, note: String?, common: Bool) -> String

  /// The question `cards add` asks in a terminal: `Which one? 1-3, or type the answer side
  /// yourself (Enter alone adds nothing): ` / `どれにしますか？ …`.
  func pickPrompt(count: Int) -> String

  /// `cards add WORD` with candidates, outside a terminal and without `--pick`: one line naming
  /// them: `猫 has 3 candidates; pick one with --pick N, or give the answer side: 1. cat; 2.
  /// shamisen; 3. geisha`.
  func pickNeeded(_ word: String, candidates: [String]) -> String

  /// `--pick 5` with 3 candidates.
  func pickOutOfRange(_ pick: Int, count: Int) -> String

  /// `cards add WORD` without a back, and the dictionary has nothing: `no entry for X in the
  /// dictionary: give the answer side (reminders cards add X BACK)`.
  func noEntryGiveBack(_ word: String) -> String

  /// Enter alone at the pick: `Nothing picked: no card added.` / `選ばれなかったので追加しませんでした。`
  var nothingPicked: String { get }
}

/// Why a line of the dictionary is not an EDICT entry (`WORD [READING] /gloss/…/`).
public enum DictionaryLineProblem: Sendable, Equatable {
  /// No `/` after the word.
  case noGlosses
  /// The glosses do not end with `/` (a line cut short).
  case unterminatedGlosses
  /// A `[` reading without its `]`.
  case unclosedReading
  /// Nothing, or blanks, where the word should be.
  case noHeadword
  /// Bytes that are not EUC-JP.
  case notEUCJP
  /// The file ends inside a character.
  case endsInsideCharacter
}
