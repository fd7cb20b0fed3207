import Foundation
import RemindersMessages
import Testing

@testable import RemindersStore

/// `TOMLDocument`, the one reader of the config file (every command's settings, and what `config
/// show/set/unset` edit), held to TOML 1.0: documents it must read to a table, and documents it
/// must refuse, with the problem and its place. The tables were first checked against toml++,
/// the reader the commands used before, which read and refused the same.
@Suite struct TOMLDocumentTests {
  typealias Value = TOMLDocument.Value

  /// TOML and the table it reads to.
  static let valid: [(String, Value)] = [
    (
      "time.zone = \"Asia/Tokyo\"\n[daily]\ntime = \"09:00\"\n",
      ["time": ["zone": "Asia/Tokyo"], "daily": ["time": "09:00"]]
    ),
    ("['daily']\ntime = \"09:00\"\n", ["daily": ["time": "09:00"]]),
    (
      "[\"daily\"]\ntime = \"09:00\"\n[ study . fsrs ]\ndesired_retention = 0.8\n",
      ["daily": ["time": "09:00"], "study": ["fsrs": ["desired_retention": 0.8]]]
    ),
    ("\u{FEFF}[daily]\ntime = \"09:00\"\n", ["daily": ["time": "09:00"]]),
    (
      "[daily]\r\ntime = \"09:00\"\r\n# a comment\r\n[window]\r\nstart = \"07:00\"\r\n",
      ["daily": ["time": "09:00"], "window": ["start": "07:00"]]
    ),
    (
      "[fallback]\npath = \"\"\"\n[window]\nstart = \"09:00\"\n\"\"\"\n",
      ["fallback": ["path": "[window]\nstart = \"09:00\"\n"]]
    ),
    (
      "[fallback]\npath = '''\n[window]\nstart = '09:00'\n'''\n",
      ["fallback": ["path": "[window]\nstart = '09:00'\n"]]
    ),
    ("s = \"\"\"one \\\n    two \\\n\n  three\"\"\"\n", ["s": "one two three"]),
    (
      "s = \"\\u00e9 \\U0001F600 \\t \\\" \\\\ \\b \\f \\r \\n\"\n",
      ["s": "\u{E9} \u{1F600} \t \" \\ \u{08} \u{0C} \r \n"]
    ),
    (
      "study = { fsrs = { desired_retention = 0.8 }, new_per_day = 5 }\n",
      ["study": ["fsrs": ["desired_retention": 0.8], "new_per_day": 5]]
    ),
    ("a = { b.c = 1, b.d = 2 }\n", ["a": ["b": ["c": 1, "d": 2]]]),
    ("[[x]]\na = 1\n[[x]]\na = 2\n", ["x": [["a": 1], ["a": 2]]]),
    ("[[x]]\n[x.y]\nz = 1\n[[x]]\n", ["x": [["y": ["z": 1]], [:]]]),
    (
      "hours = [\n  \"12:00-13:00\", # lunch\n  \"22:00-07:00\",\n]\n",
      ["hours": ["12:00-13:00", "22:00-07:00"]]
    ),
    ("a = [[1, 2], [\"a\"], [], [{ b = 1 }]]\n", ["a": [[1, 2], ["a"], [], [["b": 1]]]]),
    ("a = [0xDEAD_beef, 0o17, 0b101, 1_000, +5, -0, 0]\n", ["a": [0xDEAD_BEEF, 15, 5, 1000, 5, 0, 0]]),
    (
      "a = [1e5, -0.5, 6.626e-34, 1_000.5, 5E+2, +1.5, 0.0]\n",
      ["a": [1e5, -0.5, 6.626e-34, 1000.5, 500.0, 1.5, 0.0]]
    ),
    (
      "a = [inf, -inf, +inf]\nb = nan\n",
      ["a": [.float(.infinity), .float(-.infinity), .float(.infinity)], "b": .float(.nan)]
    ),
    ("a = true\nb = false\n", ["a": true, "b": false]),
    (
      "a = 1979-05-27T07:32:00Z\nb = 1979-05-27\nc = 07:32:00.999\nd = 1979-05-27 07:32:00-07:00\n",
      [
        "a": .dateTime("1979-05-27T07:32:00Z"), "b": .dateTime("1979-05-27"), "c": .dateTime("07:32:00.999"),
        "d": .dateTime("1979-05-27T07:32:00-07:00"),
      ]
    ),
    (
      "a = 2000-02-29\nb = 1979-05-27t07:32:00z\nc = 1979-05-27T00:32:00.999999-07:00\nd = 23:59:59\n"
        + "e = 2024-12-31T23:59:59\n",
      [
        "a": .dateTime("2000-02-29"), "b": .dateTime("1979-05-27T07:32:00z"),
        "c": .dateTime("1979-05-27T00:32:00.999999-07:00"), "d": .dateTime("23:59:59"),
        "e": .dateTime("2024-12-31T23:59:59"),
      ]
    ),
    ("[a.b]\nx = 1\n[a]\ny = 2\n", ["a": ["b": ["x": 1], "y": 2]]),
    (
      "[fruit]\napple.color = \"red\"\n[fruit.apple.texture]\nsmooth = true\n",
      ["fruit": ["apple": ["color": "red", "texture": ["smooth": true]]]]
    ),
    ("\"a.b\" = 1\n'x y' = 2\n\"\" = 3\n\"a\\tb\" = 4\n", ["a.b": 1, "x y": 2, "": 3, "a\tb": 4]),
    ("a . b = 1\n\"a\" . c = 2\n", ["a": ["b": 1, "c": 2]]),
    ("[a] # a comment\nb = 1 # another\n", ["a": ["b": 1]]),
    ("s = \"\"\"a\"\"\"\"\nt = '''b'''''\n", ["s": "a\"", "t": "b''"]),
    ("", [:]),
    ("# only a comment\n\n   \n", [:]),
    ("a = 1", ["a": 1]),
    ("a = \"\"\"\"\"\"\n", ["a": ""]),
    ("a = '''\n'''\n", ["a": ""]),
    ("k = \"v\" # \"quoted\" in a comment = 1\n", ["k": "v"]),
    ("a.b.c = 1\na.b.d = 2\na.e = 3\n", ["a": ["b": ["c": 1, "d": 2], "e": 3]]),
    ("a = -9223372036854775808\nb = 9223372036854775807\n", ["a": .integer(.min), "b": .integer(.max)]),
    ("a = 0x7FFF_FFFF_FFFF_FFFF\nb = 0o777\nc = 0b0\n", ["a": .integer(.max), "b": 511, "c": 0]),
    ("x = [1,\n# c\n2\n,3]\n", ["x": [1, 2, 3]]),
    ("s = \"\"\"a\r\nb\"\"\"\nt = '''c\r\nd'''\n", ["s": "a\nb", "t": "c\nd"]),
    (
      "a = 1e05\nb = -0.0\nc = 3.14_15\nd = -nan\ne = 1E-2\n",
      ["a": 1e5, "b": -0.0, "c": 3.1415, "d": .float(.nan), "e": 0.01]
    ),
    ("a = { }\nb = {}\n", ["a": [:], "b": [:]]),
    ("[a.b.c]\n[a]\nx = 1\n", ["a": ["b": ["c": [:]], "x": 1]]),
    ("[[a.b]]\n[[a.b]]\n[a]\nc = 1\n", ["a": ["b": [[:], [:]], "c": 1]]),
    ("a = [ { b = 1 }, { b = 2 } ]\n", ["a": [["b": 1], ["b": 2]]]),
    ("a = 'C:\\path\\'\nb = '''\\n'''\n", ["a": "C:\\path\\", "b": "\\n"]),
    ("a = \"tab\there\"\n# a tab\tin a comment\n", ["a": "tab\there"]),
  ]

  @Test(arguments: Array(valid.indices))
  func validTOMLReadsToItsTable(index: Int) throws {
    let (text, expected) = Self.valid[index]
    let document = try TOMLDocument(Array(text.utf8))
    #expect(document.root == expected, "case \(index): \(text.debugDescription)")
  }

  /// TOML 1.0 forbids each of these: the problem, and its line and column.
  static let invalid: [(String, ConfigProblem, Int, Int)] = [
    // Keys and tables defined twice, or added to once closed.
    ("a = 1\na = 2\n", .syntax(.duplicateKey("a")), 2, 1),
    ("[a]\nb = 1\nb = 2\n", .syntax(.duplicateKey("a.b")), 3, 1),
    ("a.b = 1\na = 2\n", .syntax(.duplicateKey("a")), 2, 1),
    ("a = { b.c = 1, b = 2 }\n", .syntax(.duplicateKey("a.b")), 1, 16),
    ("[a]\n[a]\n", .syntax(.duplicateTable("a")), 2, 1),
    ("[a]\n[a.b]\n[a]\n", .syntax(.duplicateTable("a")), 3, 1),
    ("[daily]\ntime = \"08:00\"\n[daily.x]\ny = 1\n[daily]\n", .syntax(.duplicateTable("daily")), 5, 1),
    ("a = { b = 1 }\n[a]\nc = 1\n", .syntax(.duplicateTable("a")), 2, 1),
    ("a.b = 1\n[a]\n", .syntax(.duplicateTable("a")), 2, 1),
    (
      "[fruit]\napple.taste.sweet = true\n[fruit.apple.taste]\n",
      .syntax(.duplicateTable("fruit.apple.taste")), 3, 1
    ),
    ("[[a]]\n[a]\n", .syntax(.duplicateTable("a")), 2, 1),
    ("a = [1]\n[[a]]\n", .syntax(.notArrayOfTables("a")), 2, 1),
    ("[a]\n[[a]]\n", .syntax(.notArrayOfTables("a")), 2, 1),
    ("a = 1\na.b = 2\n", .syntax(.closedTable("a")), 2, 1),
    ("a = {}\na.b = 1\n", .syntax(.closedTable("a")), 2, 1),
    ("a = { b = 1 }\n[a.c]\n", .syntax(.closedTable("a")), 2, 1),
    ("[a]\nb = 1\n[a.b.c]\n", .syntax(.closedTable("a.b")), 3, 1),
    ("[a.b]\n[a]\nb.c = 1\n", .syntax(.closedTable("a.b")), 3, 1),
    ("a = []\n[a.b]\n", .syntax(.closedTable("a")), 2, 1),
    // Keys, headers and statements.
    ("= 1\n", .syntax(.key), 1, 1),
    ("a..b = 1\n", .syntax(.key), 1, 3),
    ("a.\"\"\"b\"\"\" = 1\n", .syntax(.multiLineKey), 1, 3),
    ("a\n", .syntax(.equals), 1, 2),
    ("a 1\n", .syntax(.equals), 1, 3),
    ("a = 1 b = 2\n", .syntax(.lineEnd), 1, 7),
    ("[a]b = 1\n", .syntax(.lineEnd), 1, 4),
    ("[a]]\n", .syntax(.lineEnd), 1, 4),
    ("[a\n", .syntax(.headerClose(arrayOfTables: false)), 1, 3),
    ("[[a]\n", .syntax(.headerClose(arrayOfTables: true)), 1, 5),
    ("[[a] ]\n", .syntax(.headerClose(arrayOfTables: true)), 1, 5),
    ("[]\n", .tableName, 1, 2),
    ("[a.]\n", .tableName, 1, 4),
    ("[a.ä]\n", .tableName, 1, 4),
    // Values.
    ("a =\n", .syntax(.value(got: nil)), 1, 4),
    ("a = \n", .syntax(.value(got: nil)), 1, 5),
    ("a =", .syntax(.value(got: nil)), 1, 4),
    ("language = ja\n", .syntax(.value(got: "ja")), 1, 12),
    ("a = tru\n", .syntax(.value(got: "tru")), 1, 5),
    ("a = truex\n", .syntax(.value(got: "truex")), 1, 5),
    ("a = True\n", .syntax(.value(got: "True")), 1, 5),
    ("a = infinity\n", .syntax(.value(got: "infinity")), 1, 5),
    ("a = _1\n", .syntax(.value(got: "_1")), 1, 5),
    ("a = { b = 1, }\n", .syntax(.key), 1, 14),
    ("a = { b = 1\n}\n", .syntax(.inlineTableSeparator), 1, 12),
    ("a = { b = 1 c = 2 }\n", .syntax(.inlineTableSeparator), 1, 13),
    ("a = { b = 1", .syntax(.inlineTableSeparator), 1, 12),
    ("a = [1, }]\n", .arrayValue, 1, 9),
    ("a = [,]\n", .arrayValue, 1, 6),
    ("a = [1,,2]\n", .arrayValue, 1, 8),
    ("a = [1,", .arrayValue, 1, 8),
    ("a = [1 2]\n", .syntax(.arraySeparator), 1, 8),
    ("a = [1", .syntax(.arraySeparator), 1, 7),
    ("a = " + String(repeating: "[", count: 200), .syntax(.nesting(levels: 128)), 1, 133),
    ("a = " + String(repeating: "{ b = ", count: 200), .syntax(.nesting(levels: 128)), 1, 4 + 128 * 6 + 1),
    // Numbers.
    ("x = 01\n", .syntax(.number(got: "01")), 1, 5),
    ("x = 007\n", .syntax(.number(got: "007")), 1, 5),
    ("x = -01\n", .syntax(.number(got: "-01")), 1, 5),
    ("x = 01.5\n", .syntax(.number(got: "01.5")), 1, 5),
    ("x = 0_1\n", .syntax(.number(got: "0_1")), 1, 5),
    ("x = 1__0\n", .syntax(.number(got: "1__0")), 1, 5),
    ("x = 1_\n", .syntax(.number(got: "1_")), 1, 5),
    ("x = 1.\n", .syntax(.number(got: "1.")), 1, 5),
    ("x = .5\n", .syntax(.number(got: ".5")), 1, 5),
    ("x = 1.e5\n", .syntax(.number(got: "1.e5")), 1, 5),
    ("x = 1e\n", .syntax(.number(got: "1e")), 1, 5),
    ("x = 1e_5\n", .syntax(.number(got: "1e_5")), 1, 5),
    ("x = 1x\n", .syntax(.number(got: "1x")), 1, 5),
    ("x = 0x\n", .syntax(.number(got: "0x")), 1, 5),
    ("x = 0X10\n", .syntax(.number(got: "0X10")), 1, 5),
    ("x = +0x10\n", .syntax(.number(got: "+0x10")), 1, 5),
    ("x = 0b102\n", .syntax(.number(got: "0b102")), 1, 5),
    ("x = 0o8\n", .syntax(.number(got: "0o8")), 1, 5),
    ("x = 0x_1\n", .syntax(.number(got: "0x_1")), 1, 5),
    ("x = 9223372036854775808\n", .syntax(.integerRange(got: "9223372036854775808")), 1, 5),
    ("x = -9223372036854775809\n", .syntax(.integerRange(got: "-9223372036854775809")), 1, 5),
    ("x = 0x1_0000_0000_0000_0000\n", .syntax(.integerRange(got: "0x1_0000_0000_0000_0000")), 1, 5),
    // Dates and times.
    ("a = 1979-13-27\n", .syntax(.dateTime(got: "1979-13-27")), 1, 5),
    ("a = 1979-02-29\n", .syntax(.dateTime(got: "1979-02-29")), 1, 5),
    ("a = 1900-02-29\n", .syntax(.dateTime(got: "1900-02-29")), 1, 5),
    ("a = 1979-04-31\n", .syntax(.dateTime(got: "1979-04-31")), 1, 5),
    ("a = 1979-05-00\n", .syntax(.dateTime(got: "1979-05-00")), 1, 5),
    ("a = 24:00:00\n", .syntax(.dateTime(got: "24:00:00")), 1, 5),
    ("a = 07:60:00\n", .syntax(.dateTime(got: "07:60:00")), 1, 5),
    ("a = 07:32:60\n", .syntax(.dateTime(got: "07:32:60")), 1, 5),
    ("a = 07:32\n", .syntax(.dateTime(got: "07:32")), 1, 5),
    ("a = 1979-05-27T07:32\n", .syntax(.dateTime(got: "1979-05-27T07:32")), 1, 5),
    ("a = 1979-05-27T07:32:00.\n", .syntax(.dateTime(got: "1979-05-27T07:32:00.")), 1, 5),
    ("a = 1979-05-27T07:32:00+24:00\n", .syntax(.dateTime(got: "1979-05-27T07:32:00+24:00")), 1, 5),
    ("a = 1979-05-27T07:32:00+0900\n", .syntax(.dateTime(got: "1979-05-27T07:32:00+0900")), 1, 5),
    ("a = 1979-5-27\n", .syntax(.dateTime(got: "1979-5-27")), 1, 5),
    // Strings.
    ("a = \"unclosed\n", .syntax(.unclosedString), 1, 5),
    ("a = \"abc", .syntax(.unclosedString), 1, 5),
    ("a = 'abc\n'\n", .syntax(.unclosedString), 1, 5),
    ("a = \"\"\"abc\n", .syntax(.unclosedString), 1, 5),
    ("a = '''abc\n", .syntax(.unclosedString), 1, 5),
    ("a = \"abc\\", .syntax(.unclosedString), 1, 9),
    ("a = \"\"\"a\"\"\"\"\"\"\n", .syntax(.closingQuotes), 1, 14),
    ("x = \"\\q\"\n", .syntax(.escape), 1, 6),
    ("x = \"\\x41\"\n", .syntax(.escape), 1, 6),
    ("x = \"\\ \"\n", .syntax(.escape), 1, 6),
    ("x = \"\\e\"\n", .syntax(.escape), 1, 6),
    ("x = \"\"\"a\\ b\"\"\"\n", .syntax(.escape), 1, 9),
    ("x = \"\\u12\"\n", .syntax(.unicodeEscape), 1, 6),
    ("x = \"\\uD800\"\n", .syntax(.unicodeEscape), 1, 6),
    ("x = \"\\U00110000\"\n", .syntax(.unicodeEscape), 1, 6),
    ("x = \"\\u+041\"\n", .syntax(.unicodeEscape), 1, 6),
    // Control characters, anywhere: a bare CR, a NUL, an escape, DEL.
    ("a = 1\rb = 2\n", .controlCharacter(0x0D), 1, 6),
    ("a = 1\r", .controlCharacter(0x0D), 1, 6),
    ("a = \"x\u{7}\"\n", .controlCharacter(0x07), 1, 7),
    ("a = '''x\u{1B}'''\n", .controlCharacter(0x1B), 1, 9),
    ("# \u{0}\n", .controlCharacter(0), 1, 3),
    ("a\u{0} = 1\n", .controlCharacter(0), 1, 2),
    ("a = \u{7F}\n", .controlCharacter(0x7F), 1, 5),
    ("[a\u{1}]\n", .controlCharacter(1), 1, 3),
  ]

  @Test(arguments: Array(invalid.indices))
  func invalidTOMLIsRefusedAtItsPlace(index: Int) {
    let (text, problem, line, column) = Self.invalid[index]
    let bytes = Array(text.utf8)
    do {
      let document = try TOMLDocument(bytes)
      Issue.record("case \(index) read \(text.debugDescription) as \(document.root)")
    } catch {
      let store = Configuration.syntaxError(error, in: bytes, path: "c.toml")
      #expect(
        store
          == .badConfig(
            path: "c.toml", key: nil, at: TextPosition(line: line, column: column), problem: problem),
        "case \(index): \(text.debugDescription)")
    }
  }

  /// Every config the repository keeps as an example or a fuzz seed reads, and the example's
  /// settings too.
  @Test func readsTheKeptConfigs() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let folder = "Fuzz/Seeds/config"
    let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
    for file in ["samples/config.toml"] + names.map({ folder + "/" + $0 }) {
      let bytes = try #require(FileManager.default.contents(atPath: root.appendingPathComponent(file).path))
      #expect(throws: Never.self, "\(file)") { try TOMLDocument(Array(bytes)) }
    }
    let sample = try #require(
      FileManager.default.contents(atPath: root.appendingPathComponent("samples/config.toml").path))
    #expect(throws: Never.self) { try Configuration.parse(Array(sample), path: "config.toml", home: "/h") }
  }

  @Test func spansOfKeysValuesAndStatements() throws {
    let text =
      "# top\ndaily.time = \"08:00\"   # morning\n[window]\nstart = \"07:00\"\r\nx = { y = [1,\n2] }\n"
    let document = try TOMLDocument(Array(text.utf8))
    func entry(_ path: [String]) throws -> TOMLDocument.Entry {
      guard case .entry(let e)? = document.find(path) else { throw Missing() }
      return document.entries[e]
    }
    let daily = try entry(["daily", "time"])
    #expect(document.text(daily.keySpan) == "daily.time")
    #expect(document.text(daily.valueSpan) == "\"08:00\"")
    #expect(document.text(daily.statementSpan) == "daily.time = \"08:00\"   # morning\n")
    #expect(daily.keyParts == 2 && daily.section == nil)
    let start = try entry(["window", "start"])
    #expect(document.text(start.statementSpan) == "start = \"07:00\"\r\n" && start.section == 0)
    let y = try entry(["window", "x", "y"])
    #expect(document.text(y.valueSpan) == "[1,\n2]" && y.inlineTable != nil)
    #expect(document.find(["daily"]) == .table(.dotted(lastEntry: 0)))
    #expect(document.find(["window"]) == .table(.header(0)))
  }

  @Test(
    arguments: [
      ("[daily\n", 1, 7), ("a = 1\nb = 01\n", 2, 5), ("a = 1\na = 2\n", 2, 1), ("x = \"\\q\"\n", 1, 6),
    ] as [(String, Int, Int)])
  func failuresSayWhere(text: String, line: Int, column: Int) throws {
    let bytes = Array(text.utf8)
    do {
      _ = try TOMLDocument(bytes)
      Issue.record("read \(text.debugDescription)")
    } catch {
      let store = Configuration.syntaxError(error, in: bytes, path: "c.toml")
      guard case .badConfig(_, _, let at, _) = store else { throw Missing() }
      #expect(at == TextPosition(line: line, column: column), "\(text.debugDescription): \(error)")
    }
  }

  /// Exactly one value: a value that carries lines of its own (a header after it) is none.
  @Test func oneValue() {
    #expect(TOMLDocument.isOneValue("[\"12:00-13:00\"]"))
    #expect(TOMLDocument.isOneValue("{ \"JLPT N5\" = 10 }"))
    #expect(TOMLDocument.isOneValue("[\n\"a\",\n]"))
    #expect(!TOMLDocument.isOneValue("[\"12:00-13:00\"]\n[window]\nstart = \"07:00\""))
    #expect(!TOMLDocument.isOneValue("1\nx = 2"))
    #expect(!TOMLDocument.isOneValue("1 # c"))
    #expect(!TOMLDocument.isOneValue(""))
    #expect(!TOMLDocument.isOneValue("\"a\" \"b\""))
  }

  /// A 2 MB comment line and a long file are read in one pass (no time is asserted; the report
  /// gives the figures).
  @Test func largeFilesAreRead() throws {
    let comment = "# " + String(repeating: "x", count: 2_000_000) + "\n[daily]\ntime = \"09:00\"\n"
    let document = try TOMLDocument(Array(comment.utf8))
    #expect(document.value(at: ["daily", "time"]) == .string("09:00"))
    let long =
      String(repeating: "# a comment line of some length\n\n", count: 100_000) + "[daily]\ntime = \"09:00\"\n"
    #expect(try TOMLDocument(Array(long.utf8)).value(at: ["daily", "time"]) == .string("09:00"))
  }

  struct Missing: Error {}
}

/// Values written as Swift literals, tables in the file's order.
extension TOMLDocument.Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int64) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .float(value) }
  public init(booleanLiteral value: Bool) { self = .boolean(value) }
  public init(arrayLiteral elements: TOMLDocument.Value...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, TOMLDocument.Value)...) { self = .table(elements) }
}
