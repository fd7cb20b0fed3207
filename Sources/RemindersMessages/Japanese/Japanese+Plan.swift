extension Japanese: PlanMessages {
  public var calendarDescription: String { "単語カードの復習リマインダー" }

  public func weekdayName(_ weekday: Int) -> String { ["日", "月", "火", "水", "木", "金", "土"][weekday] }

  public func stamp(day: String, weekday: String, time: String) -> String { "\(day) (\(weekday)) \(time)" }

  public func previewHeading(zone: String, now: String, until end: String) -> String {
    "\(zone) · 現在 \(now) · \(end) 0:00 まで"
  }

  public var noRemindersInPeriod: String { "この期間に届くリマインダーはありません。" }
  public var firstSteps: [String] {
    [
      "まだ復習するものがありません。はじめるには:",
      "  reminders cards add 食べる \"to eat\"           カードを 1枚追加します（今日が期日）",
      "  reminders cards import ファイル                TSV・CSV ファイル（Anki のテキスト書き出しも）のカードを追加します",
      "  reminders config set anki.collection パス      Anki のコレクションの期日のカードを数えます",
      "  reminders timer install                        ポップアップを出すタイマー（毎分）を入れます",
    ]
  }
  public var previewColumns: [String] { ["日時", "種類", "タイトル", "移動の理由"] }

  public func kindName(_ kind: PlannedKind) -> String {
    switch kind {
    case .dailyReview: "毎日の復習"
    case .recall: "思い出し"
    case .focus: "集中タイマー"
    case .alarm: "アラーム"
    case .card: "カード"
    }
  }

  public func reasonName(_ reason: PlannedReason) -> String {
    switch reason {
    case .outsideWindow: "通知できる時間の外"
    case .quietHours: "静かな時間"
    case .desktopDND: "おやすみモード"
    case .catchUp: "取りこぼし"
    case .snoozed: "スヌーズ"
    case .focus: "集中中"
    }
  }

  public func shownAt(_ reason: String, when: String) -> String { "\(reason)（\(when) に表示）" }
  public func movedFrom(_ reason: String, when: String) -> String { "\(reason)（元は \(when)）" }

  public var feedName: String { "復習リマインダー" }

  public func wroteEvents(_ count: Int, to path: String) -> String { "\(path) に \(count) 件を書き出しました。" }

  public func dueToday(_ count: Int) -> String { "今日の復習: \(count)枚" }

  public func dueByCollection(_ collections: [(name: String, count: Int)]) -> String {
    "（"
      + collections.map { "\($0.name.isEmpty ? otherCollection : $0.name) \($0.count)枚" }.joined(
        separator: "、")
      + "）"
  }

  public func streakLine(_ days: Int) -> String { "連続記録: \(days)日" }

  public func recallItemsLine(waiting: Int, later: Int) -> String {
    "思い出す項目: いま \(waiting)件、このあと \(later)件"
  }

  public func focusTodayLine(_ minutes: Int) -> String { "今日の集中: \(minutes)分" }

  public func nextReminderLine(when: String, title: String) -> String { "次のリマインダー: \(when) \(title)" }

  public func noNextReminderLine(days: Int) -> String { "次のリマインダー: \(days)日以内にはありません" }

  public func alarmsTodayLine(_ alarms: [(time: String, name: String, state: AlarmTodayState)]) -> String {
    guard !alarms.isEmpty else { return "今日のアラーム: なし" }
    let items = alarms.map { alarm in
      let state =
        switch alarm.state {
        case .upcoming: ""
        case .ringing: "（鳴っています）"
        case .stopped: "（止めました）"
        }
      return "\(alarm.time) \(alarm.name)\(state)"
    }
    return "今日のアラーム: " + items.joined(separator: "、")
  }
}
