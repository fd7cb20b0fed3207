import CLITestSupport
import Foundation
import Testing

/// `reminders timer install|uninstall|status|print-unit` in a scratch home, with no user manager
/// (as in CI), and the units checked by systemd's own tools.
@Suite struct TimerTests {
  /// The built binary with symbolic links resolved: what ExecStart must name.
  static let realBinary = Binary.realPath

  func unitDirectory(_ bin: Binary) -> String { bin.home + "/config/systemd/user" }

  func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  /// `systemd-analyze --user verify` on unit files; it exits 0 on unknown keys and only warns,
  /// so anything it prints is a failure. (`--man=no`: the man page is not installed here; the
  /// packaging test checks that the package ships it.)
  ///
  /// It judges these units alone: verify loads every unit on the user unit path, and other
  /// packages' units are not ours to judge — mako's and swaync's each claim
  /// `org.freedesktop.Notifications` ("Two services allocated for the same bus name"), and so
  /// does dunst's. So the units are copied into a scratch folder that is the whole unit path
  /// (`SYSTEMD_UNIT_PATH`; verify adds the folders of the files it is given, so the originals'
  /// folder stays out too), beside links to the systemd targets and slices that units lean on
  /// (`basic.target`, `timers.target`, `app.slice`, …): structural units, which run nothing and
  /// claim no bus name. Whatever verify says about the units themselves is said as before.
  func verify(_ paths: [String], home: String) throws -> Binary.Result {
    let unitPath = try Programs.privateFolder()
    for path in paths {
      try FileManager.default.copyItem(
        atPath: path, toPath: unitPath + "/" + URL(fileURLWithPath: path).lastPathComponent)
    }
    for folder in [
      "/etc/systemd/user", "/usr/local/lib/systemd/user", "/usr/lib/systemd/user", "/lib/systemd/user",
    ] {
      for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      where name.hasSuffix(".target") || name.hasSuffix(".slice") {
        // The first folder on the path wins, as for the manager.
        try? FileManager.default.createSymbolicLink(
          atPath: unitPath + "/" + name, withDestinationPath: folder + "/" + name)
      }
    }
    let copies = paths.map { unitPath + "/" + URL(fileURLWithPath: $0).lastPathComponent }
    let environment = [
      "XDG_RUNTIME_DIR": try Programs.privateFolder(), "HOME": home, "XDG_CONFIG_HOME": home + "/config",
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "SYSTEMD_UNIT_PATH": unitPath,
    ]
    return try Programs.run(
      ["systemd-analyze", "--user", "--man=no", "verify"] + copies, environment: environment)
  }

  /// Every file under `folder` with its bytes and modification time (folders by name only), to
  /// show what changed.
  func tree(_ folder: String) -> [String: String] {
    var files: [String: String] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder)
    while let relative = enumerator?.nextObject() as? String {
      let path = folder + "/" + relative
      let attributes = try? FileManager.default.attributesOfItem(atPath: path)
      if attributes?[.type] as? FileAttributeType == .typeDirectory {
        files[relative] = "folder"
        continue
      }
      let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      let link = try? FileManager.default.destinationOfSymbolicLink(atPath: path)
      let bytes = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
      files[relative] = "\(modified) \(link ?? "") \(bytes)"
    }
    return files
  }

  /// The three unit files `timer install` writes.
  func unitPaths(_ bin: Binary) -> [String] {
    ["reminders.service", "reminders.timer", "reminders-watch.service"].map { unitDirectory(bin) + "/" + $0 }
  }

  @Test func installWritesTheThreeUnitsWithAnAbsoluteExecStart() throws {
    let bin = try Binary()
    let result = try bin.run("timer", "install")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    let names = try FileManager.default.contentsOfDirectory(atPath: unitDirectory(bin)).sorted()
    #expect(names == ["reminders-watch.service", "reminders.service", "reminders.timer"])
    let service = try read(unitDirectory(bin) + "/reminders.service")
    let timer = try read(unitDirectory(bin) + "/reminders.timer")
    let watch = try read(unitDirectory(bin) + "/reminders-watch.service")
    #expect(service.contains("\nExecStart=\(TimerTests.realBinary) run\n"))
    #expect(TimerTests.realBinary.hasPrefix("/"))
    #expect(service.contains("\nType=oneshot\n"))
    #expect(!service.split(separator: "\n").contains { $0.hasPrefix("RemainAfterExit") })
    for text in [service, timer, watch] {
      #expect(text.hasPrefix("# Written by \"reminders timer install\""))
    }
    #expect(timer.contains("\nOnCalendar=*-*-* *:*:00\n"))
    #expect(timer.contains("\nAccuracySec=1s\n"))
    #expect(timer.contains("\nPersistent=true\n"))
    #expect(timer.contains("[Install]\nWantedBy=timers.target\n"))
    #expect(watch.contains("\nExecStart=\(TimerTests.realBinary) watch\n"))
    #expect(watch.contains("\nType=exec\n"))
    #expect(watch.contains("\nRestart=on-failure\n"))
    // 77 (the bus refuses monitors) would be the same 30 s later.
    #expect(watch.contains("\nRestartPreventExitStatus=77\n"))
    #expect(watch.contains("[Install]\nWantedBy=default.target\n"))
    for path in unitPaths(bin) {
      let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
      #expect(mode == 0o644, "\(path)")
    }
  }

  /// With no user manager (none runs in CI), install writes the units, prints the two commands
  /// to run (naming the timer and the watch service), and succeeds.
  @Test func withoutAUserManagerInstallPrintsTheCommands() throws {
    var bin = try Binary()
    // A runtime folder where no manager listens, as on a machine booted without systemd.
    bin.environment["XDG_RUNTIME_DIR"] = try Programs.privateFolder()
    let result = try bin.run("timer", "install")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.contains(
        "no systemd user manager answers on \(bin.environment["XDG_RUNTIME_DIR"]!)/systemd/private"))
    #expect(
      result.stdout.hasSuffix(
        "\n  systemctl --user daemon-reload\n  systemctl --user enable --now reminders.timer reminders-watch.service\n"
      ))
  }

  @Test func installedUnitsPassSystemdAnalyzeVerify() throws {
    let bin = try Binary()
    #expect(try bin.run("timer", "install").status == 0)
    // `reminders watch` is not checked: verify reads the executable's path, not its arguments.
    let result = try verify(unitPaths(bin), home: bin.home)
    #expect(result.status == 0)
    #expect(
      result.stdout + result.stderr == "", "systemd-analyze verify said: \(result.stdout)\(result.stderr)")
  }

  /// The verification is able to fail: a unit whose binary is missing is refused.
  @Test func verifyRefusesAServiceWhoseBinaryIsMissing() throws {
    let bin = try Binary()
    #expect(try bin.run("timer", "install").status == 0)
    let service = unitDirectory(bin) + "/reminders.service"
    let text = try read(service).replacingOccurrences(
      of: TimerTests.realBinary, with: bin.home + "/no-such-binary")
    try text.write(toFile: service, atomically: true, encoding: .utf8)
    let result = try verify([service], home: bin.home)
    #expect(result.status != 0 || !(result.stdout + result.stderr).isEmpty)
  }

  /// The verification judges our units only, and still everything in them: two units of
  /// someone else's claiming one bus name in the user's own unit folder (as mako's and swaync's
  /// do in /usr/lib/systemd/user when both are installed) leave it silent, while an unknown key
  /// in ours is still said.
  @Test func verifyJudgesOurUnitsOnly() throws {
    let bin = try Binary()
    #expect(try bin.run("timer", "install").status == 0)
    for name in ["one-notifier", "other-notifier"] {
      try """
      [Unit]
      Description=\(name)

      [Service]
      Type=dbus
      BusName=org.freedesktop.Notifications
      ExecStart=/bin/true

      """.write(toFile: unitDirectory(bin) + "/\(name).service", atomically: true, encoding: .utf8)
    }
    // What verify says when it reads that folder as a whole: the clash of the two.
    let environment = [
      "XDG_RUNTIME_DIR": try Programs.privateFolder(), "HOME": bin.home,
      "XDG_CONFIG_HOME": bin.home + "/config",
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
    ]
    let whole = try Programs.run(
      ["systemd-analyze", "--user", "--man=no", "verify"] + unitPaths(bin), environment: environment)
    #expect((whole.stdout + whole.stderr).contains("Two services allocated for the same bus name"))
    let ours = try verify(unitPaths(bin), home: bin.home)
    #expect(ours.status == 0)
    #expect(ours.stdout + ours.stderr == "", "systemd-analyze verify said: \(ours.stdout)\(ours.stderr)")

    let service = unitDirectory(bin) + "/reminders.service"
    try read(service).replacingOccurrences(of: "[Service]\n", with: "[Service]\nNoSuchKey=1\n").write(
      toFile: service, atomically: true, encoding: .utf8)
    let unknown = try verify([service], home: bin.home)
    // One line, naming our unit and the key (systemd 252: "…/reminders.service:7: Unknown key
    // 'NoSuchKey' in section [Service], ignoring.").
    let said = (unknown.stdout + unknown.stderr).split(separator: "\n")
    #expect(said.count == 1, "\(said)")
    #expect(
      said.first?.contains("/reminders.service:") == true && said.first?.contains("'NoSuchKey'") == true)
  }

  /// The schedule starts the job at second 0 of every minute, so a reminder due at HH:MM is
  /// delivered within the timer's 1 s accuracy.
  @Test func timerStartsTheJobOnEveryMinute() throws {
    let bin = try Binary()
    let timer = try bin.run("timer", "print-unit", "timer").stdout
    let line = try #require(timer.split(separator: "\n").first { $0.hasPrefix("OnCalendar=") })
    let value = String(line.dropFirst("OnCalendar=".count))
    let environment = ["TZ": "UTC", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
    let result = try Programs.run(
      ["systemd-analyze", "calendar", "--iterations=3", "--base-time=2026-11-21 07:59:59 UTC", value],
      environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Normalized form: *-*-* *:*:00"))
    let elapses = result.stdout.split(separator: "\n").compactMap { line -> String? in
      guard line.contains("Next elapse:") || line.contains("Iter. #") else { return nil }
      return line.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)
    }
    #expect(
      elapses == [
        "Sat 2026-11-21 08:00:00 UTC", "Sat 2026-11-21 08:01:00 UTC", "Sat 2026-11-21 08:02:00 UTC",
      ])
  }

  @Test func installingTwiceChangesNothing() throws {
    let bin = try Binary()
    #expect(try bin.run("timer", "install").status == 0)
    let before = tree(bin.home + "/config")
    usleep(20_000)  // a rewrite would show as a later modification time
    let again = try bin.run("timer", "install")
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.hasPrefix("Up to date: "))
    #expect(tree(bin.home + "/config") == before)
  }

  /// Uninstall removes the units, the enable links `systemctl --user enable` made, and the
  /// folders install created; another unit in the same folder stays.
  @Test func uninstallLeavesNothingOfOurs() throws {
    let bin = try Binary()
    let other = unitDirectory(bin) + "/other.service"
    let bare = try Binary()
    #expect(try bare.run("timer", "install").status == 0)
    #expect(try bare.run("timer", "uninstall").status == 0)
    #expect(!FileManager.default.fileExists(atPath: bare.home + "/config/systemd"))

    try FileManager.default.createDirectory(atPath: unitDirectory(bin), withIntermediateDirectories: true)
    try "[Service]\nExecStart=/bin/true\n".write(toFile: other, atomically: true, encoding: .utf8)
    let before = tree(bin.home + "/config")
    #expect(try bin.run("timer", "install").status == 0)
    // What `systemctl --user enable reminders.timer reminders-watch.service` leaves.
    for (wants, unit) in [
      ("timers.target.wants", "reminders.timer"), ("default.target.wants", "reminders-watch.service"),
    ] {
      try FileManager.default.createDirectory(
        atPath: unitDirectory(bin) + "/" + wants, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: unitDirectory(bin) + "/\(wants)/\(unit)", withDestinationPath: unitDirectory(bin) + "/" + unit
      )
    }
    let result = try bin.run("timer", "uninstall")
    #expect(result.status == 0, "\(result.stderr)")
    for removed in [
      "reminders.service", "reminders.timer", "reminders-watch.service",
      "timers.target.wants/reminders.timer",
      "default.target.wants/reminders-watch.service",
    ] {
      #expect(result.stdout.contains("Removed \(unitDirectory(bin))/\(removed)\n"), "\(result.stdout)")
    }
    #expect(
      result.stdout.hasSuffix(
        "\n  systemctl --user disable --now reminders.timer reminders-watch.service\n  systemctl --user daemon-reload\n"
      ), "\(result.stdout)")
    #expect(tree(bin.home + "/config") == before)
    let again = try bin.run("timer", "uninstall")
    #expect(again.status == 0)
    #expect(again.stdout.hasPrefix("Nothing to remove"))
  }

  @Test func unitsOfTheSameNameThatWeDidNotWriteAreLeftAlone() throws {
    let bin = try Binary()
    try FileManager.default.createDirectory(atPath: unitDirectory(bin), withIntermediateDirectories: true)
    let mine = "[Timer]\nOnCalendar=hourly\n"
    try mine.write(toFile: unitDirectory(bin) + "/reminders.timer", atomically: true, encoding: .utf8)
    let install = try bin.run("timer", "install")
    #expect(install.status == 1)
    #expect(
      install.stderrLines == [
        "reminders: \(unitDirectory(bin))/reminders.timer was not written by reminders timer install; move it away first (nothing was changed)"
      ])
    #expect(!FileManager.default.fileExists(atPath: unitDirectory(bin) + "/reminders.service"))
    #expect(!FileManager.default.fileExists(atPath: unitDirectory(bin) + "/reminders-watch.service"))
    let uninstall = try bin.run("timer", "uninstall")
    #expect(uninstall.status == 0)
    #expect(
      uninstall.stderrLines == [
        "reminders: left \(unitDirectory(bin))/reminders.timer: not written by reminders timer install"
      ])
    #expect(try read(unitDirectory(bin) + "/reminders.timer") == mine)
  }

  /// A binary in a folder with a blank and a `%`, and the global options passed on to `run`:
  /// every word is quoted and escaped as systemd reads it (verify finds the binary).
  @Test func blanksAndPercentSignsAreQuotedForSystemd() throws {
    let bin = try Binary()
    let folder = bin.home + "/my tools 100%d"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: TimerTests.realBinary, toPath: folder + "/reminders")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: folder + "/reminders")
    process.arguments = ["timer", "install", "--deck", bin.home + "/decks/my deck.json", "--lang", "ja"]
    process.environment = bin.environment
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let service = try read(unitDirectory(bin) + "/reminders.service")
    #expect(
      service.contains(
        "\nExecStart=\"\(bin.home)/my tools 100%%d/reminders\" run --deck \"\(bin.home)/decks/my deck.json\" --lang ja\n"
      ))
    // The watch service: the same binary and options, with `watch` in place of `run`.
    let watch = try read(unitDirectory(bin) + "/reminders-watch.service")
    let options = "--deck \"\(bin.home)/decks/my deck.json\" --lang ja"
    #expect(watch.contains("\nExecStart=\"\(bin.home)/my tools 100%%d/reminders\" watch \(options)\n"))
    let result = try verify(unitPaths(bin), home: bin.home)
    #expect(
      result.stdout + result.stderr == "", "systemd-analyze verify said: \(result.stdout)\(result.stderr)")
    let status = try bin.run("timer", "status")
    #expect(!status.stdout.contains("problem"), "\(status.stdout)")
  }

  /// packaging/systemd/ holds exactly what the CLI writes for /usr/bin/reminders (`make units`).
  @Test(arguments: [
    ("service", "reminders.service"), ("timer", "reminders.timer"), ("watch", "reminders-watch.service"),
  ])
  func packagedUnitsAreWhatTheCLIPrints(unit: String, file: String) throws {
    let bin = try Binary()
    let printed = try bin.run("timer", "print-unit", unit, "--exec", "/usr/bin/reminders")
    #expect(printed.status == 0)
    let packaged = try read(Programs.repository + "/packaging/systemd/" + file)
    #expect(printed.stdout == packaged, "run `make units` to rewrite packaging/systemd/")
    let installed = try #require(try? bin.run("timer", "install"))
    #expect(installed.status == 0)
    // The installed copy is the same text with the marker line first and this binary's path.
    let copy = try read(unitDirectory(bin) + "/" + file)
    #expect(
      copy.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
        == packaged.replacingOccurrences(of: "/usr/bin/reminders", with: TimerTests.realBinary))
  }

  @Test func statusTellsInstalledAndEnabled() throws {
    let bin = try Binary()
    let none = try bin.run("timer", "status")
    #expect(none.status == 0)
    #expect(none.stdout == "installed  no (reminders timer install)\n")
    #expect(try bin.run("timer", "install").status == 0)
    var status = try bin.run("timer", "status").stdout
    #expect(status.contains("installed  yes, in \(unitDirectory(bin)) by reminders timer install\n"))
    #expect(status.contains("ExecStart  \(TimerTests.realBinary) run\n"))
    #expect(status.contains("enabled    disabled\n"))
    #expect(status.contains("active     unknown: XDG_RUNTIME_DIR is not set\n"))
    #expect(status.contains("watch      unknown: XDG_RUNTIME_DIR is not set\n"))
    #expect(!status.contains("problem"), "\(status)")
    try FileManager.default.createDirectory(
      atPath: unitDirectory(bin) + "/timers.target.wants", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: unitDirectory(bin) + "/timers.target.wants/reminders.timer",
      withDestinationPath: unitDirectory(bin) + "/reminders.timer")
    status = try bin.run("timer", "status").stdout
    #expect(status.contains("enabled    enabled\n"))
  }

  /// A timer installed without the watch service beside it (by an older version) is a problem
  /// that `status` and `doctor` name; the watch state is a JSON field after the others.
  @Test func statusTellsAMissingWatchService() throws {
    var bin = try Binary()
    bin.use(nil)
    #expect(try bin.run("timer", "install").status == 0)
    var doctor = try bin.run("doctor", "--json")
    var timer = try #require(
      (try JSONSerialization.jsonObject(with: Data(doctor.stdout.utf8)) as? [String: Any])?["timer"]
        as? [String: Any])
    #expect(timer["watch"] is NSNull, "\(doctor.stdout)")
    #expect((timer["problems"] as? [String]) == [])
    try FileManager.default.removeItem(atPath: unitDirectory(bin) + "/reminders-watch.service")
    let problem =
      "reminders-watch.service is missing beside reminders.timer in \(unitDirectory(bin)): "
      + "run reminders timer install again"
    let status = try bin.run("timer", "status").stdout
    #expect(status.contains("\nwatch      not installed\n"), "\(status)")
    #expect(status.contains("\nproblem    \(problem)\n"), "\(status)")
    doctor = try bin.run("doctor", "--json")
    timer = try #require(
      (try JSONSerialization.jsonObject(with: Data(doctor.stdout.utf8)) as? [String: Any])?["timer"]
        as? [String: Any])
    #expect(timer["watch"] as? String == "not installed")
    #expect((timer["problems"] as? [String]) == [problem])
    // Appended: the keys before it keep their order.
    let lines = doctor.stdout.split(separator: "\n").drop { $0 != "  \"timer\": {" }.dropFirst()
    let keys = lines.prefix { $0.hasPrefix("    ") }.filter { $0.hasPrefix("    \"") }.map {
      $0.split(separator: "\"")[1]
    }
    #expect(
      keys == [
        "installed", "location", "writtenByTimerInstall", "execStart", "enabled", "active", "nextElapse",
        "lastTrigger", "userManager", "problems", "watch",
      ], "\(doctor.stdout)")
    let again = try bin.run("timer", "install").stdout
    #expect(
      again.hasPrefix(
        "Wrote \(unitDirectory(bin))/reminders-watch.service\nUp to date: \(unitDirectory(bin))/reminders.service, "
      ),
      "\(again)")
    #expect(!(try bin.run("timer", "status").stdout.contains("problem")))
  }

  /// A unit of ours written by another version (here: a watch service whose text changed) is
  /// a problem, and `install` rewrites only that unit.
  @Test func statusTellsAWatchServiceOfAnotherVersion() throws {
    let bin = try Binary()
    #expect(try bin.run("timer", "install").status == 0)
    let watch = unitDirectory(bin) + "/reminders-watch.service"
    try (try read(watch)).replacingOccurrences(of: "RestartSec=30s", with: "RestartSec=10s").write(
      toFile: watch, atomically: true, encoding: .utf8)
    #expect(
      try bin.run("timer", "status").stdout.contains(
        "problem    the units were written by another version: run reminders timer install again\n"))
    let again = try bin.run("timer", "install")
    #expect(again.stdout.hasPrefix("Wrote \(watch)\nUp to date: "), "\(again.stdout)")
    #expect(!(try bin.run("timer", "status").stdout.contains("problem")))
  }
  /// With a user manager (a private one, Tests/harness/user-manager.sh): install reloads it and
  /// enables and starts the timer, status reads the manager, uninstall stops and removes it.
  @Test(.enabled(if: getuid() == 0, "a private user manager needs a mount namespace: run as root"))
  func withAUserManagerInstallEnablesAndUninstallStops() throws {
    var bin = try Binary()
    let runtime = try Programs.privateFolder()
    bin.environment["XDG_RUNTIME_DIR"] = runtime
    let steps = ["timer install", "timer install", "timer status", "timer uninstall", "timer status"]
    let script = steps.map { "\"$0\" \($0); echo \"== $?\"" }.joined(separator: "\n")
    let result = try Programs.run(
      [
        "unshare", "--mount", "--propagation", "private", "bash",
        Programs.repository + "/Tests/harness/user-manager.sh", runtime, "bash", "-c", script,
        TimerTests.realBinary,
      ], environment: bin.environment)
    #expect(result.status == 0, "\(result.stderr)")
    let outputs = result.stdout.components(separatedBy: "== 0\n")
    try #require(outputs.count == steps.count + 1, "\(result.stdout)\(result.stderr)")
    #expect(
      outputs[0].contains("\nEnabled and started reminders.timer and reminders-watch.service; next run: "),
      "\(outputs[0])")
    #expect(outputs[1].hasPrefix("Up to date: "))
    #expect(outputs[1].contains("\nEnabled and started reminders.timer and reminders-watch.service"))
    #expect(outputs[2].contains("\nenabled    enabled\n"), "\(outputs[2])")
    #expect(outputs[2].contains("\nactive     active (waiting)\n"))
    #expect(outputs[2].contains("\nnext run   "))
    // `reminders watch` is the manager's to start: a state it reports (here, with no session bus,
    // it exits 69 and waits to restart), not "unknown" or "not installed".
    let watchRow = try #require(outputs[2].split(separator: "\n").first { $0.hasPrefix("watch ") })
    #expect(
      ["active", "activating", "failed", "inactive"].contains {
        watchRow.dropFirst("watch".count).trimmingCharacters(in: .whitespaces).hasPrefix($0)
      }, "\(outputs[2])")
    #expect(
      outputs[3].hasPrefix("Stopped and disabled reminders.timer and reminders-watch.service.\nRemoved "),
      "\(outputs[3])")
    #expect(outputs[4] == "installed  no (reminders timer install)\n")
    #expect(!FileManager.default.fileExists(atPath: bin.home + "/config/systemd"))
  }
}
