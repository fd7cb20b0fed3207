import RemindersMessages

/// The language reminders speak (RemindersMessages' own, named here too so that the core's
/// users need not import the catalogue to name it).
public typealias Language = RemindersMessages.Language

/// Everything a reminder says, in one language.
///
/// Pop-ups are read aloud by screen readers, so meaning is carried by words and punctuation,
/// never by emoji or markup alone.
public struct Texts: Sendable {
  public let language: Language

  public init(language: Language) { self.language = language }

  /// `今日の復習 N枚` / `Today's reviews: N cards` (`1 card`).
  public func dailyTitle(count: Int) -> String {
    switch language {
    case .ja: return "今日の復習 \(count)枚"
    case .en: return "Today's reviews: \(count) \(count == 1 ? "card" : "cards")"
    }
  }

  /// `まだ N枚 残っています` / `Still N cards to review today` (`daily.again`).
  public func dailyAgainTitle(count: Int) -> String {
    switch language {
    case .ja: return "まだ \(count)枚 残っています"
    case .en: return "Still \(count) \(count == 1 ? "card" : "cards") to review today"
    }
  }

  /// A pop-up's actions (docs/delivery.md), as `Notify` takes them: key, label, key, label…
  public func actions(_ kind: ReminderKind, snoozeAfter: Int) -> [String] {
    let review: String
    switch (language, kind) {
    case (.ja, .dailyReview): review = "今すぐ復習"
    case (.en, .dailyReview): review = "Review now"
    case (.ja, .recall): review = "思い出す"
    case (.en, .recall): review = "Recall now"
    case (_, .focus), (_, .alarm): return []
    }
    return ["default", review, "review", review, "snooze", later(snoozeAfter)]
  }

  /// `10分後に` / `In 10 minutes`, `1時間30分後に` / `In 1 hour 30 minutes` (whole minutes).
  public func later(_ seconds: Int) -> String {
    let minutes = max(seconds / 60, 1)
    let (h, m) = (minutes / 60, minutes % 60)
    switch language {
    case .ja: return (h > 0 ? "\(h)時間" : "") + (m > 0 ? "\(m)分" : "") + "後に"
    case .en:
      var parts: [String] = []
      if h > 0 { parts.append("\(h) \(h == 1 ? "hour" : "hours")") }
      if m > 0 { parts.append("\(m) \(m == 1 ? "minute" : "minutes")") }
      return "In " + parts.joined(separator: " ")
    }
  }

  /// The per-collection counts (when there is more than one collection) and the streak.
  public func dailyBody(collections: [String: Int], streak: Int) -> String {
    var sentences: [String] = []
    if collections.count > 1 {
      let parts = Texts.ordered(collections).map { name, n in
        let label = name.isEmpty ? otherCollection : name
        switch language {
        case .ja: return "\(label) \(n)枚"
        case .en: return "\(label): \(n)"
        }
      }
      sentences.append(
        language == .ja ? parts.joined(separator: "、") + "。" : parts.joined(separator: ", ") + ".")
    }
    switch (language, streak) {
    case (.ja, 0): sentences.append("今日から連続記録を始めましょう。")
    case (.ja, _): sentences.append("連続記録 \(streak)日。")
    case (.en, 0): sentences.append("Start a new streak today.")
    case (.en, 1): sentences.append("Streak: 1 day.")
    case (.en, _): sentences.append("Streak: \(streak) days.")
    }
    return sentences.joined(separator: language == .ja ? "" : " ")
  }

  /// `思い出す時間です: TOPIC` / `Time to recall: TOPIC`, or the number of topics.
  public func recallTitle(topics: [String]) -> String {
    switch (language, topics.count) {
    case (.ja, 1): return "思い出す時間です: \(topics[0])"
    case (.ja, let n): return "思い出す時間です: \(n)件"
    case (.en, 1): return "Time to recall: \(topics[0])"
    case (.en, let n): return "Time to recall: \(n) topics"
    }
  }

  /// The note of a single topic, or a prompt; several topics are listed one per numbered line.
  public func recallBody(topics: [String], notes: [String?]) -> String {
    if topics.count == 1 {
      if let note = notes.first ?? nil, !note.isEmpty { return note }
      return language == .ja ? "見ないで思い出せますか。" : "Can you recall it without looking?"
    }
    return topics.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n")
  }

  /// The pop-up at the end of a focus phase after which a break of `breakSeconds` follows:
  /// `集中終了：5分休憩` / `Focus done: 5-minute break`.
  public func focusDone(breakSeconds: Double) -> String {
    let (n, minutes) = Texts.minutesOrSeconds(breakSeconds)
    switch language {
    case .ja: return "集中終了：\(n)\(minutes ? "分" : "秒")休憩"
    case .en: return "Focus done: \(n)-\(minutes ? "minute" : "second") break"
    }
  }

  /// The pop-up at the end of a break: `休憩終了：集中を再開` / `Break over: back to focus`.
  public var breakOver: String { language == .ja ? "休憩終了：集中を再開" : "Break over: back to focus" }

  /// The pop-up at the end of a focus session: `今日の集中 100分` / `100 minutes of focus today`.
  public func focusToday(minutes: Int) -> String {
    switch language {
    case .ja: return "今日の集中 \(minutes)分"
    case .en: return "\(minutes) \(minutes == 1 ? "minute" : "minutes") of focus today"
    }
  }

  /// An alarm's pop-up: `アラーム: NAME` / `Alarm: NAME`.
  public func alarmTitle(name: String) -> String {
    language == .ja ? "アラーム: \(name)" : "Alarm: \(name)"
  }

  /// What an alarm's pop-up says under its title: its time, and how it stops.
  public func alarmBody(time: WallTime, radius: Double) -> String {
    switch language {
    case .ja:
      return "\(time) のアラームです。止めるには、その場所から \(distance(radius)) 以内で reminders alarm stop を実行してください。"
    case .en:
      return
        "The alarm of \(time). To stop it, run reminders alarm stop within \(distance(radius)) of its place."
    }
  }

  /// A distance as a person says it: `850 m`, `1.2 km`, `120 km` (the same in both languages).
  public func distance(_ metres: Double) -> String {
    guard metres.isFinite else { return "?" }
    if metres < 999.5 { return "\(Int(metres.rounded())) m" }
    let km = metres / 1000
    if km < 99.95 { return String(format: "%.1f km", km) }
    return "\(Int(km.rounded())) km"
  }

  /// Why an alarm was not stopped (docs/alarms.md, word for word), for `stop`; `edit` and `delete`
  /// have `alarmNotEditable`. The words are the catalogue's (`AlarmMessages`).
  public var alarmNotStoppable: String { language.catalogue.alarmNotStoppable }

  /// Why an alarm was not edited or deleted (docs/alarms.md, word for word).
  public var alarmNotEditable: String { language.catalogue.alarmNotEditable }

  /// What follows the refusal: how far the place is (`目的地まで 1.2 km` / `1.2 km to go`), or
  /// that the location is too coarse to tell.
  public func gateDetail(_ gate: PlaceGate, radius: Double) -> String {
    let words = language.catalogue
    switch gate {
    case .allowed(let d): return words.placeDistance(distance(d), accuracy: nil)
    case .tooFar(let d, let accuracy):
      return words.placeDistance(distance(d), accuracy: accuracy > radius ? distance(accuracy) : nil)
    case .tooCoarse(_, let accuracy):
      return words.locationTooCoarse(accuracy: distance(accuracy), radius: distance(radius))
    }
  }

  /// Why a ring stopped, in words.
  public func ringEnd(_ end: RingEnd) -> String {
    let word: RingEndWord =
      switch end {
      case .stoppedAtPlace: .stoppedAtPlace
      case .alarmDeleted: .alarmDeleted
      case .alarmDisabled: .alarmDisabled
      case .replaced(let next): .replaced(by: next.description)
      }
    return language.catalogue.ringEnd(word, described: end.description)
  }

  /// No location in time, or GeoClue refused (docs/alarms.md, word for word).
  public var locationFailed: String { language.catalogue.locationFailed }

  /// Whole minutes when `seconds` is a whole number of minutes (the usual case), else seconds
  /// (the short phases of tests and demos); and which.
  static func minutesOrSeconds(_ seconds: Double) -> (Int, minutes: Bool) {
    let s = Int(seconds.rounded())
    return s % 60 == 0 && s > 0 ? (s / 60, true) : (s, false)
  }

  /// A weekday's short name, `Day.weekday` numbering (0 = Sunday): `Sun` / `日`.
  public func weekdayName(_ weekday: Int) -> String {
    let names =
      language == .ja
      ? ["日", "月", "火", "水", "木", "金", "土"] : ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    return names[weekday]
  }

  /// The label of cards without a collection.
  public var otherCollection: String { language == .ja ? "その他" : "Other" }

  /// By name (in Unicode order), cards without a collection last: the order stays the same as
  /// the counts change, so a learner finds each collection where it was yesterday.
  public static func ordered(_ collections: [String: Int]) -> [(String, Int)] {
    collections.sorted { a, b in
      if a.key.isEmpty != b.key.isEmpty { return b.key.isEmpty }
      return a.key < b.key
    }.map { ($0.key, $0.value) }
  }
}
