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
  /// `daily.time` or `daily.again` (`key`) outside the reminder window.
  case outsideWindow(key: String, daily: WallTime, start: WallTime, end: WallTime)
  /// The file writes the key in a form not edited in place (docs/configuration.md).
  case unsupported(key: String)
}

/// The config file as settings to show and change, keeping every other byte (`ConfigEditor`);
/// every change is checked whole by the config reader before it is written, atomically, one at a
/// time (a lock beside the file).
public struct SettingsFile: Sendable {
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

  /// The file as it is (no bytes when there is no file), in its one parse: the document every
  /// command takes its settings from (`Configuration.document`). A file every other command
  /// refuses as no TOML is refused the same (65, in the same words): bytes that are no UTF-8, or
  /// text that is no TOML.
  func read() throws -> TOMLDocument {
    try Configuration.document(of: FileIO.read(path) ?? [], path: path)
  }

  /// The document's settings as every command reads them; nil where they are refused (a daily
  /// time after the window, which `config` shows and puts right).
  func configuration(_ document: TOMLDocument) -> Configuration? {
    try? Configuration.parse(document, path: path, home: home)
  }

  /// Every setting, the file's value or the default; `environment` names the keys the
  /// environment gives when the file does not (`time.zone` from `TZ`).
  public func show(environment: Set<String> = []) throws -> [Shown] {
    let document = try read()
    let config = configuration(document)
    return SettingKey.all.map { key in
      if let value = ConfigEditor.value(of: key, in: document) {
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

  /// Sets `key` to VALUE (`SettingKey.toml`). A `daily.time` or `daily.again` outside the window
  /// (it would never fire) is refused unless
  /// `moveWindow`, which moves `window.start` to it, or `window.end` to an hour after it (at most
  /// 23:59). Returns what changed; nothing is written when nothing would change.
  public func set(_ name: String, to value: String, moveWindow: Bool = false) throws -> [Change] {
    let key = try setting(name)
    guard let toml = key.toml(value) else {
      throw SettingsError.notOfKind(key: key.key, value: value, kind: key.kind)
    }
    let lock = try lock()
    defer { withExtendedLifetime(lock) {} }
    let before = try read()
    var after = try edit(before) { document throws(ConfigEditor.Unsupported) in
      try ConfigEditor.set(document, key: key, value: toml)
    }
    var changes = [
      Change(key: key.key, before: ConfigEditor.value(of: key, in: before), after: toml)
    ]
    if ["daily.time", "daily.again"].contains(key.key),
      let daily = WallTime(value.trimmingCharacters(in: .whitespaces))
    {
      let window = ConfigEditor.window(in: after)
      if daily < window.start || daily >= window.end {
        guard moveWindow else {
          throw SettingsError.outsideWindow(key: key.key, daily: daily, start: window.start, end: window.end)
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
        let windowBefore = ConfigEditor.value(of: windowKey, in: after)
        after = try edit(after) { document throws(ConfigEditor.Unsupported) in
          try ConfigEditor.set(document, key: windowKey, value: TOMLValueText.quoted(moved.1))
        }
        changes.append(Change(key: windowKey.key, before: windowBefore, after: TOMLValueText.quoted(moved.1)))
      }
    }
    try write(after, replacing: before)
    return changes.filter { $0.before != $0.after }
  }

  /// Sets several keys in one write (each VALUE already a TOML value of its key, as
  /// `SettingKey.toml` gives it): the file has all of them or, refused, none.
  public func set(toml values: [(key: String, value: String)]) throws -> [Change] {
    let lock = try lock()
    defer { withExtendedLifetime(lock) {} }
    let before = try read()
    var after = before
    var changes: [Change] = []
    for (name, value) in values {
      let key = try setting(name)
      let was = ConfigEditor.value(of: key, in: after)
      after = try edit(after) { document throws(ConfigEditor.Unsupported) in
        try ConfigEditor.set(document, key: key, value: value)
      }
      changes.append(Change(key: key.key, before: was, after: value))
    }
    try write(after, replacing: before)
    return changes.filter { $0.before != $0.after }
  }

  /// Removes `key` from the file: its default applies again.
  public func unset(_ name: String) throws -> [Change] {
    let key = try setting(name)
    let lock = try lock()
    defer { withExtendedLifetime(lock) {} }
    let before = try read()
    let was = ConfigEditor.value(of: key, in: before)
    guard was != nil else { return [] }
    let after = try edit(before) { document throws(ConfigEditor.Unsupported) in
      try ConfigEditor.unset(document, key: key)
    }
    try write(after, replacing: before)
    return [Change(key: key.key, before: was, after: nil)]
  }

  /// The lock beside the file that makes changes one at a time: each reads the file under it,
  /// so that no change a command reported is lost to another made at the same moment.
  func lock() throws -> FileLock { try FileLock(path: path + ".lock", seconds: 10) }

  func setting(_ name: String) throws -> SettingKey {
    guard let key = SettingKey.named(name) else {
      throw SettingsError.unknownKey(name, nearest: SettingKey.nearest(to: name))
    }
    return key
  }

  /// The document `change` makes of `document`, parsed again (a `TOMLDocument.Failure` here is
  /// an edit that made no TOML, refused as the reader refuses it).
  func edit(_ document: TOMLDocument, _ change: (TOMLDocument) throws(ConfigEditor.Unsupported) -> [UInt8])
    throws -> TOMLDocument
  {
    let bytes: [UInt8]
    do {
      bytes = try change(document)
    } catch {
      throw SettingsError.unsupported(key: error.key)
    }
    do {
      return try TOMLDocument(bytes)
    } catch {
      throw SettingsError.refused(Configuration.syntaxError(error, in: bytes, path: path))
    }
  }

  /// Checks the whole new document's settings as every command will read them (it is already the
  /// parse they read), then writes it atomically, with the mode the file had (0600 for a file
  /// made here).
  func write(_ document: TOMLDocument, replacing old: TOMLDocument) throws {
    guard document.bytes != old.bytes else { return }
    do {
      _ = try Configuration.parse(document, path: path, home: home)
    } catch let error as StoreError {
      throw SettingsError.refused(error)
    }
    var info = stat()
    let mode = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o600
    try FileIO.writeAtomically(document.bytes, to: path, mode: mode)
  }
}

extension SettingsFile.Shown {
  /// The value as a person types it back (`config set KEY VALUE`, the app's Settings): a string
  /// without its quotes, a list of strings joined by `, `, anything else as written; nil for a
  /// key with no value (a default the runtime chooses).
  public var typed: String? {
    guard let value else { return nil }
    guard let document = try? TOMLDocument(Array(("v = " + value).utf8)),
      let parsed = document.value(at: ["v"])
    else { return value }
    switch parsed {
    case .string(let text): return text
    case .array(let items):
      let texts = items.compactMap { item -> String? in if case .string(let text) = item { text } else { nil }
      }
      return texts.count == items.count ? texts.joined(separator: ", ") : value
    default: return value
    }
  }
}
