import CLITestSupport
import Foundation
import Testing

/// `cards import` of Anki's own "Notes in Plain Text" export, made by the real Anki library
/// (`Tests/anki/export_notes.py`): its `#separator:`, `#html:` and column headers, its quoting,
/// and its markup read as text.
@Suite struct AnkiExportImportTests {
  static let script = Programs.repository + "/Tests/anki/export_notes.py"

  @Test(arguments: ["html-full", "html", "plain-full", "plain"])
  func importsAnkisExport(name: String) throws {
    let folder = NSTemporaryDirectory() + "reminders-anki-export-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let made = try Programs.run(
      [try Programs.venvPython(), AnkiExportImportTests.script, folder],
      environment: [
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": folder,
        "LANG": "C.UTF-8",
      ])
    try #require(made.status == 0, "export_notes.py failed: \(made.stderr)")
    let root = try #require(try json(made.stdout) as? [String: Any])
    let file = try #require((root["files"] as? [String: String])?[name])
    #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("#separator:tab\n"))

    let bin = try Binary()
    let imported = try bin.run("cards", "import", file)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout == "added 3, skipped 0\n", "\(imported.stdout)")
    let list = try bin.run("cards", "list", "--json")
    let cards = try #require(try json(list.stdout) as? [[String: Any]])
    let html = name.hasPrefix("html")
    let expected: [(String, String)] = [
      ("食べる", html ? "to eat\n(verb)" : "to eat (verb)"),
      ("猫 & 犬", "cat & dog"),
      ("say \"hi\"\tnow", html ? "line1\nline2" : "line1 line2"),
    ]
    #expect(cards.map { $0["front"] as? String ?? "" } == expected.map(\.0))
    #expect(cards.map { $0["back"] as? String ?? "" } == expected.map(\.1))
    // The deck column is the collection; without it the cards have none.
    let collection = name.hasSuffix("full") ? "日本語::JLPT N5" : nil
    #expect(cards.allSatisfy { $0["collection"] as? String == collection }, "\(cards)")
    // Imported again: every card is already there.
    let again = try bin.run("cards", "import", file)
    #expect(again.status == 0 && again.stdout == "added 0, skipped 3\n", "\(again.stdout)")
  }
}
