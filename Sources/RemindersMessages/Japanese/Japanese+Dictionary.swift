extension Japanese: DictionaryMessages {
  public func dictionaryMissing(path: String) -> String {
    "辞書 \(path) がありません: Debian の edict パッケージを入れるか（sudo apt install edict）、dictionary.path を設定してください"
  }

  public func dictionaryCannotConvert(path: String) -> String {
    "辞書 \(path) を読めません: C ライブラリが EUC-JP を変換できません（iconv）"
  }

  public func dictionaryMalformed(path: String, line: Int, problem: DictionaryLineProblem) -> String {
    let why =
      switch problem {
      case .noGlosses: "訳の前に「/」がありません"
      case .unterminatedGlosses: "訳が「/」で終わっていません"
      case .unclosedReading: "読みの「]」が閉じていません"
      case .noHeadword: "訳の前に語がありません"
      case .notEUCJP: "EUC-JP ではないバイトがあります"
      case .endsInsideCharacter: "文字の途中でファイルが終わっています"
      }
    return "\(path) の \(line) 行目: EDICT の見出しではありません: \(why)"
  }

  public func noEntry(_ word: String) -> String { "辞書に \(word) はありません。" }

  public func foundAs(_ word: String, form: String) -> String { "\(word): 辞書形 \(form) で見つかりました" }

  public func candidateLine(_ number: Int, text: String, note: String?, common: Bool) -> String {
    "\(number). \(text)" + (note.map { "（\($0)）" } ?? "") + (common ? " よく使う語" : "")
  }

  public func pickPrompt(count: Int) -> String {
    "どれにしますか？ \(count == 1 ? "1" : "1〜\(count)") の番号か、答えの面を入力してください（Enter だけなら追加しません）: "
  }

  public func pickNeeded(_ word: String, candidates: [String]) -> String {
    "\(word) の候補は \(candidates.count) 件です。--pick N で選ぶか、答えの面を指定してください: "
      + candidates.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "、")
  }

  public func pickOutOfRange(_ pick: Int, count: Int) -> String {
    "--pick \(pick): 候補は \(count) 件です"
  }

  public func noEntryGiveBack(_ word: String) -> String {
    "辞書に \(word) はありません: 答えの面を指定してください（reminders cards add \(word) 答え）"
  }

  public var nothingPicked: String { "選ばれなかったので、カードは追加しませんでした。" }
}
