extension English: ConfigFileMessages {
  public func configProblem(_ problem: ConfigProblem) -> String {
    switch problem {
    case .notUTF8: "expected UTF-8 text"
    case .controlCharacter(let byte):
      "expected no \(byte == 0 ? "NUL byte" : "control character") (U+\(ConfigWords.code(byte))) in TOML text"
    case .tableName: "expected a table name (letters, digits, '_', '-' or a quoted name) after '['"
    case .arrayValue: "expected a value or ']' in the array"
    case .syntax(let problem): tomlProblem(problem)

    case .unknownKey: "unknown key"
    case .notTable(let name): "expected a table [\(name)]"
    case .notString: "expected a string in quotes"
    case .notFlag: "expected true or false"
    case .emptyPath: "expected a file path"

    case .language(let got): "expected ja, en or auto, got \(got)"
    case .timeZone(let got): "unknown time zone \(got) (expected an IANA name such as Asia/Tokyo)"
    case .time(let got, let orOff):
      "expected a time HH:MM from 00:00 to 23:59\(orOff ? ", or off" : ""), got \(got)"
    case .duration(let got, let orOff):
      "expected a duration such as 10m, 3h or 1h30m\(orOff ? ", or off" : ""), got \(got)"
    case .windowEnd(let end, let start): "\(end) is not after window.start \(start)"
    case .quietHoursList: "expected a list such as [\"12:00-13:00\"]"
    case .quietRange(let got): "expected a range \"HH:MM-HH:MM\" with different ends, got \(got)"
    case .quietCoversWindow: "the quiet hours cover the whole window, so no reminder could ever fire"
    case .dailyAfterWindow(let time, let windowEnd):
      "\(time) is at or after window.end \(windowEnd), so the daily reminder could never fire on its day "
        + "(reminders config set daily.time \(time) --move-window moves the window)"
    case .dripTooShort: "expected a duration of 1m or more, or off"
    case .locationTimeout: "expected a duration from 1s to 10m"

    case .wholeNumber(let from, let to, let example):
      "expected a whole number from \(from) to \(to), such as \(example)"
    case .zeroOrMore(let example): "expected a whole number, 0 or more, such as \(example)"
    case .oneOrMore: "expected a whole number of at least 1"
    case .minutes(let example): "expected a number of minutes greater than 0, such as \(example)"
    case .newCards(let example):
      "expected a whole number of new cards a day, 0 or more\(example.map { ", such as \($0)" } ?? "")"
    case .days(let from, let to, let example):
      "expected a whole number of days from \(from) to \(to), such as \(example)"

    case .terminalCommand:
      "expected a list of strings: the command that runs the rest in a terminal, such as [\"foot\"] or [\"xterm\", \"-e\"]"
    case .reviewPlace: "expected \"popup\", \"terminal\" or \"app\""
    case .soundCommand:
      "expected a list of strings: the command that plays a sound once, such as [\"paplay\", "
        + "\"/usr/share/sounds/freedesktop/stereo/alarm-clock-elapsed.oga\"], or [] for none"

    case .ankiCollection:
      "expected the path of an Anki collection, such as \"~/.local/share/Anki2/User 1/collection.anki2\""
    case .ankiDecks: "expected a list of top-level deck names, such as [\"日本語\"]"
    case .commandWithSpaces(let words):
      "a string is one program name; for a command with arguments write a list, such as [\(ConfigWords.list(words))]"
    case .ankiCommand:
      "expected the command that starts Anki: a string or a list of strings, such as [\"anki\"]"

    case .calendarURLMissing:
      "expected the address of a CalDAV calendar, such as \"\(ConfigWords.calendarExample)\""
    case .calendarURL(let got):
      "expected an address such as \"\(ConfigWords.calendarExample)\" (no user, password or query in it), got \(got)"
    case .plainHTTP: "http:// is allowed only on this machine (127.0.0.1, ::1, localhost): use https://"
    case .notHTTPS(let got): "expected https:// (or http:// on this machine), got \(got)"
    case .passwordCommand:
      "expected a list of strings: the command that prints the password, such as [\"secret-tool\", \"lookup\", \"service\", \"reminders\"]"
    case .emptyUserName: "expected a user name"
    case .passwordCommandMissing: "a calendar.username needs the command that prints its password"
    case .userNameMissing: "a calendar.password_command needs the user name it is the password of"

    case .newPerCollectionTable: "expected a table such as { \"JLPT N5\" = 10 }"
    case .scheduler(let got): "expected ladder or fsrs, got \(got)"
    case .parametersList: "expected a list of 21 numbers, such as FSRS-6's defaults [0.212, 1.2931, …]"
    case .notNumber(let got): "expected a number, got \(got)"
    case .numberCount(let expected, let got): "expected \(expected) numbers, got \(got)"
    case .numberRange(let lower, let upper, let got):
      "expected a number from \(lower) to \(upper), got \(got)"
    case .retention(let got): "expected a number between 0 and 1 (both excluded), such as 0.9, got \(got)"
    case .fittedDay(let got): "expected a day such as \"2026-12-03\", got \(got)"
    case .stepsList: "expected a list of durations such as [\"1m\", \"10m\"], or [] for none"
    case .step(let got): "expected a duration such as 1m, 10m or 1d, got \(got)"
    case .maximumInterval(let upTo, let got): "expected a whole number of days from 1 to \(upTo), got \(got)"
    }
  }

  /// Where the text stops being TOML.
  func tomlProblem(_ problem: TOMLProblem) -> String {
    switch problem {
    case .key: "expected a key (letters, digits, '_', '-' or a quoted name)"
    case .multiLineKey: "expected a key on one line: a multi-line string is no key"
    case .equals: "expected '=' after the key"
    case .value(let got?):
      "expected a value (a string in quotes, a number, true, false, a date, [a list] or { a table }), got \(got)"
    case .value(nil): "expected a value"
    case .lineEnd: "expected the end of the line (one key = value, or one [table], a line)"
    case .headerClose(let arrayOfTables): "expected '\(arrayOfTables ? "]]" : "]")' after the table name"
    case .arraySeparator: "expected ',' or ']' after the item of the array"
    case .inlineTableSeparator: "expected ',' or '}' after the entry of the inline table, on the same line"
    case .unclosedString: "expected the closing quote of the string that starts here"
    case .closingQuotes: "expected at most five quotes at the end of the multi-line string"
    case .escape:
      "expected an escape \\b, \\t, \\n, \\f, \\r, \\\", \\\\, \\uXXXX or \\UXXXXXXXX after the backslash"
    case .unicodeEscape: "expected the hex digits of a Unicode character after \\u (4) or \\U (8)"
    case .number(let got):
      "expected a number such as 7, -1_000, 0x1F, 1.5 or 6e-3 (no leading zeros), got \(got)"
    case .integerRange(let got):
      "expected a whole number from -9223372036854775808 to 9223372036854775807, got \(got)"
    case .dateTime(let got):
      "expected a date or time that exists, such as 1979-05-27, 07:32:00 or 1979-05-27T07:32:00+09:00, got \(got)"
    case .nesting(let levels): "expected lists and inline tables nested at most \(levels) deep"
    case .duplicateKey(let key): "expected each key once: \(key) is already set"
    case .duplicateTable(let name): "expected each table once: [\(name)] is already defined"
    case .closedTable(let name):
      "cannot add to \(name): it is already defined (as a value, an inline table or a table)"
    case .notArrayOfTables(let name): "cannot define [[\(name)]]: \(name) is already a value or a table"
    }
  }
}
