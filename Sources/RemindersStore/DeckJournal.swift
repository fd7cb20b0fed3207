import Foundation
import RemindersCore
import RemindersMessages

#if canImport(Glibc)
  import Glibc
#endif

/// Changes made beside the deck, one durable line each, so that an answer costs the same at 100
/// cards and at a million (docs/files.md): `deck.json.journal`, JSON Lines.
///
/// Each line is a small deck-shaped object — `version`, an `id`, an `op` (`answer`, `undo`,
/// `recalls`, `cards`, `remove`), and the cards, log entries and recall items it needs — read by the deck reader
/// itself, so a journal line is checked as strictly as the deck. Every reader of the deck
/// (`load`, planning) applies the journal on top of `deck.json`. Lines are appended under the
/// journal's own lock and flushed before the append returns; a last line without its line break (a
/// writer killed mid-write) is not a change and is skipped. Any command that rewrites the deck
/// folds the journal in: it writes the deck with the id of the last line folded
/// (`journalFolded`), then cuts the journal through that line (keeping what was appended
/// meanwhile), so a crash between the two never applies a line twice.
///
/// It is only ever a file of ours, never a symbolic link: a link where it should be is refused
/// alike by every reader (exit 65) and by the append (74), and is never followed or removed.
public struct DeckJournal: Sendable {
  public let path: String

  public init(deckPath: String) { path = deckPath + ".journal" }

  /// One change.
  public enum Change: Equatable, Sendable {
    /// An answer, replayed as the kind it was given as (whether it moved the schedule was
    /// decided when it was given): by the ladder with the day it was given on, or, under FSRS,
    /// to the card as the answer left it (`moved`, its FSRS state and due day: the settings may
    /// change before the fold). `rating`: hard or easy when given so (nil: implied by `correct`).
    case answer(
      cardID: String, correct: Bool, at: Date, day: Day, recallAfterWrong: Int?, recallID: String,
      kind: AnswerKind = .scheduling, rating: FSRSRating? = nil, moved: Card? = nil)
    /// An answer taken back.
    case undo(previous: Card, entry: ReviewEntry, recallAdded: String?, completed: [String])
    /// Recall items set as they are (answered in review, put back by undo, added or marked
    /// done), each replacing the item with its id or added at the end.
    case recalls([RecallItem])
    /// Cards set as they are (`cards add`, `edit`, `suspend`, an import): each replaces the card
    /// with its id, or, when the deck has none, is added at the end.
    case cards([Card])
    /// Cards removed, each with its open recall items (its answered ones stay in the record),
    /// and recall items removed.
    case remove(cards: [String], recalls: [String])
  }

  /// The lines of the journal in order, with their ids; none when there is no journal.
  public func read() throws -> [(id: String, change: Change)] { try read(from: 0).lines }

  /// The whole lines from byte `offset` on (the journal as it was read before, and what was
  /// appended since), and where the last of them ends.
  func read(from offset: Int) throws -> (lines: [(id: String, change: Change)], end: Int) {
    guard let bytes = try FileIO.read(path, followingLinks: false), offset <= bytes.count else {
      return ([], 0)
    }
    var changes: [(String, Change)] = []
    var start = offset
    // Lines are numbered from the file's start, for what a message names.
    var number = bytes[..<offset].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
    while let end = bytes[start...].firstIndex(of: 0x0A) {
      number += 1
      let line = Array(bytes[start..<end])
      start = end + 1
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
      changes.append(try DeckJournal.decode(line, path: path, line: number))
    }
    // Whatever follows the last line break was being written when its writer stopped.
    return (changes, start)
  }

  /// Removes the lines up to and including the one with `id` (folded into the deck), keeping
  /// the lines after it; the journal goes when none are left. The caller holds the journal's
  /// lock. A journal that no longer holds `id` was cut already.
  func cut(through id: String) throws {
    guard let bytes = try FileIO.read(path, followingLinks: false) else { return }
    var start = 0
    var number = 0
    var keepFrom: Int?
    while let end = bytes[start...].firstIndex(of: 0x0A) {
      number += 1
      let line = Array(bytes[start..<end])
      start = end + 1
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
      if try DeckJournal.decode(line, path: path, line: number).0 == id { keepFrom = start }
    }
    guard let keepFrom else { return }
    // Whole lines only: a torn last line was never a change.
    let rest = bytes[keepFrom..<start]
    if rest.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }) {
      remove()
    } else {
      try FileIO.writeAtomically(Array(rest), to: path, links: .replace)
    }
  }

  /// Removes the journal file, durably.
  func remove() {
    unlink(path)
    FileIO.syncDirectory(of: path)
  }

  /// Applies the journal's lines after the one `stored` says was folded already (all of them
  /// when it names none of them: the journal was cut after that fold).
  public static func apply(_ lines: [(id: String, change: Change)], to stored: inout StoredDeck) {
    let places = applyKeepingPlaces(lines, to: &stored)
    if !places.removed.isEmpty {
      stored.deck.cards = stored.deck.cards.indices.filter { !places.removed.contains($0) }.map {
        stored.deck.cards[$0]
      }
    }
  }

  /// `apply`, with the cards removed still in their places (`Places.removed` says which): what
  /// a fold that rewrites only what changed needs to know.
  static func applyKeepingPlaces(_ lines: [(id: String, change: Change)], to stored: inout StoredDeck)
    -> Places
  {
    var pending = lines[...]
    if case .string(let folded)? = stored.extras.root[foldedKey],
      let i = lines.firstIndex(where: { $0.id == folded })
    {
      pending = lines[(i + 1)...]
    }
    // Where each card is, found once for all the lines: a search of a million cards per line
    // would make a session's answers cost more the larger the deck. A removed card keeps its
    // place until the end, so that the places found stay true.
    var places = Places()
    if pending.contains(where: { if case .recalls = $0.change { false } else { true } }) {
      places.of.reserveCapacity(stored.deck.cards.count)
      for (i, card) in stored.deck.cards.enumerated() { places.of[card.id] = i }
    }
    for (_, change) in pending { apply(change, to: &stored.deck, places: &places) }
    // What the deck no longer holds keeps no fields of its own (a decode of the folded deck
    // has none).
    for id in places.removedIDs where places.of[id] == nil { stored.extras.cards[id] = nil }
    if places.removes && !stored.extras.recalls.isEmpty {
      let held = Set(stored.deck.recalls.map(\.id))
      stored.extras.recalls = stored.extras.recalls.filter { held.contains($0.key) }
    }
    return places
  }

  /// Where each card of the deck is (the last card with an id, as a decode finds it), and the
  /// places of the cards removed so far.
  struct Places {
    var of: [String: Int] = [:]
    var removed = Set<Int>()
    var removedIDs: [String] = []
    /// Whether a line removed anything (cards or recall items).
    var removes = false
  }

  static func apply(_ change: Change, to deck: inout Deck, places: inout Places) {
    switch change {
    case .answer(
      let cardID, let correct, let at, let day, let after, let recallID, let kind, let rating, let moved):
      guard let index = places.of[cardID] else { return }
      let move =
        moved.flatMap { card in card.fsrs.map { AnswerMove.fsrs($0, dueDay: card.nextReviewDate) } }
        ?? .ladder(today: day)
      _ = deck.answer(
        cardAt: index, rating: rating ?? (correct ? .good : .again), at: at, move: move,
        recallAfterWrong: after, recallID: recallID, kind: kind)
    case .undo(let previous, let entry, let recallAdded, let completed):
      guard let index = places.of[previous.id] else { return }
      deck.undo(
        previous: previous, entry: entry, recallAdded: recallAdded, completed: completed, cardAt: index)
    case .recalls(let items):
      deck.setRecalls(items)
    case .cards(let cards):
      for card in cards {
        if let index = places.of[card.id] {
          deck.cards[index] = card
        } else {
          places.of[card.id] = deck.cards.count
          deck.cards.append(card)
        }
      }
    case .remove(let cards, let recalls):
      places.removes = true
      for id in cards {
        guard let index = places.of.removeValue(forKey: id) else { continue }
        places.removed.insert(index)
        places.removedIDs.append(id)
        deck.dropOpenRecalls(of: id)
      }
      let gone = Set(recalls)
      if !gone.isEmpty { deck.recalls.removeAll { gone.contains($0.id) } }
    }
  }

  /// An answer rated `rating` at `at` to the card at `index` of `deck`, decided there and made
  /// (in a session or not: `AnswerKind.of`), and the line that replays it as it was given: an
  /// FSRS answer that moved its card carries the card it left (its state and due day).
  public static func answer(
    cardAt index: Int, of deck: inout Deck, rating: FSRSRating, at: Date, clock: DayClock,
    scheduler: StudyScheduler, inSession: Bool, recallAfterWrong after: Int?, recallID: String
  ) -> (outcome: Deck.AnswerOutcome, line: Change) {
    let card = deck.cards[index]
    let kind = AnswerKind.of(card, at: at, clock: clock, scheduler: scheduler, inSession: inSession)
    let move = AnswerMove.of(card, rating: rating, at: at, clock: clock, scheduler: scheduler)
    let outcome = deck.answer(
      cardAt: index, rating: rating, at: at, move: move, recallAfterWrong: after, recallID: recallID,
      kind: kind)
    let moved: Card? = if case .fsrs = move, kind.movesSchedule { outcome.card } else { nil }
    return (
      outcome,
      .answer(
        cardID: card.id, correct: rating != .again, at: at, day: clock.day(of: at), recallAfterWrong: after,
        recallID: recallID, kind: kind, rating: outcome.entry.statedRating, moved: moved)
    )
  }

  /// The deck's top-level key naming the last journal line folded into it.
  public static let foldedKey = "journalFolded"

  /// Appends `change` as one line and flushes it; returns the line's id. The caller holds the
  /// journal's lock.
  @discardableResult
  func append(_ change: Change, clock: DayClock) throws -> String {
    let id = UUID().uuidString.lowercased()
    var line = DeckJournal.encode(change, id: id, clock: clock)  // one line, ended below
    line.append(0x0A)
    let failed = { (error: SystemError) in StoreError.writeFailed(path: path, reason: .system(error)) }
    // The deck's folder, when nothing made it yet (the first change to a new deck).
    try FileIO.makeDirectory(FileIO.parentDirectory(of: path))
    let fd: Int32
    do throws(SystemError) {
      // Never through a link: the journal is only ever a file of ours (as its readers say).
      fd = try systemCall("open") {
        open(path, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
      }
    } catch {
      throw StoreError.writeFailed(path: path, reason: FileIO.refusedLink(path, error))
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, FileKind(mode: info.st_mode) == .regular else {
      throw StoreError.writeFailed(path: path, reason: .notRegularFile(FileKind(mode: info.st_mode)))
    }
    // A line torn by a killed writer (no line break at the end) is cut off first: it was never a
    // change, and this line must start on a line of its own. (The journal is small: it is folded
    // into the deck within a minute.)
    var base = off_t(info.st_size)
    var last: UInt8 = 0x0A
    if info.st_size > 0, pread(fd, &last, 1, off_t(info.st_size - 1)) == 1, last != 0x0A {
      let whole = try FileIO.read(path, followingLinks: false) ?? []
      let keep = whole.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
      do throws(SystemError) {
        try systemCall("ftruncate") { ftruncate(fd, off_t(keep)) }
        base = off_t(keep)
      } catch {
        throw failed(error)
      }
    }
    // A line that could not be written whole is taken back (a full disk): the journal is as it
    // was, and a journal made for it is removed.
    var done = false
    defer {
      if !done {
        if base == 0 { unlink(path) } else { ftruncate(fd, base) }
      }
    }
    var written = 0
    while written < line.count {
      do throws(SystemError) {
        written += try line.withUnsafeBytes { buffer in
          Result { () throws(SystemError) in
            try systemCall("write") { write(fd, buffer.baseAddress! + written, buffer.count - written) }
          }
        }.get()
      } catch {
        throw failed(error)
      }
    }
    do throws(SystemError) {
      try systemCall("fsync") { fsync(fd) }
    } catch {
      throw failed(error)
    }
    if info.st_size == 0 { FileIO.syncDirectory(of: path) }
    done = true
    return id
  }

  static func encode(_ change: Change, id: String, clock: DayClock) -> [UInt8] {
    func time(_ date: Date) -> JSONValue { .string(Timestamp.format(date, in: clock)) }
    var root: [String: JSONValue] = ["version": .number("1"), "id": .string(id)]
    switch change {
    case .answer(
      let cardID, let correct, let at, let day, let after, let recallID, let kind, let rating, let moved):
      root["op"] = .string("answer")
      var answer: [String: JSONValue] = [
        "cardId": .string(cardID), "correct": .bool(correct), "at": time(at), "day": .string(day.description),
        "recallAfter": after.map { .number(String($0)) } ?? .null, "recallId": .string(recallID),
      ]
      // As in the deck's log: present only when true, so lines of answers that move the
      // schedule are as they were.
      if kind == .relearn { answer["relearn"] = .bool(true) }
      if kind == .early { answer["early"] = .bool(true) }
      // As in the log: only a rating that `correct` does not imply.
      if let rating, rating == .hard || rating == .easy { answer["rating"] = .string(rating.word) }
      root["answer"] = .object(answer)
      if let moved { root["cards"] = .array([.object(DeckCodec.cardFields(moved, clock: clock))]) }
    case .undo(let previous, let entry, let recallAdded, let completed):
      root["op"] = .string("undo")
      root["cards"] = .array([.object(DeckCodec.cardFields(previous, clock: clock))])
      root["reviewLog"] = .array([.object(DeckCodec.logEntryFields(entry, clock: clock))])
      root["undo"] = .object([
        "recallAdded": recallAdded.map(JSONValue.string) ?? .null,
        "completed": .array(completed.map(JSONValue.string)),
      ])
    case .recalls(let items):
      root["op"] = .string("recalls")
      root["recalls"] = .array(items.map { .object(DeckCodec.recallFields($0, clock: clock)) })
    case .cards(let cards):
      root["op"] = .string("cards")
      root["cards"] = .array(cards.map { .object(DeckCodec.cardFields($0, clock: clock)) })
    case .remove(let cards, let recalls):
      root["op"] = .string("remove")
      root["remove"] = .object([
        "cards": .array(cards.map(JSONValue.string)), "recalls": .array(recalls.map(JSONValue.string)),
      ])
    }
    var w = JSONWriter()
    w.value(.object(root))
    return w.out
  }

  static func decode(_ line: [UInt8], path: String, line number: Int) throws -> (String, Change) {
    func bad(_ reason: ContentProblem) -> StoreError {
      .corrupt(path: path, at: TextPosition(line: number), reason: reason)
    }
    func bad(_ field: String, _ expected: ValueExpectation) -> StoreError {
      bad(.field(field, expected: expected))
    }
    let stored: StoredDeck
    do {
      stored = try DeckCodec.decode(line, path: path)
    } catch StoreError.corrupt(_, let at, let reason) {
      throw StoreError.corrupt(path: path, at: TextPosition(line: number, column: at?.column), reason: reason)
    }
    let root = stored.extras.root
    guard case .string(let id)? = root["id"], case .string(let op)? = root["op"] else {
      throw bad(.journalLine)
    }
    switch op {
    case "answer":
      guard case .object(let a)? = root["answer"], case .string(let cardID)? = a["cardId"],
        case .bool(let correct)? = a["correct"], case .string(let atText)? = a["at"],
        let at = Timestamp.parse(atText),
        case .string(let dayText)? = a["day"], let day = Day(iso: dayText),
        case .string(let recallID)? = a["recallId"]
      else { throw bad("answer", .answerFields) }
      var after: Int?
      switch a["recallAfter"] {
      case nil, .null?: after = nil
      case .number(let n)?:
        guard let value = Int(n), value > 0 else { throw bad("answer.recallAfter", .seconds) }
        after = value
      default: throw bad("answer.recallAfter", .seconds)
      }
      var flags: [String: Bool] = [:]
      for name in ["relearn", "early"] {
        switch a[name] {
        case nil: flags[name] = false
        case .bool(let flag)?: flags[name] = flag
        default: throw bad("answer.\(name)", .trueOrFalse)
        }
      }
      let kind = ReviewEntry(
        cardID: cardID, at: at, correct: correct, relearn: flags["relearn"]!, early: flags["early"]!
      ).kind
      var rating: FSRSRating?
      if let value = a["rating"] {
        guard case .string(let word) = value, let stated = FSRSRating(word: word),
          (stated != .again) == correct
        else {
          throw bad("answer.rating", .ratingAsCorrectSays)
        }
        rating = stated
      }
      // An FSRS answer carries the card it left, with its state (read as strictly as the deck).
      var moved: Card?
      if !stored.deck.cards.isEmpty {
        guard stored.deck.cards.count == 1, stored.deck.cards[0].id == cardID,
          stored.deck.cards[0].fsrs != nil
        else { throw bad("answer", .answeredCard) }
        moved = stored.deck.cards[0]
      }
      return (
        id,
        .answer(
          cardID: cardID, correct: correct, at: at, day: day, recallAfterWrong: after, recallID: recallID,
          kind: kind, rating: rating, moved: moved)
      )
    case "undo":
      guard stored.deck.cards.count == 1, stored.deck.reviewLog.count == 1,
        case .object(let u)? = root["undo"],
        case .array(let completedValues)? = u["completed"]
      else { throw bad("undo", .undoParts) }
      var recallAdded: String?
      if case .string(let text)? = u["recallAdded"] { recallAdded = text }
      let completed = completedValues.compactMap { value -> String? in
        if case .string(let text) = value { return text } else { return nil }
      }
      return (
        id,
        .undo(
          previous: stored.deck.cards[0], entry: stored.deck.reviewLog[0], recallAdded: recallAdded,
          completed: completed)
      )
    case "recalls":
      return (id, .recalls(stored.deck.recalls))
    case "cards":
      guard !stored.deck.cards.isEmpty else { throw bad("cards", .cardsToSet) }
      return (id, .cards(stored.deck.cards))
    case "remove":
      func ids(_ name: String) throws -> [String] {
        guard case .object(let r)? = root["remove"], case .array(let values)? = r[name] else {
          throw bad("remove", .removedIDs)
        }
        return try values.map { value in
          guard case .string(let text) = value else { throw bad("remove.\(name)", .removedIDs) }
          return text
        }
      }
      return (id, .remove(cards: try ids("cards"), recalls: try ids("recalls")))
    default:
      throw bad("op", .journalOp)
    }
  }
}
