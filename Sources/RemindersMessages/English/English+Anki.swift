extension English: AnkiMessages {
  public func ankiCurrent(readAt: String, fromCopy: Bool) -> String {
    fromCopy
      ? "current (read at \(readAt) from a copy, as Anki has it open)"
      : "current (read at \(readAt) from the collection)"
  }

  public func ankiStale(readAt: String, reason: String) -> String {
    "counts as of \(readAt) (it cannot be read now: \(reason))"
  }

  public func ankiUnavailable(reason: String) -> String { "not counted (it cannot be read: \(reason))" }

  public func ankiDecks(_ decks: [AnkiDeckTally]) -> String {
    guard !decks.isEmpty else { return "no card due" }
    return decks.map { d in "\(d.name) \(d.total) (new \(d.new), learning \(d.learning), review \(d.review))"
    }
    .joined(separator: "; ")
  }

  public func ankiUnknownDeck(_ name: String) -> String {
    "Anki: no top-level deck named \"\(name)\" (anki.decks)"
  }

  public func ankiConfigError(
    configPath: String, collection: String, problem: AnkiProblemWord, described: String
  ) -> String { described }

  public func ankiUnreadable(_ why: AnkiUnreadableWord, described: String) -> String { described }

  public func ankiLeftOut(_ error: String, counted: Bool) -> String {
    error + (counted ? " (Anki's cards are counted as last read" : " (Anki's cards are not counted")
      + "; the deck's reminders go on)"
  }
}
