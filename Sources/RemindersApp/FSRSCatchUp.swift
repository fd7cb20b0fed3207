import Foundation
import RemindersCore
import RemindersStore

/// Brings the cards' FSRS states up to date with the review log when FSRS is the scheduler:
/// the switch of docs/scheduling.md#from-the-ladder-to-fsrs, where each card's state is what FSRS
/// gives for its review log replayed from the start.
///
/// Where it runs: every rewrite of the deck (`Workspace.updateDeck`) applies it under the deck's
/// lock and before the change, so the switch is stored at the first write after
/// `study.scheduler` becomes `fsrs`, and an answer always meets a card whose state is current.
/// Until that write, readers replay the lagging cards in memory (`DeckStore.planInput`,
/// `studyRecord`, `load(replaying:)`): every count is the replayed one from the switch on. A
/// card answered under the ladder since its state was last replayed is replayed again, so going
/// back and forth loses no answer. Under the ladder it does nothing: switching back keeps the
/// ladder's fields as they are.
public struct FSRSCatchUp: Sendable {
  public let scheduler: StudyScheduler
  public let clock: DayClock

  public init(scheduler: StudyScheduler, clock: DayClock) {
    self.scheduler = scheduler
    self.clock = clock
  }

  /// Replays the cards that need it (`Card.needsFSRSReplay`); returns how many changed.
  @discardableResult
  public func apply(to deck: inout Deck) -> Int {
    guard let fsrs = scheduler.fsrs else { return 0 }
    return fsrs.replayStates(of: &deck, clock: clock)
  }
}

extension Workspace {
  /// Rewrites the deck under its lock (`DeckStore.update`), FSRS's catch-up applied first: the one
  /// way the App layer rewrites the deck.
  public func updateDeck<T>(_ change: (inout StoredDeck) throws -> T) throws -> T {
    let catchUp = FSRSCatchUp(scheduler: configuration.studyScheduler, clock: dayClock)
    return try deckStore.update(clock: dayClock) { stored in
      catchUp.apply(to: &stored.deck)
      return try change(&stored)
    }
  }
}
