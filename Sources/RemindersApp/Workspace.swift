import Foundation
import RemindersAnki
import RemindersCore
import RemindersStore

/// What every use case works on: the learner's files, the validated config, the day clock and
/// the language, resolved once by the caller and passed in (the app layer reads no environment
/// and no process-wide setting).
public struct Workspace {
  public let paths: Paths
  public let configuration: Configuration
  public let dayClock: DayClock
  /// The day zone's IANA name as the user gave it (Foundation says `GMT` for `UTC`).
  public let zoneName: String
  public let language: Language
  /// Where a use case says what it did on the way that is no error (a file put aside, a source
  /// left out); the command line prints these to stderr.
  public let notices: (Notice) -> Void

  /// Something worth saying that does not stop the use case.
  public enum Notice {
    /// `<state>/focus.json` does not parse: the plan leaves the focus session out.
    case focusLeftOut(StoreError)
    /// `<state>/focus.json` did not parse and was renamed to `aside`.
    case focusSetAside(StoreError, aside: String)
    /// `alarms.json` cannot be read: no new ring starts, no ring is ended for it.
    case alarmsLeftOut(StoreError)
    /// `anki.collection` names no collection: Anki's cards are counted from the last reading
    /// (`counted`) or not at all, and the deck's reminders go on.
    case ankiLeftOut(AnkiConfigError, counted: Bool)
  }

  public init(
    paths: Paths, configuration: Configuration, dayClock: DayClock, zoneName: String, language: Language,
    notices: @escaping (Notice) -> Void = { _ in }
  ) {
    self.paths = paths
    self.configuration = configuration
    self.dayClock = dayClock
    self.zoneName = zoneName
    self.language = language
    self.notices = notices
  }

  public var deckStore: DeckStore {
    DeckStore(path: paths.deck, lockPath: paths.lock, indexPath: paths.cacheDir + "/deck-index")
  }
  public var ledgerStore: LedgerStore { LedgerStore(path: paths.ledger, lockPath: paths.lock) }
  public var alarmStore: AlarmStore { AlarmStore(path: paths.alarms, lockPath: paths.alarmsLock) }
  public var focusStore: FocusStore { FocusStore(stateDir: paths.stateDir) }
}
