extension Japanese: CardPopupMessages {
  public func cardPopupTitle(number: Int, total: Int, collection: String?) -> String {
    "\(number)/\(total)" + (collection.map { $0.isEmpty ? "" : " · \($0)" } ?? "")
  }
  public func recallPopupTitle(number: Int, total: Int) -> String { "\(number)/\(total) · 思い出す" }
  public func cardPopupAnswer(front: String, back: String, note: String?) -> String {
    "\(front)\n答え: \(back)" + (note.map { $0.isEmpty ? "" : "\nメモ: \($0)" } ?? "")
  }
  public func recallPopupBody(topic: String, note: String?) -> String {
    topic + (note.map { $0.isEmpty ? "" : "\n\($0)" } ?? "") + "\n思い出せましたか？"
  }
  public var showAnswerAction: String { "答えを見る" }
  public var laterAction: String { "あとで" }
  public var rememberedAction: String { "覚えた" }
  public var forgotAction: String { "忘れた" }
  public var againAction: String { "もう一度" }
  public var goodAction: String { "できた" }
  public var easyAction: String { "簡単" }
  public var recalledAction: String { "思い出せた" }
  public var notYetAction: String { "まだ" }
  public func cardPopupDone(cards: Int, remembered: Int) -> String { "復習完了 \(cards)枚（覚えた \(remembered)枚）" }
  public func cardPopupDoneBody(recallsDone: Int, tomorrow: Int) -> String {
    "思い出した項目 \(recallsDone)件。明日 \(tomorrow)枚。"
  }
  public var cardPopupNothing: String { "今は復習するカードがありません" }
  public var cardPopupGone: String { cardGone }
}
