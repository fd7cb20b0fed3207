import Foundation
import RemindersCore
import RemindersStore
import TestFolders
import Testing

@testable import RemindersApp

/// `SettingsFile`: `config show` says what every command reads, and `config set/unset` lose no
/// change, keep the file's mode and never write a file the reader refuses (docs/configuration.md).
@Suite struct SettingsFileTests {
  let folder: TemporaryFolder
  let file: SettingsFile

  init() throws {
    folder = try TemporaryFolder("settings-file")
    file = SettingsFile(path: folder.path + "/config.toml", home: folder.path)
  }

  func write(_ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: file.path)) }
  func write(bytes: [UInt8]) throws { try Data(bytes).write(to: URL(fileURLWithPath: file.path)) }
  func contents() -> [UInt8]? { FileManager.default.contents(atPath: file.path).map(Array.init) }

  func shown(_ key: String) throws -> SettingsFile.Shown {
    try #require(try file.show().first { $0.key == key })
  }

  /// Each form of writing a key shows the value `Configuration.parse` reads.
  @Test(
    arguments: [
      ("time.zone = \"Asia/Tokyo\"\n[daily]\ntime = \"09:00\"\n", "time.zone", "\"Asia/Tokyo\""),
      ("\u{FEFF}[daily]\ntime = \"09:00\"\n", "daily.time", "\"09:00\""),
      ("['daily']\ntime = \"09:00\"\n", "daily.time", "\"09:00\""),
      ("daily = { time = \"09:00\" }\n", "daily.time", "\"09:00\""),
      ("[study]\nfsrs.desired_retention = 0.8\n", "study.fsrs.desired_retention", "0.8"),
    ] as [(String, String, String)])
  func showSaysWhatTheReaderReads(text: String, key: String, value: String) throws {
    try write(text)
    let setting = try shown(key)
    #expect(setting.value == value && setting.source == .file, "\(setting)")
    _ = try Configuration.load(path: file.path, home: folder.path)
  }

  /// `window.start` written inside a multi-line string is text, not a setting.
  @Test func aMultiLineStringIsNoSetting() throws {
    let text = "[fallback]\npath = \"\"\"\n[window]\nstart = \"09:00\"\n\"\"\"\n"
    try write(text)
    #expect(try shown("window.start").source == .standard)
    _ = try file.set("fallback.path", to: "/tmp/fallback.ics")
    #expect(contents() == Array("[fallback]\npath = \"/tmp/fallback.ics\"\n".utf8))
    #expect(try shown("window.start").source == .standard)
  }

  /// With a byte-order mark, `set` edits the table it has (no second `[daily]`).
  @Test func aByteOrderMarkedFileIsEdited() throws {
    try write("\u{FEFF}[daily]\ntime = \"09:00\"\n")
    _ = try file.set("daily.time", to: "10:00")
    #expect(contents() == Array("\u{FEFF}[daily]\ntime = \"10:00\"\n".utf8))
  }

  /// A value that carries a table of its own is refused; the file stays as it was.
  @Test func aValueThatCarriesLinesIsRefused() throws {
    try write("[daily]\ntime = \"09:00\"\n")
    #expect(throws: SettingsError.self) {
      try file.set("quiet.hours", to: "[\"12:00-13:00\"]\n[window]\nstart = \"07:00\"")
    }
    #expect(contents() == Array("[daily]\ntime = \"09:00\"\n".utf8))
  }

  /// A byte that is no UTF-8 is refused as every command refuses it; the file is not rewritten.
  @Test func aFileThatIsNoUTF8IsRefusedUntouched() throws {
    let bytes = Array("# caf".utf8) + [0xE9] + Array("\n[daily]\ntime = \"09:00\"\n".utf8)
    try write(bytes: bytes)
    for attempt in [{ _ = try file.set("daily.time", to: "10:00") }, { _ = try file.show() }] {
      do {
        try attempt()
        Issue.record("accepted bytes that are no UTF-8")
      } catch let error as StoreError {
        guard case .badConfig(_, _, _, .notUTF8) = error else {
          Issue.record("\(error)")
          continue
        }
      }
    }
    #expect(contents() == bytes)
  }

  /// An existing file keeps its mode; a file made here is 0600.
  @Test func theModeIsKept() throws {
    try write("[daily]\ntime = \"09:00\"\n")
    for mode in [0o644, 0o640] as [mode_t] {
      chmod(file.path, mode)
      _ = try file.set("daily.persist", to: mode == 0o644 ? "true" : "false")
      let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
      #expect(attributes[.posixPermissions] as? Int == Int(mode))
    }
    let made = SettingsFile(path: folder.path + "/new/config.toml", home: folder.path)
    _ = try made.set("daily.persist", to: "true")
    #expect(try FileManager.default.attributesOfItem(atPath: made.path)[.posixPermissions] as? Int == 0o600)
  }

  /// Changes made at the same moment are made one after another: none is lost.
  @Test func changesAtOnceAreAllKept() throws {
    let changes = [
      ("daily.persist", "true"), ("focus.minutes", "30"), ("focus.break", "6"), ("focus.long_break", "20"),
      ("focus.long_every", "3"), ("review.relearn_after", "2"), ("cards.candidates", "4"),
      ("study.new_per_day", "7"),
    ]
    for _ in 0..<3 {
      try write("# mine\n")
      let failures = Failures()
      let file = file
      DispatchQueue.concurrentPerform(iterations: changes.count) { i in
        do {
          _ = try file.set(changes[i].0, to: changes[i].1)
        } catch {
          failures.add("\(changes[i].0): \(error)")
        }
      }
      #expect(failures.all.isEmpty, "\(failures.all)")
      let shown = try file.show()
      for (key, value) in changes {
        #expect(shown.first { $0.key == key }?.value == value, "\(key) lost")
      }
    }
  }

  final class Failures: @unchecked Sendable {
    let lock = NSLock()
    var all: [String] = []
    func add(_ failure: String) { lock.withLock { all.append(failure) } }
  }
}
