/// The texts of the pop-ups: daily, recall, focus and alarm titles, bodies and action labels.
///
/// Pop-ups are read aloud by screen readers, so meaning is carried by words and punctuation,
/// never by emoji or markup alone.
public protocol PopupMessages: Sendable {
  /// The daily pop-up's title: `今日の復習 3枚` / `Today's reviews: 3 cards` (`1 card`).
  func dailyTitle(count: Int) -> String

  /// The daily pop-up shown again while cards are left (`daily.again`): `まだ 3枚 残っています` /
  /// `Still 3 cards to review today` (`1 card`).
  func dailyAgainTitle(count: Int) -> String

  /// The daily pop-up's body: how many of the cards are new (when any are), the per-collection
  /// counts (given in their order, the cards without a collection named `""`) when there is more
  /// than one, then the streak:
  /// `うち新規 20枚。TOEIC 3枚、その他 1枚。連続記録 4日。` / `20 new. TOEIC: 3, Other: 1. Streak: 4 days.`
  func dailyBody(collections: [(name: String, count: Int)], new: Int, streak: Int) -> String

  /// A drip's title (`review.drip`): `復習カード（今日あと12枚）` / `Card to review (12 due today)`,
  /// then ` · ` and the card's collection when it has one.
  func dripTitle(count: Int, collection: String?) -> String

  /// What a drip will show, as `preview` says it (its card is chosen when it shows):
  /// `その時の最初の復習カードの表` / `The front of the first card due then`.
  var dripPlannedBody: String { get }

  /// A drip's first action, and a card pop-up's: `答えを見る` / `Show answer`.
  var showAnswerAction: String { get }

  /// A drip's other action, and a card pop-up's: `あとで` / `Later`.
  var laterAction: String { get }

  /// The label of cards without a collection: `その他` / `Other`.
  var otherCollection: String { get }

  /// The daily pop-up's review action: `今すぐ復習` / `Review now`.
  var reviewNowAction: String { get }

  /// A recall pop-up's review action: `思い出す` / `Recall now`.
  var recallNowAction: String { get }

  /// The action that studies in the pop-up itself: `ここで復習` / `Review here`.
  var reviewHereAction: String { get }

  /// The snooze action, after `seconds` (whole minutes, at least one): `10分後に` / `In 10 minutes`,
  /// `1時間30分後に` / `In 1 hour 30 minutes`.
  func later(_ seconds: Int) -> String

  /// A recall pop-up's title: `思い出す時間です: 〜てしまう` / `Time to recall: 〜てしまう`, or the
  /// number of topics: `思い出す時間です: 2件` / `Time to recall: 2 topics`.
  func recallTitle(topics: [String]) -> String

  /// A recall pop-up's body: the note of a single topic, else `見ないで思い出せますか。` /
  /// `Can you recall it without looking?`; several topics one per numbered line.
  func recallBody(topics: [String], notes: [String?]) -> String

  /// The end of a focus phase after which a break of `breakSeconds` follows (whole minutes, else
  /// seconds): `集中終了：5分休憩` / `Focus done: 5-minute break`.
  func focusDone(breakSeconds: Double) -> String

  /// The end of a break: `休憩終了：集中を再開` / `Break over: back to focus`.
  var breakOver: String { get }

  /// The end of a focus session: `今日の集中 100分` / `100 minutes of focus today` (`1 minute`).
  func focusToday(minutes: Int) -> String

  /// A focus pop-up's body when the session has no task: the cycle that ended,
  /// `4サイクル中 2サイクル目` / `Cycle 2 of 4` (without an end: `2サイクル目` / `Cycle 2`).
  func focusCycleBody(_ cycle: Int, of cycles: Int?) -> String

  /// An alarm's pop-up title: `アラーム: ジム` / `Alarm: Gym`.
  func alarmTitle(name: String) -> String

  /// What an alarm's pop-up says under its title, its time (`07:00`) and radius (`200 m`) given:
  /// `07:00 のアラームです。止めるには、…` / `The alarm of 07:00. To stop it, …`.
  func alarmBody(time: String, radius: String) -> String

}

/// A number of seconds as whole minutes when it is one (the usual case), else as seconds (the
/// short phases of tests and demos); and which.
func minutesOrSeconds(_ seconds: Double) -> (Int, minutes: Bool) {
  let s = Int(seconds.rounded())
  return s % 60 == 0 && s > 0 ? (s / 60, true) : (s, false)
}

/// The numbered lines of several recall topics, the same in every language.
func numberedTopics(_ topics: [String]) -> String {
  topics.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n")
}
