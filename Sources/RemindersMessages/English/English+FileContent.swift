extension English: FileContentMessages {
  public func contentProblem(_ problem: ContentProblem) -> String {
    switch problem {
    case .syntax(let what): "expected \(expected(what))"
    case .fieldSyntax(let field, let what): "\(field): expected \(expected(what))"
    case .field(let field, let what): "\(field): expected \(expected(what))"
    case .missing(let field, let names):
      names.isEmpty ? "\(field): missing" : "\(field): missing \(names.joined(separator: ", "))"
    case .notADocument(let document): "\(name(document)): expected an object with \"version\": 1"
    case .journalLine: "expected a journal line with an id and an op"
    case .calendar(let problem): calendarSyntax(problem)
    }
  }

  public func calendarSyntax(_ problem: CalendarSyntaxProblem) -> String {
    switch problem {
    case .notUTF8: "content line is not UTF-8"
    case .noName: "content line without a name"
    case .nameNotFollowed: "content line name followed by neither ';' nor ':'"
    case .noColon: "content line without a colon"
    case .carriageReturn: "carriage return inside a line"
    case .continuationFirst: "continuation line with no line before it"
    case .beginWithoutName: "BEGIN without a component name"
    case .notACalendar(let found): "expected BEGIN:VCALENDAR, found BEGIN:\(found)"
    case .tooDeep(let name, let depth): "BEGIN:\(name) nests components more than \(depth) deep"
    case .endWithoutBegin(let name): "END:\(name) without a BEGIN"
    case .endMismatch(let name, let open, let line): "END:\(name) does not close BEGIN:\(open) (line \(line))"
    case .beforeCalendar: "expected BEGIN:VCALENDAR"
    case .afterEnd(let name): "content line after END:\(name)"
    case .neverClosed(let name): "BEGIN:\(name) is never closed"
    }
  }

  func name(_ document: ContentDocument) -> String {
    switch document {
    case .alarms: "the alarms"
    case .ledger: "the ledger"
    case .focusSession: "the focus session"
    }
  }

  func expected(_ what: JSONExpectation) -> String {
    switch what {
    case .objectOpen: "an object '{'"
    case .keyString: "a key string"
    case .colonAfterKey: "':' after a key"
    case .commaOrBrace: "',' or '}'"
    case .arrayOpen: "an array '['"
    case .commaOrBracket: "',' or ']'"
    case .string: "a string"
    case .hexDigits: "four hex digits after \\u"
    case .lowSurrogate: "a low surrogate \\uDC00-\\uDFFF after a high one"
    case .highSurrogate: "a high surrogate \\uD800-\\uDBFF before a low one"
    case .escape: "a valid escape"
    case .noControlCharacter: "no control character inside a string"
    case .validUTF8: "valid UTF-8 inside a string"
    case .closingQuote: "a closing '\"'"
    case .wholeNumber: "a whole number"
    case .number: "a number"
    case .fractionDigits: "digits after '.'"
    case .exponentDigits: "digits in the exponent"
    case .value: "a value"
    case .trueOrFalse: "true or false"
    case .nesting(let levels): "nesting under \(levels) levels"
    case .endOfFile: "the end of the file"
    }
  }

  func expected(_ what: ValueExpectation) -> String {
    switch what {
    case .string: "a string"
    case .stringOrNull: "a string or null"
    case .strings: "strings"
    case .object: "an object"
    case .objectOrNull: "an object or null"
    case .array: "an array"
    case .list: "a list"
    case .trueOrFalse: "true or false"
    case .number: "a number"
    case .numberOrNull: "a number, or null"
    case .positiveNumberOrNull: "a number greater than 0, or null"
    case .wholeNumber: "a whole number"
    case .zeroOrMore: "a whole number, 0 or more"
    case .fromZero: "a whole number from 0"
    case .atLeast(let minimum): "a whole number of at least \(minimum)"
    case .upTo(let maximum): "a whole number up to \(maximum)"
    case .wholeNumberRange(let from, let to): "a whole number from \(from) to \(to)"
    case .version(let expected, let got): got.map { "\(expected), got \($0)" } ?? "\(expected)"
    case .date: "a date YYYY-MM-DD"
    case .time: "a time"
    case .instant: "an RFC 3339 time such as 2026-11-21T08:00:00+09:00"
    case .wallTime: "a time HH:MM"
    case .fsrsState: "\"learning\", \"review\" or \"relearning\""
    case .stepOrNull: "a whole number, 0 or more, or null"
    case .step(let state): "a whole number, 0 or more, for a card in \(state)"
    case .nullInReview: "null for a card in review"
    case .rating: "\"again\", \"hard\", \"good\" or \"easy\""
    case .correctRating: "\"hard\", \"good\" or \"easy\" for a correct answer"
    case .wrongRating: "\"again\" for a wrong answer"
    case .ratingAsCorrectSays: "\"again\", \"hard\", \"good\" or \"easy\", as correct says"
    case .id: "an id"
    case .alarmID: "an id without blanks or ':'"
    case .uniqueAlarmID: "an id no other alarm has"
    case .alarmList: "a list of alarms"
    case .weekdays: "a list of weekdays such as [\"mon\", \"tue\"]"
    case .daysOrDate: "either \"days\" (a list of weekdays) or \"date\" (YYYY-MM-DD)"
    case .place: "{\"latitude\": -90…90, \"longitude\": -180…180}"
    case .radius(let from, let to): "metres from \(from) to \(to)"
    case .channel: "popup or calendar"
    case .recallItemIDs: "a list of recall item ids"
    case .soundProcess: "{\"pid\", \"group\", \"startTicks\"} as whole numbers"
    case .entries: "a list of entries"
    case .dayOrRange: "a day YYYY-MM-DD or a range YYYY-MM-DD/YYYY-MM-DD"
    case .days: "a list of days"
    case .timesByID: "an object of times by id"
    case .seconds: "seconds"
    case .answerFields: "cardId, correct, at, day and recallId"
    case .answeredCard: "one card, the answered one with its fsrs state"
    case .undoParts: "one card, one review log entry and what the answer changed"
    case .journalOp: "answer, undo, recalls, cards or remove"
    case .cardsToSet: "one card or more"
    case .removedIDs: "{\"cards\", \"recalls\"} as lists of ids"
    }
  }
}
