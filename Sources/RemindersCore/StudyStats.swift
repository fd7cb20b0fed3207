import Foundation

/// One logged focus phase (docs/focus-and-stats.md): an element of the deck's `focusLog`.
public struct FocusEntry: Equatable, Sendable {
  public var start: Date
  public var minutes: Int
  public var task: String?
  public var completed: Bool

  public init(start: Date, minutes: Int, task: String? = nil, completed: Bool = true) {
    self.start = start
    self.minutes = minutes
    self.task = task
    self.completed = completed
  }
}

/// What one day-zone day holds for the study record.
public struct DayTally: Equatable, Sendable {
  /// Cards answered that day, and how many of those answers were "remembered" (correct): the
  /// answers that moved a schedule only (a card's first answer of the day,
  /// docs/planning.md#answers-that-do-not-move-the-schedule), so that relearning a forgotten card
  /// neither counts it twice nor raises the share remembered.
  public var answered: Int
  public var remembered: Int
  /// Answers that moved nothing (`relearn` or `early`): they make the day a day studied (the
  /// streak counts any logged answer), but are not cards answered.
  public var unscheduled: Int
  /// Minutes of the focus phases that started that day.
  public var focusMinutes: Int

  public init(answered: Int = 0, remembered: Int = 0, unscheduled: Int = 0, focusMinutes: Int = 0) {
    self.answered = answered
    self.remembered = remembered
    self.unscheduled = unscheduled
    self.focusMinutes = focusMinutes
  }

  /// Whether an answer of any kind was logged that day.
  public var studied: Bool { answered > 0 || unscheduled > 0 }
}

/// What `stats` reads of a deck: answers and focus minutes per day-zone day, and the cards as
/// counts by due day (the forecast).
///
/// A million answers reduce to a few hundred days, so the statistics never hold the log itself.
public struct StudyRecord: Equatable, Sendable {
  /// Day number → what was done that day (days with nothing are absent).
  public var days: [Int: DayTally]
  public var dueIndex: DueIndex
  /// Under FSRS, the predicted retention of the cards due in the next 7 days; nil under the ladder.
  public var retention: RetentionForecast?

  public init(
    days: [Int: DayTally] = [:], dueIndex: DueIndex = DueIndex(), retention: RetentionForecast? = nil
  ) {
    self.days = days
    self.dueIndex = dueIndex
    self.retention = retention
  }

  /// The record of a whole deck and its focus log, each instant on its day in `clock`'s zone;
  /// the forecast's days from `today` on, new cards within `limits`; under FSRS, `retention`
  /// counts the predicted retention.
  public init(
    deck: Deck, focusLog: [FocusEntry], clock: DayClock, limits: NewCardLimits = .standard,
    today: Day? = nil, retention: RetentionForecast? = nil
  ) {
    self.init(
      dueIndex: today.map { DueIndex(deck: deck, limits: limits, since: $0, clock: clock) }
        ?? DueIndex(cards: deck.cards, limits: limits), retention: retention)
    if self.retention != nil { for card in deck.cards { self.retention!.add(card) } }
    for entry in deck.reviewLog {
      addAnswer(
        day: clock.day(of: entry.at).number, correct: entry.correct, movedSchedule: entry.kind.movesSchedule)
    }
    for entry in focusLog { addFocus(day: clock.day(of: entry.start).number, minutes: entry.minutes) }
  }

  /// Counts one logged answer on its day: as a card answered when it moved a schedule, else as
  /// an answer that only makes the day studied.
  public mutating func addAnswer(day: Int, correct: Bool, movedSchedule: Bool = true) {
    guard movedSchedule else {
      days[day, default: DayTally()].unscheduled += 1
      return
    }
    days[day, default: DayTally()].answered += 1
    if correct { days[day, default: DayTally()].remembered += 1 }
  }

  public mutating func addFocus(day: Int, minutes: Int) {
    days[day, default: DayTally()].focusMinutes += minutes
  }
}

/// The five levels of the heatmap, from the busiest day shown.
///
/// Level 0 is a day without answers; levels 1 to 4 split the busiest day's count into quarters
/// (rounded up), so that the picture uses its whole range for a learner of 5 cards a day as for
/// one of 300, and the legend says what each level means in cards.
public struct LevelScale: Equatable, Sendable {
  public static let levels = 5
  /// Cards each of levels 1 to 3 spans (level 4 takes everything above).
  public let step: Int

  public init(busiest: Int) { step = max(1, (busiest + 3) / 4) }

  /// The level (0…4) of a day with `answered` cards.
  public func level(_ answered: Int) -> Int {
    answered <= 0 ? 0 : min(LevelScale.levels - 1, (answered - 1) / step + 1)
  }

  /// The cards a level covers: `upper` is nil for the top level (no limit).
  public func range(of level: Int) -> (lower: Int, upper: Int?) {
    if level <= 0 { return (0, 0) }
    return ((level - 1) * step + 1, level >= LevelScale.levels - 1 ? nil : level * step)
  }
}

/// Answers and how many were remembered.
public struct AnswerCount: Equatable, Sendable {
  public var answered: Int
  public var remembered: Int

  public init(answered: Int = 0, remembered: Int = 0) {
    self.answered = answered
    self.remembered = remembered
  }

  /// remembered / answered, nil when nothing was answered.
  public var share: Double? { answered == 0 ? nil : Double(remembered) / Double(answered) }
}

/// The study record of docs/focus-and-stats.md at one moment: the heatmap's weeks and the figures under it.
///
/// Weeks start on Monday (ISO 8601). Every day is a day-zone day of `clock`, so an answer at
/// 23:59 and one at 00:00 in the day zone fall on two days wherever the machine is.
public struct StudyStats: Sendable {
  /// A day of the heatmap and what it holds.
  public struct DaySummary: Equatable, Sendable {
    public var day: Day
    public var tally: DayTally
    public var level: Int
  }

  /// A month name above the heatmap: the first column whose Monday lies in that month.
  public struct MonthLabel: Equatable, Sendable {
    public var column: Int
    /// 1…12.
    public var month: Int

    public init(column: Int, month: Int) {
      self.column = column
      self.month = month
    }
  }

  /// 0 = Sunday in `Day.weekday`; the heatmap's first row is Monday.
  public static let firstWeekday = 1
  /// How far back "the last 30 days" reach: today and the 29 days before.
  public static let recentDays = 30
  /// Days of the forecast: today and the 6 after it.
  public static let forecastDays = 7

  public let today: Day
  public let weeks: Int
  /// The Monday of the first column.
  public let firstDay: Day
  /// Every day from `firstDay` through `today`, in order.
  public let days: [DaySummary]
  public let scale: LevelScale
  public let monthLabels: [MonthLabel]
  public let allTime: AnswerCount
  public let recent: AnswerCount
  /// Days with at least one answer (of any kind), all time.
  public let daysStudied: Int
  public let currentStreak: Int
  public let longestStreak: Int
  public let focusToday: Int
  /// Monday through today.
  public let focusThisWeek: Int
  public let focusAllTime: Int
  /// Cards due on each of the next 7 days, today first: a card is due on D when its
  /// `nextReviewDate` is on or before D, as the deck stands now (the rule of `preview`).
  public let forecast: [(day: Day, due: Int)]
  /// Under FSRS, the mean predicted retention of the cards due in the next 7 days (nil when no
  /// card counts) and how many counted (`RetentionForecast`); nil under the ladder.
  public let predictedRetention: (average: Double?, cards: Int)?

  public init(record: StudyRecord, now: Date, clock: DayClock, weeks: Int) {
    let today = clock.day(of: now)
    self.today = today
    self.weeks = weeks
    let monday = today.adding(days: -StudyStats.daysSinceWeekStart(today))
    firstDay = monday.adding(days: -7 * (weeks - 1))

    var busiest = 0
    var shown: [(Day, DayTally)] = []
    for n in firstDay.number...today.number {
      let tally = record.days[n] ?? DayTally()
      busiest = max(busiest, tally.answered)
      shown.append((Day(number: n), tally))
    }
    let scale = LevelScale(busiest: busiest)
    self.scale = scale
    days = shown.map { DaySummary(day: $0.0, tally: $0.1, level: scale.level($0.1.answered)) }

    var labels: [MonthLabel] = []
    for column in 0..<weeks {
      let month = firstDay.adding(days: 7 * column).components.month
      if labels.last?.month != month { labels.append(MonthLabel(column: column, month: month)) }
    }
    monthLabels = labels

    var all = AnswerCount()
    var recent = AnswerCount()
    var focusAll = 0
    var focusWeek = 0
    let recentStart = today.number - (StudyStats.recentDays - 1)
    for (n, tally) in record.days {
      all.answered += tally.answered
      all.remembered += tally.remembered
      focusAll += tally.focusMinutes
      if n >= recentStart && n <= today.number {
        recent.answered += tally.answered
        recent.remembered += tally.remembered
      }
      if n >= monday.number && n <= today.number { focusWeek += tally.focusMinutes }
    }
    allTime = all
    self.recent = recent
    focusAllTime = focusAll
    focusThisWeek = focusWeek
    focusToday = record.days[today.number]?.focusMinutes ?? 0

    let streak = Streak(answerDays: Set(record.days.filter { $0.value.studied }.keys))
    daysStudied = streak.answerDays.count
    currentStreak = streak.length(asOf: today)
    longestStreak = streak.longest

    predictedRetention = record.retention.map { ($0.average, $0.cards) }
    forecast = (0..<StudyStats.forecastDays).map { offset in
      let day = today.adding(days: offset)
      return (day, record.dueIndex.due(on: day).values.reduce(0, +))
    }
  }

  /// Days from the start of `day`'s week (Monday) to `day`: 0 on Monday … 6 on Sunday.
  public static func daysSinceWeekStart(_ day: Day) -> Int { (day.weekday - firstWeekday + 7) % 7 }

  /// The day in `row` (0 = Monday) of `column`, nil when it is after today (the rest of this week).
  public func day(row: Int, column: Int) -> DaySummary? {
    let index = column * 7 + row
    return index < days.count ? days[index] : nil
  }
}

extension Streak {
  /// The longest run of consecutive answer days there ever was.
  public var longest: Int {
    var best = 0
    for day in answerDays where !answerDays.contains(day - 1) {
      var length = 1
      while answerDays.contains(day + length) { length += 1 }
      best = max(best, length)
    }
    return best
  }
}
