import CLITestSupport
import Foundation
import TestFolders
import Testing

/// `reminders lookup` and `cards add FRONT` without a back, on the real EDICT Debian installs
/// (`make test` installs `edict`), checked against Python reading the file on its own
/// (Tests/dictionary/first_candidates.py); the pick in a terminal under tmux.
@Suite(.serialized) struct DictionaryTests {
  static let edict = "/usr/share/edict/edict"
  static let script = Programs.repository + "/Tests/dictionary/first_candidates.py"
  /// One cache folder for the whole test process: the index is built once.
  static let cache: String = {
    let dir =
      (try? TemporaryFolder.make("reminders-dictionary-cache")) ?? NSTemporaryDirectory()
      + "reminders-dictionary-not-made"
    return dir
  }()
  static let english = ["cat", "dog", "water", "study", "eat", "to go", "Book", "teacher", "friend", "train"]

  func lookup(_ bin: Binary, _ word: String, _ more: String...) throws -> Binary.Result {
    try bin.run(["lookup", word] + more, extraEnvironment: ["XDG_CACHE_HOME": Self.cache])
  }

  /// The first candidate of a few hundred common words (every 60th common headword), and of
  /// English words, as Python finds them in the file.
  @Test func theFirstCandidateIsTheOnePythonFinds() throws {
    let made = try Programs.run(
      ["python3", Self.script, Self.edict, "60"] + Self.english,
      environment: [
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8",
      ])
    try #require(made.status == 0, "first_candidates.py failed: \(made.stderr)")
    let expected = try #require(try json(made.stdout) as? [[String: Any]])
    #expect(expected.count > 300)
    let bin = try Binary()
    var compared = 0
    for item in expected {
      let word = try #require(item["word"] as? String)
      let result = try lookup(bin, word, "--json")
      #expect(result.status == 0, "\(word): \(result.stderr)")
      let root = try #require(try json(result.stdout) as? [String: Any])
      let first = (root["candidates"] as? [[String: Any]])?.first
      let japanese = root["language"] as? String == "ja"
      let got = first?[japanese ? "text" : "word"] as? String
      #expect(got == item["first"] as? String, "\(word)")
      compared += 1
    }
    #expect(compared == expected.count)
  }

  /// The text: numbered candidates with the reading and "common"; a conjugated word says its
  /// dictionary form; JSON; no entry; both languages.
  @Test func lookupSaysItsCandidates() throws {
    let bin = try Binary()
    let cat = try lookup(bin, "猫", "--lang", "en")
    #expect(
      cat.stdout
        == "1. cat (esp. the domestic cat, Felis catus) (ねこ), common\n2. shamisen (ねこ), common\n3. geisha (ねこ), common\n",
      "\(cat.stdout)\(cat.stderr)")
    let japanese = try lookup(bin, "食べた", "--lang", "ja")
    #expect(japanese.stdout.hasPrefix("食べた: 辞書形 食べる で見つかりました\n1. to eat（たべる） よく使う語\n"), "\(japanese.stdout)")
    let none = try lookup(bin, "xyzzyqq", "--lang", "en")
    #expect(none.status == 0 && none.stdout == "No entry for xyzzyqq in the dictionary.\n")
    let english = try #require(try json(lookup(bin, "water", "--json").stdout) as? [String: Any])
    #expect(english["language"] as? String == "en")
    let first = try #require((english["candidates"] as? [[String: Any]])?.first)
    #expect(first["word"] as? String == "水" && first["reading"] as? String == "みず")
    try bin.writeConfig("[cards]\ncandidates = 1\n")
    #expect(try lookup(bin, "猫").stdout.split(separator: "\n").count == 1)
  }

  /// `cards add FRONT`: `--pick N` takes the Nth (the front a conjugated word's dictionary form,
  /// the reading in the note); outside a terminal without `--pick`, exit 64 naming the
  /// candidates in one line; a pick out of range and a word with no entry are 64.
  @Test func cardsAddTakesACandidate() throws {
    let bin = try Binary()
    let env = ["XDG_CACHE_HOME": Self.cache]
    let added = try bin.run(
      ["cards", "add", "食べなかった", "--pick", "1", "--collection", "N5"], extraEnvironment: env)
    #expect(added.status == 0, "\(added.stderr)")
    let cards = try #require(try json(bin.run("cards", "list", "--json").stdout) as? [[String: Any]])
    #expect(cards.count == 1)
    #expect(cards.first?["front"] as? String == "食べる")
    #expect(cards.first?["back"] as? String == "to eat")
    #expect(cards.first?["note"] as? String == "たべる")
    let listed = try bin.run(["cards", "add", "猫", "--lang", "en"], extraEnvironment: env)
    #expect(listed.status == 64)
    #expect(
      listed.stderr
        == "reminders: 猫 has 3 candidates; pick one with --pick N, or give the answer side: 1. cat (esp. the domestic cat, Felis catus); 2. shamisen; 3. geisha\n"
    )
    let far = try bin.run(["cards", "add", "猫", "--pick", "9", "--lang", "en"], extraEnvironment: env)
    #expect(far.status == 64 && far.stderr == "reminders: --pick 9: there are 3 candidates\n")
    let unknown = try bin.run(["cards", "add", "xyzzyqq", "--lang", "ja"], extraEnvironment: env)
    #expect(unknown.status == 64 && unknown.stderr.contains("辞書に xyzzyqq はありません"))
    // Given a back, the dictionary is not read at all.
    try bin.writeConfig("[dictionary]\npath = \"/nonexistent/edict\"\n")
    #expect(try bin.run(["cards", "add", "犬", "dog"], extraEnvironment: env).status == 0)
  }

  /// No dictionary: one line naming the package, exit 69; `doctor` says it too.
  @Test func noDictionaryNamesThePackage() throws {
    let bin = try Binary()
    try bin.writeConfig("[dictionary]\npath = \"\(bin.home)/edict\"\n")
    let result = try lookup(bin, "猫", "--lang", "en")
    #expect(result.status == 69)
    #expect(
      result.stderr
        == "reminders: no dictionary at \(bin.home)/edict: install Debian's edict package (sudo apt install edict), or set dictionary.path\n"
    )
    let doctor = try bin.run("doctor", "--lang", "en")
    #expect(
      doctor.stdout.contains(
        "\(bin.home)/edict: missing (lookup and cards add without a back need it: sudo apt install edict)"),
      "\(doctor.stdout)")
    // A dictionary that is not EDICT: its line, in the session's language, exit 65; a folder: 65.
    try "neko cat\n".write(toFile: bin.home + "/edict", atomically: true, encoding: .utf8)
    let bad = try lookup(bin, "猫", "--lang", "ja")
    #expect(bad.status == 65)
    #expect(bad.stderr == "reminders: \(bin.home)/edict の 1 行目: EDICT の見出しではありません: 訳の前に「/」がありません\n")
    try FileManager.default.removeItem(atPath: bin.home + "/edict")
    try FileManager.default.createDirectory(atPath: bin.home + "/edict", withIntermediateDirectories: true)
    #expect(try lookup(bin, "猫", "--lang", "en").status == 65)
    let installed = try Binary()
    #expect(try installed.run("doctor", "--lang", "en").stdout.contains("\(Self.edict): ok, mode 0644\n"))
  }

  /// In a terminal, `cards add 猫` lists the candidates and asks; 2 takes the second; typed text
  /// is the back; Enter alone adds nothing.
  @Test func thePickInATerminal() throws {
    let bin = try Binary()
    let pane = try ReviewTerminalTests.Pane(
      bin, width: 120, height: 20, environment: ["XDG_CACHE_HOME": Self.cache])
    defer { pane.close() }
    try pane.type("\(Binary.path) cards add 猫 --lang en")
    // (The first lookup of the test process builds the index: seconds, in a debug build.)
    try pane.wait("the candidates", seconds: 120) {
      $0.contains { $0.hasPrefix("Which one? 1-3, or type the answer side yourself") }
    }
    #expect(try pane.screen().contains("2. shamisen (ねこ), common"))
    try pane.send("2", "Enter")
    try pane.wait("the card's id") { ["$", "#"].contains($0.last { !$0.isEmpty }) }
    try pane.type("\(Binary.path) cards add 犬 --lang en")
    try pane.wait("the second question") { $0.filter { $0.hasPrefix("Which one?") }.count == 2 }
    try pane.type("a loyal dog")
    try pane.wait("the second card's id") { ["$", "#"].contains($0.last { !$0.isEmpty }) }
    try pane.type("\(Binary.path) cards add 水 --lang en")
    try pane.wait("the third question") { $0.filter { $0.hasPrefix("Which one?") }.count == 3 }
    try pane.send("Enter")
    try pane.wait("nothing added") { $0.contains("Nothing picked: no card added.") }
    let cards = try #require(try json(bin.run("cards", "list", "--json").stdout) as? [[String: Any]])
    #expect(cards.map { $0["back"] as? String } == ["shamisen", "a loyal dog"])
    #expect(cards.map { $0["note"] as? String } == ["ねこ", "いぬ"])
  }
}
