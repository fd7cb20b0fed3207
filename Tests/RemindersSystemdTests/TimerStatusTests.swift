import Foundation
import RemindersStore
import Testing

@testable import RemindersSystemd

/// `status`: where the units are, who wrote them, what is wrong with them, and what the user
/// manager (or, without one, the enable links) says.
@Suite struct TimerStatusTests {
  /// A binary that exists and may be run, so that `ExecStart=` names no problem.
  static let units = TimerUnits(executable: "/bin/sh")

  @Test func nothingInstalled() throws {
    let home = try ScratchHome()
    defer { home.remove() }
    let state = home.installation(nil).status()
    var expected = TimerState(unitDirectory: home.folders.own)
    expected.managerProblem = .unreachable(.noRuntimeDirectory)
    #expect(state == expected)
    #expect(!state.installed)
    #expect(state.watchShown == "not installed")
  }

  /// Without a user manager, `enabled` is read from the links.
  @Test func enabledFromTheLinksWithoutAManager() throws {
    let home = try ScratchHome()
    defer { home.remove() }
    let installation = home.installation(nil)
    _ = try installation.install(Self.units)
    var state = installation.status()
    #expect(state.location == home.folders.own)
    #expect(state.writtenByTimerInstall)
    #expect(state.execStart == "/bin/sh run")
    #expect(state.watchInstalled)
    #expect(state.problems == [])
    #expect(state.enabled == "disabled")
    #expect(state.active == nil && state.watch == nil && state.watchShown == nil)

    // Enabled for every user: a link in `/etc/systemd/user`, counted only when it leads to a unit.
    try home.link(
      home.folders.everyUser + "/timers.target.wants/reminders.timer",
      to: home.folders.everyUser + "/reminders.timer")
    #expect(installation.status().enabled == "disabled")
    try home.write(Self.units.timer, to: home.folders.everyUser + "/reminders.timer")
    state = installation.status()
    #expect(state.location == home.folders.own)
    #expect(state.enabled == TimerState.enabledForEveryUser)
    #expect(state.isEnabled)

    try home.link(installation.enableLink(.timer)!, to: installation.path(.timer))
    #expect(installation.status().enabled == "enabled")
  }

  /// The folder the manager loads the timer from is the first on its search path that has it.
  @Test func unitsSomeoneElseInstalled() throws {
    let home = try ScratchHome()
    defer { home.remove() }
    for unit in TimerUnits.Unit.allCases {
      try home.write(Self.units.text(of: unit), to: home.packaged + "/" + unit.fileName)
    }
    let state = home.installation(nil).status()
    #expect(state.location == home.packaged)
    #expect(!state.writtenByTimerInstall)
    #expect(state.problems == [])
    #expect(state.enabled == "disabled")
  }

  /// Each problem, from a change to what `install` wrote.
  @Test(
    arguments: [
      ("a binary that is gone", "service", "ExecStart=/bin/sh run", "ExecStart=/nowhere/reminders run"),
      ("no service", "service", nil, nil),
      ("no watch service", "watch", nil, nil),
      ("an older text", "timer", "AccuracySec=1s", "AccuracySec=1min"),
    ] as [(String, String, String?, String?)])
  func problems(change: String, unit: String, replacing: String?, with: String?) throws {
    let home = try ScratchHome()
    defer { home.remove() }
    let installation = home.installation(nil)
    _ = try installation.install(Self.units)
    let path = installation.path(TimerUnits.Unit(rawValue: unit)!)
    if let replacing, let with {
      try home.write(home.read(path)!.replacingOccurrences(of: replacing, with: with), to: path)
    } else {
      try FileManager.default.removeItem(atPath: path)
    }
    let expected: [TimerProblem] =
      switch change {
      // The watch service still names /bin/sh, which this version would not write beside it.
      case "a binary that is gone": [.notExecutable("/nowhere/reminders"), .otherVersion]
      case "no service": [.serviceMissing(directory: home.folders.own)]
      case "no watch service": [.watchMissing(directory: home.folders.own)]
      default: [.otherVersion]
      }
    #expect(installation.status().problems == expected, "\(change)")
  }

  /// With a user manager, its answers; "n/a" and zero timestamps are not shown.
  @Test func whatTheManagerSays() throws {
    let home = try ScratchHome()
    defer { home.remove() }
    _ = try home.installation(nil).install(Self.units)
    let manager = FakeUserManager(shown: [
      "reminders.timer": [
        "LoadState": "loaded", "UnitFileState": "enabled", "ActiveState": "active", "SubState": "waiting",
        "NextElapseUSecRealtime": "Mon 2026-05-04 08:01:00 JST", "LastTriggerUSec": "0",
      ],
      "reminders-watch.service": [
        "LoadState": "loaded", "ActiveState": "activating", "SubState": "auto-restart",
      ],
    ])
    let state = home.installation(manager).status()
    #expect(state.managerProblem == nil)
    #expect(state.enabled == "enabled")
    #expect(state.active?.raw == "active (waiting)")
    #expect(state.nextElapse == "Mon 2026-05-04 08:01:00 JST")
    #expect(state.lastTrigger == nil)
    #expect(state.watch?.raw == "activating (auto-restart)")
    #expect(state.watchShown == "activating (auto-restart)")
    #expect(manager.calls == [])
  }

  @Test func aManagerThatFailsToAnswer() throws {
    let home = try ScratchHome()
    defer { home.remove() }
    let manager = FakeUserManager()
    let failure = SystemdError.systemctlFailed(
      SystemctlFailure(command: "systemctl --user show", output: .timedOut))
    manager.showFailure = failure
    let state = home.installation(manager).status()
    #expect(state.managerProblem == .failed(failure))
    #expect(state.enabled == nil)
  }

  @Test func unitActivity() {
    let table: [([String: String], String, Bool)] = [
      (["LoadState": "loaded", "ActiveState": "active", "SubState": "waiting"], "active (waiting)", true),
      (["LoadState": "loaded", "ActiveState": "inactive"], "inactive", true),
      (
        ["LoadState": "not-found", "ActiveState": "inactive", "SubState": "dead"], "not loaded (not-found)",
        false
      ),
      ([:], "not loaded (unknown)", false),
    ]
    for (values, raw, loaded) in table {
      let activity = UnitActivity(values)
      #expect(activity.raw == raw)
      #expect(activity.isLoaded == loaded)
    }
    for (value, shown) in [("", nil), ("n/a", nil), ("0", nil), ("Mon 2026-05-04", "Mon 2026-05-04")]
      as [(String, String?)]
    {
      #expect(TimerState.shown(value) == shown)
    }
  }
}
