import Foundation
import RemindersCore
import RemindersTestSupport
import Testing

@testable import RemindersApp

/// The card files of `cards import`: TSV and CSV (RFC 4180), a header line, line ends.
@Suite struct CardTableTests {
  typealias Row = CardTable.Row

  static func parse(_ text: String, csv: Bool) throws(CardTable.Problem) -> [Row] {
    try CardTable.parse(Array(text.utf8), csv: csv)
  }

  /// Files that read, and the rows they give.
  @Test(
    arguments: [
      // TSV, LF and CRLF, a byte-order mark, blank lines skipped, fields trimmed.
      (
        "犬\tdog\n猫\tcat\tanimals\n", false,
        [Row(line: 1, front: "犬", back: "dog"), Row(line: 2, front: "猫", back: "cat", collection: "animals")]
      ),
      (
        "\u{FEFF}犬\tdog\r\n\r\n 猫 \t cat \r\n", false,
        [Row(line: 1, front: "犬", back: "dog"), Row(line: 3, front: "猫", back: "cat")]
      ),
      // A lone CR ends a line too, in TSV and in CSV (it used to give one card, back "b\rc").
      (
        "a\tb\rc\td\r", false,
        [Row(line: 1, front: "a", back: "b"), Row(line: 2, front: "c", back: "d")]
      ),
      ("a,b\rc,d\r", true, [Row(line: 1, front: "a", back: "b"), Row(line: 2, front: "c", back: "d")]),
      // A TSV field keeps its quotes and commas.
      ("\"a, b\"\tc\n", false, [Row(line: 1, front: "\"a, b\"", back: "c")]),
      // A header names the columns, in any order, in either language; unknown columns are ignored.
      (
        "back\tfront\tnote\nanswer\tquestion\tmy note\n", false,
        [Row(line: 2, front: "question", back: "answer", note: "my note")]
      ),
      ("表,裏,コレクション,タグ\n犬,dog,動物,x\n", true, [Row(line: 2, front: "犬", back: "dog", collection: "動物")]),
      // CSV: quotes hold commas, doubled quotes and line breaks; CRLF ends a record.
      (
        "\"a, b\",\"say \"\"hi\"\"\"\r\nx,y\r\n", true,
        [Row(line: 1, front: "a, b", back: "say \"hi\""), Row(line: 2, front: "x", back: "y")]
      ),
      (
        "\"two\nlines\",back\nnext,one", true,
        [Row(line: 1, front: "two\nlines", back: "back"), Row(line: 3, front: "next", back: "one")]
      ),
      ("front,back,collection\n", true, []),
    ] as [(String, Bool, [Row])])
  func reads(text: String, csv: Bool, rows: [Row]) throws {
    #expect(try Self.parse(text, csv: csv) == rows)
  }

  /// Files that do not, and the line each problem names.
  @Test(arguments: [
    ("a\tb\tc\td\n", false, 1, "expected at most 3 fields (front, back, collection), found 4"),
    ("a\tb\n\tb\n", false, 2, "expected a front (the question side)"),
    ("a,b\nc\n", true, 2, "expected a back (the answer side) after the front"),
    ("a,b\n\"c\"d,e\n", true, 2, "expected a comma or the end of the line after a closing quote"),
    (
      "a,b\nc\"d,e\n", true, 2,
      "a stray quote: expected a quote only at the start of a field (write it \"\" inside quotes)"
    ),
    ("a,b\n\"c,d\ne,f\n", true, 2, "expected a closing quote before the end of the file"),
    // Line breaks alone are no text, by the rule `cards add` follows too.
    ("a,b\nc,\"\n\"\n", true, 2, "expected a back (the answer side) after the front"),
    ("a,b\n\"\r\n\",d\n", true, 2, "expected a front (the question side)"),
  ])
  func refuses(text: String, csv: Bool, line: Int, message: String) {
    #expect(throws: CardTable.Problem.self) { try Self.parse(text, csv: csv) }
    do {
      _ = try Self.parse(text, csv: csv)
    } catch {
      #expect(error.line == line)
      #expect(error.text(.en) == message)
      #expect(!error.text(.ja).isEmpty)
    }
  }

  @Test func invalidUTF8NamesItsLine() {
    do {
      _ = try CardTable.parse(Array("a\tb\n".utf8) + [0xFF, 0x09, 0x62, 0x0A], csv: false)
      Issue.record("expected a problem")
    } catch {
      #expect(error.line == 2)
      #expect(error.text(.en) == "expected UTF-8 text")
    }
  }

  /// `.csv` by name, else TSV when the file holds a tab.
  @Test(arguments: [
    ("cards.CSV", "a\tb", true), ("cards.tsv", "a\tb", false), ("cards.txt", "a,b", true),
    ("cards", "a\tb", false),
  ])
  func kind(path: String, text: String, csv: Bool) {
    #expect(CardTable.isCSV(path: path, bytes: Array(text.utf8)) == csv)
  }
}

/// `cards import`: all or nothing, duplicates skipped, the fallback collection.
@Suite struct CardImportTests {
  @Test func addsAndSkips() throws {
    let files = try TestWorkspace()
    let now = FakeClock.parse("2026-11-21T09:00:00+09:00")
    try files.save(
      Deck(cards: [
        Card(
          id: "old", front: "犬", back: "dog", collection: "animals", stepIndex: 3,
          nextReviewDate: Day(iso: "2026-11-25")!, createdAt: now)
      ]))
    let file = try files.folder.write(
      "cards.csv", "front,back,collection\n犬,dog,\n猫,cat,\n猫,cat,\n鳥,bird,other\n")
    var ids = 0
    let importer = CardImport(
      workspace: files.workspace,
      newID: {
        ids += 1
        return "id\(ids)"
      })
    let outcome = try importer.run(file: file, collection: "animals", now: now)
    #expect(outcome == CardImport.Outcome(added: 2, skipped: 2))
    let cards = try files.deck().cards
    #expect(cards.map(\.id) == ["old", "id1", "id2"])
    #expect(cards.map(\.collection) == ["animals", "animals", "other"])
    #expect(cards[1].nextReviewDate == Day(iso: "2026-11-21")!)
    #expect(cards[1].stepIndex == 0)
  }

  @Test func badLineAddsNothing() throws {
    let files = try TestWorkspace()
    let file = try files.folder.write("cards.tsv", "犬\tdog\n猫\n")
    #expect(throws: AppError.self) {
      try CardImport(workspace: files.workspace).run(file: file, collection: nil, now: Date())
    }
    do {
      _ = try CardImport(workspace: files.workspace).run(file: file, collection: nil, now: Date())
    } catch let AppError.cardFile(path, problem) {
      #expect(path == file)
      #expect(problem.line == 2)
    }
    #expect(try files.deck().cards.isEmpty)
  }
}
