extension Japanese: AppMessages {
  public var appName: String { "復習リマインダー" }
  public var homePage: String { "ホーム" }
  public var studyPage: String { "学習" }
  public var settingsPage: String { "設定" }
  public var studyNow: String { "学習を始める" }
  public func newCardsLine(_ count: Int) -> String { "うち新規 \(count)枚" }
  public func nothingDueNow(next: String?) -> String {
    "今は復習するカードがありません。" + (next.map { "次は \($0)。" } ?? "")
  }
  public var beginSession: String { "始める" }
  public var collectionChoice: String { "コレクション" }
  public var allCollections: String { "すべてのコレクション" }
  public var shuffleChoice: String { "シャッフル" }
  public var hardAction: String { "難しい" }
  public var undoAction: String { "元に戻す" }
  public var skipAction: String { "飛ばす" }
  public var endAction: String { "終わる" }
  public var answerHeading: String { "答え" }
  public var noteHeading: String { "メモ" }
  public var recallQuestion: String { "思い出せましたか？" }
  public var sessionElsewhere: String {
    "別の復習（端末または通知）が進行中です。そちらを終えてから、ここで学習してください。"
  }
  public var backHome: String { "ホームに戻る" }
  public var dailyTimeSetting: String { "毎日の通知時刻" }
  public var dailyAgainSetting: String { "もう一度知らせるまで" }
  public var windowStartSetting: String { "通知の開始時刻" }
  public var windowEndSetting: String { "通知の終了時刻" }
  public var quietHoursSetting: String { "おやすみ時間" }
  public var languageSetting: String { "言語" }
  public var newPerDaySetting: String { "1日の新しいカード" }
  public var schedulerSetting: String { "スケジューラー" }
  public var retentionSetting: String { "目標の記憶率" }
  public var dripSetting: String { "1枚ずつ出す間隔" }
  public var reviewInSetting: String { "通知から復習を開く場所" }
  public var remindersGroup: String { "通知" }
  public var studyGroup: String { "学習" }
  public var displayGroup: String { "表示" }
  public var automaticChoice: String { "自動" }
  public var ladderChoice: String { "段階（決まった間隔）" }
  public var fsrsChoice: String { "FSRS" }
  public var popupChoice: String { "通知の中" }
  public var terminalChoice: String { "端末" }
  public var appChoice: String { "このアプリ" }
  public func settingSaved(_ name: String, value: String) -> String { "\(name)：\(value) にしました" }
  public var applyAction: String { "適用" }
}
