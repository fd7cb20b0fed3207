import Foundation
import Testing

@testable import RemindersStore

/// `TOMLDocument`, the reader `config show/set/unset` edit through, held to toml++'s table (the
/// reader every other command uses) over TOML chosen to be tricky, and to the places it reports.
@Suite struct TOMLDocumentTests {
  /// TOML that both readers must read to the same table, or both refuse.
  static let tricky: [String] = [
    "time.zone = \"Asia/Tokyo\"\n[daily]\ntime = \"09:00\"\n",
    "['daily']\ntime = \"09:00\"\n",
    "[\"daily\"]\ntime = \"09:00\"\n[ study . fsrs ]\ndesired_retention = 0.8\n",
    "\u{FEFF}[daily]\ntime = \"09:00\"\n",
    "[daily]\r\ntime = \"09:00\"\r\n# a comment\r\n[window]\r\nstart = \"07:00\"\r\n",
    "[fallback]\npath = \"\"\"\n[window]\nstart = \"09:00\"\n\"\"\"\n",
    "[fallback]\npath = '''\n[window]\nstart = '09:00'\n'''\n",
    "s = \"\"\"one \\\n    two \\\n\n  three\"\"\"\n",
    "s = \"\\u00e9 \\U0001F600 \\t \\\" \\\\ \\b \\f \\r \\n\"\n",
    "study = { fsrs = { desired_retention = 0.8 }, new_per_day = 5 }\n",
    "a = { b.c = 1, b.d = 2 }\n",
    "[[x]]\na = 1\n[[x]]\na = 2\n",
    "[[x]]\n[x.y]\nz = 1\n[[x]]\n",
    "hours = [\n  \"12:00-13:00\", # lunch\n  \"22:00-07:00\",\n]\n",
    "a = [[1, 2], [\"a\"], [], [{ b = 1 }]]\n",
    "a = [0xDEAD_beef, 0o17, 0b101, 1_000, +5, -0, 0]\n",
    "a = [1e5, -0.5, 6.626e-34, 1_000.5, 5E+2, +1.5, 0.0]\n",
    "a = [inf, -inf, +inf]\nb = nan\n",
    "a = true\nb = false\n",
    "a = 1979-05-27T07:32:00Z\nb = 1979-05-27\nc = 07:32:00.999\nd = 1979-05-27 07:32:00-07:00\n",
    "[a.b]\nx = 1\n[a]\ny = 2\n",
    "a = 1\na = 2\n",
    "[a]\n[a]\n",
    "a = { b = 1 }\n[a]\nc = 1\n",
    "a.b = 1\n[a]\n",
    "[fruit]\napple.color = \"red\"\n[fruit.apple.texture]\nsmooth = true\n",
    "\"a.b\" = 1\n'x y' = 2\n\"\" = 3\n",
    "a . b = 1\n\"a\" . c = 2\n",
    "a = \"unclosed\n",
    "x = 01\n",
    "x = 1__0\n",
    "[a] # a comment\nb = 1 # another\n",
    "s = \"\"\"a\"\"\"\"\nt = '''b'''''\n",
    "",
    "# only a comment\n\n   \n",
    "a = 1",
    "x = 9223372036854775808\n",
    "x = 1.\n",
    "x = \"\\q\"\n",
    "[[a]]\n[a]\n",
    "a = [1]\n[[a]]\n",
    "a = { b = 1, }\n",
    "[a]\n[a.b]\n[a]\n",
    "a = 1 b = 2\n",
    "[a]b = 1\n",
    "a = \"\"\"\"\"\"\n",
    "a = '''\n'''\n",
    "k = \"v\" # \"quoted\" in a comment = 1\n",
    "[daily]\ntime = \"08:00\"\n[daily.x]\ny = 1\n[daily]\n",
    "a.b.c = 1\na.b.d = 2\na.e = 3\n",
    "a = -9223372036854775808\n",
    "a = 0x\n",
    "a = 1979-13-27\n",
    "x = [1,\n# c\n2\n,3]\n",
    "s = \"\"\"a\r\nb\"\"\"\nt = '''c\r\nd'''\n",
  ]

  @Test(arguments: Array(tricky.indices))
  func agreesWithTOMLKit(index: Int) {
    let text = Self.tricky[index]
    let theirs = try? TOMLGuard.tomlKitValue(text)
    let ours = try? TOMLDocument(Array(text.utf8)).root
    #expect(ours?.datesErased == theirs, "case \(index): \(text.debugDescription)")
  }

  /// Every config the repository keeps as an example or a fuzz input, read the same.
  @Test func agreesOnTheKeptConfigs() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var files = ["samples/config.toml"]
    for folder in ["Fuzz/Seeds/config", "Fuzz/Regressions/config"] {
      let names = try FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent(folder).path)
      files += names.map { folder + "/" + $0 }
    }
    for file in files {
      let bytes = try #require(FileManager.default.contents(atPath: root.appendingPathComponent(file).path))
      guard let text = String(data: bytes, encoding: .utf8) else { continue }
      let theirs = try? TOMLGuard.tomlKitValue(text)
      guard let theirs else { continue }
      let ours = try? TOMLDocument(Array(bytes)).root
      #expect(ours?.datesErased == theirs, "\(file)")
    }
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
