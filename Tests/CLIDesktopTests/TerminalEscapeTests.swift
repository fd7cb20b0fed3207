import CLITestSupport
import Foundation
import Testing

/// Text from the deck, a file or the command line reaches the terminal with its control and
/// bidi-override characters made visible, in every text output; `--json` escapes them itself.
@Suite struct TerminalEscapeTests {
  static let front = "Q\u{1B}]2;PWNED\u{07}x"
  static let note = "n\u{202E}\u{1B}[2J"
  static let now = "2026-11-23T10:00:00+09:00"

  /// No ESC, BEL, CSI (U+009B) or U+202E anywhere in `text`.
  static func clean(_ text: String) -> Bool {
    !text.unicodeScalars.contains { [0x1B, 0x07, 0x9B, 0x202E].contains($0.value) }
  }

  static func home() throws -> Binary {
    var bin = try Binary()
    bin.use(nil)
    try bin.writeConfig(AlarmCommandTests.config)
    let added = try bin.run(
      "cards", "add", front, "back\u{1B}]52;c;cHduZWQ=\u{07}", "--note", note, "--collection", "c\u{1B}[2J",
      "--now", "2026-11-21T09:00:00+09:00")
    #expect(added.status == 0, "\(added.stderr)")
    let recall = try bin.run("recall", "add", "t\u{1B}]0;x\u{07}\u{202E}", "--at", "10:10", "--now", now)
    #expect(recall.status == 0, "\(recall.stderr)")
    let alarm = try bin.addAlarm(
      "A\u{1B}[2J\u{202E}", "--at", "07:00", "--place", AlarmCommandTests.station, "--days",
      "mon,tue,wed,thu,fri,sat,sun", "--now", now)
    #expect(alarm.status == 0, "\(alarm.stderr)")
    return bin
  }

  @Test func everyTextOutputShowsTheDataVisibly() throws {
    let bin = try Self.home()
    let later = "2026-11-23T10:05:00+09:00"
    let outputs: [(String, Binary.Result)] = [
      ("cards list", try bin.run("cards", "list", "--now", later)),
      ("review --plain", try bin.run(["review", "--plain", "--now", later], input: "\nq\n")),
      ("recall list", try bin.run("recall", "list")),
      ("alarm list", try bin.run("alarm", "list", "--now", later)),
      // `run` says the daily reminder first (to the calendar file: no desktop), so that the next
      // one `status` shows is the recall item's.
      ("run", try bin.run("run", "--now", later)),
      ("status", try bin.run("status", "--now", later)),
    ]
    for (name, result) in outputs {
      #expect(result.status == 0, "\(name): \(result.stderr)")
      #expect(Self.clean(result.stdout), "\(name): \(result.stdout.debugDescription)")
      #expect(Self.clean(result.stderr), "\(name): \(result.stderr.debugDescription)")
      #expect(name == "run" || result.stdout.contains("<U+001B>"), "\(name): \(result.stdout)")
    }
    #expect(outputs[0].1.stdout.contains("Q<U+001B>]2;PWNED<U+0007>x"))
    #expect(outputs[1].1.stdout.contains("Q<U+001B>]2;PWNED<U+0007>x"))
    #expect(outputs[1].1.stdout.contains("n<U+202E><U+001B>[2J"))
    #expect(outputs[2].1.stdout.contains("t<U+001B>]0;x<U+0007><U+202E>"))
    #expect(outputs[3].1.stdout.contains("A<U+001B>[2J<U+202E>"))
    // The next reminder is the recall item's, its topic in the title.
    #expect(outputs[5].1.stdout.contains("t<U+001B>]0;x<U+0007><U+202E>"), "\(outputs[5].1.stdout)")
  }

  /// The one `reminders:` line of a refusal quotes what it was given (an id, a path, a line of a
  /// file, a card's front) with the same visible forms.
  @Test func refusalsShowTheDataVisibly() throws {
    let bin = try Self.home()
    let lines = bin.home + "/lines.tsv"
    try "ok\tfine\n\(Self.front)\n".write(toFile: lines, atomically: true, encoding: .utf8)
    let refused: [(String, Binary.Result)] = [
      ("cards remove", try bin.run("cards", "remove", "id" + Self.front)),
      ("cards answer", try bin.run("cards", "answer", "id" + Self.note, "good")),
      ("cards import (path)", try bin.run("cards", "import", bin.home + "/" + Self.front)),
      ("cards import (line)", try bin.run("cards", "import", lines)),
      ("recall add", try bin.run("recall", "add", "x", "--at", Self.note)),
    ]
    for (name, result) in refused {
      #expect(result.status != 0, "\(name)")
      #expect(
        result.stderrLines.count == 1 && result.stderr.hasPrefix("reminders: "), "\(name): \(result.stderr)")
      #expect(Self.clean(result.stderr), "\(name): \(result.stderr.debugDescription)")
    }
    #expect(refused[0].1.stderr.contains("idQ<U+001B>]2;PWNED<U+0007>x"), "\(refused[0].1.stderr)")
    #expect(refused[2].1.stderr.contains("Q<U+001B>]2;PWNED<U+0007>x"), "\(refused[2].1.stderr)")
  }

  /// The settings file's values reach the terminal visibly too: `config set`'s "old → new" line,
  /// and `doctor`'s verdict naming `fallback.path` (a title-setting OSC and a clear-screen there).
  @Test func settingsShowTheirValuesVisibly() throws {
    let bin = try Self.home()
    // TOML lets U+009B and U+202E stand in a string as they are; ESC and BEL only as escapes.
    let toml = "\"/tmp/x\u{9B}\u{202E}\\u001B]0;pwned\\u0007\\u001B[2J.ics\""
    let set = try bin.run("config", "set", "fallback.path", toml)
    #expect(set.status == 0, "\(set.stderr)")
    #expect(
      Self.clean(set.stdout) && set.stdout.contains("<U+009B><U+202E>"), "\(set.stdout.debugDescription)")
    let again = try bin.run("config", "set", "fallback.path", "\"/tmp/plain.ics\"")
    #expect(
      Self.clean(again.stdout) && again.stdout.contains("<U+009B><U+202E>"),
      "\(again.stdout.debugDescription)")
    _ = try bin.run("config", "set", "fallback.path", toml)
    let doctor = try bin.run("doctor", "--now", Self.now)
    #expect(Self.clean(doctor.stdout) && Self.clean(doctor.stderr), "\(doctor.stdout.debugDescription)")
  }

  /// `--json` escapes control characters as JSON does (`\u001b`), the C1 and bidirectional ones
  /// too (`\u009b`, `\u202e`), and keeps the text itself.
  @Test func jsonEscapesControlCharacters() throws {
    let bin = try Self.home()
    for command in [
      ["status", "--json", "--now", Self.now], ["preview", "--json", "--now", Self.now],
      ["recall", "list", "--json"],
    ] {
      let result = try bin.run(command)
      #expect(
        result.status == 0 && Self.clean(result.stdout), "\(command): \(result.stdout.debugDescription)")
    }
    let listed = try bin.run("cards", "list", "--json", "--now", Self.now)
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(Self.clean(listed.stdout), "\(listed.stdout.debugDescription)")
    #expect(listed.stdout.contains("n\\u202e\\u001b[2J"), "\(listed.stdout)")
    let cards = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [Any]
    let first = cards?.first as? [String: Any]
    #expect(first?["front"] as? String == Self.front, "\(listed.stdout)")
  }
}
