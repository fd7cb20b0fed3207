import CLITestSupport
import Foundation
import Testing

/// `reminders doctor` warns when pop-ups are in Japanese and fontconfig has no font with
/// Japanese glyphs (they would show as boxes), without changing its exit code.
@Suite struct DoctorFontTests {
  /// A fontconfig configuration that knows only an empty folder of fonts.
  func noFonts(_ bin: Binary) throws -> String {
    let folder = bin.home + "/no-fonts"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let config = folder + "/fonts.conf"
    try """
    <?xml version="1.0"?>
    <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
    <fontconfig><dir>\(folder)</dir><cachedir>\(folder)/cache</cachedir></fontconfig>
    """.write(toFile: config, atomically: true, encoding: .utf8)
    return config
  }

  func doctor(_ bin: Binary, _ environment: [String: String]) throws -> (Binary.Result, [String: Any]) {
    let result = try bin.bounded(["doctor", "--json"], extraEnvironment: environment)
    let root = try #require(try json(result.stdout) as? [String: Any], "\(result.stdout)\(result.stderr)")
    return (result, root)
  }

  /// In the session's language, Japanese here, then in English: without such a font the
  /// Japanese words themselves may show as boxes.
  static let warning =
    "日本語の字形を持つフォントがありません（fc-list :lang=ja で見つかりません）: "
    + "日本語のポップアップは文字が四角で表示されます。フォントを入れてください（Debian: fonts-noto-cjk） / "
    + "no font with Japanese glyphs (fc-list :lang=ja finds none): Japanese pop-ups will show boxes; "
    + "install one (Debian: fonts-noto-cjk)"

  @Test func noJapaneseFontIsAWarningThatKeepsTheExitCode() throws {
    var bin = try Binary()
    bin.use(nil)
    let japanese = ["LANG": "ja_JP.UTF-8"]
    let (withFonts, withRoot) = try doctor(bin, japanese)
    let font = try #require(withRoot["japaneseFont"] as? [String: Any])
    let families = try #require(font["families"] as? [String])
    #expect(
      !families.isEmpty, "this system has no font with Japanese glyphs (make deps installs fonts-noto-cjk)")
    #expect(font["warning"] is NSNull)

    let empty = try noFonts(bin)
    let (without, withoutRoot) = try doctor(bin, japanese.merging(["FONTCONFIG_FILE": empty]) { $1 })
    #expect(without.status == withFonts.status)
    let missing = try #require(withoutRoot["japaneseFont"] as? [String: Any])
    #expect(missing["families"] as? [String] == [])
    #expect(missing["warning"] as? String == Self.warning)
    let verdict = try #require(withoutRoot["verdict"] as? [String: Any])
    #expect((verdict["message"] as? String)?.hasSuffix("。" + Self.warning) == true)
    #expect(verdict["exitCode"] as? Int == Int(withFonts.status))

    let text = try bin.bounded(
      ["doctor"], extraEnvironment: japanese.merging(["FONTCONFIG_FILE": empty]) { $1 })
    #expect(text.status == without.status)
    #expect(
      text.stdout.split(separator: "\n").contains {
        $0.hasPrefix("フォント  ") && $0.hasSuffix("  " + Self.warning)
      },
      "\(text.stdout)")
  }

  @Test func onlyAskedWhenPopUpsAreInJapanese() throws {
    var bin = try Binary()
    bin.use(nil)
    let empty = try noFonts(bin)
    let (_, english) = try doctor(bin, ["FONTCONFIG_FILE": empty])
    #expect(english["japaneseFont"] is NSNull)
    // The config's language decides over the locale, as for pop-ups.
    try bin.writeConfig("language = \"ja\"\n")
    let (_, configured) = try doctor(bin, ["FONTCONFIG_FILE": empty])
    #expect((configured["japaneseFont"] as? [String: Any])?["warning"] as? String == Self.warning)
  }

  @Test func withoutFcListItSaysItCannotTell() throws {
    var bin = try Binary()
    bin.use(nil)
    bin.environment["PATH"] = bin.home + "/empty-bin"
    let (_, root) = try doctor(bin, ["LANG": "ja_JP.UTF-8"])
    let font = try #require(root["japaneseFont"] as? [String: Any])
    #expect(
      font["warning"] as? String
        == "fc-list がインストールされていません: 日本語の字形を持つフォントがあるか分かりません（Debian: fontconfig）")
  }
}
