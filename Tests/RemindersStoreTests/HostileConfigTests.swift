import Foundation
import RemindersCore
import Testing

@testable import RemindersStore

@Suite struct HostileConfigTests {
  static func error(_ text: [UInt8]) -> StoreError? {
    do {
      _ = try Configuration.parse(text, path: "c.toml", home: "/h")
      return nil
    } catch {
      return error as? StoreError
    }
  }

  /// A table header whose first character starts no key (it made toml++, the reader before, fail
  /// an assertion) is a bad config at its line and column.
  @Test(arguments: [
    ("[ä]", 1, 2), ("[日本]", 1, 2), ("[|time]", 1, 2), ("[.x]", 1, 2), ("[\n", 1, 2), ("[ =x]", 1, 3),
    ("[[|x]]", 1, 3), ("[[ ä]]", 1, 4), ("language = \"en\"\n  [\tä]\n", 2, 5), ("[a]\n#c\n[+x]", 3, 2),
    ("a = [\n1,\n]\n[{x]", 4, 2), ("s = \"\"\"\n\"\"\"\n[=]", 3, 2), ("x = \"\"\"a\"\"\"\"\n[ä]", 2, 2),
    ("x = '''a'''''\n[ä]", 2, 2),
    // Found by the config fuzzer: a NUL after a bad header; the header is the first problem.
    ("[|x]\nlanguage = \"\u{0}\"", 1, 2),
  ])
  func headersThatStartNoKey(text: String, line: Int, column: Int) {
    #expect(
      Self.error(bytes(text))
        == .badConfig(
          path: "c.toml", key: nil, at: TextPosition(line: line, column: column),
          problem: .tableName))
  }

  /// A `}` where an array expects a value (it failed an assertion in toml++, found by the config
  /// fuzzer) is a bad config at its place.
  @Test(arguments: [
    ("[quiet]\nhours = [\"12:00-13:00\",}]", 2, 24), ("x = [}", 1, 6), ("x = [\n  1,\n  # c\n  }", 4, 3),
    ("x = [{a = [}]}]", 1, 12),
  ])
  func closingBraceWhereAnArrayExpectsAValue(text: String, line: Int, column: Int) {
    #expect(
      Self.error(bytes(text))
        == .badConfig(
          path: "c.toml", key: nil, at: TextPosition(line: line, column: column),
          problem: .arrayValue))
  }

  /// Braces that close inline tables, in arrays or not, are read as usual.
  @Test func inlineTablesInArraysAreFine() {
    let error = Self.error(bytes("x = [{a = 1}, {b = [1, {c = 2}]}]\n"))
    guard case .badConfig(_, "x", nil, .unknownKey)? = error else {
      Issue.record("\(String(describing: error))")
      return
    }
  }

  /// The same lines inside a string or an array are no headers: the text reads (and the unknown
  /// key is the error).
  @Test(arguments: [
    "x = \"\"\"\n[ä]\n\"\"\"", "x = '''\n[|x]\n'''", "x = \"\"\"\n\\\"\"\"\n[ä]\n\"\"\"",
    "x = [\n  [\n  1],\n]",
    "x = '[ä]'", "x = [ # [ä]\n[1]]", "x = \"\"\"a\"\"\"\"\n[time]",
  ])
  func lookalikesAreNotHeaders(text: String) {
    let error = Self.error(bytes(text))
    guard case .badConfig(_, "x", nil, .unknownKey)? = error else {
      Issue.record("\(String(describing: error))")
      return
    }
  }

  /// An error earlier in the file than a bad header is the one reported.
  @Test func anEarlierErrorComesFirst() {
    guard case .badConfig(_, nil, let at?, .syntax(let reason))? = Self.error(bytes("a = \n[ä]")) else {
      Issue.record("expected an error with a place")
      return
    }
    #expect(at.line == 1)
    #expect(reason == .value(got: nil))
  }

  /// A NUL byte silently ended the file in toml++, the reader before; any control character but
  /// tab and the line ends is refused at its place.
  @Test(
    arguments: [
      (
        bytes("language = \"en\"") + [0] + bytes("x = = ="), 1, 16,
        "expected no NUL byte (U+0000) in TOML text"
      ),
      (
        bytes("# a comment ") + [0x1B] + bytes("[2J\n"), 1, 13,
        "expected no control character (U+001B) in TOML text"
      ),
      (bytes("language = \"e\r\""), 1, 14, "expected no control character (U+000D) in TOML text"),
      (
        bytes("[time]\nzone = \"日本") + [0x7F] + bytes("\""), 2, 11,
        "expected no control character (U+007F) in TOML text"
      ),
    ] as [([UInt8], Int, Int, String)])
  func controlCharacters(text: [UInt8], line: Int, column: Int, reason: String) {
    let error = Self.error(text)
    guard case .badConfig("c.toml", nil, TextPosition(line: line, column: column), .controlCharacter)? = error
    else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(error?.description == "c.toml:\(line):\(column): \(reason)")
  }

  /// A byte-order mark is skipped, as in the deck and the ledger.
  @Test func byteOrderMarkIsSkipped() throws {
    let config = try Configuration.parse(
      [0xEF, 0xBB, 0xBF] + bytes("language = \"ja\"\n"), path: "c", home: "/h")
    #expect(config.language == .ja)
    #expect(try Configuration.parse("\u{FEFF}language = \"en\"", path: "c", home: "/h").language == .en)
  }

  @Test func crLFLineEndsAreFine() throws {
    let config = try Configuration.parse(
      bytes("language = \"ja\"\r\n[time]\r\nzone = \"UTC\"\r\n"), path: "c", home: "/h")
    #expect(config.language == .ja && config.zoneIdentifier == "UTC")
  }

  @Test func invalidUTF8IsRefusedAtItsPlace() {
    #expect(
      Self.error(bytes("language = \"en\"\n# caf") + [0xE9] + bytes("\n"))
        == .badConfig(
          path: "c.toml", key: nil, at: TextPosition(line: 2, column: 6), problem: .notUTF8))
  }

  /// A quoted value is cut at 80 characters and stays on one line, whatever the file holds.
  @Test(arguments: ["time.zone", "language", "daily.time", "recall.coalesce", "quiet.hours"])
  func quotedValuesAreCapped(key: String) throws {
    let huge = String(repeating: "x", count: 1_000_000)
    let parts = key.split(separator: ".")
    let value = key == "quiet.hours" ? "[\"\(huge)\"]" : "\"\(huge)\""
    let text = parts.count == 2 ? "[\(parts[0])]\n\(parts[1]) = \(value)" : "\(key) = \(value)"
    let error = try #require(Self.error(bytes(text)))
    #expect(error.description.count < 250, "\(error.description.prefix(300))")
    #expect(error.description.contains("\"… (1000000 characters)"))
  }

  @Test func lineBreaksInValuesAndKeysAreEscaped() throws {
    let value = try #require(Self.error(bytes("language = \"a\\nb\"")))
    #expect(value.description == "c.toml: language: expected ja, en or auto, got \"a\\nb\"")
    let key = try #require(Self.error(bytes("\"a\\nb\" = 1")))
    #expect(key.description == "c.toml: \"a\\nb\": unknown key")
    let long = try #require(Self.error(bytes(String(repeating: "k", count: 500) + " = 1")))
    #expect(!long.description.contains(String(repeating: "k", count: 81)))
  }

  @Test func errorTextEscapesWhatCannotBeSeen() {
    #expect(ErrorText.quoted("a\"b\\c\u{1B}\u{202E}") == "\"a\\\"b\\\\c\\u{1B}\\u{202E}\"")
    #expect(
      ErrorText.quoted(String(repeating: "é", count: 80)) == "\"" + String(repeating: "é", count: 80) + "\"")
    #expect(
      ErrorText.quoted(String(repeating: "é", count: 81))
        == "\"" + String(repeating: "é", count: 80) + "\"… (81 characters)")
    // Escapes count as they show (found by the calendar fuzzer, whose names were NULs).
    let escapes = ErrorText.quoted(String(repeating: "\u{0}", count: 100))
    #expect(escapes == "\"" + String(repeating: "\\u{0}", count: 16) + "\"… (100 characters)")
  }
}
