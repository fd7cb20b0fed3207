import Foundation

/// Which rule moves a card after an answer (`study.scheduler`, docs/scheduling.md#choosing-fsrs):
/// the ladder of docs/planning.md#cards-and-the-review-ladder, or FSRS-6 with its settings.
public enum StudyScheduler: Hashable, Sendable {
  case ladder
  case fsrs(FSRSScheduler)

  /// The FSRS scheduler when FSRS is chosen; nil under the ladder.
  public var fsrs: FSRSScheduler? {
    if case .fsrs(let scheduler) = self { return scheduler }
    return nil
  }
}
