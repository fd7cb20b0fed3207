/// The texts of what is wrong inside a file of ours that does not read (the deck, its journal,
/// the ledger, the alarms, the focus session, the fallback calendar; docs/files.md): the reason
/// of `ErrorsMessages.corrupt`, which names the file and the place around it.
public protocol FileContentMessages: Sendable {
  /// Why the file does not read: `cards[0].front: expected a string` /
  /// `cards[0].front: 文字列が必要です`.
  func contentProblem(_ problem: ContentProblem) -> String

  /// What RFC 5545 forbids in a line of an iCalendar text: `END:VEVENT without a BEGIN` /
  /// `BEGIN のない END:VEVENT があります`.
  func calendarSyntax(_ problem: CalendarSyntaxProblem) -> String
}

/// What a reader of our files refuses, with what it needs to say so. A field (`cards[3].front`,
/// `delivered[0].closedAt`) is the file's own path to the value, the same in every language.
public enum ContentProblem: Equatable, Sendable {
  /// JSON text that does not parse: what was expected where it stopped.
  case syntax(JSONExpectation)
  /// JSON text inside a field (the deck's focus log, written anew) that does not parse.
  case fieldSyntax(String, JSONExpectation)
  /// A value of the wrong kind or out of range at `field`.
  case field(String, expected: ValueExpectation)
  /// The fields `names` missing from the object at `field`; none: `field` itself is missing.
  case missing(field: String, names: [String])
  /// A whole file that is not an object with `"version": 1`.
  case notADocument(ContentDocument)
  /// A journal line without an id and an op.
  case journalLine
  /// A line of the fallback calendar that does not read: what RFC 5545 forbids there.
  case calendar(CalendarSyntaxProblem)
}

/// What the iCalendar reader refuses in a line (RFC 5545). A component name comes as the reader
/// shows it: invisible characters escaped, cut when long.
public enum CalendarSyntaxProblem: Equatable, Sendable {
  case notUTF8
  case noName
  /// A content line's name followed by neither `;` nor `:`.
  case nameNotFollowed
  case noColon
  case carriageReturn
  /// A continuation line (one that starts with a space or a tab) first of all.
  case continuationFirst
  /// `BEGIN:` without a component name.
  case beginWithoutName
  /// The first component is no VCALENDAR (`found`: its name).
  case notACalendar(found: String)
  /// Components nested more than `depth` deep, at `name`.
  case tooDeep(name: String, depth: Int)
  case endWithoutBegin(name: String)
  /// `END:name` where `BEGIN:open` (at line `line`) is open.
  case endMismatch(name: String, open: String, line: Int)
  /// A property outside any component, before the calendar.
  case beforeCalendar
  /// A content line after the calendar's `END:name`.
  case afterEnd(name: String)
  case neverClosed(name: String)
}

/// A file whose top level is refused as a whole.
public enum ContentDocument: Equatable, Sendable {
  case alarms, ledger, focusSession
}

/// What the JSON reader expected where the text stops being JSON (RFC 8259).
public enum JSONExpectation: Equatable, Sendable {
  case objectOpen, keyString, colonAfterKey, commaOrBrace, arrayOpen, commaOrBracket, string
  case hexDigits, lowSurrogate, highSurrogate, escape, noControlCharacter, validUTF8, closingQuote
  case wholeNumber, number, fractionDigits, exponentDigits, value, trueOrFalse
  /// Nesting deeper than `levels` objects and arrays.
  case nesting(levels: Int)
  case endOfFile
}

/// What a field should hold.
public enum ValueExpectation: Equatable, Sendable {
  // Kinds of JSON value.
  case string, stringOrNull, strings, object, objectOrNull, array, list, trueOrFalse
  // Numbers.
  case number, numberOrNull, positiveNumberOrNull, wholeNumber
  /// A whole number, 0 or more.
  case zeroOrMore
  /// A whole number from 0 (the ledger's words for the same).
  case fromZero
  case atLeast(Int)
  case upTo(Int)
  case wholeNumberRange(from: Int, to: Int)
  /// The one `version` a reader knows, and the one the file has (`got`: nil when not a number).
  case version(expected: Int, got: Int?)
  // Times.
  /// A date YYYY-MM-DD.
  case date
  /// An instant (RFC 3339), in the words of the state files.
  case time
  /// An instant, in the deck's words with an example.
  case instant
  /// A wall time HH:MM.
  case wallTime
  // Cards and answers (docs/files.md).
  case fsrsState
  /// A whole number, 0 or more, or null (an FSRS step).
  case stepOrNull
  /// A step for a card in `state` (learning, relearning).
  case step(state: String)
  case nullInReview
  case rating, correctRating, wrongRating
  /// A rating that agrees with `correct` (a journal line).
  case ratingAsCorrectSays
  // Alarms.
  case id, alarmID, uniqueAlarmID, alarmList, weekdays, daysOrDate, place
  /// Metres from `from` to `to`.
  case radius(from: Int, to: Int)
  // The ledger.
  case channel, recallItemIDs, soundProcess, entries, dayOrRange, days, timesByID
  // The journal.
  case seconds, answerFields, answeredCard, undoParts, journalOp, cardsToSet, removedIDs
}
