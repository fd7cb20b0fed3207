import Foundation
import Testing

@testable import RemindersSystemd

/// The units' text for a given binary and options, and reading an `ExecStart=` back.
@Suite struct TimerUnitsTests {
  /// The binary and the options as given, and the `ExecStart=` of the service and of the watch
  /// service as systemd must read them back.
  static let commandLines: [(executable: String, arguments: [String], run: String, watch: String)] = [
    ("/usr/bin/reminders", [], "/usr/bin/reminders run", "/usr/bin/reminders watch"),
    (
      "/opt/my apps/reminders", ["--deck", "/home/u/my deck.json", "--lang", "ja"],
      "\"/opt/my apps/reminders\" run --deck \"/home/u/my deck.json\" --lang ja",
      "\"/opt/my apps/reminders\" watch --deck \"/home/u/my deck.json\" --lang ja"
    ),
    // No specifiers, no variables: `%` and `$` doubled.
    ("/home/u/50%/re$m", [], "/home/u/50%%/re$$m run", "/home/u/50%%/re$$m watch"),
    // Backslashes and quotes escaped; a quote, a semicolon or a tab makes the word quoted.
    ("/a\"b\\c", [], "\"/a\\\"b\\\\c\" run", "\"/a\\\"b\\\\c\" watch"),
    (
      "/bin/re", ["--state-dir", "/s;t"], "/bin/re run --state-dir \"/s;t\"",
      "/bin/re watch --state-dir \"/s;t\""
    ),
    ("/bin/re", ["--config", "/it's"], "/bin/re run --config \"/it's\"", "/bin/re watch --config \"/it's\""),
    ("/bin/re", ["--deck", ""], "/bin/re run --deck \"\"", "/bin/re watch --deck \"\""),
  ]

  @Test(arguments: commandLines)
  func execStartQuotesEachWord(
    line: (executable: String, arguments: [String], run: String, watch: String)
  ) {
    let units = TimerUnits(executable: line.executable, arguments: line.arguments)
    #expect(units.execStart == line.run)
    #expect(units.service.contains("\nExecStart=\(line.run)\n"))
    #expect(units.watch.contains("\nExecStart=\(line.watch)\n"))
    #expect(!units.timer.contains("ExecStart="))
  }

  /// What `status` reads from a service file gives back the binary and the same units.
  @Test(arguments: commandLines)
  func execStartReadsBack(line: (executable: String, arguments: [String], run: String, watch: String)) {
    let units = TimerUnits(executable: line.executable, arguments: line.arguments)
    #expect(TimerUnits.execStart(in: Array(units.service.utf8)) == line.run)
    #expect(TimerUnits.executable(of: line.run) == line.executable)
    #expect(TimerUnits(execStart: line.run) == units)
  }

  /// An `ExecStart=` this version would not have written has no units.
  @Test(arguments: ["/usr/bin/reminders watch", "/usr/bin/reminders runner", "/usr/bin/reminders", "", "   "])
  func foreignExecStartHasNoUnits(execStart: String) {
    #expect(TimerUnits(execStart: execStart) == nil)
  }

  @Test func executableOfAnExecStart() {
    let table: [(String, String?)] = [
      ("/usr/bin/reminders run", "/usr/bin/reminders"),
      ("  /usr/bin/reminders run", "/usr/bin/reminders"),
      ("\"/a b/reminders\" run", "/a b/reminders"),
      ("/a\\ b run", "/a b"),
      ("/x/50%%/y run", "/x/50%/y"),
      ("/x/$$HOME run", "/x/$HOME"),
      ("", nil),
    ]
    for (execStart, executable) in table {
      #expect(TimerUnits.executable(of: execStart) == executable, "\(execStart)")
    }
    #expect(TimerUnits.execStart(in: Array("[Service]\nType=oneshot\n".utf8)) == nil)
    #expect(
      TimerUnits.execStart(in: Array("[Service]\nExecStart=/a run\nExecStart=/b run\n".utf8)) == "/a run")
  }

  /// The units for `/usr/bin/reminders` are the packaged copies, byte for byte (`make units`
  /// writes those with `timer print-unit`).
  @Test(arguments: TimerUnits.Unit.allCases)
  func packagedCopiesAreTheText(unit: TimerUnits.Unit) throws {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().path
    let packaged = try String(
      contentsOfFile: repository + "/packaging/systemd/" + unit.fileName, encoding: .utf8)
    #expect(TimerUnits(executable: "/usr/bin/reminders").text(of: unit) == packaged)
  }

  @Test func unitsAndWhereTheyAreEnabled() {
    let table: [(TimerUnits.Unit, String, String?)] = [
      (.service, "reminders.service", nil),
      (.timer, "reminders.timer", "timers.target"),
      (.watch, "reminders-watch.service", "default.target"),
    ]
    for (unit, fileName, wantedBy) in table {
      #expect(unit.fileName == fileName)
      #expect(unit.wantedBy == wantedBy)
      let text = TimerUnits(executable: "/bin/re").text(of: unit)
      #expect(text.contains("\n[Install]\nWantedBy=\(wantedBy ?? "")\n") == (wantedBy != nil), "\(unit)")
      #expect(text.contains("[Install]") == (wantedBy != nil), "\(unit)")
    }
    #expect(TimerUnits.Unit.enabled == [.timer, .watch])
  }

  @Test func theTimerStartsTheJobOnTheMinute() {
    let timer = TimerUnits(executable: "/bin/re").timer
    for line in ["OnCalendar=*-*-* *:*:00", "AccuracySec=1s", "Persistent=true"] {
      #expect(timer.contains("\n\(line)\n"), "\(line)")
    }
  }

  /// The marker line is how `uninstall` tells the copies it wrote from anyone else's.
  @Test func installedCopiesStartWithTheMarker() {
    let units = TimerUnits(executable: "/bin/re")
    for unit in TimerUnits.Unit.allCases {
      let bytes = units.installedBytes(of: unit)
      #expect(bytes == Array((TimerUnits.installedMarker + "\n" + units.text(of: unit)).utf8))
      #expect(TimerUnits.isOurs(bytes))
      #expect(!TimerUnits.isOurs(Array(units.text(of: unit).utf8)))
      #expect(!TimerUnits.isOurs(Array(("\n" + TimerUnits.installedMarker).utf8)))
    }
    #expect(!TimerUnits.isOurs([]))
  }
}
