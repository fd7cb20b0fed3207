import Foundation
import RemindersCore
import RemindersStore

/// What `reminders config` refuses (docs/configuration.md); the command line gives each its words
/// and its exit code (64, or 65 for a file that does not parse).
public enum SettingsError: Error, Equatable {
  /// No setting has that key; `nearest` is the closest one.
  case unknownKey(String, nearest: String)
  /// VALUE is not of the key's kind (a flag that is not true or false…).
  case notOfKind(key: String, value: String, kind: SettingKey.Kind)
  /// The file with the change would not be read: the config reader's refusal.
  case refused(StoreError)
  /// `daily.time` outside the window, without `--move-window`.
  case outsideWindow(daily: WallTime, start: WallTime, end: WallTime)
  /// The file writes the key in a form not edited line by line.
  case unsupported(key: String)
}

/// The config file as settings to show and change, keeping every other line and comment
/// (`ConfigLines`); every change is checked whole by the config reader before it is written,
/// atomically.
public struct SettingsFile {
  public let path: String
  public let home: String

  public init(path: String, home: String) {
    self.path = path
    self.home = home
  }

  /// Where a setting's value comes from.
  public enum Source: String, Sendable {
    case standard = "default", file, environment
  }

  /// One setting as `config show` lists it.
  public struct Shown: Equatable, Sendable {
    public var key: String
    /// As the file writes it, or the default as it would; nil: found at run time (the caller says how).
    public var value: String?
    public var source: Source
    /// A daily time the window moves: where it really fires.
    public var movedTo: WallTime?
  }

  /// One change a `set` or `unset` made: the value before and after, as the file writes them
  /// (nil: not in the file, the default).
  public struct Change: Equatable, Sendable {
    public var key: String
    public var before: String?
    public var after: String?
  }

  /// The file's text; "" when there is none.
  func text() throws -> String {
    guard let bytes = try FileIO.read(path) else { return "" }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Every setting, the file's value or the default; `environment` names the keys the
  /// environment gives when the file does not (`time.zone` from `TZ`).
  public func show(environment: Set<String> = []) throws -> [Shown] {
    let text = try text()
    // A file that does not parse is said as the reader says it (65).
    _ = try TOMLGuard.table(text, path: path)
    let config = try? Configuration.parse(text, path: path, home: home)
    return SettingKey.all.map { key in
      if let value = ConfigLines.value(of: key, in: text) {
        var shown = Shown(key: key.key, value: value, source: .file)
        if key.key == "daily.time", let schedule = config?.schedule, schedule.dailyTime < schedule.windowStart
        {
          shown.movedTo = schedule.windowStart
        }
        return shown
      }
      return Shown(
        key: key.key, value: key.standard, source: environment.contains(key.key) ? .environment : .standard)
    }
  }

  /// Sets `key` to VALUE (`SettingKey.toml`). A `daily.time` outside the window is refused unless
  /// `moveWindow`, which moves `window.start` to it, or `window.end` to an hour after it (at most
  /// 23:59). Returns what changed; nothing is written when nothing would change.
  public func set(_ name: String, to value: String, moveWindow: Bool = false) throws -> [Change] {
    let key = try setting(name)
    guard let toml = key.toml(value) else {
      throw SettingsError.notOfKind(key: key.key, value: value, kind: key.kind)
    }
    let before = try text()
    _ = try TOMLGuard.table(before, path: path)
    var after = try edit(before) { text throws(ConfigLines.Unsupported) in
      try ConfigLines.set(text, key: key, value: toml)
    }
    var changes = [Change(key: key.key, before: ConfigLines.value(of: key, in: before), after: toml)]
    if key.key == "daily.time", let daily = WallTime(value.trimmingCharacters(in: .whitespaces)) {
      let window = ConfigLines.window(in: after)
      if daily < window.start || daily >= window.end {
        guard moveWindow else {
          throw SettingsError.outsideWindow(daily: daily, start: window.start, end: window.end)
        }
        let moved =
          daily < window.start
          ? ("window.start", daily.description)
          : (
            "window.end",
            WallTime(
              hour: min(daily.minutes + 60, 23 * 60 + 59) / 60,
              minute: min(daily.minutes + 60, 23 * 60 + 59) % 60)!.description
          )
        let windowKey = SettingKey.named(moved.0)!
        let windowBefore = ConfigLines.value(of: windowKey, in: after)
        after = try edit(after) { text throws(ConfigLines.Unsupported) in
          try ConfigLines.set(text, key: windowKey, value: ConfigLines.quoted(moved.1))
        }
        changes.append(Change(key: windowKey.key, before: windowBefore, after: ConfigLines.quoted(moved.1)))
      }
    }
    try write(after, replacing: before)
    return changes.filter { $0.before != $0.after }
  }

  /// Removes `key` from the file: its default applies again.
  public func unset(_ name: String) throws -> [Change] {
    let key = try setting(name)
    let before = try text()
    _ = try TOMLGuard.table(before, path: path)
    let was = ConfigLines.value(of: key, in: before)
    guard was != nil else { return [] }
    let after = try edit(before) { text throws(ConfigLines.Unsupported) in
      try ConfigLines.unset(text, key: key)
    }
    try write(after, replacing: before)
    return [Change(key: key.key, before: was, after: nil)]
  }

  func setting(_ name: String) throws -> SettingKey {
    guard let key = SettingKey.named(name) else {
      throw SettingsError.unknownKey(name, nearest: SettingKey.nearest(to: name))
    }
    return key
  }

  func edit(_ text: String, _ change: (String) throws(ConfigLines.Unsupported) -> String) throws -> String {
    do {
      return try change(text)
    } catch {
      throw SettingsError.unsupported(key: error.key)
    }
  }

  /// Checks the whole new text as every command will read it, then writes it atomically.
  func write(_ text: String, replacing old: String) throws {
    guard text != old else { return }
    do {
      _ = try Configuration.parse(text, path: path, home: home)
    } catch let error as StoreError {
      throw SettingsError.refused(error)
    }
    try FileIO.writeAtomically(Array(text.utf8), to: path)
  }

}
