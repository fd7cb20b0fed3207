import Foundation
import Testing

@testable import RemindersStore

/// `ConfigEditor`: one key changed, every other byte kept (docs/configuration.md).
@Suite struct ConfigEditorTests {
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
    let after = try ConfigEditor.set(file, key: key("daily.time"), value: "\"19:00\"")
    #expect(after == file.replacingOccurrences(of: "time = \"08:00\"", with: "time = \"19:00\""))
  }

  @Test func aListOverSeveralLinesIsReplacedWhole() throws {
    let after = try ConfigEditor.set(file, key: key("quiet.hours"), value: "[\"12:00-13:00\"]")
    #expect(after.contains("[quiet]\nhours = [\"12:00-13:00\"]\n\n[review]"))
    #expect(!after.contains("22:00-07:00") && after.hasPrefix("# my settings\nlanguage = \"ja\"\n"))
  }

  @Test func aNewKeyGoesAfterItsTablesLastLine() throws {
    let after = try ConfigEditor.set(file, key: key("daily.again"), value: "\"17:00\"")
    #expect(after.contains("persist = true\nagain = \"17:00\"\n\n# quiet while at lunch\n[quiet]"))
  }

  @Test func aNewTableGoesAtTheEnd() throws {
    let after = try ConfigEditor.set(file, key: key("study.new_per_day"), value: "10")
    #expect(after == file + "\n[study]\nnew_per_day = 10\n")
    let fsrs = try ConfigEditor.set("", key: key("study.fsrs.desired_retention"), value: "0.9")
    #expect(fsrs == "[study.fsrs]\ndesired_retention = 0.9\n")
  }

  @Test func aTopLevelKeyGoesBeforeTheFirstTable() throws {
    let after = try ConfigEditor.set("[daily]\ntime = \"08:00\"\n", key: key("language"), value: "\"en\"")
    #expect(after == "language = \"en\"\n[daily]\ntime = \"08:00\"\n")
    let replaced = try ConfigEditor.set(file, key: key("language"), value: "\"en\"")
    #expect(replaced == file.replacingOccurrences(of: "language = \"ja\"", with: "language = \"en\""))
  }

  @Test func unsetRemovesItsLinesOnly() throws {
    let after = try ConfigEditor.unset(file, key: key("quiet.hours"))
    #expect(
      after
        == file.replacingOccurrences(
          of: "hours = [\n  \"12:00-13:00\",   # lunch\n  \"22:00-07:00\",\n]\n", with: ""))
    #expect(try ConfigEditor.unset(file, key: key("daily.again")) == file)
  }

  /// A key written as a dotted key or in an inline table is edited where it is written.
  @Test(
    arguments: [
      ("daily.time = \"08:00\"\n", "daily.time = \"19:00\"\n"),
      ("daily = { time = \"08:00\" }\n", "daily = { time = \"19:00\" }\n"),
    ])
  func otherFormsAreEditedInPlace(text: String, edited: String) throws {
    #expect(try ConfigEditor.set(text, key: key("daily.time"), value: "\"19:00\"") == edited)
  }

  /// Each default the table lists is the reader's default: a file that says it reads as no file.
  @Test func theDefaultsAreTheReadersDefaults() throws {
    for key in SettingKey.all {
      // ([anki] and [calendar] need their main key; the calendar's days are checked below.)
      guard let standard = key.standard, !key.key.hasPrefix("anki."), !key.key.hasPrefix("calendar.") else {
        continue
      }
      let text = try ConfigEditor.set("", key: key, value: standard)
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

  // MARK: Every form, in place

  @Test func aKeyBesideDottedKeysIsWrittenTheSameWay() throws {
    let text = "# mine\ndaily.time = \"08:00\" # early\n\n[window]\nstart = \"07:00\"\n"
    let after = try ConfigEditor.set(text, key: key("daily.persist"), value: "true")
    #expect(
      after == "# mine\ndaily.time = \"08:00\" # early\ndaily.persist = true\n\n[window]\nstart = \"07:00\"\n"
    )
    #expect(
      try ConfigEditor.unset(after, key: key("daily.time"))
        == "# mine\ndaily.persist = true\n\n[window]\nstart = \"07:00\"\n")
  }

  @Test func anInlineTableIsEditedInside() throws {
    let text = "daily = { time = \"08:00\" }  # mine\n"
    let after = try ConfigEditor.set(text, key: key("daily.persist"), value: "true")
    #expect(after == "daily = { time = \"08:00\", persist = true }  # mine\n")
    #expect(try ConfigEditor.unset(after, key: key("daily.time")) == "daily = { persist = true }  # mine\n")
    #expect(try ConfigEditor.unset(after, key: key("daily.persist")) == text)
    #expect(try ConfigEditor.unset(text, key: key("daily.time")) == "daily = {}  # mine\n")
    let empty = try ConfigEditor.set("daily = {}\n", key: key("daily.time"), value: "\"09:00\"")
    #expect(empty == "daily = { time = \"09:00\" }\n")
    let nested = try ConfigEditor.set(
      "study = { new_per_day = 5 }\n", key: key("study.fsrs.desired_retention"), value: "0.8")
    #expect(nested == "study = { new_per_day = 5, fsrs.desired_retention = 0.8 }\n")
    let whole = try ConfigEditor.set(
      "[study]\nnew_per_collection = { a = 1 }\n", key: key("study.new_per_collection"), value: "{ b = 2 }")
    #expect(whole == "[study]\nnew_per_collection = { b = 2 }\n")
  }

  /// Text inside a multi-line string is no key: `window.start` is not there, and replacing the
  /// string makes none.
  @Test func aMultiLineStringHoldsNoKeys() throws {
    let text = "[fallback]\npath = \"\"\"\n[window]\nstart = \"09:00\"\n\"\"\"\n"
    #expect(ConfigEditor.value(of: key("window.start"), in: text) == nil)
    let after = try ConfigEditor.set(text, key: key("fallback.path"), value: "\"/tmp/f.ics\"")
    #expect(after == "[fallback]\npath = \"/tmp/f.ics\"\n")
    #expect(ConfigEditor.value(of: key("window.start"), in: after) == nil)
  }

  /// A byte-order mark and a quoted header are the table they name, edited where they are.
  @Test func aByteOrderMarkAndAQuotedHeader() throws {
    let text = "\u{FEFF}['daily']\ntime = \"09:00\"\n"
    #expect(ConfigEditor.value(of: key("daily.time"), in: text) == "\"09:00\"")
    #expect(
      try ConfigEditor.set(text, key: key("daily.time"), value: "\"10:00\"")
        == "\u{FEFF}['daily']\ntime = \"10:00\"\n")
    #expect(
      try ConfigEditor.set(text, key: key("daily.persist"), value: "true")
        == "\u{FEFF}['daily']\ntime = \"09:00\"\npersist = true\n")
  }

  @Test func crlfLinesStayCRLF() throws {
    let text = "[daily]\r\ntime = \"09:00\"\r\n"
    #expect(
      try ConfigEditor.set(text, key: key("daily.persist"), value: "true")
        == "[daily]\r\ntime = \"09:00\"\r\npersist = true\r\n")
    #expect(
      try ConfigEditor.set(text, key: key("focus.minutes"), value: "30")
        == "[daily]\r\ntime = \"09:00\"\r\n\r\n[focus]\r\nminutes = 30\r\n")
  }

  /// A table with a header of its own is shown, but changed by a person only.
  @Test func aTableWithAHeaderOfItsOwnIsNotReplaced() throws {
    let text = "[study.new_per_collection]\n\"JLPT N5\" = 10\n"
    #expect(ConfigEditor.value(of: key("study.new_per_collection"), in: text) == "{ \"JLPT N5\" = 10 }")
    #expect(throws: ConfigEditor.Unsupported(key: "study.new_per_collection")) {
      try ConfigEditor.set(text, key: key("study.new_per_collection"), value: "{}")
    }
    #expect(throws: ConfigEditor.Unsupported(key: "study.new_per_collection")) {
      try ConfigEditor.unset(text, key: key("study.new_per_collection"))
    }
    // The table's parent, made by that header only, gets one of its own.
    #expect(
      try ConfigEditor.set(text, key: key("study.new_per_day"), value: "5") == text
        + "\n[study]\nnew_per_day = 5\n")
  }

  /// A value that carries lines of its own is no value of any kind.
  @Test func aValueThatCarriesLinesIsRefused() {
    #expect(key("quiet.hours").toml("[\"12:00-13:00\"]\n[window]\nstart = \"07:00\"") == nil)
    #expect(key("study.new_per_collection").toml("{}\n[window]") == nil)
    #expect(key("study.fsrs.parameters").toml("[1, 2] # c") == nil)
    #expect(key("focus.minutes").toml("0x1p3") == nil)
  }

  /// The default `config show` says is the rule's (FSRS's own constant).
  @Test func theRetentionDefaultIsTheRules() {
    #expect(key("study.fsrs.desired_retention").standard == "0.9")
  }

  /// Every key set and unset in every tricky document: the result reads (by both readers), says
  /// the new value, and every other setting is what it was.
  @Test(arguments: Array(Self.documents.indices))
  func everyKeyInEveryForm(index: Int) throws {
    let text = Self.documents[index]
    let document = try TOMLDocument(Array(text.utf8))
    for setting in SettingKey.all {
      let value =
        setting.standard ?? (setting.kind == .text ? "\"x\"" : setting.kind == .toml ? "[1]" : "[\"a\"]")
      let path = setting.key.split(separator: ".").map(String.init)
      for edit in ["set", "unset"] {
        let bytes: [UInt8]
        do {
          bytes =
            try edit == "set"
            ? ConfigEditor.set(document, key: setting, value: value)
            : ConfigEditor.unset(document, key: setting)
        } catch {
          continue
        }
        let label =
          "\(edit) \(setting.key) in case \(index): \(String(decoding: bytes, as: UTF8.self).debugDescription)"
        guard let after = try? TOMLDocument(bytes) else {
          Issue.record("no TOML after \(label)")
          continue
        }
        #expect(
          ConfigEditor.value(of: setting, in: after) == (edit == "set" ? value : nil), "\(label)")
        for other in SettingKey.all where other.key != setting.key {
          let otherPath = other.key.split(separator: ".").map(String.init)
          guard !otherPath.starts(with: path), !path.starts(with: otherPath) else { continue }
          #expect(after.value(at: otherPath) == document.value(at: otherPath), "\(other.key) after \(label)")
        }
      }
    }
  }

  static let documents: [String] = [
    "",
    "# only a comment",
    "language = \"ja\"\n\n[daily]\ntime = \"08:00\"      # the morning one\npersist = true\n",
    "time.zone = \"Asia/Tokyo\"\n",
    "daily.time = \"08:00\" # c",
    "daily = { time = \"08:00\" }\nstudy = { fsrs = { desired_retention = 0.8 } }\n",
    "\u{FEFF}['daily']\ntime = \"08:00\"\n",
    "[daily]\r\ntime = \"08:00\"\r\n[quiet]\r\nhours = [\r\n  \"12:00-13:00\",\r\n]\r\n",
    "[fallback]\npath = \"\"\"\n[window]\nstart = \"09:00\"\n\"\"\"\n",
    "[study.fsrs]\nlearning_steps = [\"1m\"]\n",
    "study.fsrs.maximum_interval = 100\n[daily]\ntime = \"08:00\"\n",
    "[study.new_per_collection]\n\"JLPT N5\" = 10\n",
    "daily = {}\n[study]\nfsrs.desired_retention = 0.8\nnew_per_day = 3\n",
    "[[x]]\na = 1\n",
    "[\"window\"]\nstart = '07:00'\nend = \"\"\"19:00\"\"\"\n[ review ]\nterminal = [\"foot\"]\n",
    "\n\n# opening\n\n[daily] # a header comment\n\n# leading\ntime = \"08:00\"\n\n\n",
  ]
}
