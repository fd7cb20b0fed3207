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

  public func ankiConfigError(configPath: String, collection: String, problem: AnkiProblemWord) -> String {
    "\(configPath): anki.collection: \(collection): \(words(problem))"
  }

  func words(_ problem: AnkiProblemWord) -> String {
    switch problem {
    case .missing: "no such file"
    case .notRegularFile(let kind): "it is \(kindName(kind)), not a regular file"
    case .unreadable(let error): "cannot read: \(error)"
    case .notSQLite: "not an Anki collection (not an SQLite database)"
    case .notAnki(let table): "not an Anki collection (no table \(table))"
    case .schema(let version, let reads) where version < reads:
      "an Anki collection of schema \(version), which this version does not read (\(reads)): open it once in "
        + "Anki 2.1.50 or later"
    case .schema(let version, let reads):
      "an Anki collection of schema \(version), newer than this version reads (\(reads))"
    case .firstScheduler:
      "an Anki collection still on the v1 scheduler: open it once in a current Anki, which upgrades it"
    case .badValue(.deck(let id, let reason, let offset)):
      "not an Anki collection this version reads (deck \(id): \(ankiBlobProblem(reason, at: offset)))"
    case .badValue(.deckOptions(let id, let reason, let offset)):
      "not an Anki collection this version reads (deck options \(id): \(ankiBlobProblem(reason, at: offset)))"
    }
  }

  public func ankiUnreadable(_ why: AnkiUnreadableWord) -> String {
    switch why {
    case .keptChanging: "it kept changing while it was read"
    case .system(let path, let error): "cannot use \(path): \(error)"
    case .notRegularFile(let path, let kind): "\(path) is \(kindName(kind)), not a regular file"
    case .copyDoesNotCheckOut(let check): "the copy does not check out: \(check ?? "no answer")"
    case .tooSlow: "copying took longer than the time allowed"
    case .noSpace(let folder, let needed, let free):
      "not enough free space in \(folder) to copy it (\(needed) needed, \(free) free)"
    case .content(let problem): words(problem)
    case .sqlite(let message): message
    }
  }

  public func ankiBlobProblem(_ reason: ProtoReason, at offset: Int) -> String {
    let words =
      switch reason {
      case .varintPastEnd: "a varint runs past the end"
      case .varintTooLong: "a varint longer than 64 bits"
      case .valuePastEnd(let bits): "a \(bits)-bit value runs past the end"
      case .fieldNumberOutOfRange(let field): "field number \(field) is out of range"
      case .lengthPastEnd(let field, let length): "field \(field)'s \(length) bytes run past the end"
      case .wireTypeNotRead(let wireType, let field): "wire type \(wireType) of field \(field) is not read"
      case .notVarint(let field): "field \(field) is not a varint"
      case .notMessage(let field): "field \(field) is not a message"
      case .neitherDeckKind: "neither a normal nor a filtered deck"
      }
    return "\(words) at byte \(offset)"
  }

  public func ankiLeftOut(_ error: String, counted: Bool) -> String {
    error + (counted ? " (Anki's cards are counted as last read" : " (Anki's cards are not counted")
      + "; the deck's reminders go on)"
  }
}
