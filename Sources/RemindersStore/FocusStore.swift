import Foundation
import RemindersCore
import RemindersMessages

/// The focus session as `<state>/focus.json` keeps it, with what the focus log already holds.
public struct StoredFocus: Equatable, Sendable {
  public var session: FocusSession
  /// The focus minutes the deck's log held for the session's first day when it started.
  public var earlierMinutes: Int
  public var earlierDay: Day
  /// The focus phases (by number) already appended to the deck's `focusLog`.
  public var logged: [Int]
  /// Fields a newer version wrote, kept on rewrite.
  var extras: [String: JSONValue] = [:]

  public init(session: FocusSession, earlierMinutes: Int, earlierDay: Day, logged: [Int] = []) {
    self.session = session
    self.earlierMinutes = earlierMinutes
    self.earlierDay = earlierDay
    self.logged = logged
  }

  /// What the planner needs of it.
  public var input: FocusInput {
    FocusInput(session: session, earlierMinutes: earlierMinutes, earlierDay: earlierDay)
  }
}

/// `<state>/focus.json`: the one focus session (the last one started), written atomically and
/// changed under its own lock (`focus.lock`), never under the ledger's: the view, `focus stop`
/// and `run` each change it for a moment.
///
/// Read strictly: a file that does not parse, or a field of the wrong type, is an error naming
/// the file (exit 65), and the file is never overwritten then.
public struct FocusStore: Sendable {
  public let path: String
  public let lockPath: String

  public init(stateDir: String) {
    path = stateDir + "/focus.json"
    lockPath = stateDir + "/focus.lock"
  }

  /// The session; nil when there is no file.
  public func load() throws -> StoredFocus? {
    guard let bytes = try FileIO.read(path) else { return nil }
    return try FocusStore.decode(bytes, path: path)
  }

  /// Under the lock: reads the file (nil when there is none), lets `change` edit it, and writes
  /// it back when it changed.
  public func update<T>(clock: DayClock, _ change: (inout StoredFocus?) throws -> T) throws -> T {
    try FileIO.makeDirectory(FileIO.parentDirectory(of: path))
    let lock = try FileLock(path: lockPath, seconds: 10)
    defer { withExtendedLifetime(lock) {} }
    let before = try load()
    var focus = before
    let result = try change(&focus)
    if focus != before, let focus {
      try FileIO.writeAtomically(FocusStore.encode(focus, clock: clock), to: path, links: .replace)
    }
    return result
  }

  static let keys: Set<String> = [
    "version", "session", "start", "task", "focusSeconds", "breakSeconds", "longBreakSeconds", "longEvery",
    "cycles", "holdReminders", "pauses", "stoppedAt", "logged", "earlierMinutes", "earlierDay",
  ]

  public static func encode(_ focus: StoredFocus, clock: DayClock) -> [UInt8] {
    func time(_ date: Date?) -> JSONValue { date.map { .string(Timestamp.format($0, in: clock)) } ?? .null }
    func seconds(_ value: TimeInterval) -> JSONValue { .number(String(Int(value.rounded()))) }
    let s = focus.session
    var root = focus.extras
    let ours: [String: JSONValue] = [
      "version": .number("1"), "session": .string(s.id), "start": time(s.start),
      "task": s.task.map(JSONValue.string) ?? .null, "focusSeconds": seconds(s.settings.focus),
      "breakSeconds": seconds(s.settings.shortBreak), "longBreakSeconds": seconds(s.settings.longBreak),
      "longEvery": .number(String(s.settings.longEvery)),
      "cycles": s.settings.cycles.map { .number(String($0)) } ?? .null,
      "holdReminders": .bool(s.settings.holdReminders),
      "pauses": .array(s.pauses.map { .object(["start": time($0.start), "end": time($0.end)]) }),
      "stoppedAt": time(s.stoppedAt), "logged": .array(focus.logged.map { .number(String($0)) }),
      "earlierMinutes": .number(String(focus.earlierMinutes)),
      "earlierDay": .string(focus.earlierDay.description),
    ]
    root.merge(ours) { _, new in new }
    var w = JSONWriter()
    w.document(root.map { key, value in (key, { (w: inout JSONWriter) in w.value(value) }) })
    return w.out
  }

  public static func decode(_ bytes: [UInt8], path: String) throws -> StoredFocus {
    let root = try JSONValue.document(bytes, path: path)
    func bad(_ field: String, _ expected: ValueExpectation) -> StoreError {
      .corrupt(path: path, at: nil, reason: .field(field, expected: expected))
    }
    guard case .object(let f) = root else {
      throw StoreError.corrupt(path: path, at: nil, reason: .notADocument(.focusSession))
    }
    guard case .number("1")? = f["version"] else { throw bad("version", .version(expected: 1, got: nil)) }
    func time(_ value: JSONValue?, _ field: String, optional: Bool = false) throws -> Date? {
      switch value {
      case nil, .null?:
        guard optional else { throw bad(field, .time) }
        return nil
      case .string(let text)?:
        guard let when = Timestamp.parse(text) else { throw bad(field, .time) }
        return when
      default: throw bad(field, .time)
      }
    }
    func whole(_ key: String, minimum: Int, optional: Bool = false) throws -> Int? {
      switch f[key] {
      case nil, .null?:
        guard optional else { throw bad(key, .wholeNumber) }
        return nil
      case .number(let text)?:
        guard let n = Int(text), n >= minimum else { throw bad(key, .atLeast(minimum)) }
        return n
      default: throw bad(key, .wholeNumber)
      }
    }
    guard case .string(let id)? = f["session"], !id.isEmpty, !id.contains(":") else {
      throw bad("session", .id)
    }
    let start = try time(f["start"], "start")!
    var task: String?
    switch f["task"] {
    case nil, .null?: break
    case .string(let text)?: task = text
    default: throw bad("task", .string)
    }
    guard case .bool(let hold)? = f["holdReminders"] else { throw bad("holdReminders", .trueOrFalse) }
    var pauses: [FocusPause] = []
    switch f["pauses"] {
    case nil: break
    case .array(let list)?:
      for (i, item) in list.enumerated() {
        guard case .object(let p) = item else { throw bad("pauses[\(i)]", .object) }
        let pauseStart = try time(p["start"], "pauses[\(i)].start")!
        pauses.append(
          FocusPause(start: pauseStart, end: try time(p["end"], "pauses[\(i)].end", optional: true)))
      }
    default: throw bad("pauses", .list)
    }
    var logged: [Int] = []
    switch f["logged"] {
    case nil: break
    case .array(let list)?:
      for (i, item) in list.enumerated() {
        guard case .number(let text) = item, let n = Int(text) else {
          throw bad("logged[\(i)]", .wholeNumber)
        }
        logged.append(n)
      }
    default: throw bad("logged", .list)
    }
    guard case .string(let dayText)? = f["earlierDay"], let earlierDay = Day(iso: dayText) else {
      throw bad("earlierDay", .date)
    }
    let settings = FocusSettings(
      focus: TimeInterval(try whole("focusSeconds", minimum: 1)!),
      shortBreak: TimeInterval(try whole("breakSeconds", minimum: 1)!),
      longBreak: TimeInterval(try whole("longBreakSeconds", minimum: 1)!),
      longEvery: try whole("longEvery", minimum: 1)!, cycles: try whole("cycles", minimum: 1, optional: true),
      holdReminders: hold)
    let session = FocusSession(
      id: id, start: start, settings: settings, task: task, pauses: pauses,
      stoppedAt: try time(f["stoppedAt"], "stoppedAt", optional: true))
    var stored = StoredFocus(
      session: session, earlierMinutes: try whole("earlierMinutes", minimum: 0)!, earlierDay: earlierDay,
      logged: logged)
    stored.extras = f.filter { !keys.contains($0.key) }
    return stored
  }
}

/// One entry of the deck's `focusLog` (docs/focus-and-stats.md): a focus phase that ran at least a minute.
public struct FocusLogEntry: Equatable, Sendable {
  public var start: Date
  /// Whole minutes of running time (pauses left out), rounded down.
  public var minutes: Int
  public var task: String?
  /// Whether it ran its whole length (false: stopped in it).
  public var completed: Bool

  public init(start: Date, minutes: Int, task: String?, completed: Bool) {
    self.start = start
    self.minutes = minutes
    self.task = task
    self.completed = completed
  }
}

/// The deck's `focusLog`: `[{start, minutes, task, completed}]` at the top of `deck.json`.
///
/// This version keeps it among the deck's fields it does not model (`DeckExtras.root`), so it
/// is carried through every rewrite exactly as older versions carry it: as an unknown field.
public enum FocusLog {
  public static let key = "focusLog"

  /// The entries that read as such (others are kept on rewrite, but not counted).
  public static func entries(in stored: StoredDeck) -> [FocusLogEntry] {
    guard case .array(let list)? = stored.extras.root[key] else { return [] }
    return list.compactMap { item in
      guard case .object(let f) = item, case .string(let startText)? = f["start"],
        let start = Timestamp.parse(startText), case .number(let minutesText)? = f["minutes"],
        let minutes = Double(minutesText)
      else { return nil }
      var task: String?
      if case .string(let text)? = f["task"] { task = text }
      var completed = true
      if case .bool(let flag)? = f["completed"] { completed = flag }
      return FocusLogEntry(start: start, minutes: Int(minutes), task: task, completed: completed)
    }
  }

  /// Appends `new`, leaving out an entry whose start the log already holds (a phase is logged
  /// once, even when a crash between the deck and `focus.json` makes it come again).
  public static func append(_ new: [FocusLogEntry], to stored: inout StoredDeck, clock: DayClock) {
    var list: [JSONValue] = []
    if case .array(let existing)? = stored.extras.root[key] { list = existing }
    var starts = Set(entries(in: stored).map(\.start))
    for entry in new where starts.insert(entry.start).inserted {
      list.append(
        .object([
          "start": .string(Timestamp.format(entry.start, in: clock)),
          "minutes": .number(String(entry.minutes)),
          "task": entry.task.map(JSONValue.string) ?? .null, "completed": .bool(entry.completed),
        ]))
    }
    stored.extras.root[key] = .array(list)
  }

  /// The focus minutes logged for phases that started on `day`.
  public static func minutes(on day: Day, in stored: StoredDeck, clock: DayClock) -> Int {
    entries(in: stored).filter { clock.day(of: $0.start) == day }.reduce(0) { $0 + $1.minutes }
  }
}
