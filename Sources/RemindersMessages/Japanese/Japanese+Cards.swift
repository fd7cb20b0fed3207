extension Japanese: CardsMessages {
  public var noCardsDue: String { "今日の復習はありません。" }
  public var noCards: String { "カードはありません。" }
  public var cardColumns: [String] { ["ID", "次の復習", "段階", "コレクション", "表", "裏", "状態"] }
  public var suspendedState: String { "停止中" }

  public func nextReview(_ day: String, step: Int) -> String { "次の復習: \(day)（段階 \(step)）" }

  public func answeredEarly(_ day: String, step: Int) -> String {
    "期日前の答え: 記録しました。予定は変わりません（次の復習: \(day)、段階 \(step)）"
  }

  public func ratingName(_ rating: RatingWord) -> String {
    switch rating {
    case .again: "もう一度"
    case .hard: "難しい"
    case .good: "正解"
    case .easy: "簡単"
    }
  }

  public func ratedNext(_ rating: RatingWord, due: String, learning: Bool) -> String {
    "評価: \(ratingName(rating))。次の復習: \(due)" + (learning ? "（学習中）" : "")
  }

  public func ratedEarly(_ rating: RatingWord, due: String) -> String {
    "期日前の答え（\(ratingName(rating))）: 記録しました。予定は変わりません（次の復習: \(due)）"
  }

  public func recallReminder(at when: String, moved why: String?) -> String {
    why.map { "思い出しのリマインダー: \(when)（移動: \($0)）" } ?? "思い出しのリマインダー: \(when)"
  }

  public func changed(_ change: DeckChange) -> String {
    switch change {
    case .edited: "変更しました: "
    case .removed: "削除しました: "
    case .suspended: "停止しました: "
    case .alreadySuspended: "すでに停止中です: "
    case .unsuspended: "再開しました: "
    case .notSuspended: "停止中ではありません: "
    case .done: "完了しました: "
    case .alreadyDone: "すでに完了しています: "
    }
  }

  public func notAddedDuplicate(_ label: String) -> String {
    "追加しませんでした: \(label) はすでにデッキにあります（--duplicate を付けると追加します）"
  }

  public func removedRecalls(_ count: Int) -> String { "思い出し項目 \(count) 件も削除しました" }

  public var noRecallItems: String { "思い出し項目はありません。" }
  public var recallColumns: [String] { ["ID", "日時", "トピック", "メモ"] }

  public func imported(added: Int, skipped: Int) -> String { "\(added) 枚を追加、\(skipped) 枚をスキップ" }

  public func idTooShort(_ query: String, minimum: Int) -> String {
    "ID '\(query)' は短すぎます。少なくとも \(minimum) 文字を指定してください"
  }

  public func deckItem(_ item: DeckItem) -> String {
    switch item {
    case .card: "カード"
    case .recall: "思い出し項目"
    case .alarm: "アラーム"
    }
  }

  public func deckItems(_ item: DeckItem, count: Int) -> String {
    switch item {
    case .card: "\(count) 枚のカード"
    case .recall: "\(count) 件の思い出し項目"
    case .alarm: "\(count) 件のアラーム"
    }
  }

  public func noSuchID(_ query: String, naming item: String, in path: String) -> String {
    "\(path) に ID '\(query)' の\(item)はありません"
  }

  public func ambiguousID(_ query: String, matches several: String, list: String) -> String {
    "'\(query)' に合う\(several)があります: \(list)。ID をもっと長く指定してください"
  }

  public func cardFileProblem(_ problem: CardFileProblem) -> String {
    switch problem {
    case .notUTF8: "UTF-8 のテキストではありません"
    case .tooManyFields(let count): "列は 3 つまでです（表、裏、コレクション）が、\(count) 列あります"
    case .noFront: "表（問い）がありません"
    case .noBack: "裏（答え）がありません"
    case .textAfterClosingQuote: "閉じる引用符の後にはカンマか行末が必要です"
    case .strayQuote: "余分な引用符があります。引用符はフィールドの先頭にだけ置けます（中では \"\" と書きます）"
    case .unclosedQuote: "引用符が閉じられないままファイルが終わっています"
    }
  }
}
