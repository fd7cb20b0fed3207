import CLITestSupport
import Foundation
import Testing

/// `reminders config path|show|set|unset` (docs/configuration.md), as a learner uses it on a new
/// machine: no config file yet, then one key at a time; every refusal leaves the file as it was.
@Suite struct ConfigCommandTests {
  func read(_ bin: Binary) -> String? { try? String(contentsOfFile: bin.configPath, encoding: .utf8) }

  /// The global options are taken before the command's name as after it.
  @Test func globalOptionsMayComeBeforeTheCommand() throws {
    let bin = try Binary()
    let other = bin.home + "/other.toml"
    try "".write(toFile: other, atomically: true, encoding: .utf8)
    let set = try bin.run(["--config", other, "--lang", "ja", "config", "set", "daily.time", "09:30"])
    #expect(set.status == 0, "\(set.stderr)")
    #expect(set.stdout.hasPrefix("daily.time: "), "\(set.stdout)")
    #expect(try String(contentsOfFile: other, encoding: .utf8).contains("09:30"))
    let shown = try bin.run(["--config=\(other)", "config", "show"])
    #expect(shown.status == 0 && shown.stdout.contains("\"09:30\""), "\(shown.stderr)")
  }

  @Test func fromNoFileToAnEveningLearner() throws {
    let bin = try Binary()
    #expect(try bin.run("config", "path").stdout == bin.configPath + "\n")
    let shown = try bin.run("config", "show")
    #expect(shown.status == 0, "\(shown.stderr)")
    let line = shown.stdout.split(separator: "\n").first { $0.hasPrefix("daily.time ") }
    #expect(line?.contains("\"08:00\"") == true && line?.hasSuffix(" default") == true, "\(shown.stdout)")
    // 19:00 is after the window: refused, naming the window and the way out; no file made.
    let refused = try bin.run("config", "set", "daily.time", "19:00")
    #expect(refused.status == 64)
    #expect(
      refused.stderr
        == "reminders: daily.time 19:00 is outside the window 08:00-18:00 (window.start, window.end): set the window too, or add --move-window to move it\n"
    )
    #expect(read(bin) == nil)
    // daily.again likewise: after the window it would never fire.
    let again = try bin.run("config", "set", "daily.again", "21:00")
    #expect(again.status == 64)
    #expect(
      again.stderr
        == "reminders: daily.again 21:00 is outside the window 08:00-18:00 (window.start, window.end): set the window too, or add --move-window to move it\n"
    )
    #expect(read(bin) == nil)
    let moved = try bin.run("config", "set", "daily.time", "19:00", "--move-window")
    #expect(moved.status == 0, "\(moved.stderr)")
    #expect(
      moved.stdout
        == "daily.time: (default) → \"19:00\"\nwindow.end: (default) → \"20:00\"\nSaved in \(bin.configPath).\n"
    )
    #expect(read(bin) == "[daily]\ntime = \"19:00\"\n\n[window]\nend = \"20:00\"\n")
    let mode = try FileManager.default.attributesOfItem(atPath: bin.configPath)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    // Every command reads it: the daily reminder at 19:00.
    try bin.writeDeck(fixtureDeck)
    let preview = try bin.run("preview", "--json", "--now", "2026-11-21T07:00")
    #expect(preview.status == 0, "\(preview.stderr)")
    let plan = try #require(try json(preview.stdout) as? [String: Any])
    let daily0 = (plan["reminders"] as? [[String: Any]])?.first { $0["id"] as? String == "daily:2026-11-21" }
    #expect((daily0?["fireAt"] as? String)?.hasPrefix("2026-11-21T19:00:00") == true, "\(preview.stdout)")
    let json = try #require(try json(bin.run("config", "show", "--json").stdout) as? [String: Any])
    let settings = try #require(json["settings"] as? [[String: Any]])
    let daily = try #require(settings.first { $0["key"] as? String == "daily.time" })
    #expect(daily["value"] as? String == "\"19:00\"" && daily["source"] as? String == "file")
    // Set again to the same: nothing written, said so.
    #expect(
      try bin.run("config", "set", "daily.time", "19:00").stdout == "daily.time is already \"19:00\".\n")
  }

  /// A morning time before the window: refused naming window.start; moved, the window starts then.
  @Test func anEarlyMorning() throws {
    let bin = try Binary()
    #expect(try bin.run("config", "set", "daily.time", "07:30").status == 64)
    let moved = try bin.run("config", "set", "daily.time", "07:30", "--move-window", "--lang", "ja")
    #expect(moved.status == 0, "\(moved.stderr)")
    #expect(
      moved.stdout
        == "daily.time: （既定） → \"07:30\"\nwindow.start: （既定） → \"07:30\"\n\(bin.configPath) に保存しました。\n")
  }

  /// The file's other lines and comments stay byte for byte; `unset` removes only its key.
  @Test func commentsAndOtherLinesStay() throws {
    let bin = try Binary()
    let text =
      "# my settings\n[daily]\ntime = \"08:00\"   # before work\n\n[quiet]\nhours = [\"12:00-13:00\"]  # lunch\n"
    try bin.writeConfig(text)
    let set = try bin.run("config", "set", "quiet.hours", "12:00-13:00,22:00-07:00")
    #expect(set.status == 0, "\(set.stderr)")
    #expect(
      read(bin)
        == "# my settings\n[daily]\ntime = \"08:00\"   # before work\n\n[quiet]\nhours = [\"12:00-13:00\", \"22:00-07:00\"]  # lunch\n"
    )
    let unset = try bin.run("config", "unset", "quiet.hours")
    #expect(
      unset.stdout
        == "quiet.hours: [\"12:00-13:00\", \"22:00-07:00\"] → (default)\nSaved in \(bin.configPath).\n")
    #expect(read(bin) == "# my settings\n[daily]\ntime = \"08:00\"   # before work\n\n[quiet]\n")
    #expect(try bin.run("config", "unset", "quiet.hours").stdout.hasPrefix("quiet.hours is not set in "))
  }

  /// Refusals: one line, exit 64 (65 for a file that is no TOML), the file unchanged.
  @Test(
    arguments: [
      (["dialy.time", "09:00"], 64, "unknown setting \"dialy.time\" (did you mean daily.time?"),
      (["daily.persist", "yes"], 64, "daily.persist takes true or false, not \"yes\""),
      (["focus.minutes", "2000"], 64, "focus.minutes"),
      (["review.in", "window"], 64, "review.in"),
      (["window.end", "07:00"], 64, "window.end"),
    ] as [([String], Int32, String)])
  func refusals(arguments: [String], status: Int32, says: String) throws {
    let bin = try Binary()
    let text = "[daily]\ntime = \"08:00\"\n"
    try bin.writeConfig(text)
    let result = try bin.run(["config", "set"] + arguments)
    #expect(result.status == status)
    #expect(result.stderrLines.count == 1 && result.stderr.contains(says), "\(result.stderr)")
    #expect(read(bin) == text)
  }

  @Test func aFileThatIsNoTOMLIsNeverTouched() throws {
    let bin = try Binary()
    try bin.writeConfig("[daily\ntime = 1\n")
    let result = try bin.run("config", "set", "daily.time", "09:00")
    #expect(result.status == 65 && result.stderr.contains(bin.configPath), "\(result.stderr)")
    #expect(read(bin) == "[daily\ntime = 1\n")
  }

  /// A daily time after the window, written by hand: every other command refuses it and says how
  /// to put it right; `config show` still shows it, and `config set` puts it right.
  @Test func aHandWrittenEveningTimeIsPutRight() throws {
    let bin = try Binary()
    try bin.writeConfig("[daily]\ntime = \"21:00\"\n")
    let preview = try bin.run("preview")
    #expect(preview.status == 65 && preview.stderr.contains("--move-window"), "\(preview.stderr)")
    #expect(try bin.run("config", "show").status == 0)
    let fixed = try bin.run("config", "set", "window.end", "22:00")
    #expect(fixed.status == 0, "\(fixed.stderr)")
    #expect(try bin.run("preview").status == 0)
  }

  /// A daily time the window moves is said where it really fires.
  @Test func aDailyTimeTheWindowMoves() throws {
    let bin = try Binary()
    try bin.writeConfig("[daily]\ntime = \"07:00\"\n")
    let shown = try bin.run("config", "show")
    #expect(shown.stdout.contains("\"07:00\" (fires at 08:00: window.start)"), "\(shown.stdout)")
    let doctor = try bin.run("doctor")
    #expect(
      doctor.stdout.contains("daily.time 07:00 is before window.start: the daily reminder fires at 08:00"))
    #expect(
      (try json(bin.run("doctor", "--json").stdout) as? [String: Any])?["dailyFiresAt"] as? String == "08:00")
  }

  // MARK: One reader: what `config` says and does is what every command reads

  func showLine(_ bin: Binary, _ key: String) throws -> String? {
    try bin.run("config", "show").stdout.split(separator: "\n").first { $0.hasPrefix(key + " ") }.map(
      String.init)
  }

  func writeBytes(_ bin: Binary, _ bytes: [UInt8]) throws {
    try bin.writeConfig("")
    try Data(bytes).write(to: URL(fileURLWithPath: bin.configPath))
  }

  /// A dotted key at the top is the zone `preview` uses, and `config show` says so.
  @Test func aDottedKeyIsShown() throws {
    let bin = try Binary()
    try bin.writeConfig("time.zone = \"Asia/Tokyo\"\n[daily]\ntime = \"09:00\"\n")
    let line = try showLine(bin, "time.zone")
    #expect(line?.contains("\"Asia/Tokyo\"") == true && line?.hasSuffix(" file") == true, "\(line ?? "")")
    let set = try bin.run("config", "set", "time.zone", "Europe/Paris")
    #expect(set.status == 0, "\(set.stderr)")
    #expect(read(bin) == "time.zone = \"Europe/Paris\"\n[daily]\ntime = \"09:00\"\n")
  }

  /// Lines inside a multi-line string are text: neither shown as settings nor made into one.
  @Test func aMultiLineStringStaysText() throws {
    let bin = try Binary()
    try bin.writeConfig("[fallback]\npath = \"\"\"\n[window]\nstart = \"09:00\"\n\"\"\"\n")
    #expect(try showLine(bin, "window.start")?.hasSuffix(" default") == true)
    let set = try bin.run("config", "set", "fallback.path", "/tmp/f.ics")
    #expect(set.status == 0, "\(set.stderr)")
    #expect(read(bin) == "[fallback]\npath = \"/tmp/f.ics\"\n")
    #expect(try showLine(bin, "window.start")?.hasSuffix(" default") == true)
  }

  /// A byte-order mark, or a quoted header, is the table every command reads.
  @Test(arguments: ["\u{FEFF}[daily]\ntime = \"09:00\"\n", "['daily']\ntime = \"09:00\"\n"])
  func aMarkedOrQuotedTableIsTheOneRead(text: String) throws {
    let bin = try Binary()
    try bin.writeConfig(text)
    let line = try showLine(bin, "daily.time")
    #expect(line?.contains("\"09:00\"") == true && line?.hasSuffix(" file") == true, "\(line ?? "")")
    let set = try bin.run("config", "set", "daily.time", "10:00")
    #expect(set.status == 0, "\(set.stderr)")
    // The bytes: a byte-order mark is kept (a String read of the file would drop it).
    #expect(
      FileManager.default.contents(atPath: bin.configPath).map(Array.init)
        == Array(text.replacingOccurrences(of: "09:00", with: "10:00").utf8))
  }

  /// A value that carries lines of its own (a table header after it) is refused (64), untouched.
  @Test func aValueThatCarriesLinesIsRefused() throws {
    let bin = try Binary()
    let text = "[daily]\ntime = \"09:00\"\n"
    try bin.writeConfig(text)
    let result = try bin.run("config", "set", "quiet.hours", "[\"12:00-13:00\"]\n[window]\nstart = \"07:00\"")
    #expect(result.status == 64, "\(result.stderr)")
    #expect(read(bin) == text)
  }

  /// A byte that is no UTF-8 (in a comment) is refused by `config` as by every command (65); the
  /// file keeps its bytes.
  @Test func aFileThatIsNoUTF8IsRefused() throws {
    let bin = try Binary()
    let bytes = Array("# caf".utf8) + [0xE9] + Array("\n[daily]\ntime = \"09:00\"\n".utf8)
    try writeBytes(bin, bytes)
    #expect(try bin.run("preview").status == 65)
    let set = try bin.run("config", "set", "daily.time", "10:00")
    #expect(set.status == 65 && set.stderrLines.count == 1, "\(set.stderr)")
    #expect(try bin.run("config", "show").status == 65)
    #expect(FileManager.default.contents(atPath: bin.configPath).map(Array.init) == bytes)
  }

  /// `config set` at the same moment from several processes: every change is kept.
  @Test func changesAtOnceAreAllKept() throws {
    let bin = try Binary()
    try bin.writeConfig("# mine\n")
    let changes = [
      ("daily.persist", "true"), ("focus.minutes", "30"), ("focus.break", "6"), ("focus.long_break", "20"),
      ("cards.candidates", "4"), ("study.new_per_day", "7"),
    ]
    let processes = try changes.map { key, value in
      let process = Process()
      let (executable, arguments) = bin.command(["config", "set", key, value])
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
      process.environment = bin.environment
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      return process
    }
    for process in processes { process.waitUntilExit() }
    #expect(processes.allSatisfy { $0.terminationStatus == 0 })
    let json = try #require(try json(bin.run("config", "show", "--json").stdout) as? [String: Any])
    let settings = try #require(json["settings"] as? [[String: Any]])
    for (key, value) in changes {
      let row = settings.first { $0["key"] as? String == key }
      #expect(row?["value"] as? String == value && row?["source"] as? String == "file", "\(key) lost")
    }
  }

  /// An existing file keeps its mode (0600 is for a file `config set` makes).
  @Test func anExistingFileKeepsItsMode() throws {
    let bin = try Binary()
    try bin.writeConfig("[daily]\ntime = \"09:00\"\n")
    chmod(bin.configPath, 0o644)
    #expect(try bin.run("config", "set", "daily.persist", "true").status == 0)
    let mode = try FileManager.default.attributesOfItem(atPath: bin.configPath)[.posixPermissions] as? Int
    #expect(mode == 0o644)
  }

  /// Large files are read in one pass: a 2 MB comment line, and a file of many lines (the figures
  /// are in the report of the change; no time is asserted here).
  @Test func largeFilesAreShownAndSet() throws {
    let bin = try Binary()
    let text = "# " + String(repeating: "x", count: 2_000_000) + "\n[daily]\ntime = \"09:00\"\n"
    try bin.writeConfig(text)
    #expect(try showLine(bin, "daily.time")?.contains("\"09:00\"") == true)
    try bin.writeConfig(
      String(repeating: "# a comment line of some length, and more\n", count: 25_000) + text)
    let set = try bin.run("config", "set", "daily.time", "10:00")
    #expect(set.status == 0, "\(set.stderr)")
    #expect(read(bin)?.hasSuffix("[daily]\ntime = \"10:00\"\n") == true)
  }

  /// The FSRS default `config show` says is the one the scheduler uses.
  @Test func theRetentionDefaultIsTheRules() throws {
    let bin = try Binary()
    let line = try showLine(bin, "study.fsrs.desired_retention")
    #expect(line?.contains(" 0.9 ") == true && line?.hasSuffix(" default") == true, "\(line ?? "")")
  }
}
