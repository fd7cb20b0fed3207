import Foundation
import RemindersAnki
import RemindersCore
import RemindersStore

extension Workspace {
  /// What planning needs, and where Anki's counts in it come from.
  public struct PlanSources {
    public var input: PlanInput
    /// The Anki collection's reading, when config `[anki]` names one (docs/anki.md).
    public var anki: AnkiStatus?
  }

  /// What planning needs at `now`: the deck through the cache in `$XDG_CACHE_HOME` (only `run`
  /// writes it), the focus session of `<state>/focus.json` when there is one (its phase ends,
  /// its holds), the alarms, and the Anki collection of config `[anki]` as read at `now` (only
  /// `run` remembers a reading, in `<state>/anki.json`).
  public func planSources(writeCache: Bool, now: Date) throws -> PlanSources {
    var input = try PlanInputCache(deckPath: paths.deck, cachePath: paths.cacheDir + "/plan-input.json")
      .input(
        clock: dayClock, zoneName: zoneName, store: deckStore, limits: configuration.newCards,
        today: dayClock.day(of: now), write: writeCache, replaying: configuration.studyScheduler.fsrs)
    // A session file that cannot be read must not stop every reminder: the session is left
    // out, and said so (`focus stop` or a new `focus` puts the file aside).
    do {
      input.focus = try focusStore.load()?.input
    } catch let error as StoreError {
      guard case .corrupt = error else { throw error }
      notices(.focusLeftOut(error))
    }
    // Nor must an alarm file that cannot be read: no new ring starts, and no ring is ended for it
    // (an alarm cannot be told from a deleted one); rings already ringing go on.
    do {
      input.alarms = try alarmStore.load().alarms
    } catch let error as StoreError {
      switch error {
      case .corrupt, .unreadable:
        input.alarms = nil
        notices(.alarmsLeftOut(error))
      default: throw error
      }
    }
    guard let settings = configuration.anki else { return PlanSources(input: input, anki: nil) }
    // Nor must a collection that is no collection: whatever is at that path, the deck's
    // reminders and the alarms go on, and one line says why Anki's cards are not counted anew.
    let source = AnkiSource(settings: settings, configPath: paths.config, stateDir: paths.stateDir)
    let anki: AnkiStatus
    do {
      anki = try source.read(now: now, clock: dayClock, save: writeCache)
    } catch {
      anki = source.status(without: error)
      notices(.ankiLeftOut(error, counted: anki.reading != nil))
    }
    if let reading = anki.reading { input.anki = AnkiDue(reading.collection, decks: settings.decks) }
    return PlanSources(input: input, anki: anki)
  }
}
