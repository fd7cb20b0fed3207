import CLITestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// An empty or unset `HOME` means the home folder the user database gives, everywhere.
@Suite struct HomeTests {
  func userDatabaseHome() throws -> String {
    let entry = try #require(getpwuid(getuid()))
    return String(cString: entry.pointee.pw_dir)
  }

  @Test(arguments: ["", nil] as [String?])
  func emptyOrUnsetHomeIsTheUserDatabases(home: String?) throws {
    var bin = try Binary()
    bin.use(nil)
    for key in ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"] {
      bin.environment[key] = nil
    }
    bin.environment["HOME"] = home
    let expected = try userDatabaseHome()
    // doctor writes nothing, and says where it looked.
    let result = try bin.bounded(["doctor", "--json"])
    let root = try #require(try json(result.stdout) as? [String: Any], "\(result.stderr)")
    let files = try #require(root["files"] as? [[String: Any]])
    #expect(files.first?["path"] as? String == expected + "/.config/reminders/config.toml")
    let status = try bin.bounded(["timer", "status"])
    #expect(status.status == 0, "\(status.stderr)")
  }
}

/// No home anywhere (a uid the user database does not know, and no `HOME`): every command that
/// needs paths stops with exit 69 and one line, instead of guessing a folder.
@Suite struct NoHomeTests {
  @Test(.enabled(if: getuid() == 0, "running as a uid without a passwd entry needs root"))
  func noHomeIsExit69ForEveryCommand() throws {
    let uid = "54321"
    try #require(getpwuid(54321) == nil, "uid \(uid) has a passwd entry here")
    let expected =
      "reminders: HOME is not set to an absolute path and the user database names no home folder for uid "
      + "\(uid); set HOME to your home folder\n"
    for arguments in [["preview"], ["doctor"], ["timer", "status"], ["cards", "add", "x", "y"]] {
      for home in [nil, ""] as [String?] {
        var environment = ["PATH": "/usr/bin:/bin"]
        environment["HOME"] = home
        let result = try Programs.run(
          ["setpriv", "--reuid", uid, "--regid", uid, "--clear-groups", Binary.path] + arguments,
          environment: environment, directory: "/")
        #expect(result.status == 69, "\(arguments): \(result.stderr)")
        #expect(result.stderr == expected, "\(arguments)")
      }
    }
    // In Japanese under --lang ja or a Japanese locale (there is no config to ask).
    let japanese =
      "reminders: HOME が絶対パスに設定されておらず、ユーザーデータベースにも uid \(uid) のホームフォルダーがありません。"
      + "HOME にホームフォルダーを設定してください\n"
    for (arguments, locale) in [
      (["preview", "--lang", "ja"], nil), (["doctor", "--lang", "ja"], nil),
      (["cards", "list"], "ja_JP.UTF-8"),
    ] as [([String], String?)] {
      var environment = ["PATH": "/usr/bin:/bin"]
      environment["LANG"] = locale
      let result = try Programs.run(
        ["setpriv", "--reuid", uid, "--regid", uid, "--clear-groups", Binary.path] + arguments,
        environment: environment, directory: "/")
      #expect(result.status == 69, "\(arguments): \(result.stderr)")
      #expect(result.stderr == japanese, "\(arguments)")
    }
  }
}
