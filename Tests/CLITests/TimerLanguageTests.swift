import CLITestSupport
import Foundation
import Testing

/// `timer install`, `uninstall` and `status` speak the session's language (docs/planning.md#language), their
/// messages on stderr too; unit names, paths and command lines stay as they are.
@Suite struct TimerLanguageTests {
  /// A path no unit file can hold is refused in the session's language: one line, exit 64.
  @Test(arguments: [
    ("ja", "reminders: 改行を含むパスはユニットファイルに書けません: \"/tmp/a\\nb\"\n"),
    ("en", "reminders: a unit file cannot hold a path with a line break: \"/tmp/a\\nb\"\n"),
  ])
  func aPathWithALineBreakIsRefused(language: String, line: String) throws {
    let bin = try Binary()
    let result = try bin.run("timer", "print-unit", "service", "--exec", "/tmp/a\nb", "--lang", language)
    #expect(result.status == 64)
    #expect(result.stderr == line)
    #expect(result.stdout.isEmpty)
  }

  @Test func inJapaneseFromTheLocale() throws {
    var bin = try Binary()
    bin.environment["LANG"] = "ja_JP.UTF-8"
    let units = bin.home + "/config/systemd/user"
    #expect(try bin.run("timer", "status").stdout == "インストール  いいえ（reminders timer install でインストールします）\n")
    let install = try bin.run("timer", "install")
    #expect(install.status == 0, "\(install.stderr)")
    #expect(install.stdout.hasPrefix("\(units)/reminders.service を書きました\n"), "\(install.stdout)")
    #expect(
      install.stdout.contains(
        "\nいま有効にできる systemd ユーザーマネージャーがありません（XDG_RUNTIME_DIR が設定されていません）。動いている環境で次を実行してください:\n"
      ))
    #expect(
      install.stdout.hasSuffix("\n  systemctl --user enable --now reminders.timer reminders-watch.service\n"))
    #expect(try bin.run("timer", "install").stdout.hasPrefix("変更なし: \(units)/reminders.service, "))
    try FileManager.default.removeItem(atPath: units + "/reminders-watch.service")
    let status = try bin.run("timer", "status").stdout
    #expect(status.contains("インストール  はい、\(units) に（reminders timer install による）\n"), "\(status)")
    #expect(status.contains("\n有効化        無効\n"), "\(status)")
    #expect(status.contains("\n状態          不明: XDG_RUNTIME_DIR が設定されていません\n"))
    #expect(status.contains("\n監視サービス  インストールされていません\n"))
    #expect(
      status.contains(
        "\n問題          \(units) に reminders.timer はありますが reminders-watch.service がありません: "
          + "reminders timer install をもう一度実行してください\n"))
    // `--lang en` decides over the locale.
    #expect(try bin.run("timer", "status", "--lang", "en").stdout.hasPrefix("installed  yes, in \(units) "))

    let uninstall = try bin.run("timer", "uninstall", "--lang", "ja")
    #expect(uninstall.status == 0)
    #expect(uninstall.stdout.hasPrefix("\(units)/reminders.service を削除しました\n"), "\(uninstall.stdout)")
    #expect(try bin.run("timer", "uninstall").stdout.hasPrefix("削除するものはありません: "))

    // Messages on stderr too.
    try FileManager.default.createDirectory(atPath: units, withIntermediateDirectories: true)
    try "[Timer]\nOnCalendar=hourly\n".write(
      toFile: units + "/reminders.timer", atomically: true, encoding: .utf8)
    let refused = try bin.run("timer", "install")
    #expect(refused.status == 1)
    #expect(
      refused.stderrLines == [
        "reminders: \(units)/reminders.timer は reminders timer install が書いたものではありません。先に移動してください（何も変更していません）"
      ])
    #expect(
      try bin.run("timer", "uninstall").stderrLines == [
        "reminders: \(units)/reminders.timer は残しました: reminders timer install が書いたものではありません"
      ])
  }
}
