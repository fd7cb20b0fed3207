import Foundation
import RemindersCore
import RemindersStore

extension Workspace {
  /// The card a drip shows at `now` (docs/delivery.md): the first a review session started now
  /// would show, in the same order, within the same new-card limits, under the same scheduler;
  /// nil when no card of the deck is due. Read only when a drip is about to be shown.
  public func dripCard(at now: Date) throws -> Card? {
    var deck = try deckStore.load().deck
    FSRSCatchUp(scheduler: configuration.studyScheduler, clock: dayClock).apply(to: &deck)
    var unused = SystemRandomNumberGenerator()
    return ReviewQueue(
      deck: deck, now: now, clock: dayClock, limits: configuration.newCards, limit: 1, shuffle: &unused
    ).cards.first
  }
}
