import Foundation
import RemindersAnki
import RemindersCore
import RemindersMessages
import RemindersStore
import RemindersTerminal

/// Where Anki's counts come from, as `status`, `preview` and `doctor` say it (docs/anki.md): read now,
/// or the last reading and as of when, or none; and each counted deck's cards at `now`.
public struct AnkiReport {
  public let status: AnkiStatus
  public let settings: AnkiSettings
  public let clock: DayClock
  public let language: Language
  public let now: Date

  public init(status: AnkiStatus, settings: AnkiSettings, clock: DayClock, language: Language, now: Date) {
    self.status = status
    self.settings = settings
    self.clock = clock
    self.language = language
    self.now = now
  }

  /// The counted top-level decks at `now` (none without a reading).
  public var decks: [AnkiDeckCount] {
    guard let reading = status.reading else { return [] }
    return AnkiDue(reading.collection, decks: settings.decks).deckCounts(at: now, clock: clock)
  }

  /// Names in `anki.decks` that the collection has no top-level deck for.
  public var unknownDecks: [String] {
    guard let reading = status.reading else { return [] }
    return AnkiDue(reading.collection, decks: settings.decks).unknownDecks
  }

  public func stamp(_ date: Date) -> String {
    let day = clock.day(of: date)
    let hhmm = clock.wallTime(at: date).description
    return clock.day(of: now) == day ? hhmm : "\(day) \(hhmm)"
  }

  /// One line: how current the counts are.
  public var freshness: String {
    let words = language.words
    switch status.freshness {
    case .current:
      let reading = status.reading!
      return words.ankiCurrent(
        readAt: stamp(reading.readAt), fromCopy: reading.method == AnkiReadMethod.snapshot.rawValue)
    case .stale(let why):
      return words.ankiStale(readAt: stamp(status.reading!.readAt), reason: why.text(language))
    case .unavailable(let why):
      return words.ankiUnavailable(reason: why.text(language))
    }
  }

  /// The counted decks with cards due at `now`: `日本語 17 (new 5, learning 2, review 10)`.
  public var deckLine: String {
    language.words.ankiDecks(
      decks.filter { $0.total > 0 }.map {
        AnkiDeckTally(
          name: VisibleCharacters.of($0.name), new: $0.new, learning: $0.learning, review: $0.review)
      })
  }

  /// What `status` and `preview` print: where the counts come from, the decks, and any name in
  /// `anki.decks` the collection lacks.
  public var lines: [String] {
    var out = ["Anki: " + freshness]
    if status.reading != nil { out.append("Anki: " + deckLine) }
    out += unknownDecks.map { language.words.ankiUnknownDeck(VisibleCharacters.of($0)) }
    return out
  }

  public var json: OrderedJSON {
    let state: String
    var why: AnkiUnreadable?
    switch status.freshness {
    case .current: state = "current"
    case .stale(let reason):
      state = "stale"
      why = reason
    case .unavailable(let reason):
      state = "unavailable"
      why = reason
    }
    let reading = status.reading
    return .object([
      ("collection", .string(status.collectionPath)),
      ("state", .string(state)),
      ("method", reading.map { .string($0.method) } ?? .null),
      ("readAt", reading.map { .string(Timestamp.format($0.readAt, in: clock)) } ?? .null),
      // In English whatever the language (JSON is for programs), with a code beside it.
      ("reason", why.map { .string($0.description) } ?? .null),
      ("reasonCode", why.map { .string($0.code) } ?? .null),
      (
        "decks",
        .array(
          decks.map { d in
            .object([
              ("name", .string(d.name)), ("new", .int(d.new)), ("learning", .int(d.learning)),
              ("review", .int(d.review)),
            ])
          })
      ),
      ("unknownDecks", .array(unknownDecks.map(OrderedJSON.string))),
    ])
  }
}

// Anki's errors as the catalogue's Anki area takes them.

extension AnkiConfigError {
  /// In `language`.
  public func text(_ language: Language) -> String {
    language.words.ankiConfigError(configPath: configPath, collection: collection, problem: problem.words)
  }
}

extension AnkiUnreadable {
  /// Why the collection cannot be read just now, in `language` (SQLite's and the system's own
  /// messages stay as they are).
  public func text(_ language: Language) -> String { language.words.ankiUnreadable(words) }
}

/// How the entry point words an `AnkiConfigError` until it calls `AnkiConfigError.text` itself.
public struct AnkiErrorText {
  public let language: Language

  public init(language: Language) { self.language = language }

  public func text(_ error: AnkiConfigError) -> String { error.text(language) }
}
