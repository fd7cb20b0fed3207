extension Japanese: PopupMessages {
  public func dailyTitle(count: Int) -> String { "今日の復習 \(count)枚" }

  public func dailyAgainTitle(count: Int) -> String { "まだ \(count)枚 残っています" }

  public func dailyBody(collections: [(name: String, count: Int)], new: Int, streak: Int) -> String {
    var sentences: [String] = []
    if new > 0 { sentences.append("うち新規 \(new)枚。") }
    if collections.count > 1 {
      let parts = collections.map { "\($0.name.isEmpty ? otherCollection : $0.name) \($0.count)枚" }
      sentences.append(parts.joined(separator: "、") + "。")
    }
    sentences.append(streak == 0 ? "今日から連続記録を始めましょう。" : "連続記録 \(streak)日。")
    return sentences.joined()
  }

  public var otherCollection: String { "その他" }
  public var dripPlannedBody: String { "その時の最初の復習カードの表" }
  public func dripTitle(count: Int, collection: String?) -> String {
    "復習カード（今日あと\(count)枚）" + (collection.map { $0.isEmpty ? "" : " · \($0)" } ?? "")
  }
  public var reviewNowAction: String { "今すぐ復習" }
  public var reviewHereAction: String { "ここで復習" }
  public var recallNowAction: String { "思い出す" }

  public func later(_ seconds: Int) -> String {
    let minutes = max(seconds / 60, 1)
    let (h, m) = (minutes / 60, minutes % 60)
    return (h > 0 ? "\(h)時間" : "") + (m > 0 ? "\(m)分" : "") + "後に"
  }

  public func recallTitle(topics: [String]) -> String {
    topics.count == 1 ? "思い出す時間です: \(topics[0])" : "思い出す時間です: \(topics.count)件"
  }

  public func recallBody(topics: [String], notes: [String?]) -> String {
    guard topics.count == 1 else { return numberedTopics(topics) }
    if let note = notes.first ?? nil, !note.isEmpty { return note }
    return "見ないで思い出せますか。"
  }

  public func focusDone(breakSeconds: Double) -> String {
    let (n, minutes) = minutesOrSeconds(breakSeconds)
    return "集中終了：\(n)\(minutes ? "分" : "秒")休憩"
  }

  public var breakOver: String { "休憩終了：集中を再開" }

  public func focusToday(minutes: Int) -> String { "今日の集中 \(minutes)分" }
  public func focusCycleBody(_ cycle: Int, of cycles: Int?) -> String {
    (cycles.map { "\($0)サイクル中 " } ?? "") + "\(cycle)サイクル目"
  }

  public func alarmTitle(name: String) -> String { "アラーム: \(name)" }

  public func alarmBody(time: String, radius: String) -> String {
    "\(time) のアラームです。止めるには、その場所から \(radius) 以内で reminders alarm stop を実行してください。"
  }
}
