extension Japanese: FileContentMessages {
  public func contentProblem(_ problem: ContentProblem) -> String {
    switch problem {
    case .syntax(let what): sentence(what)
    case .fieldSyntax(let field, let what): "\(field): \(sentence(what))"
    case .field(let field, let what): "\(field): \(sentence(what))"
    case .missing(let field, let names):
      names.isEmpty ? "\(field) がありません" : "\(field): \(names.joined(separator: "、")) がありません"
    case .notADocument(let document): "\(name(document))には \"version\": 1 を持つオブジェクトが必要です"
    case .journalLine: "ジャーナルの行には id と op が必要です"
    case .calendar(let problem): "iCalendar として読めません（\(calendarSyntax(problem))）"
    }
  }

  public func calendarSyntax(_ problem: CalendarSyntaxProblem) -> String {
    switch problem {
    case .notUTF8: "行が UTF-8 ではありません"
    case .noName: "行に名前がありません"
    case .nameNotFollowed: "行の名前のあとに ';' も ':' もありません"
    case .noColon: "行にコロンがありません"
    case .carriageReturn: "行の途中に復帰文字（CR）があります"
    case .continuationFirst: "前の行がないのに継続行があります"
    case .beginWithoutName: "BEGIN にコンポーネント名がありません"
    case .notACalendar(let found): "BEGIN:VCALENDAR のはずが BEGIN:\(found) です"
    case .tooDeep(let name, let depth): "BEGIN:\(name) でコンポーネントが \(depth) 段より深く入れ子になっています"
    case .endWithoutBegin(let name): "BEGIN のない END:\(name) があります"
    case .endMismatch(let name, let open, let line): "END:\(name) が BEGIN:\(open)（\(line) 行目）を閉じていません"
    case .beforeCalendar: "BEGIN:VCALENDAR がありません"
    case .afterEnd(let name): "END:\(name) のあとに行があります"
    case .neverClosed(let name): "BEGIN:\(name) が閉じられていません"
    }
  }

  func name(_ document: ContentDocument) -> String {
    switch document {
    case .alarms: "アラームのファイル"
    case .ledger: "配信記録のファイル"
    case .focusSession: "集中セッションのファイル"
    }
  }

  /// What the JSON reader expected, as a sentence.
  func sentence(_ what: JSONExpectation) -> String {
    switch what {
    case .objectOpen: "オブジェクトの「{」が必要です"
    case .keyString: "キーの文字列が必要です"
    case .colonAfterKey: "キーの後に「:」が必要です"
    case .commaOrBrace: "「,」か「}」が必要です"
    case .arrayOpen: "配列の「[」が必要です"
    case .commaOrBracket: "「,」か「]」が必要です"
    case .string: "文字列が必要です"
    case .hexDigits: "\\u の後に 16 進数 4 桁が必要です"
    case .lowSurrogate: "上位サロゲートの後に下位サロゲート \\uDC00-\\uDFFF が必要です"
    case .highSurrogate: "下位サロゲートの前に上位サロゲート \\uD800-\\uDBFF が必要です"
    case .escape: "正しいエスケープが必要です"
    case .noControlCharacter: "文字列の中に制御文字は書けません"
    case .validUTF8: "文字列の中が正しい UTF-8 ではありません"
    case .closingQuote: "閉じる「\"」が必要です"
    case .wholeNumber: "整数が必要です"
    case .number: "数が必要です"
    case .fractionDigits: "「.」の後に数字が必要です"
    case .exponentDigits: "指数に数字が必要です"
    case .value: "値が必要です"
    case .trueOrFalse: "true か false が必要です"
    case .nesting(let levels): "入れ子が深すぎます（\(levels) 段未満にします）"
    case .endOfFile: "ここでファイルが終わるはずですが、続きがあります"
    }
  }

  /// What a field should hold, as a sentence.
  func sentence(_ what: ValueExpectation) -> String {
    switch what {
    case .string: "文字列が必要です"
    case .stringOrNull: "文字列か null が必要です"
    case .strings: "文字列だけを並べます"
    case .object: "オブジェクトが必要です"
    case .objectOrNull: "オブジェクトか null が必要です"
    case .array: "配列が必要です"
    case .list: "リストが必要です"
    case .trueOrFalse: "true か false が必要です"
    case .number: "数が必要です"
    case .numberOrNull: "数か null が必要です"
    case .positiveNumberOrNull: "0 より大きい数か null が必要です"
    case .wholeNumber: "整数が必要です"
    case .zeroOrMore, .fromZero: "0 以上の整数が必要です"
    case .atLeast(let minimum): "\(minimum) 以上の整数が必要です"
    case .upTo(let maximum): "\(maximum) 以下の整数が必要です"
    case .wholeNumberRange(let from, let to): "\(from) から \(to) までの整数が必要です"
    case .version(let expected, let got):
      got.map { "\(expected) が必要です（\($0) ではなく）" } ?? "\(expected) が必要です"
    case .date: "日付 YYYY-MM-DD が必要です"
    case .time: "日時が必要です"
    case .instant: "2026-11-21T08:00:00+09:00 のような RFC 3339 の日時が必要です"
    case .wallTime: "時刻 HH:MM が必要です"
    case .fsrsState: "\"learning\"、\"review\"、\"relearning\" のどれかが必要です"
    case .stepOrNull: "0 以上の整数か null が必要です"
    case .step(let state): "\(state) のカードには 0 以上の整数が必要です"
    case .nullInReview: "review のカードには null が必要です"
    case .rating: "\"again\"、\"hard\"、\"good\"、\"easy\" のどれかが必要です"
    case .correctRating: "正解には \"hard\"、\"good\"、\"easy\" のどれかが必要です"
    case .wrongRating: "不正解には \"again\" が必要です"
    case .ratingAsCorrectSays: "correct と食い違わない \"again\"、\"hard\"、\"good\"、\"easy\" のどれかが必要です"
    case .id: "ID が必要です"
    case .alarmID: "空白も「:」も含まない ID が必要です"
    case .uniqueAlarmID: "ほかのアラームと重ならない ID が必要です"
    case .alarmList: "アラームのリストが必要です"
    case .weekdays: "[\"mon\", \"tue\"] のような曜日のリストが必要です"
    case .daysOrDate: "\"days\"（曜日のリスト）と \"date\"（YYYY-MM-DD）のどちらか一方が必要です"
    case .place: "{\"latitude\": -90…90, \"longitude\": -180…180} の形が必要です"
    case .radius(let from, let to): "\(from) から \(to) までのメートル数が必要です"
    case .channel: "popup か calendar が必要です"
    case .recallItemIDs: "復習項目の ID のリストが必要です"
    case .soundProcess: "整数の {\"pid\", \"group\", \"startTicks\"} が必要です"
    case .entries: "記録のリストが必要です"
    case .dayOrRange: "日付 YYYY-MM-DD か期間 YYYY-MM-DD/YYYY-MM-DD が必要です"
    case .days: "日付のリストが必要です"
    case .timesByID: "ID ごとの日時のオブジェクトが必要です"
    case .seconds: "秒数（1 以上の整数）が必要です"
    case .answerFields: "cardId、correct、at、day、recallId が必要です"
    case .answeredCard: "答えたカード 1 枚（fsrs の状態つき）が必要です"
    case .undoParts: "カード 1 枚、復習記録 1 件、答えで変わった内容が必要です"
    case .journalOp: "answer、undo、recalls、cards、remove のどれかが必要です"
    case .cardsToSet: "カードが 1 枚以上必要です"
    case .removedIDs: "{\"cards\", \"recalls\"}（どちらも ID のリスト）が必要です"
    }
  }
}
