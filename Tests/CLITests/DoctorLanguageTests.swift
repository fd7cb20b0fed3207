import CLITestSupport
import Foundation
import Testing

/// `doctor` speaks the session's language (docs/planning.md#language): every row, value and the verdict in
/// Japanese under `--lang ja`, config `language = "ja"` or a Japanese locale; the JSON keeps its
/// keys and machine values, its free text follows.
@Suite(.serialized) struct DoctorLanguageTests: DoctorLanguageFixtures {
  /// A home with no bus, a config others may read, a deck that does not parse and a fallback
  /// calendar that does not either.
  func brokenHome() throws -> Binary {
    var bin = try Binary()
    bin.use(nil)
    try bin.writeConfig("# mine\n")
    chmod(bin.configPath, 0o644)
    try bin.writeDeck("{\"version\": 1, \"cards\": [}")
    try "BEGIN:VCALENDAR\nno colon here\n".write(
      toFile: bin.home + "/data/reminders/fallback.ics", atomically: true, encoding: .utf8)
    return bin
  }

  @Test func withoutABusAndWithBrokenFilesEveryRowIsJapanese() throws {
    let bin = try brokenHome()
    let result = try bin.bounded(["doctor", "--lang", "ja"])
    #expect(result.status == 1)
    #expect(result.stderr.isEmpty)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    func row(_ label: String) -> String? { lines.first { $0.hasPrefix(label + " ") } }
    #expect(row("セッションバス")?.contains(": 応答しません: セッションバスがありません") == true, "\(result.stdout)")
    #expect(row("タイマー")?.hasSuffix("インストール: いいえ（reminders timer install でインストールします）") == true)
    #expect(row("設定")?.contains("config.toml: 正常、モード 0644（他のユーザーも読めます。") == true)
    #expect(row("デッキ")?.contains("\(bin.deckPath):1:26: 内容を読み取れません: ") == true, "\(result.stdout)")
    #expect(
      row("デッキ")?.contains("\(bin.deckPath):1:26: 内容を読み取れません: オブジェクトの「{」が必要です") == true, "\(result.stdout)")
    #expect(!result.stdout.contains("expected"), "\(result.stdout)")
    #expect(row("配信記録")?.hasSuffix(": ありません（まだ何も配信していません）") == true)
    #expect(row("保留")?.hasSuffix(": ありません（おやすみモードで保留中のものはありません）") == true)
    #expect(row("予備カレンダー")?.contains("fallback.ics:2: 内容を読み取れません: ") == true, "\(result.stdout)")
    let verdict = try #require(lines.last)
    #expect(verdict.hasPrefix("判定: reminders run はこのファイルで止まります: \(bin.deckPath):1:26: 内容を読み取れません: "))
    #expect(verdict.hasSuffix("。タイマーがインストールされていません（reminders timer install）"))
    expectJapanese(result.stdout)

    // The same from the locale, and from the config when it parses; `--lang en` decides over both.
    let fromLocale = try bin.bounded(["doctor"], extraEnvironment: ["LANG": "ja_JP.UTF-8"])
    #expect(fromLocale.stdout == result.stdout)
    #expect(fromLocale.status == 1)
    try bin.writeConfig("language = \"ja\"\n")
    chmod(bin.configPath, 0o644)
    #expect(try bin.bounded(["doctor"]).stdout == result.stdout)
    let english = try bin.bounded(["doctor", "--lang", "en"])
    #expect(english.stdout.split(separator: "\n").last?.hasPrefix("verdict: reminders run stops on ") == true)
  }

  /// A config that does not parse: doctor still answers, in the locale's language.
  @Test func aBrokenConfigLeavesTheLocaleToDecide() throws {
    let bin = try brokenHome()
    try bin.writeConfig("language = 3\n")
    let japanese = try bin.bounded(["doctor"], extraEnvironment: ["LANG": "ja_JP.UTF-8"])
    #expect(japanese.status == 1)
    #expect(japanese.stdout.contains("config.toml: 設定が正しくありません: language: "), "\(japanese.stdout)")
    #expect(
      japanese.stdout.split(separator: "\n").last?.hasPrefix("判定: reminders run はこのファイルで止まります: ") == true)
    expectJapanese(japanese.stdout)
    let english = try bin.bounded(["doctor"])
    #expect(english.stdout.split(separator: "\n").last?.hasPrefix("verdict: reminders run stops on ") == true)
  }

  /// Every key of a JSON value, with its path, in order.
  func keys(_ value: Any, _ path: String = "") -> [String] {
    if let object = value as? [String: Any] {
      return object.keys.sorted().flatMap { [path + "." + $0] + keys(object[$0]!, path + "." + $0) }
    }
    if let array = value as? [Any] { return array.enumerated().flatMap { keys($1, path + "[\($0)]") } }
    return []
  }

  @Test func theJSONKeepsItsKeysAndValuesAndItsMessagesFollowTheLanguage() throws {
    let bin = try brokenHome()
    let english = try #require(try json(try bin.bounded(["doctor", "--json"]).stdout) as? [String: Any])
    let result = try bin.bounded(["doctor", "--json", "--lang", "ja"])
    #expect(result.status == 1)
    let root = try #require(try json(result.stdout) as? [String: Any], "\(result.stdout)")
    // Pop-ups in Japanese add the font check; everything else has the same shape.
    #expect(
      keys(root).filter { !$0.hasPrefix(".japaneseFont") }
        == keys(english).filter { !$0.hasPrefix(".japaneseFont") })
    #expect(english["japaneseFont"] is NSNull)
    let verdict = try #require(root["verdict"] as? [String: Any])
    #expect(verdict["delivery"] as? String == "broken")
    #expect(verdict["exitCode"] as? Int == 1)
    #expect(
      (verdict["message"] as? String)?.hasPrefix("reminders run はこのファイルで止まります: \(bin.deckPath):1:")
        == true)
    let bus = try #require(root["bus"] as? [String: Any])
    #expect(bus["source"] as? String == "DBUS_SESSION_BUS_ADDRESS")
    #expect((bus["error"] as? String)?.hasPrefix("セッションバスがありません") == true)
    let files = try #require(root["files"] as? [[String: Any]])
    #expect(
      files.map { $0["role"] as? String } == [
        "config", "deck", "ledger", "held", "fallback", "alarms", "dictionary",
      ])
    #expect((files[1]["problem"] as? String)?.contains(": 内容を読み取れません: ") == true)
    #expect(files[1]["parses"] as? Bool == false)
    let timer = try #require(root["timer"] as? [String: Any])
    #expect(timer["watch"] as? String == "not installed")
    #expect(timer["installed"] as? Bool == false)
  }

}
