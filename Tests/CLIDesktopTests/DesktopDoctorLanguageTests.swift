import CLITestSupport
import DesktopTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `doctor` in Japanese against dunst (the rows without a bus are DoctorLanguageTests in CLITests).
@Suite(.serialized) struct DoctorLanguageTests: DoctorLanguageFixtures {
  @Test func dunstAnswersInJapanese() throws {
    let session = try DesktopSession.start()
    defer { session.stop() }
    var bin = try Binary()
    bin.use(session)
    try session.dunstctl("set-paused", "true")
    let result = try bin.bounded(["doctor", "--lang", "ja"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("セッションバス ") && $0.contains(" として応答") }, "\(result.stdout)")
    #expect(
      lines.contains {
        $0.hasPrefix("通知サーバー ") && $0.contains("dunst") && $0.contains("（提供元 knopwob、仕様 1.2）")
      })
    #expect(lines.contains { $0.hasPrefix("機能 ") && $0.contains("actions") })
    #expect(
      lines.contains {
        $0.hasPrefix("おやすみモード ")
          && $0.contains(
            "オン（読み取り元: org.freedesktop.Notifications /org/freedesktop/Notifications のプロパティ "
              + "org.dunstproject.cmd0.paused）")
      }, "\(result.stdout)")
    let verdict = try #require(lines.last)
    #expect(verdict.hasPrefix("判定: ポップアップは dunst "), "\(verdict)")
    #expect(verdict.contains("が表示します。おやすみモードがオンです: 終わるまで待ってから表示します。"))
    expectJapanese(result.stdout)
    let root = try #require(
      try json(try bin.bounded(["doctor", "--json", "--lang", "ja"]).stdout) as? [String: Any])
    #expect((root["doNotDisturb"] as? [String: Any])?["state"] as? String == "on")
    #expect((root["verdict"] as? [String: Any])?["delivery"] as? String == "popup")
  }
}
