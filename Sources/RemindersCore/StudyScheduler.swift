import Foundation

/// Which rule moves a card after an answer (SPEC §10.3, `study.scheduler`): the ladder of §1.2,
/// or FSRS-6 with its settings.
public enum StudyScheduler: Hashable, Sendable {
  case ladder
  case fsrs(FSRSScheduler)

  /// The FSRS scheduler when FSRS is chosen; nil under the ladder.
  public var fsrs: FSRSScheduler? {
    if case .fsrs(let scheduler) = self { return scheduler }
    return nil
  }
}
