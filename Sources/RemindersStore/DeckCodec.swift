import Foundation
import RemindersCore
import RemindersMessages

/// Fields of a deck this version does not model, kept so that a rewrite loses nothing.
public struct DeckExtras: Equatable, Sendable {
  var root: [String: JSONValue] = [:]
  /// By card id.
  var cards: [String: [String: JSONValue]] = [:]
  /// By recall item id.
  var recalls: [String: [String: JSONValue]] = [:]
  /// By position in the review log (the log only grows).
  var reviewLog: [Int: [String: JSONValue]] = [:]

  public init() {}
}

/// A deck as read from disk: the model plus whatever else the file held.
public struct StoredDeck: Equatable, Sendable {
  public var deck: Deck
  public var extras: DeckExtras

  public init(deck: Deck = Deck(), extras: DeckExtras = DeckExtras()) {
    self.deck = deck
    self.extras = extras
  }
}

/// Reads and writes the deck JSON of docs/files.md with precise errors.
///
/// Two readers share one card reader: `decode` builds the whole deck (for commands that change
/// it), `digest` keeps only what planning needs (counts by day and collection, answer days,
/// recall items), so `preview` over a million cards holds kilobytes, not the cards.
public enum DeckCodec {
  static let formatVersion = 1

  /// The whole deck. Throws `StoreError.corrupt` naming `path`, line, column and the field.
  public static func decode(_ bytes: [UInt8], path: String) throws -> StoredDeck {
    var stored = StoredDeck()
    try read(bytes, path: path) { reader, section, index in
      switch section {
      case .card:
        let (card, extras) = try readWholeCard(&reader, index: index)
        if !extras.isEmpty { stored.extras.cards[card.id] = extras }
        stored.deck.cards.append(card)
      case .recall:
        let (item, extras) = try readRecall(&reader, index: index)
        if !extras.isEmpty { stored.extras.recalls[item.id] = extras }
        stored.deck.recalls.append(item)
      case .log:
        let (entry, extras) = try readLogEntry(&reader, index: index)
        if !extras.isEmpty { stored.extras.reviewLog[index] = extras }
        stored.deck.reviewLog.append(entry)
      case .rootExtra(let key):
        stored.extras.root[key] = try reader.readValue()
      }
    }
    return stored
  }

  /// The card at the reader's position as a `Card`, with the fields this version does not model.
  static func readWholeCard(_ reader: inout JSONReader, index: Int) throws -> (Card, [String: JSONValue]) {
    let raw = try readCard(&reader, index: index, keepExtras: true)
    let card = Card(
      id: reader.string(raw.id), front: reader.string(raw.front), back: reader.string(raw.back),
      collection: raw.collection.map(reader.string), note: raw.note.map(reader.string),
      tags: raw.tags.map(reader.string), stepIndex: raw.stepIndex, nextReviewDate: raw.nextReviewDate,
      createdAt: raw.createdAt, lastReviewedAt: raw.lastReviewedAt, suspended: raw.suspended,
      fsrs: raw.fsrs)
    return (card, raw.extras)
  }

  /// What the planner needs of the deck, read without keeping the cards: the day's cards from
  /// `today` on, with new cards within `limits`.
  public static func digest(
    _ bytes: [UInt8], path: String, clock: DayClock, limits: NewCardLimits, today: Day
  ) throws -> PlanInput {
    var lags = false
    return try digest(bytes, path: path, clock: clock, limits: limits, today: today, fsrsLags: &lags)
  }

  /// `digest`, noting in `fsrsLags` whether a card's FSRS state lags behind its answers
  /// (`Card.needsFSRSReplay`): under FSRS its due day is then not yet the one its log gives.
  static func digest(
    _ bytes: [UInt8], path: String, clock: DayClock, limits: NewCardLimits, today: Day, fsrsLags: inout Bool
  ) throws -> PlanInput {
    var due = DueCounter(limits: limits, since: today, clock: clock)
    var answerDays = Set<Int>()
    var lastAnswer: Date?
    var offsets = OffsetMemo(clock: clock)
    var recalls: [RecallItem] = []
    try read(bytes, path: path) { reader, section, index in
      switch section {
      case .card:
        due.add(try readCard(&reader, index: index, keepExtras: false), at: index, in: reader)
      case .recall:
        let item = try readRecall(&reader, index: index).item
        if item.isOpen { recalls.append(item) }
      case .log:
        let entry = try readLogEntry(&reader, index: index, keepExtras: false).entry
        answerDays.insert(offsets.day(of: entry.at))
        if lastAnswer.map({ entry.at > $0 }) ?? true { lastAnswer = entry.at }
        due.answer(cardID: entry.cardID, at: entry.at)
      case .rootExtra:
        try reader.skipValue()
      }
    }
    fsrsLags = due.fsrsLags
    return PlanInput(
      dueIndex: due.index, streak: Streak(answerDays: answerDays, lastAnswer: lastAnswer), recalls: recalls)
  }

  /// What `stats` needs of the deck (answers and focus minutes per day, the day's cards from
  /// `today` on with new cards within `limits`, and under FSRS the predicted retention, each card
  /// counted into `retention` as it is read), read without keeping the cards or the log. The deck
  /// is checked as strictly as by `decode`, and the `focusLog` too (docs/focus-and-stats.md),
  /// whose entries `decode` keeps as unknown fields.
  public static func studyDigest(
    _ bytes: [UInt8], path: String, clock: DayClock, limits: NewCardLimits, today: Day,
    retention: RetentionForecast? = nil
  ) throws -> StudyRecord {
    var lags = false
    return try studyDigest(
      bytes, path: path, clock: clock, limits: limits, today: today, retention: retention, fsrsLags: &lags)
  }

  /// `studyDigest`, noting in `fsrsLags` whether a card's FSRS state lags behind its answers.
  static func studyDigest(
    _ bytes: [UInt8], path: String, clock: DayClock, limits: NewCardLimits, today: Day,
    retention: RetentionForecast?, fsrsLags: inout Bool
  ) throws -> StudyRecord {
    var due = DueCounter(limits: limits, since: today, clock: clock)
    var record = StudyRecord(retention: retention)
    var offsets = OffsetMemo(clock: clock)
    // A key given twice means its last value, as for `decode`: the focus log counts, and is
    // refused, only once the whole file is read.
    var focus: Result<[FocusEntry], FieldError> = .success([])
    try read(bytes, path: path) { reader, section, index in
      switch section {
      case .card:
        let card = try readCard(&reader, index: index, keepExtras: false)
        due.add(card, at: index, in: reader)
        record.retention?.add(card.fsrs, dueDay: card.nextReviewDate, suspended: card.suspended)
      case .recall:
        _ = try readRecall(&reader, index: index)
      case .log:
        let answer = try readAnswer(&reader, index: index)
        record.addAnswer(
          day: offsets.day(of: answer.at), correct: answer.correct, movedSchedule: answer.movedSchedule)
        if due.needsAnswers { due.answer(cardID: reader.string(answer.cardID), at: answer.at) }
      case .rootExtra(let key) where key == focusLogKey:
        let start = reader.position
        var entries: [FocusEntry] = []
        do {
          try readFocusLog(&reader) { entries.append($0) }
          focus = .success(entries)
        } catch let error as FieldError {
          focus = .failure(error)
          reader.position = start
          try reader.skipValue()
        }
      case .rootExtra:
        try reader.skipValue()
      }
    }
    do {
      for entry in try focus.get() {
        record.addFocus(day: offsets.day(of: entry.start), minutes: entry.minutes)
      }
    } catch {
      try bytes.withUnsafeBufferPointer { buffer in
        let (line, column) = JSONReader(buffer).lineAndColumn(of: error.offset)
        throw StoreError.corrupt(
          path: path, at: TextPosition(line: line, column: column), reason: error.problem)
      }
    }
    record.dueIndex = due.index
    fsrsLags = due.fsrsLags
    return record
  }

  /// The deck's focus log as `decode` keeps it (an unknown field of this version's model),
  /// read as strictly as `studyDigest` reads it; no log is an empty one.
  public static func focusLog(of stored: StoredDeck, path: String) throws -> [FocusEntry] {
    guard let value = stored.extras.root[focusLogKey] else { return [] }
    var w = JSONWriter()
    w.value(value)
    var entries: [FocusEntry] = []
    try w.out.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      do {
        try readFocusLog(&reader) { entries.append($0) }
      } catch let error as FieldError {
        // Written anew from the value, the text has no place in the file to point at.
        throw StoreError.corrupt(path: path, at: nil, reason: error.problem)
      } catch let error as JSONSyntaxError {
        throw StoreError.corrupt(path: path, at: nil, reason: .fieldSyntax(focusLogKey, error.expected))
      }
    }
    return entries
  }

  /// The top-level key of the focus log.
  static let focusLogKey = "focusLog"

  /// Reads the focus log's array, handing each entry to `visit`.
  static func readFocusLog(_ reader: inout JSONReader, _ visit: (FocusEntry) -> Void) throws {
    guard reader.peek() == UInt8(ascii: "[") else {
      throw FieldError(offset: reader.position, field: focusLogKey, expected: .array)
    }
    try reader.readArray { reader, i in visit(try readFocusEntry(&reader, index: i)) }
  }

  /// One focus phase: `start` (RFC 3339) and `minutes` (a whole number, 0 or more) are needed;
  /// `task` is a string or null and `completed` true or false when present.
  static func readFocusEntry(_ reader: inout JSONReader, index: Int) throws -> FocusEntry {
    let start = reader.position
    func field(_ name: String) -> String { "\(focusLogKey)[\(index)]\(name.isEmpty ? "" : ".")\(name)" }
    guard reader.peek() == UInt8(ascii: "{") else {
      throw FieldError(offset: start, field: field(""), expected: .object)
    }
    var began: Date?
    var minutes: Int?
    var task: String?
    var completed = false
    try reader.readObject { reader, key in
      let at = reader.position
      if reader.equals(key, "start") {
        began = try readInstant(&reader, field: field("start"))
      } else if reader.equals(key, "minutes") {
        guard let value = try? reader.readInt(), value >= 0 else {
          throw FieldError(offset: at, field: field("minutes"), expected: .zeroOrMore)
        }
        minutes = value
      } else if reader.equals(key, "task") {
        if try !reader.readNull() {
          guard reader.peek() == UInt8(ascii: "\"") else {
            throw FieldError(offset: at, field: field("task"), expected: .stringOrNull)
          }
          task = reader.string(try reader.readStringToken())
        }
      } else if reader.equals(key, "completed") {
        completed = try readBool(&reader, field: field("completed"))
      } else {
        try reader.skipValue()
      }
    }
    guard let began, let minutes else {
      let missing = [("start", began == nil), ("minutes", minutes == nil)].filter(\.1).map(\.0)
      throw FieldError(offset: start, field: field(""), missing: missing)
    }
    return FocusEntry(start: began, minutes: minutes, task: task, completed: completed)
  }

  enum Section {
    case card, recall, log
    case rootExtra(String)
  }

  /// Walks the top level, checking `version`, and hands each element of the three arrays (and
  /// each unknown top-level key) to `visit`. Syntax and field errors become `StoreError.corrupt`.
  ///
  /// `member`, when given, learns each top-level key and where its value is in `bytes` (what a
  /// fold that rewrites only what changed needs), after the value was read; `opening`, where the
  /// top-level object begins.
  static func read(
    _ bytes: [UInt8], path: String, visit: (inout JSONReader, Section, Int) throws -> Void,
    member: ((_ key: String, _ value: Range<Int>) -> Void)? = nil, opening: ((Int) -> Void)? = nil
  ) throws {
    try bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      do {
        var version: Int?
        reader.skipWhitespace()
        opening?(reader.position)
        try reader.readObject { reader, key in
          let start = reader.position
          defer { member?(reader.string(key), start..<reader.position) }
          if reader.equals(key, "version") {
            let at = reader.position
            version = try reader.readInt()
            guard version == formatVersion else {
              throw FieldError(
                offset: at, field: "version", expected: .version(expected: formatVersion, got: version!))
            }
          } else if reader.equals(key, "cards") {
            try reader.readArray { reader, i in try visit(&reader, .card, i) }
          } else if reader.equals(key, "recalls") {
            try reader.readArray { reader, i in try visit(&reader, .recall, i) }
          } else if reader.equals(key, "reviewLog") {
            try reader.readArray { reader, i in try visit(&reader, .log, i) }
          } else {
            try visit(&reader, .rootExtra(reader.string(key)), 0)
          }
        }
        guard reader.peek() == 0 else {
          throw JSONSyntaxError(offset: reader.position, expected: .endOfFile)
        }
        guard version != nil else { throw FieldError(offset: 0, field: "version", missing: []) }
      } catch let error as JSONSyntaxError {
        let (line, column) = reader.lineAndColumn(of: error.offset)
        throw StoreError.corrupt(
          path: path, at: TextPosition(line: line, column: column), reason: .syntax(error.expected))
      } catch let error as FieldError {
        let (line, column) = reader.lineAndColumn(of: error.offset)
        throw StoreError.corrupt(
          path: path, at: TextPosition(line: line, column: column), reason: error.problem)
      }
    }
  }

  /// A field with a wrong value, at a byte offset.
  struct FieldError: Error {
    var offset: Int
    var problem: ContentProblem

    init(offset: Int, field: String, expected: ValueExpectation) {
      self.offset = offset
      problem = .field(field, expected: expected)
    }

    init(offset: Int, field: String, missing: [String]) {
      self.offset = offset
      problem = .missing(field: field, names: missing)
    }
  }

  /// A card object with its strings still as byte ranges.
  struct RawCard {
    var id = JSONReader.StringToken(range: 0..<0, hasEscapes: false)
    var front = JSONReader.StringToken(range: 0..<0, hasEscapes: false)
    var back = JSONReader.StringToken(range: 0..<0, hasEscapes: false)
    var collection: JSONReader.StringToken?
    var note: JSONReader.StringToken?
    var tags: [JSONReader.StringToken] = []
    var stepIndex = 0
    var nextReviewDate = Day(number: 0)
    var createdAt = Date(timeIntervalSince1970: 0)
    var lastReviewedAt: Date?
    var suspended = false
    var fsrs: FSRSCard?
    var extras: [String: JSONValue] = [:]
  }

  static func readCard(_ reader: inout JSONReader, index: Int, keepExtras: Bool) throws -> RawCard {
    var card = RawCard()
    var seen = 0
    let start = reader.position
    // Field names are built only for an error message, not for each of a million cards.
    func field(_ name: String) -> String { "cards[\(index)]\(name.isEmpty ? "" : ".")\(name)" }
    try reader.readObject { reader, key in
      let at = reader.position
      func string() throws -> JSONReader.StringToken {
        guard reader.peek() == UInt8(ascii: "\"") else {
          throw FieldError(offset: at, field: field(reader.string(key)), expected: .string)
        }
        return try reader.readStringToken()
      }
      if reader.equals(key, "id") {
        card.id = try string()
        seen |= 1
      } else if reader.equals(key, "front") {
        card.front = try string()
        seen |= 2
      } else if reader.equals(key, "back") {
        card.back = try string()
        seen |= 4
      } else if reader.equals(key, "stepIndex") {
        guard let step = try? reader.readInt(), ReviewLadder.intervals.indices.contains(step) else {
          throw FieldError(
            offset: at, field: field("stepIndex"), expected: .wholeNumberRange(from: 0, to: 6))
        }
        card.stepIndex = step
        seen |= 8
      } else if reader.equals(key, "nextReviewDate") {
        let token = try string()
        guard !token.hasEscapes, let day = Day.parse(UnsafeBufferPointer(rebasing: reader.bytes[token.range]))
        else {
          throw FieldError(offset: at, field: field("nextReviewDate"), expected: .date)
        }
        card.nextReviewDate = day
        seen |= 16
      } else if reader.equals(key, "createdAt") {
        card.createdAt = try readInstant(&reader, field: field("createdAt"))
        seen |= 32
      } else if reader.equals(key, "lastReviewedAt") {
        if try !reader.readNull() {
          card.lastReviewedAt = try readInstant(&reader, field: field("lastReviewedAt"))
        }
      } else if reader.equals(key, "suspended") {
        card.suspended = try readBool(&reader, field: field("suspended"))
      } else if reader.equals(key, "fsrs") {
        if try !reader.readNull() {
          let (state, extras) = try readFSRS(&reader, field: field("fsrs"), keepExtras: keepExtras)
          card.fsrs = state
          if !extras.isEmpty { card.extras["fsrs"] = .object(extras) }
        }
      } else if reader.equals(key, "collection") {
        if try !reader.readNull() { card.collection = try string() }
      } else if reader.equals(key, "note") {
        if try !reader.readNull() { card.note = try string() }
      } else if reader.equals(key, "tags") {
        try reader.readArray { reader, _ in
          guard reader.peek() == UInt8(ascii: "\"") else {
            throw FieldError(offset: reader.position, field: field("tags"), expected: .strings)
          }
          card.tags.append(try reader.readStringToken())
        }
      } else if keepExtras {
        card.extras[reader.string(key)] = try reader.readValue()
      } else {
        try reader.skipValue()
      }
    }
    if seen != 63 {
      let names = ["id", "front", "back", "stepIndex", "nextReviewDate", "createdAt"]
      let missing = names.indices.filter { seen & (1 << $0) == 0 }.map { names[$0] }
      throw FieldError(offset: start, field: field(""), missing: missing)
    }
    return card
  }

  /// A card's FSRS state (docs/files.md): `state` and `due` are needed; `step` is a whole number
  /// (0 or more) or null, `stability` and `difficulty` numbers or null, `lastReview` an instant
  /// or null, when present; unknown fields are kept, as a card's are. A step in review is refused, as is a learning step of null (the
  /// reference keeps a step in learning and relearning, none in review).
  static func readFSRS(_ reader: inout JSONReader, field prefix: String, keepExtras: Bool) throws -> (
    state: FSRSCard, extras: [String: JSONValue]
  ) {
    let start = reader.position
    guard reader.peek() == UInt8(ascii: "{") else {
      throw FieldError(offset: start, field: prefix, expected: .objectOrNull)
    }
    var state: FSRSState?
    var step: Int?
    var stepAt = start
    var stability: Double?
    var difficulty: Double?
    var due: Date?
    var lastReview: Date?
    var extras: [String: JSONValue] = [:]
    func number(_ reader: inout JSONReader, _ name: String, positive: Bool) throws -> Double? {
      let at = reader.position
      if try reader.readNull() { return nil }
      let expected: ValueExpectation = positive ? .positiveNumberOrNull : .numberOrNull
      guard reader.peek() == UInt8(ascii: "-") || (0x30...0x39).contains(reader.peek()),
        let range = try? reader.scanNumber(),
        let value = Double(
          String(decoding: UnsafeBufferPointer(rebasing: reader.bytes[range]), as: UTF8.self)),
        value.isFinite, !positive || value > 0
      else {
        throw FieldError(offset: at, field: "\(prefix).\(name)", expected: expected)
      }
      return value
    }
    try reader.readObject { reader, key in
      let at = reader.position
      if reader.equals(key, "state") {
        guard reader.peek() == UInt8(ascii: "\""), let token = try? reader.readStringToken(),
          let value = FSRSState(rawValue: reader.string(token))
        else {
          throw FieldError(
            offset: at, field: "\(prefix).state",
            expected: .fsrsState)
        }
        state = value
      } else if reader.equals(key, "step") {
        stepAt = at
        step = nil
        if try !reader.readNull() {
          guard let value = try? reader.readInt(), value >= 0 else {
            throw FieldError(
              offset: at, field: "\(prefix).step", expected: .stepOrNull)
          }
          step = value
        }
      } else if reader.equals(key, "stability") {
        stability = try number(&reader, "stability", positive: true)
      } else if reader.equals(key, "difficulty") {
        difficulty = try number(&reader, "difficulty", positive: false)
      } else if reader.equals(key, "due") {
        due = try readInstant(&reader, field: "\(prefix).due")
      } else if reader.equals(key, "lastReview") {
        lastReview = nil
        if try !reader.readNull() { lastReview = try readInstant(&reader, field: "\(prefix).lastReview") }
      } else if keepExtras {
        extras[reader.string(key)] = try reader.readValue()
      } else {
        try reader.skipValue()
      }
    }
    guard let state, let due else {
      let missing = [("state", state == nil), ("due", due == nil)].filter(\.1).map(\.0)
      throw FieldError(offset: start, field: prefix, missing: missing)
    }
    switch (state, step) {
    case (.review, .some):
      throw FieldError(offset: stepAt, field: "\(prefix).step", expected: .nullInReview)
    case (.learning, nil), (.relearning, nil):
      throw FieldError(
        offset: stepAt == start ? start : stepAt, field: "\(prefix).step",
        expected: .step(state: state.rawValue))
    default: break
    }
    let card = FSRSCard(
      state: state, step: step, stability: stability, difficulty: difficulty, due: due, lastReview: lastReview
    )
    return (card, extras)
  }

  /// A card's FSRS state as the deck writes it: every field, null where there is no value;
  /// numbers as the shortest text that reads back as the same double, so a rewrite changes
  /// no bit of the memory state.
  static func fsrsFields(_ state: FSRSCard, kept: JSONValue?, clock: DayClock) -> JSONValue {
    func number(_ value: Double?) -> JSONValue { value.map { .number("\($0)") } ?? .null }
    var fields: [String: JSONValue] = [:]
    if case .object(let unknown)? = kept { fields = unknown }
    return .object(
      fields.merging([
        "state": .string(state.state.rawValue),
        "step": state.step.map { .number(String($0)) } ?? .null,
        "stability": number(state.stability),
        "difficulty": number(state.difficulty),
        "due": .string(Timestamp.format(state.due, in: clock)),
        "lastReview": state.lastReview.map { .string(Timestamp.format($0, in: clock)) } ?? .null,
      ]) { _, known in known })
  }

  /// A log entry's `rating` (docs/files.md#the-deck): one of the four words, and where it was.
  static func readRating(_ reader: inout JSONReader, field: String) throws -> (FSRSRating, offset: Int) {
    let at = reader.position
    let expected = ValueExpectation.rating
    guard reader.peek() == UInt8(ascii: "\""), let token = try? reader.readStringToken() else {
      throw FieldError(offset: at, field: field, expected: expected)
    }
    guard let rating = FSRSRating(word: reader.string(token)) else {
      throw FieldError(offset: at, field: field, expected: expected)
    }
    return (rating, at)
  }

  /// The entry's rating checked against its `correct`: again is the wrong answer, the other
  /// three are correct ones; a rating that says the other is refused where it was.
  static func checkRating(_ stated: (FSRSRating, offset: Int)?, correct: Bool, field: String) throws {
    guard let (rating, offset) = stated, (rating != .again) != correct else { return }
    throw FieldError(
      offset: offset, field: field,
      expected: correct ? .correctRating : .wrongRating)
  }

  static func readBool(_ reader: inout JSONReader, field: String) throws -> Bool {
    let at = reader.position
    guard let value = try? reader.readBool() else {
      throw FieldError(offset: at, field: field, expected: .trueOrFalse)
    }
    return value
  }

  static func readInstant(_ reader: inout JSONReader, field: String) throws -> Date {
    let at = reader.position
    guard reader.peek() == UInt8(ascii: "\""), let token = try? reader.readStringToken(), !token.hasEscapes,
      let date = Timestamp.parse(bytes: UnsafeBufferPointer(rebasing: reader.bytes[token.range]))
    else {
      throw FieldError(
        offset: at, field: field, expected: .instant)
    }
    // The deck keeps whole seconds, as it writes them: a fraction written by another tool
    // would otherwise be read, then silently dropped by the next rewrite.
    return Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
  }

  static func readRecall(_ reader: inout JSONReader, index: Int) throws -> (
    item: RecallItem, extras: [String: JSONValue]
  ) {
    let start = reader.position
    let prefix = "recalls[\(index)]"
    var id: String?
    var topic: String?
    var note: String?
    var cardID: String?
    var dueAt: Date?
    var doneAt: Date?
    var extras: [String: JSONValue] = [:]
    try reader.readObject { reader, key in
      let at = reader.position
      func string(_ name: String) throws -> String {
        guard reader.peek() == UInt8(ascii: "\"") else {
          throw FieldError(offset: at, field: "\(prefix).\(name)", expected: .string)
        }
        return reader.string(try reader.readStringToken())
      }
      if reader.equals(key, "id") {
        id = try string("id")
      } else if reader.equals(key, "topic") {
        topic = try string("topic")
      } else if reader.equals(key, "note") {
        if try !reader.readNull() { note = try string("note") }
      } else if reader.equals(key, "cardId") {
        if try !reader.readNull() { cardID = try string("cardId") }
      } else if reader.equals(key, "dueAt") {
        dueAt = try readInstant(&reader, field: "\(prefix).dueAt")
      } else if reader.equals(key, "doneAt") {
        if try !reader.readNull() { doneAt = try readInstant(&reader, field: "\(prefix).doneAt") }
      } else {
        extras[reader.string(key)] = try reader.readValue()
      }
    }
    guard let id, let topic, let dueAt else {
      let missing = [("id", id == nil), ("topic", topic == nil), ("dueAt", dueAt == nil)].filter(\.1).map(\.0)
      throw FieldError(offset: start, field: prefix, missing: missing)
    }
    return (
      RecallItem(id: id, topic: topic, note: note, dueAt: dueAt, cardID: cardID, doneAt: doneAt), extras
    )
  }

  static func readLogEntry(_ reader: inout JSONReader, index: Int, keepExtras: Bool = true) throws
    -> (entry: ReviewEntry, extras: [String: JSONValue])
  {
    let start = reader.position
    func field(_ name: String) -> String { "reviewLog[\(index)]\(name.isEmpty ? "" : ".")\(name)" }
    var cardID: String?
    var at: Date?
    var correct: Bool?
    var relearn = false
    var early = false
    var rating: (FSRSRating, offset: Int)?
    var extras: [String: JSONValue] = [:]
    try reader.readObject { reader, key in
      let offset = reader.position
      if reader.equals(key, "cardId") {
        guard reader.peek() == UInt8(ascii: "\"") else {
          throw FieldError(offset: offset, field: field("cardId"), expected: .string)
        }
        cardID = reader.string(try reader.readStringToken())
      } else if reader.equals(key, "at") {
        at = try readInstant(&reader, field: field("at"))
      } else if reader.equals(key, "correct") {
        correct = try readBool(&reader, field: field("correct"))
      } else if reader.equals(key, "relearn") {
        relearn = try readBool(&reader, field: field("relearn"))
      } else if reader.equals(key, "early") {
        early = try readBool(&reader, field: field("early"))
      } else if reader.equals(key, "rating") {
        rating = try readRating(&reader, field: field("rating"))
      } else if keepExtras {
        extras[reader.string(key)] = try reader.readValue()
      } else {
        try reader.skipValue()
      }
    }
    guard let cardID, let at, let correct else {
      let missing = [("cardId", cardID == nil), ("at", at == nil), ("correct", correct == nil)].filter(\.1)
        .map(\.0)
      throw FieldError(offset: start, field: field(""), missing: missing)
    }
    try checkRating(rating, correct: correct, field: field("rating"))
    let entry =
      rating.map { ReviewEntry(cardID: cardID, at: at, rating: $0.0, relearn: relearn, early: early) }
      ?? ReviewEntry(cardID: cardID, at: at, correct: correct, relearn: relearn, early: early)
    return (entry, extras)
  }

  /// A log entry's card id (as its bytes), instant, answer and whether it moved its card's
  /// schedule, checked as `readLogEntry` checks it but without making a string of its card id:
  /// all `stats` needs of a million answers.
  static func readAnswer(_ reader: inout JSONReader, index: Int) throws -> (
    cardID: JSONReader.StringToken, at: Date, correct: Bool, movedSchedule: Bool
  ) {
    let start = reader.position
    func field(_ name: String) -> String { "reviewLog[\(index)]\(name.isEmpty ? "" : ".")\(name)" }
    var hasCardID = false
    var cardID = JSONReader.StringToken(range: 0..<0, hasEscapes: false)
    var at: Date?
    var correct: Bool?
    var movedNothing = false
    var rating: (FSRSRating, offset: Int)?
    try reader.readObject { reader, key in
      let offset = reader.position
      if reader.equals(key, "cardId") {
        guard reader.peek() == UInt8(ascii: "\"") else {
          throw FieldError(offset: offset, field: field("cardId"), expected: .string)
        }
        cardID = try reader.readStringToken()
        hasCardID = true
      } else if reader.equals(key, "at") {
        at = try readInstant(&reader, field: field("at"))
      } else if reader.equals(key, "correct") {
        correct = try readBool(&reader, field: field("correct"))
      } else if reader.equals(key, "relearn") || reader.equals(key, "early") {
        let name = reader.equals(key, "relearn") ? "relearn" : "early"
        if try readBool(&reader, field: field(name)) { movedNothing = true }
      } else if reader.equals(key, "rating") {
        rating = try readRating(&reader, field: field("rating"))
      } else {
        try reader.skipValue()
      }
    }
    guard hasCardID, let at, let correct else {
      let missing = [("cardId", !hasCardID), ("at", at == nil), ("correct", correct == nil)].filter(\.1)
        .map(\.0)
      throw FieldError(offset: start, field: field(""), missing: missing)
    }
    try checkRating(rating, correct: correct, field: field("rating"))
    return (cardID, at, correct, !movedNothing)
  }

  /// A recall item's fields as the deck file writes them (`nil` optionals left out).
  public static func recallFields(_ item: RecallItem, extras: [String: JSONValue] = [:], clock: DayClock)
    -> [String: JSONValue]
  {
    var f = extras
    f["id"] = .string(item.id)
    f["topic"] = .string(item.topic)
    f["note"] = item.note.map(JSONValue.string)
    f["dueAt"] = .string(Timestamp.format(item.dueAt, in: clock))
    f["cardId"] = item.cardID.map(JSONValue.string)
    f["doneAt"] = item.doneAt.map { .string(Timestamp.format($0, in: clock)) }
    return f
  }

  /// A review log entry's fields as the deck file writes them: `relearn` and `early` only when
  /// true (absent means false), `rating` only when `correct` does not imply it (hard, easy), so
  /// a deck without such answers reads and writes as it did before these fields.
  public static func logEntryFields(_ entry: ReviewEntry, extras: [String: JSONValue] = [:], clock: DayClock)
    -> [String: JSONValue]
  {
    var f = extras
    f["cardId"] = .string(entry.cardID)
    f["at"] = .string(Timestamp.format(entry.at, in: clock))
    f["correct"] = .bool(entry.correct)
    f["relearn"] = entry.relearn ? .bool(true) : nil
    f["early"] = entry.early ? .bool(true) : nil
    f["rating"] = entry.statedRating.map { .string($0.word) }
    return f
  }

  /// A card's fields as the deck file writes them (`nil` optionals left out).
  public static func cardFields(_ card: Card, extras: [String: JSONValue] = [:], clock: DayClock) -> [String:
    JSONValue]
  {
    var f = extras
    f["id"] = .string(card.id)
    f["front"] = .string(card.front)
    f["back"] = .string(card.back)
    f["collection"] = card.collection.map(JSONValue.string)
    f["note"] = card.note.map(JSONValue.string)
    f["tags"] = .array(card.tags.map(JSONValue.string))
    f["stepIndex"] = .number(String(card.stepIndex))
    f["nextReviewDate"] = .string(card.nextReviewDate.description)
    f["createdAt"] = .string(Timestamp.format(card.createdAt, in: clock))
    f["lastReviewedAt"] = card.lastReviewedAt.map { .string(Timestamp.format($0, in: clock)) }
    f["suspended"] = card.suspended ? .bool(true) : nil
    f["fsrs"] = card.fsrs.map { fsrsFields($0, kept: extras["fsrs"], clock: clock) }
    return f
  }

  /// The deck as JSON: sorted keys, one card, recall item or log entry a line, so the same deck
  /// always gives the same bytes and a diff shows one line per changed card.
  public static func encode(_ stored: StoredDeck, clock: DayClock) -> [UInt8] {
    let deck = stored.deck
    var w = JSONWriter(capacity: 256 * (deck.cards.count + deck.reviewLog.count) + 4096)
    func time(_ date: Date) -> JSONValue { .string(Timestamp.format(date, in: clock)) }
    var root: [JSONWriter.Member] = [
      (
        "cards",
        { w in
          w.objectLines(deck.cards) { _, card in
            cardFields(card, extras: stored.extras.cards[card.id] ?? [:], clock: clock)
          }
        }
      ),
      (
        "recalls",
        { w in
          w.objectLines(deck.recalls) { _, item in
            recallFields(item, extras: stored.extras.recalls[item.id] ?? [:], clock: clock)
          }
        }
      ),
      (
        "reviewLog",
        { w in
          w.objectLines(deck.reviewLog) { i, entry in
            logEntryFields(entry, extras: stored.extras.reviewLog[i] ?? [:], clock: clock)
          }
        }
      ),
      ("version", { w in w.raw(String(formatVersion)) }),
    ]
    for (key, value) in stored.extras.root where !["cards", "recalls", "reviewLog", "version"].contains(key) {
      root.append((key, { w in w.value(value) }))
    }
    w.document(root)
    return w.out
  }
}

/// Cards counted by collection and next review day straight from their bytes: one hash lookup
/// a card, and a collection's name made into a string only when it differs from the last one's.
///
/// New cards go into the index's first few of their (collection, day), their id made into a
/// string only when one is kept; the cards answered on or after `since` are remembered, so that
/// the log can tell which of them were first answered then (docs/scheduling.md).
struct DueCounter {
  /// (collection index << 32 | day number + 2^31) → count.
  var counts: [Int: Int] = [:]
  var collectionNames: [String] = [""]
  var collectionIndex: [String: Int] = ["": 0]
  var lastCollection: (bytes: [UInt8], index: Int) = ([], 0)
  /// The new cards, and the limits they are kept for.
  var fresh: DueIndex
  let clock: DayClock
  /// The start of `since` in the day zone: a card answered before it was not first answered since.
  let sinceStart: Date?
  /// Cards answered on or after `since`: id → collection.
  var recent: [String: String] = [:]
  /// The first answer of each card the log named (only of `recent` once the cards are read; of
  /// every card when the log comes first in the file).
  var first: [String: Date] = [:]
  var cardsRead = false
  /// Whether a card read so far has an FSRS state behind its answers (`Card.needsFSRSReplay`).
  var fsrsLags = false

  init(limits: NewCardLimits, since: Day?, clock: DayClock) {
    fresh = DueIndex(limits: limits, since: since)
    self.clock = clock
    sinceStart = since.map { clock.startOfDay($0) }
  }

  /// Counts `raw`, the `position`th card of the deck, read by `reader`, unless it is suspended
  /// (never due, never counted).
  mutating func add(_ raw: DeckCodec.RawCard, at position: Int, in reader: JSONReader) {
    cardsRead = true
    if !fsrsLags, Card.needsFSRSReplay(lastReviewedAt: raw.lastReviewedAt, fsrs: raw.fsrs) { fsrsLags = true }
    let isNew = Card.isNew(lastReviewedAt: raw.lastReviewedAt, stepIndex: raw.stepIndex, fsrs: raw.fsrs)
    if !isNew, let sinceStart, let last = raw.lastReviewedAt, last >= sinceStart {
      recent[reader.string(raw.id)] = raw.collection.map(reader.string) ?? ""
    }
    guard !raw.suspended else { return }
    var c = 0
    if let token = raw.collection {
      let slice = UnsafeBufferPointer(rebasing: reader.bytes[token.range])
      if !token.hasEscapes, slice.elementsEqual(lastCollection.bytes) {
        c = lastCollection.index
      } else {
        let name = reader.string(token)
        if let known = collectionIndex[name] {
          c = known
        } else {
          c = collectionNames.count
          collectionNames.append(name)
          collectionIndex[name] = c
        }
        lastCollection = (token.hasEscapes ? [] : Array(slice), c)
      }
    }
    if isNew {
      let name = collectionNames[c]
      let collection = name.isEmpty ? nil : name
      if fresh.wantsNew(collection: collection, day: raw.nextReviewDate, createdAt: raw.createdAt) {
        fresh.addNew(
          collection: collection, day: raw.nextReviewDate,
          order: NewCardLimits.Order(createdAt: raw.createdAt, position: position, id: reader.string(raw.id)))
      }
      return
    }
    counts[c << 32 | (raw.nextReviewDate.number + (1 << 31)), default: 0] += 1
  }

  /// Whether the log's answers are still wanted: only while they can name a card of `recent`.
  var needsAnswers: Bool { sinceStart != nil && (!cardsRead || !recent.isEmpty) }

  /// Notes an answer of the log, when it can tell a first answer since `since`.
  mutating func answer(cardID: String, at: Date) {
    guard sinceStart != nil, !cardsRead || recent[cardID] != nil else { return }
    FirstAnswers.note(&first, id: cardID, at: at)
  }

  var index: DueIndex {
    var index = fresh
    for (key, n) in counts {
      let name = collectionNames[key >> 32]
      index.add(
        collection: name.isEmpty ? nil : name, day: Day(number: (key & 0xFFFF_FFFF) - (1 << 31)), count: n)
    }
    if let since = fresh.since {
      for (collection, byDay) in FirstAnswers.count(recent: recent, first: first, since: since, clock: clock)
      {
        for (day, n) in byDay {
          index.addFirstAnswered(
            collection: collection.isEmpty ? nil : collection, day: Day(number: day), count: n)
        }
      }
    }
    return index
  }
}

/// Day numbers of instants, remembering the zone offset per quarter hour: zone transitions fall
/// on quarter hours, and the review log holds many answers a day.
struct OffsetMemo {
  let clock: DayClock
  var memo: [Int: Int] = [:]

  init(clock: DayClock) { self.clock = clock }

  mutating func day(of instant: Date) -> Int {
    let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
    let bucket = seconds >= 0 ? seconds / 900 : (seconds - 899) / 900
    let offset: Int
    if let known = memo[bucket] {
      offset = known
    } else {
      let first = clock.offset(at: Date(timeIntervalSince1970: TimeInterval(bucket * 900)))
      let last = clock.offset(at: Date(timeIntervalSince1970: TimeInterval(bucket * 900 + 899)))
      guard first == last else { return clock.day(of: instant).number }
      memo[bucket] = first
      offset = first
    }
    let local = seconds + offset
    return local >= 0 ? local / 86400 : (local - 86399) / 86400
  }
}
