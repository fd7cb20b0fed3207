import Foundation
import Testing

@testable import RemindersStore

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct PathsTests {
  @Test func basesFollowXDGAndIgnoreRelativeValues() throws {
    let p = try Paths(environment: [
      "HOME": "/home/u", "XDG_DATA_HOME": "/data", "XDG_STATE_HOME": "relative/ignored", "XDG_CACHE_HOME": "",
    ])
    #expect(p.home == "/home/u")
    #expect(p.configHome == "/home/u/.config" && p.dataHome == "/data")
    #expect(p.stateHome == "/home/u/.local/state" && p.cacheHome == "/home/u/.cache")
    #expect(p.systemdUserUnits == "/home/u/.config/systemd/user")
    #expect(p.defaultFeed == "/data/reminders/reminders.ics")
    #expect(p.cacheDir == "/home/u/.cache/reminders")
  }

  /// Unset, empty or relative `HOME`: the user database's home, asked only then.
  @Test(arguments: [nil, "", "relative/home"] as [String?])
  func anUnusableHomeIsTheUserDatabases(home: String?) throws {
    var environment: [String: String] = [:]
    environment["HOME"] = home
    let p = try Paths(environment: environment, userHome: { "/var/lib/u" })
    #expect(p.home == "/var/lib/u" && p.config == "/var/lib/u/.config/reminders/config.toml")
    var asked = false
    _ = try Paths(
      environment: ["HOME": "/h"],
      userHome: {
        asked = true; return "/other"
      })
    #expect(!asked)
  }

  @Test func noHomeAnywhereIsRefused() {
    #expect(throws: Paths.HomeUnknown(userID: getuid())) {
      try Paths(environment: ["HOME": ""], userHome: { nil })
    }
    #expect(throws: Paths.HomeUnknown(userID: getuid())) {
      try Paths(environment: [:], userHome: { "" })
    }
    #expect(
      Paths.HomeUnknown(userID: 1234).description
        == "HOME is not set to an absolute path and the user database names no home folder for uid 1234; "
        + "set HOME to your home folder")
  }

  @Test func theRootFolderAsHomeMakesNoDoubleSlash() throws {
    #expect(try Paths(environment: ["HOME": "/"]).configHome == "/.config")
  }

  @Test func theUserDatabaseKnowsThisUser() {
    let home = Paths.userDatabaseHome()
    #expect(home?.hasPrefix("/") == true, "getpwuid_r found no home for uid \(getuid())")
  }
}
