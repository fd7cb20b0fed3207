extension Japanese: AnkiMessages {
  public func ankiCurrent(readAt: String, fromCopy: Bool) -> String {
    fromCopy ? "最新（\(readAt) に読み取り。Anki が開いているため写しから）" : "最新（\(readAt) にコレクションから読み取り）"
  }

  public func ankiStale(readAt: String, reason: String) -> String { "\(readAt) 時点の枚数です（いまは読めません: \(reason)）" }

  public func ankiUnavailable(reason: String) -> String { "数えていません（読めません: \(reason)）" }

  public func ankiDecks(_ decks: [AnkiDeckTally]) -> String {
    guard !decks.isEmpty else { return "期限のカードはありません" }
    return decks.map { d in "\(d.name) \(d.total)枚（新規 \(d.new)、学習中 \(d.learning)、復習 \(d.review)）" }
      .joined(separator: "、")
  }

  public func ankiUnknownDeck(_ name: String) -> String { "Anki: 「\(name)」という最上位のデッキはありません（anki.decks）" }

  public func ankiConfigError(
    configPath: String, collection: String, problem: AnkiProblemWord, described: String
  ) -> String {
    "\(configPath): 設定が正しくありません: anki.collection: \(collection): \(words(problem))"
  }

  public func ankiLeftOut(_ error: String, counted: Bool) -> String {
    error + (counted ? "（Anki のカードは最後に読み取った枚数で数えます" : "（Anki のカードは数えません")
      + "。デッキのリマインダーは続きます）"
  }

  private func words(_ problem: AnkiProblemWord) -> String {
    switch problem {
    case .missing: "ファイルがありません"
    case .notRegularFile(let kind): "通常のファイルではありません（\(kind)）"
    case .unreadable(let error): "読めません（\(error)）"
    case .notSQLite: "Anki のコレクションではありません（SQLite のデータベースではありません）"
    case .notAnki(let table): "Anki のコレクションではありません（\(table) 表がありません）"
    case .schema(let version, let reads) where version < reads:
      "スキーマ \(version) の Anki コレクションは読めません（読めるのは \(reads)）。Anki 2.1.50 以降で一度開いてください"
    case .schema(let version, let reads): "スキーマ \(version) の Anki コレクションは、このバージョンが読めるもの（\(reads)）より新しいものです"
    case .firstScheduler: "v1 スケジューラーのままの Anki コレクションです。現在の Anki で一度開くと更新されます"
    case .badValue(let what): "このバージョンが読める Anki コレクションではありません（\(what)）"
    }
  }

  public func ankiUnreadable(_ why: AnkiUnreadableWord, described: String) -> String {
    switch why {
    case .keptChanging: "読んでいる間に変わり続けました"
    case .system(let path, let error): "\(path) を使えません（\(error)）"
    case .notRegularFile(let path, let kind): "\(path) は\(kind)で、通常のファイルではありません"
    case .copyDoesNotCheckOut(let check): "写しが検査を通りません（\(check)）"
    case .tooSlow: "写すのに許された時間を超えました"
    case .noSpace(let folder, let needed, let free): "\(folder) に写すだけの空きがありません（必要 \(needed)、空き \(free)）"
    case .content(let problem): words(problem)
    case .sqlite(let message): message
    }
  }
}
