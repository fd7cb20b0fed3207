extension English: AppMessages {
  public var appName: String { "Review Reminders" }
  public var homePage: String { "Home" }
  public var studyPage: String { "Study" }
  public var settingsPage: String { "Settings" }
  public var studyNow: String { "Study now" }
  public func newCardsLine(_ count: Int) -> String { "\(count) of them new" }
  public func nothingDueNow(next: String?) -> String {
    "Nothing is due now." + (next.map { " Next: \($0)." } ?? "")
  }
  public var beginSession: String { "Begin" }
  public var collectionChoice: String { "Collection" }
  public var allCollections: String { "All collections" }
  public var shuffleChoice: String { "Shuffle" }
  public var hardAction: String { "Hard" }
  public var undoAction: String { "Undo" }
  public var skipAction: String { "Skip" }
  public var endAction: String { "End" }
  public var answerHeading: String { "Answer" }
  public var noteHeading: String { "Note" }
  public var recallQuestion: String { "Did you recall it?" }
  public var sessionElsewhere: String {
    "Another review is going on (in a terminal or a pop-up). Finish it there, then study here."
  }
  public var backHome: String { "Back to Home" }
  public var dailyTimeSetting: String { "Daily reminder time" }
  public var dailyAgainSetting: String { "Remind again after" }
  public var windowStartSetting: String { "Reminders from" }
  public var windowEndSetting: String { "Reminders until" }
  public var quietHoursSetting: String { "Quiet hours" }
  public var languageSetting: String { "Language" }
  public var newPerDaySetting: String { "New cards a day" }
  public var schedulerSetting: String { "Scheduler" }
  public var retentionSetting: String { "Desired retention" }
  public var dripSetting: String { "One card at a time, every" }
  public var reviewInSetting: String { "A pop-up's review opens in" }
  public var remindersGroup: String { "Reminders" }
  public var studyGroup: String { "Study" }
  public var displayGroup: String { "Display" }
  public var automaticChoice: String { "Automatic" }
  public var ladderChoice: String { "Ladder (fixed steps)" }
  public var fsrsChoice: String { "FSRS" }
  public var popupChoice: String { "The pop-up" }
  public var terminalChoice: String { "A terminal" }
  public var appChoice: String { "This app" }
  public func settingSaved(_ name: String, value: String) -> String { "\(name): now \(value)" }
  public var applyAction: String { "Apply" }
}
