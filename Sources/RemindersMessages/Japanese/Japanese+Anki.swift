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

  public func ankiConfigError(configPath: String, collection: String, problem: AnkiProblemWord) -> String {
    "\(configPath): 設定が正しくありません: anki.collection: \(collection): \(words(problem))"
  }

  public func ankiLeftOut(_ error: String, counted: Bool) -> String {
    error + (counted ? "（Anki のカードは最後に読み取った枚数で数えます" : "（Anki のカードは数えません")
      + "。デッキのリマインダーは続きます）"
  }

  private func words(_ problem: AnkiProblemWord) -> String {
    switch problem {
    case .missing: "ファイルがありません"
    case .notRegularFile(let kind): "通常のファイルではありません（\(kindName(kind))）"
    case .unreadable(let error): "読めません（\(error)）"
    case .notSQLite: "Anki のコレクションではありません（SQLite のデータベースではありません）"
    case .notAnki(let table): "Anki のコレクションではありません（\(table) 表がありません）"
    case .schema(let version, let reads) where version < reads:
      "スキーマ \(version) の Anki コレクションは読めません（読めるのは \(reads)）。Anki 2.1.50 以降で一度開いてください"
    case .schema(let version, let reads): "スキーマ \(version) の Anki コレクションは、このバージョンが読めるもの（\(reads)）より新しいものです"
    case .firstScheduler: "v1 スケジューラーのままの Anki コレクションです。現在の Anki で一度開くと更新されます"
    case .badValue(.deck(let id, let reason, let offset)):
      "このバージョンが読める Anki コレクションではありません（デッキ \(id): \(ankiBlobProblem(reason, at: offset))）"
    case .badValue(.deckOptions(let id, let reason, let offset)):
      "このバージョンが読める Anki コレクションではありません（デッキオプション \(id): \(ankiBlobProblem(reason, at: offset))）"
    }
  }

  public func ankiUnreadable(_ why: AnkiUnreadableWord) -> String {
    switch why {
    case .keptChanging: "読んでいる間に変わり続けました"
    case .system(let path, let error): "\(path) を使えません（\(error)）"
    case .notRegularFile(let path, let kind): "\(path) は\(kindName(kind))で、通常のファイルではありません"
    case .copyDoesNotCheckOut(let check?): "写しが検査を通りません（\(check)）"
    case .copyDoesNotCheckOut(nil): "写しが検査を通りません（応答がありません）"
    case .tooSlow: "写すのに許された時間を超えました"
    case .noSpace(let folder, let needed, let free): "\(folder) に写すだけの空きがありません（必要 \(needed)、空き \(free)）"
    case .content(let problem): words(problem)
    case .sqlite(let message): message
    }
  }

  public func ankiBlobProblem(_ reason: ProtoReason, at offset: Int) -> String {
    let words =
      switch reason {
      case .varintPastEnd: "varint が終わりを越えています"
      case .varintTooLong: "64 ビットより長い varint です"
      case .valuePastEnd(let bits): "\(bits) ビットの値が終わりを越えています"
      case .fieldNumberOutOfRange(let field): "フィールド番号 \(field) が範囲外です"
      case .lengthPastEnd(let field, let length): "フィールド \(field) の \(length) バイトが終わりを越えています"
      case .wireTypeNotRead(let wireType, let field): "フィールド \(field) のワイヤー型 \(wireType) は読めません"
      case .notVarint(let field): "フィールド \(field) が varint ではありません"
      case .notMessage(let field): "フィールド \(field) がメッセージではありません"
      case .neitherDeckKind: "通常のデッキでもフィルターデッキでもありません"
      }
    return "\(words)（\(offset) バイト目）"
  }
}
