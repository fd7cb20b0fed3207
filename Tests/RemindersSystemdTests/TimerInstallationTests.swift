import Foundation
import RemindersStore
import Testing

@testable import RemindersSystemd

/// `install` and `uninstall` against a user manager in memory: which files change, which
/// `systemctl --user` calls go out, and what happens when one fails.
@Suite struct TimerInstallationTests {
  static let units = TimerUnits(executable: "/usr/bin/reminders")
  static let enableCalls = [
    ["enable", "--now", "reminders.timer"], ["enable", "--now", "--no-block", "reminders-watch.service"],
  ]

  @Test func installWritesTheUnitsThenEnablesThem() throws {
    let home = try ScratchHome()
    defer { home.remove() }
    let manager = FakeUserManager(shown: [
      "reminders.timer": ["NextElapseUSecRealtime": "Mon 2026-05-04 08:01:00 JST"]
    ])
    let installation = home.installation(manager)
    let installed = try installation.install(Self.units)
    let paths = TimerUnits.Unit.allCases.map(installation.path)
    #expect(
      installed == .init(written: paths, unchanged: [], manager: .success("Mon 2026-05-04 08:01:00 JST")))
    #expect(manager.calls == [["daemon-reload"]] + Self.enableCalls)
    for unit in TimerUnits.Unit.allCases {
      #expect(
        home.read(installation.path(unit)).map { Array($0.utf8) } == Self.units.installedBytes(of: unit))
      let mode = try FileManager.default.attributesOfItem(atPath: installation.path(unit))[.posixPermissions]
      #expect(mode as? Int == 0o644)
    }
  }

  /// The same units again: nothing written, no reload, the units enabled and started again
  /// (which starts a watch service that stopped).
  @Test func installAgainChangesNothing() throws {
    let home = try ScratchHome()
    defer { home.remove() }
    let installation = home.installation(FakeUserManager())
    _ = try installation.install(Self.units)
    let manager = FakeUserManager(shown: ["reminders.timer": ["NextElapseUSecRealtime": "n/a"]])
    let again = try home.installation(manager).install(Self.units)
    #expect(again.written == [])
    #expect(again.unchanged == TimerUnits.Unit.allCases.map(installation.path))
    #expect(again.manager == .success(nil))
    #expect(manager.calls == Self.enableCalls)
  }

  /// A moved binary: the service and the watch service are rewritten, the timer stays.
  @Test func installAfterMovingTheBinaryRewritesWhatNamesIt() throws {
    let home = try ScratchHome()
    defer { home.remove() }
    let installation = home.installation(FakeUserManager())
    _ = try installation.install(Self.units)
    let manager = FakeUserManager()
    let moved = try home.installation(manager).install(TimerUnits(executable: "/opt/reminders"))
    #expect(moved.written == [installation.path(.service), installation.path(.watch)])
    #expect(moved.unchanged == [installation.path(.timer)])
    #expect(manager.calls == [["daemon-reload"]] + Self.enableCalls)
    #expect(home.read(installation.path(.service))?.contains("\nExecStart=/opt/reminders run\n") == true)
  }

  /// Without a user manager the files are written and the answer says why nothing was enabled.
  @Test func installWithoutAUserManager() throws {
    let home = try ScratchHome()
    defer { home.remove() }
    let installation = home.installation(nil)
    let installed = try installation.install(Self.units)
    #expect(installed.written.count == 3)
    #expect(installed.manager == .failure(.noRuntimeDirectory))
  }

  /// A unit of our name that someone else wrote: refused before anything is written or asked.
  @Test(arguments: TimerUnits.Unit.allCases)
  func installRefusesAForeignUnit(unit: TimerUnits.Unit) throws {
    let home = try ScratchHome()
    defer { home.remove() }
    let manager = FakeUserManager()
    let installation = home.installation(manager)
    try home.write("[Unit]\nDescription=mine\n", to: installation.path(unit))
    #expect(throws: SystemdError.foreignUnit(path: installation.path(unit))) {
      try installation.install(Self.units)
    }
    for other in TimerUnits.Unit.allCases where other != unit {
      #expect(!home.exists(installation.path(other)))
    }
    #expect(home.read(installation.path(unit)) == "[Unit]\nDescription=mine\n")
    #expect(manager.calls == [])
  }

  /// A folder where a unit should be cannot be read as one: a file error, nothing written.
  @Test func installStopsOnAUnitThatIsNotAFile() throws {
    let home = try ScratchHome()
    defer { home.remove() }
    let manager = FakeUserManager()
    let installation = home.installation(manager)
    try FileManager.default.createDirectory(
      atPath: installation.path(.watch), withIntermediateDirectories: true)
    #expect(
      throws: SystemdError.file(
        .unreadable(path: installation.path(.watch), reason: .notRegularFile(.directory)))
    ) {
      try installation.install(Self.units)
    }
    #expect(!home.exists(installation.path(.service)))
    #expect(manager.calls == [])
  }

  /// A `systemctl` call that fails stops `install` with its failure; the files stay written.
  @Test(arguments: [
    ("daemon-reload", [["daemon-reload"]]),
    ("enable", [["daemon-reload"], ["enable", "--now", "reminders.timer"]]),
  ])
  func installStopsWhenSystemctlFails(failing: String, calls: [[String]]) throws {
    let home = try ScratchHome()
    defer { home.remove() }
    let failure = SystemdError.systemctlFailed(
      SystemctlFailure(command: "systemctl --user \(failing)", output: .said("Access denied")))
    let manager = FakeUserManager()
    manager.failures[failing] = failure
    let installation = home.installation(manager)
    #expect(throws: failure) { try installation.install(Self.units) }
    #expect(manager.calls == calls)
    #expect(TimerUnits.Unit.allCases.allSatisfy { home.exists(installation.path($0)) })
  }

  /// The next start is only shown: a `show` that fails does not fail `install`.
  @Test func installDoesNotNeedTheNextStart() throws {
    let home = try ScratchHome()
    defer { home.remove() }
    let manager = FakeUserManager()
    manager.showFailure = .systemctlNotStarted(SystemError(call: "posix_spawn", code: ENOENT))
    #expect(try home.installation(manager).install(Self.units).manager == .success(nil))
  }

  /// What `systemctl --user enable` would have left: links in the `.wants` folders.
  func enable(_ installation: TimerInstallation, _ home: ScratchHome) throws {
    for unit in TimerUnits.Unit.enabled {
      try home.link(installation.enableLink(unit)!, to: installation.path(unit))
    }
  }

  @Test func uninstallStopsAndRemovesEverythingOfOurs() throws {
    let home = try ScratchHome()
    defer { home.remove() }
    let installation = home.installation(FakeUserManager())
    _ = try installation.install(Self.units)
    try enable(installation, home)
    let manager = FakeUserManager()
    let removed = try home.installation(manager).uninstall()
    let links = TimerUnits.Unit.enabled.compactMap(installation.enableLink)
    #expect(
      removed
        == .init(
          removed: links + TimerUnits.Unit.allCases.map(installation.path), leftForeign: [],
          stopped: ["reminders.timer", "reminders-watch.service"], disabled: true))
    #expect(
      manager.calls == [
        ["disable", "--now", "reminders.timer", "reminders-watch.service"], ["daemon-reload"],
      ])
    // The folders it leaves empty go too, up to `systemd/`.
    #expect(!home.exists(home.folders.own))
    #expect(!home.exists(FileIO.parentDirectory(of: home.folders.own)))
    #expect(home.exists(home.root + "/config"))
  }

  /// Without a user manager the files go all the same, and the answer says why nothing was
  /// stopped.
  @Test func uninstallWithoutAUserManager() throws {
    let home = try ScratchHome()
    defer { home.remove() }
    let installation = home.installation(nil)
    _ = try installation.install(Self.units)
    try enable(installation, home)
    let removed = try installation.uninstall()
    #expect(removed.removed.count == 5)
    #expect(!removed.disabled)
    #expect(removed.unreachable == .noRuntimeDirectory)
    #expect(!home.exists(home.folders.own))
  }

  /// A unit of our name that someone else wrote stays, and so does its folder; the manager
  /// stops only what is ours.
  @Test func uninstallLeavesAForeignUnit() throws {
    let home = try ScratchHome()
    defer { home.remove() }
    let installation = home.installation(FakeUserManager())
    _ = try installation.install(Self.units)
    try home.write("[Timer]\nOnCalendar=hourly\n", to: installation.path(.timer))
    let manager = FakeUserManager()
    let removed = try home.installation(manager).uninstall()
    #expect(removed.leftForeign == [installation.path(.timer)])
    #expect(removed.removed == [installation.path(.service), installation.path(.watch)])
    #expect(removed.stopped == ["reminders-watch.service"])
    #expect(manager.calls == [["disable", "--now", "reminders-watch.service"], ["daemon-reload"]])
    #expect(home.read(installation.path(.timer)) == "[Timer]\nOnCalendar=hourly\n")
  }

  /// A link that points somewhere else, and anything else in the folders, is not ours.
  @Test func uninstallLeavesOthersLinksAndFiles() throws {
    let home = try ScratchHome()
    defer { home.remove() }
    let installation = home.installation(nil)
    _ = try installation.install(Self.units)
    let link = installation.enableLink(.timer)!
    try home.link(link, to: home.packaged + "/reminders.timer")
    try home.write("[Unit]\n", to: home.folders.own + "/other.service")
    let removed = try installation.uninstall()
    #expect(removed.removed == TimerUnits.Unit.allCases.map(installation.path))
    #expect((try? FileIO.linkTarget(of: link)) == home.packaged + "/reminders.timer")
    #expect(home.exists(home.folders.own + "/other.service"))
  }

  /// `disable --now` failing (a unit the manager never loaded) is told, and the files still go.
  @Test func uninstallGoesOnWhenDisableFails() throws {
    let home = try ScratchHome()
    defer { home.remove() }
    let installation = home.installation(FakeUserManager())
    _ = try installation.install(Self.units)
    let failure = SystemdError.systemctlFailed(
      SystemctlFailure(command: "systemctl --user disable --now", output: .status(1)))
    let manager = FakeUserManager()
    manager.failures["disable"] = failure
    let removed = try home.installation(manager).uninstall()
    #expect(!removed.disabled)
    #expect(removed.disableFailure == failure)
    #expect(removed.removed.count == 3)
    #expect(manager.calls.last == ["daemon-reload"])
  }

  /// Nothing of ours there: nothing removed, nothing asked of the manager.
  @Test func uninstallWithNothingInstalled() throws {
    let home = try ScratchHome()
    defer { home.remove() }
    let manager = FakeUserManager()
    #expect(try home.installation(manager).uninstall() == .init())
    #expect(manager.calls == [])
  }
}
