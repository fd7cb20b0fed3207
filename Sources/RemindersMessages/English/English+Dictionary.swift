extension English: DictionaryMessages {
  public func dictionaryMissing(path: String) -> String {
    "no dictionary at \(path): install Debian's edict package (sudo apt install edict), or set dictionary.path"
  }

  public func dictionaryCannotConvert(path: String) -> String {
    "cannot read the dictionary \(path): the C library cannot convert EUC-JP (iconv)"
  }

  public func dictionaryMalformed(path: String, line: Int, problem: DictionaryLineProblem) -> String {
    let why =
      switch problem {
      case .noGlosses: "no '/' before the glosses"
      case .unterminatedGlosses: "the glosses do not end with '/'"
      case .unclosedReading: "a reading without its closing ']'"
      case .noHeadword: "no word before the glosses"
      case .notEUCJP: "bytes that are not EUC-JP"
      case .endsInsideCharacter: "the file ends inside a character"
      }
    return "\(path), line \(line): not an EDICT entry: \(why)"
  }

  public func noEntry(_ word: String) -> String { "No entry for \(word) in the dictionary." }

  public func foundAs(_ word: String, form: String) -> String { "\(word): found as \(form)" }

  public func candidateLine(_ number: Int, text: String, note: String?, common: Bool) -> String {
    "\(number). \(text)" + (note.map { " (\($0))" } ?? "") + (common ? ", common" : "")
  }

  public func pickPrompt(count: Int) -> String {
    "Which one? \(count == 1 ? "1" : "1-\(count)"), or type the answer side yourself (Enter alone adds nothing): "
  }

  public func pickNeeded(_ word: String, candidates: [String]) -> String {
    "\(word) has \(candidates.count) candidate\(candidates.count == 1 ? "" : "s"); pick one with --pick N, or give the answer side: "
      + candidates.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "; ")
  }

  public func pickOutOfRange(_ pick: Int, count: Int) -> String {
    "--pick \(pick): there \(count == 1 ? "is 1 candidate" : "are \(count) candidates")"
  }

  public func noEntryGiveBack(_ word: String) -> String {
    "no entry for \(word) in the dictionary: give the answer side (reminders cards add \(word) BACK)"
  }

  public var nothingPicked: String { "Nothing picked: no card added." }
}
