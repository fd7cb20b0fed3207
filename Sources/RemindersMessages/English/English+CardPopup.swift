extension English: CardPopupMessages {
  public func cardPopupTitle(number: Int, total: Int, collection: String?) -> String {
    "\(number)/\(total)" + (collection.map { $0.isEmpty ? "" : " · \($0)" } ?? "")
  }
  public func recallPopupTitle(number: Int, total: Int) -> String { "\(number)/\(total) · Recall" }
  public func cardPopupAnswer(front: String, back: String, note: String?) -> String {
    "\(front)\nAnswer: \(back)" + (note.map { $0.isEmpty ? "" : "\nNote: \($0)" } ?? "")
  }
  public func recallPopupBody(topic: String, note: String?) -> String {
    topic + (note.map { $0.isEmpty ? "" : "\n\($0)" } ?? "") + "\nDid you recall it?"
  }
  public var showAnswerAction: String { "Show answer" }
  public var laterAction: String { "Later" }
  public var rememberedAction: String { "Remembered" }
  public var forgotAction: String { "Forgot" }
  public var againAction: String { "Again" }
  public var goodAction: String { "Good" }
  public var easyAction: String { "Easy" }
  public var recalledAction: String { "Recalled" }
  public var notYetAction: String { "Not yet" }
  public func cardPopupDone(cards: Int, remembered: Int) -> String {
    "Done: \(cards) \(cards == 1 ? "card" : "cards") (\(remembered) remembered)"
  }
  public func cardPopupDoneBody(recallsDone: Int, tomorrow: Int) -> String {
    "Recall items done: \(recallsDone). \(tomorrow) \(tomorrow == 1 ? "card" : "cards") tomorrow."
  }
  public var cardPopupNothing: String { "Nothing to review now" }
  public var cardPopupGone: String { cardGone }
}
