/// The texts of what is wrong with a value of the config file (docs/configuration.md): the
/// reason of `ErrorsMessages.badConfig`, which names the file and the key around it.
public protocol ConfigFileMessages: Sendable {
  /// Why the value is refused: `expected ja, en or auto, got "japanese"` /
  /// `ja、en、auto のどれかを指定します（"japanese" ではなく）`.
  func configProblem(_ problem: ConfigProblem) -> String
}

/// What the config reader refuses, with what it needs to say so; the key is the error's, not
/// the problem's. A value quoted from the file (`got`) comes as the reader shows it: on one
/// line, cut when long, a string in double quotes with its escapes, anything else as TOML
/// writes it (`"japanese"`, `12`); the words keep it as it is.
public enum ConfigProblem: Equatable, Sendable {
  // The text as a whole.
  /// Bytes that are not UTF-8.
  case notUTF8
  /// A control character other than tab and the line ends (`byte`: 0 is a NUL byte).
  case controlCharacter(UInt8)
  /// A table header whose first character starts no key (`[ä]`).
  case tableName
  /// A `}` where an array expects a value (`[}`).
  case arrayValue
  /// Text that is no TOML (TOML 1.0): what the reader expected where it stopped, or what it met
  /// there that TOML forbids.
  case syntax(TOMLProblem)

  // Keys and kinds of value.
  /// A key no table of the config has.
  case unknownKey
  /// A table (`[daily]`, `[study.fsrs]`: `name`) written as some other value.
  case notTable(String)
  /// A string setting written as some other value.
  case notString
  /// `true` or `false` written as some other value.
  case notFlag
  /// An empty file path.
  case emptyPath

  // Times and durations.
  /// `language` other than ja, en and auto.
  case language(got: String)
  /// `time.zone` that is no IANA zone name.
  case timeZone(got: String)
  /// No time HH:MM (`orOff`: `off` is allowed too, as for `daily.again`).
  case time(got: String, orOff: Bool)
  /// No duration such as 10m (`orOff`: `off` is allowed too).
  case duration(got: String, orOff: Bool)
  /// `window.end` (`end`, HH:MM) not after `window.start` (`start`).
  case windowEnd(end: String, start: String)
  /// `quiet.hours` that is no list.
  case quietHoursList
  /// An item of `quiet.hours` that is no range HH:MM-HH:MM with different ends.
  case quietRange(got: String)
  /// Quiet hours that leave no minute of the window.
  case quietCoversWindow
  /// `daily.time` (`time`) at or after `window.end` (`windowEnd`).
  case dailyAfterWindow(time: String, windowEnd: String)
  /// `review.drip` below a minute.
  case dripTooShort
  /// `alarm.location_timeout` outside 1 s…10 min.
  case locationTimeout

  // Numbers.
  /// A whole number outside `from…to` (`cards.candidates`).
  case wholeNumber(from: Int, to: Int, example: Int)
  /// A whole number below 0 (`review.relearn_after`).
  case zeroOrMore(example: Int)
  /// A whole number below 1 (`focus.long_every`).
  case oneOrMore
  /// Minutes that are no number in (0, 1440] (`focus.minutes`, `focus.break`…).
  case minutes(example: Int)
  /// New cards a day that are no whole number of 0 or more (`study.new_per_day`, with an
  /// example; an item of `study.new_per_collection`, without).
  case newCards(example: Int?)
  /// A number of days outside `from…to` (`calendar.days`).
  case days(from: Int, to: Int, example: Int)

  // Commands and lists.
  /// `review.terminal` that is no command.
  case terminalCommand
  /// `review.in` other than popup, terminal and app.
  case reviewPlace
  /// `alarm.sound` that is no command.
  case soundCommand

  // [anki].
  /// `anki.collection` missing or empty.
  case ankiCollection
  /// `anki.decks` that is no list of top-level deck names.
  case ankiDecks
  /// `anki.command` a string with spaces in it: the list it should be, its `words`.
  case commandWithSpaces(words: [String])
  /// `anki.command` that is no command.
  case ankiCommand

  // [calendar].
  /// `calendar.url` missing or empty.
  case calendarURLMissing
  /// `calendar.url` that is no `http://` or `https://` address, or holds a user or a query.
  case calendarURL(got: String)
  /// An `http://` address of another machine.
  case plainHTTP
  /// An address that is neither `https://` nor `http://` (on this machine).
  case notHTTPS(got: String)
  /// `calendar.password_command` that is no command.
  case passwordCommand
  /// An empty `calendar.username`.
  case emptyUserName
  /// `calendar.username` without `calendar.password_command`.
  case passwordCommandMissing
  /// `calendar.password_command` without `calendar.username`.
  case userNameMissing

  // [study] and [study.fsrs].
  /// `study.new_per_collection` that is no table.
  case newPerCollectionTable
  /// `study.scheduler` other than ladder and fsrs.
  case scheduler(got: String)
  /// `study.fsrs.parameters` that is no list.
  case parametersList
  /// An item that is no number.
  case notNumber(got: String)
  /// A list of `got` numbers where `expected` are needed.
  case numberCount(expected: Int, got: Int)
  /// A number outside `lower…upper` (`got`: the number read).
  case numberRange(lower: Double, upper: Double, got: Double)
  /// `study.fsrs.desired_retention` not strictly between 0 and 1.
  case retention(got: String)
  /// `study.fsrs.fitted` not a day such as "2026-12-03".
  case fittedDay(got: String)
  /// `learning_steps` or `relearning_steps` that is no list.
  case stepsList
  /// A step that is no duration such as 1m.
  case step(got: String)
  /// `study.fsrs.maximum_interval` outside 1…`upTo` days.
  case maximumInterval(upTo: Int, got: String)
}

/// Where config text stops being TOML (TOML 1.0), as the config reader says it. A name (`key`)
/// is the file's dotted key, and `got` the text as written, both as the reader shows them: on one
/// line, cut when long.
public enum TOMLProblem: Equatable, Sendable {
  /// A key (letters, digits, `_` and `-`, or a quoted name) where a statement or a dotted key goes on.
  case key
  /// A multi-line string (`"""`, `'''`) written as a key.
  case multiLineKey
  /// `=` after a key.
  case equals
  /// A value after `=`, or where an inline table's entry expects one; `got`: what stands there
  /// instead, when it is a word (`ja` without its quotes).
  case value(got: String?)
  /// The end of the line after a statement or a header: a second statement on one line.
  case lineEnd
  /// `]` closing a table's header (`arrayOfTables`: `]]`).
  case headerClose(arrayOfTables: Bool)
  /// `,` or `]` after an item of an array.
  case arraySeparator
  /// `,` or `}` after an entry of an inline table, which is written on one line.
  case inlineTableSeparator
  /// A string whose closing quote is missing: on its line, or before the file ends for a
  /// multi-line string (the place is its opening quote).
  case unclosedString
  /// More than two quotes besides the closing three at the end of a multi-line string.
  case closingQuotes
  /// A backslash escape TOML does not know (`\q`).
  case escape
  /// `\u` (4 digits) or `\U` (8 digits) whose hex digits are no Unicode character.
  case unicodeEscape
  /// A number written as TOML does not write one (`01`, `1__0`, `0x`, `1.`).
  case number(got: String)
  /// A whole number outside the 64 bits TOML allows.
  case integerRange(got: String)
  /// A date or time that does not exist (`1979-02-30`, `24:00:00`) or is not written as RFC
  /// 3339 writes it.
  case dateTime(got: String)
  /// Arrays and inline tables nested more than `levels` deep.
  case nesting(levels: Int)
  /// A key given a value twice.
  case duplicateKey(String)
  /// A table's header written twice, or a header for a table that dotted keys defined.
  case duplicateTable(String)
  /// A key or header that adds to `name`, which is already a value, an inline table, or a table
  /// of a header (from a dotted key).
  case closedTable(String)
  /// `[[name]]` where `name` is already a value or a table.
  case notArrayOfTables(String)
}

/// What the words of every language quote alike.
enum ConfigWords {
  /// The example address of a calendar collection.
  static let calendarExample = "https://cloud.example.org/remote.php/dav/calendars/me/reminders/"

  /// A byte as a code point's four hex digits: `001B`.
  static func code(_ byte: UInt8) -> String {
    let hex = String(byte, radix: 16, uppercase: true)
    return String(repeating: "0", count: 4 - hex.count) + hex
  }

  /// Words as a TOML list's items: `"xterm", "-e"`.
  static func list(_ words: [String]) -> String {
    words.map { "\"\($0)\"" }.joined(separator: ", ")
  }
}
