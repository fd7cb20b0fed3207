extension Japanese: ReviewMessages {
  public var cardGone: String { "このカードはその間にデッキから削除されました。解答は記録しません。" }
  public func undone(_ name: String) -> String { "取り消しました: \(name)" }
  public func outcome(of name: String, _ outcome: String) -> String { "「\(name)」\(outcome)" }
  public var nothingToUndo: String { "取り消す答えはありません。" }

  public func frontPrompt(place: String, front: String) -> String {
    "[\(place)] \(front) — Enter: 答えを見る、s: スキップ、q: 終了"
  }

  public func backPrompt(_ back: String) -> String {
    "答え: \(back) — y: 覚えていた、n: 忘れた、s: スキップ、u: 取り消し、q: 終了"
  }

  public func backPromptRated(_ back: String) -> String {
    "答え: \(back) — 1: もう一度、2: 難しい、3: 正解、4: 簡単（y = 正解、n = もう一度）、s: スキップ、u: 取り消し、q: 終了"
  }

  public var keysLineRated: String {
    "キー: Enter で答えを表示、1 = もう一度、2 = 難しい、3 = 正解、4 = 簡単（英語の評価語も可）、y = 正解、n = もう一度、"
      + "u = 取り消し、s = スキップ、q = 終了"
  }

  public func answeredRated(_ rating: RatingWord, due: String, learning: Bool) -> String {
    "→ \(ratingName(rating))。次の復習 \(due)" + (learning ? "（学習中）" : "")
  }

  public func relearnedRated(_ rating: RatingWord) -> String {
    "→ \(ratingName(rating))（復習し直し。予定は変わりません）"
  }

  public var recallAnswerHint: String { "（Enter: カードの答え）" }

  public func recallAnswerPrompt(_ back: String) -> String {
    "答え: \(back) — 思い出せましたか？ y: はい、n: いいえ、s: スキップ、q: 終了"
  }

  public func recallPrompt(number: Int, total: Int, topic: String) -> String {
    "[\(number)/\(total) · 思い出す] \(topic) — 思い出せましたか？ y: はい、n: いいえ、s: スキップ、q: 終了"
  }

  public func keysLine(card: Bool) -> String {
    card
      ? "キー: Enter で答えを表示、y か 1 = 覚えていた、n か 2 = 忘れた、u = 取り消し、s = スキップ、q = 終了"
      : "キー: y か 1 = 思い出せた、n か 2 = まだ（あとでもう一度）、u = 取り消し、s = スキップ、q = 終了"
  }

  public func answered(remembered: Bool, step: Int, next: String) -> String {
    "→ \(remembered ? "覚えていた" : "忘れた")。段階 \(step)、次の復習 \(next)"
  }

  public func relearned(remembered: Bool) -> String {
    "→ \(remembered ? "覚えていた" : "忘れた")（復習し直し。予定は変わりません）"
  }

  public var comesBackInSession: String { "このセッションでもう一度出ます。" }

  public var recallDone: String { "→ 完了。もう通知しません。" }
  public var recallDoneAfterWrongOff: String { "→ 完了（recall.after_wrong が off）。" }
  public func recallAgain(after: String) -> String { "→ \(after)後にもう一度。" }

  public func summary(
    answered: Int, remembered: Int, forgot: Int, recallsDone: Int, streak: Int, tomorrow: Int
  )
    -> String
  {
    "おしまい: \(answered)枚に答えました（覚えていた \(remembered)、忘れた \(forgot)）。思い出した項目 \(recallsDone)件。連続記録 \(streak)日。明日 \(tomorrow)枚。"
  }

  public func comesBack(_ count: Int, at time: String) -> String { "\(count)枚は \(time) にもう一度。" }

  public var nothingToReview: String { "いま復習するものはありません。" }
  public func nothingToReview(next: String) -> String { "\(nothingToReview)次は \(next)。" }
  public func nextCards(_ count: Int, on day: String) -> String { "\(day) に \(count)枚" }
  public func nextRecall(at stamp: String) -> String { "\(stamp) に思い出す項目" }
  public func nextLearning(_ count: Int, at time: String) -> String { "\(time) に \(count)枚" }

  public var screenRecallLabel: String { "思い出す" }
  public func screenAnswer(_ back: String) -> String { "答え: " + back }
  public func screenNote(_ note: String) -> String { "メモ: " + note }
  public var screenDidYouRecall: String { "思い出せましたか？" }

  public func screenKeyLine(_ keys: ReviewKeys) -> String {
    let tail = "s: スキップ · u: 取り消し · ?: キー · q: 終了"
    switch keys {
    case .front: return "Space/Enter: 答えを見る · " + tail
    case .back: return "y/1/→: 覚えていた · n/2/←: 忘れた · " + tail
    case .backRated: return "1: もう一度 · 2: 難しい · 3: 正解 · 4: 簡単 · y/→: 正解 · n/←: もう一度 · " + tail
    case .recall: return "y/1/→: 思い出せた · n/2/←: まだ · " + tail
    case .recallWithAnswer: return "Space/Enter: カードの答え · y/1/→: 思い出せた · n/2/←: まだ · " + tail
    }
  }

  public var screenKeyListRated: [String] {
    [
      "キー:",
      "  Space / Enter   答えを見る",
      "  1               もう一度（忘れた）",
      "  2               難しい",
      "  3 / y / →       正解",
      "  4               簡単",
      "  n / ←           もう一度",
      "  u               最後の答えを取り消す",
      "  s               スキップ（期日のまま）",
      "  q / Esc / Ctrl-C  終了",
      "  ?               このキー一覧（Esc か ? で閉じる）",
    ]
  }

  public func screenKeyList(card: Bool) -> [String] {
    [
      "キー:",
      card ? "  Space / Enter   答えを見る" : nil,
      card ? "  y / 1 / →       覚えていた" : "  y / 1 / →       思い出せた（完了）",
      card ? "  n / 2 / ←       忘れた" : "  n / 2 / ←       まだ（あとでもう一度）",
      "  u               最後の答えを取り消す",
      "  s               スキップ（期日のまま）",
      "  q / Esc / Ctrl-C  終了",
      "  ?               このキー一覧（Esc か ? で閉じる）",
    ].compactMap { $0 }
  }
}
