import CLITestSupport
import Foundation
import Testing

/// The manual lives in the repository: README.md and docs/*.md link only to files of the
/// repository that exist (and to headings those files have), and neither they nor any command's
/// `--help` cite a contract a user who clones the project does not have.
@Suite struct DocumentationTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().standardizedFileURL

  /// README.md and every Markdown file of docs/, as paths relative to the repository.
  static func manualFiles() throws -> [String] {
    let docs = try FileManager.default.contentsOfDirectory(
      atPath: repository.appendingPathComponent("docs").path
    )
    .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    return ["README.md"] + docs
  }

  static func text(_ relative: String) throws -> String {
    try String(contentsOf: repository.appendingPathComponent(relative), encoding: .utf8)
  }

  /// What a text says of something outside the repository, or of the spec: one line per finding.
  static func citations(in text: String, name: String) -> [String] {
    var found: [String] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      for needle in ["SPEC", "§", "../shared", "/work/shared"] where line.contains(needle) {
        found.append("\(name):\(number + 1): \(needle): \(line)")
      }
    }
    return found
  }

  /// The text without fenced code blocks and inline code, where brackets are not links.
  static func prose(_ text: String) -> String {
    var kept: [Substring] = []
    var fenced = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        fenced.toggle()
        kept.append("")
        continue
      }
      kept.append(fenced ? "" : line)
    }
    var out = ""
    var inCode = false
    for ch in kept.joined(separator: "\n") {
      if ch == "`" {
        inCode.toggle()
        continue
      }
      if !inCode { out.append(ch) }
    }
    return out
  }

  /// The targets of the inline links `[text](target)` of `text`.
  static func linkTargets(in text: String) -> [String] {
    let prose = Array(prose(text))
    var targets: [String] = []
    var i = 0
    while i + 1 < prose.count {
      if prose[i] == "]", prose[i + 1] == "(" {
        var j = i + 2
        var target = ""
        while j < prose.count, prose[j] != ")", prose[j] != "\n" {
          target.append(prose[j])
          j += 1
        }
        targets.append(target.trimmingCharacters(in: .whitespaces))
        i = j
      }
      i += 1
    }
    return targets
  }

  /// The anchors GitHub gives the headings of a Markdown text: lower case, punctuation dropped,
  /// blanks as hyphens, a repeated heading numbered from 1.
  static func anchors(in text: String) -> Set<String> {
    var seen: [String: Int] = [:]
    var anchors: Set<String> = []
    var fenced = false
    for line in text.split(separator: "\n") {
      if line.hasPrefix("```") { fenced.toggle() }
      guard !fenced, line.hasPrefix("#") else { continue }
      let title = line.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces)
      var slug = ""
      for ch in title.lowercased() {
        if ch.isLetter || ch.isNumber || ch == "-" || ch == "_" {
          slug.append(ch)
        } else if ch == " " {
          slug.append("-")
        }
      }
      let count = seen[slug, default: 0]
      anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
      seen[slug] = count + 1
    }
    return anchors
  }

  /// Why the link `target` in the file `relative` does not resolve inside the repository, or nil.
  static func problem(with target: String, in relative: String) throws -> String? {
    if target.hasPrefix("https://") || target.hasPrefix("http://") { return nil }
    if target.contains("://") || target.hasPrefix("/") || target.hasPrefix("~") {
      return "links outside the repository"
    }
    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let path = String(parts[0])
    let anchor = parts.count > 1 ? String(parts[1]) : nil
    let from = repository.appendingPathComponent(relative).deletingLastPathComponent()
    let file = path.isEmpty ? repository.appendingPathComponent(relative) : from.appendingPathComponent(path)
    let resolved = file.standardizedFileURL.path
    guard resolved == repository.path || resolved.hasPrefix(repository.path + "/") else {
      return "links outside the repository"
    }
    guard FileManager.default.fileExists(atPath: resolved) else { return "names a file that does not exist" }
    if let anchor, resolved.hasSuffix(".md") {
      let text = try String(contentsOfFile: resolved, encoding: .utf8)
      guard anchors(in: text).contains(anchor) else { return "names a heading that \(path) does not have" }
    }
    return nil
  }

  @Test func theManualCitesNothingOutsideTheRepository() throws {
    let files = try Self.manualFiles()
    #expect(files.count > 5, "docs/ holds the manual")
    var found: [String] = []
    for file in files { found += Self.citations(in: try Self.text(file), name: file) }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  @Test func everyLinkOfTheManualResolvesInsideTheRepository() throws {
    var broken: [String] = []
    var checked = 0
    for file in try Self.manualFiles() {
      for target in Self.linkTargets(in: try Self.text(file)) {
        checked += 1
        if let problem = try Self.problem(with: target, in: file) {
          broken.append("\(file): (\(target)) \(problem)")
        }
      }
    }
    #expect(checked > 20, "the README links into docs/")
    #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
  }

  /// The checker itself tells a good link from bad ones.
  @Test func theLinkCheckerRefusesWhatLeavesTheRepository() throws {
    #expect(try Self.problem(with: "docs/README.md", in: "README.md") == nil)
    #expect(try Self.problem(with: "configuration.md#the-keys", in: "docs/README.md") == nil)
    #expect(try Self.problem(with: "../shared/SPEC.md", in: "README.md") == "links outside the repository")
    #expect(try Self.problem(with: "../../README.md", in: "docs/README.md") == "links outside the repository")
    #expect(try Self.problem(with: "/etc/passwd", in: "README.md") == "links outside the repository")
    #expect(try Self.problem(with: "docs/nothing.md", in: "README.md") == "names a file that does not exist")
    #expect(
      try Self.problem(with: "configuration.md#no-such-heading", in: "docs/README.md")
        == "names a heading that configuration.md does not have")
    #expect(Self.linkTargets(in: "see [a](b.md) and `[c](d)`\n```\n[e](f)\n```") == ["b.md"])
    #expect(
      Self.anchors(in: "# A `pop-up` you can act on: Review now, snooze\n## Decisions\n## Decisions") == [
        "a-pop-up-you-can-act-on-review-now-snooze", "decisions", "decisions-1",
      ])
    #expect(Self.citations(in: "fine\nsee SPEC §4", name: "x").count == 2)
  }

  /// The subcommands a `--help` lists (not `help` itself).
  static func subcommands(in help: String) -> [String] {
    var names: [String] = []
    var listing = false
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("SUBCOMMANDS:") {
        listing = true
        continue
      }
      guard listing else { continue }
      if line.trimmingCharacters(in: .whitespaces).isEmpty { break }
      guard line.hasPrefix("  "), !line.hasPrefix("   ") else { continue }
      let name = String(line.dropFirst(2).prefix(while: { !$0.isWhitespace }))
      if name != "help" { names.append(name) }
    }
    return names
  }

  @Test func everyHelpCitesNothingOutsideTheRepository() throws {
    let bin = try Binary()
    var pending: [[String]] = [[]]
    var seen: [String] = []
    var found: [String] = []
    while let command = pending.popLast() {
      let result = try bin.run(command + ["--help"])
      let name = (["reminders"] + command).joined(separator: " ")
      #expect(result.status == 0, "\(name) --help: \(result.stderr)")
      seen.append(name)
      found += Self.citations(in: result.stdout + result.stderr, name: name + " --help")
      pending += Self.subcommands(in: result.stdout).map { command + [$0] }
    }
    // The walk reaches the nested commands too, so that a help it skipped cannot pass unread.
    for expected in [
      "reminders watch", "reminders cards import", "reminders timer print-unit", "reminders alarm stop",
    ] {
      #expect(seen.contains(expected), "\(expected) not reached from reminders --help: \(seen)")
    }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }
}
