import Foundation

/// Consecutive days with at least one logged answer.
public struct Streak: Sendable {
  /// Day numbers on which at least one answer was logged.
  public let answerDays: Set<Int>
  /// When the latest answer was given (`review.drip` counts its period from it); nil: none.
  public let lastAnswer: Date?

  public init(answerDays: Set<Int>, lastAnswer: Date? = nil) {
    self.answerDays = answerDays
    self.lastAnswer = lastAnswer
  }

  public init(log: [ReviewEntry], clock: DayClock) {
    answerDays = Set(log.map { clock.day(of: $0.at).number })
    lastAnswer = log.lazy.map(\.at).max()
  }

  /// The streak as of `day`: the run of answer days ending on `day`, or on the day before when
  /// nothing was answered on `day` yet.
  public func length(asOf day: Day) -> Int {
    var cursor = day.number
    if !answerDays.contains(cursor) { cursor -= 1 }
    var count = 0
    while answerDays.contains(cursor) {
      count += 1
      cursor -= 1
    }
    return count
  }
}
