import Foundation
import Testing

@testable import RemindersStore

/// `ConfigLines`: one key changed, every other line and comment kept (docs/configuration.md).
@Suite struct ConfigTextTests {
  let file = """
    # my settings
    language = "ja"

    [daily]
    time = "08:00"      # the morning one
    persist = true

    # quiet while at lunch
    [quiet]
    hours = [
      "12:00-13:00",   # lunch
      "22:00-07:00",
    ]

    [review]
    in = "popup"

    """

  func key(_ name: String) -> SettingKey { SettingKey.named(name)! }

  @Test func aValueIsReplacedInPlaceWithItsComment() throws {
    let after = try ConfigLines.set(file, key: key("daily.time"), value: "\"19:00\"")
    #expect(after == file.replacingOccurrences(of: "time = \"08:00\"", with: "time = \"19:00\""))
  }

  @Test func aListOverSeveralLinesIsReplacedWhole() throws {
    let after = try ConfigLines.set(file, key: key("quiet.hours"), value: "[\"12:00-13:00\"]")
    #expect(after.contains("[quiet]\nhours = [\"12:00-13:00\"]\n\n[review]"))
    #expect(!after.contains("22:00-07:00") && after.hasPrefix("# my settings\nlanguage = \"ja\"\n"))
  }

  @Test func aNewKeyGoesAfterItsTablesLastLine() throws {
    let after = try ConfigLines.set(file, key: key("daily.again"), value: "\"17:00\"")
    #expect(after.contains("persist = true\nagain = \"17:00\"\n\n# quiet while at lunch\n[quiet]"))
  }

  @Test func aNewTableGoesAtTheEnd() throws {
    let after = try ConfigLines.set(file, key: key("study.new_per_day"), value: "10")
    #expect(after == file + "\n[study]\nnew_per_day = 10\n")
    let fsrs = try ConfigLines.set("", key: key("study.fsrs.desired_retention"), value: "0.9")
    #expect(fsrs == "[study.fsrs]\ndesired_retention = 0.9\n")
  }

  @Test func aTopLevelKeyGoesBeforeTheFirstTable() throws {
    let after = try ConfigLines.set("[daily]\ntime = \"08:00\"\n", key: key("language"), value: "\"en\"")
    #expect(after == "language = \"en\"\n[daily]\ntime = \"08:00\"\n")
    let replaced = try ConfigLines.set(file, key: key("language"), value: "\"en\"")
    #expect(replaced == file.replacingOccurrences(of: "language = \"ja\"", with: "language = \"en\""))
  }

  @Test func unsetRemovesItsLinesOnly() throws {
    let after = try ConfigLines.unset(file, key: key("quiet.hours"))
    #expect(
      after
        == file.replacingOccurrences(
          of: "hours = [\n  \"12:00-13:00\",   # lunch\n  \"22:00-07:00\",\n]\n", with: ""))
    #expect(try ConfigLines.unset(file, key: key("daily.again")) == file)
  }

  /// A key written as a dotted key or in an inline table is left for a person to change.
  @Test(arguments: ["daily.time = \"08:00\"\n", "daily = { time = \"08:00\" }\n"])
  func otherFormsAreNotEdited(text: String) {
    #expect(throws: ConfigLines.Unsupported(key: "daily.time")) {
      try ConfigLines.set(text, key: key("daily.time"), value: "\"19:00\"")
    }
  }

  /// Each default the table lists is the reader's default: a file that says it reads as no file.
  @Test func theDefaultsAreTheReadersDefaults() throws {
    for key in SettingKey.all {
      // ([anki] and [calendar] need their main key; the calendar's days are checked below.)
      guard let standard = key.standard, !key.key.hasPrefix("anki."), !key.key.hasPrefix("calendar.") else {
        continue
      }
      let text = try ConfigLines.set("", key: key, value: standard)
      let config = try Configuration.parse(text, path: "c.toml", home: "/h")
      #expect(config == .standard, "\(key.key) = \(standard)")
    }
    let days = try #require(SettingKey.named("calendar.days")?.standard)
    let calendar = try Configuration.parse(
      "[calendar]\nurl = \"https://h/c/\"\ndays = \(days)\n", path: "c.toml", home: "/h"
    ).calendar
    #expect(calendar == CalendarSettings(url: "https://h/c/"))
  }

  /// VALUE as `config set` takes it, by the key's kind.
  @Test(
    arguments: [
      ("daily.time", "19:00", "\"19:00\""), ("daily.persist", "TRUE", "true"), ("daily.persist", "yes", nil),
      ("study.new_per_day", "12", "12"), ("study.new_per_day", "many", nil), ("focus.minutes", "0.5", "0.5"),
      ("quiet.hours", "12:00-13:00, 22:00-07:00", "[\"12:00-13:00\", \"22:00-07:00\"]"),
      ("quiet.hours", "", "[]"), ("review.terminal", "xterm -e", "[\"xterm\", \"-e\"]"),
      ("review.terminal", "[\"foot\"]", "[\"foot\"]"),
      ("fallback.path", "a \"b\"\\c", "\"a \\\"b\\\"\\\\c\""),
    ] as [(String, String, String?)])
  func values(key: String, value: String, toml: String?) {
    #expect(SettingKey.named(key)!.toml(value) == toml)
  }
}
