import Foundation
import RemindersCore
import RemindersMessages

/// Why the last sync with the CalDAV calendar did not finish, and when to try again.
public struct CalendarFailure: Equatable, Sendable {
  /// What went wrong, as the catalogue says it (never a password).
  public var problem: CalendarProblemWord
  /// When this failure was first met, and when it was last met.
  public var since: Date
  public var lastTry: Date
  /// How many syncs in a row met it.
  public var tries: Int
  /// The config file's identity when it was met: a refusal is tried again at once when the
  /// config changes (a user name put right).
  public var configKey: String

  public enum Kind: String, Sendable, CaseIterable {
    /// No answer: the server down, no network, a timeout, a TLS failure.
    case unreachable
    /// 5xx, or an answer that is no CalDAV answer.
    case server
    /// 401 or 403: the user name or the password is refused.
    case refused
    /// `calendar.password_command` failed, or printed nothing.
    case password

    public init(_ problem: CalendarProblemWord) {
      switch problem {
      case .unreachable, .timedOut: self = .unreachable
      case .refused: self = .refused
      case .status, .badAnswer: self = .server
      case .password: self = .password
      }
    }
  }

  public init(problem: CalendarProblemWord, since: Date, lastTry: Date, tries: Int, configKey: String) {
    self.problem = problem
    self.since = since
    self.lastTry = lastTry
    self.tries = tries
    self.configKey = configKey
  }

  /// A failure as a state file before `reason` kept it: its kind and the English words of its
  /// `detail` (`CalendarProblemSyntax.legacy`).
  public init(kind: Kind, detail: String, since: Date, lastTry: Date, tries: Int, configKey: String) {
    self.init(
      problem: CalendarProblemSyntax.legacy(kind: kind, detail: detail), since: since, lastTry: lastTry,
      tries: tries, configKey: configKey)
  }

  /// What went wrong, as `CalendarFailure.Kind`.
  public var kind: Kind { Kind(problem) }

  /// The earliest moment `run` tries again: a refusal or a password that cannot be had once an
  /// hour; the rest 1, 2, 4, 8 and then every 15 minutes.
  public var retryAt: Date {
    switch kind {
    case .refused, .password: return lastTry.addingTimeInterval(3600)
    case .unreachable, .server:
      let minutes = min(1 << min(max(tries - 1, 0), 4), 15)
      return lastTry.addingTimeInterval(Double(minutes * 60))
    }
  }
}

/// What `reminders` knows of the CalDAV calendar between runs: the resources it wrote there,
/// when the calendar was last in step with the plan and on which inputs, when the collection was
/// last listed, and the last failure.
public struct CalendarState: Equatable, Sendable {
  /// The collection these resources are in; a state of another address is no state for this one.
  public var url: String
  /// The inputs of the plan (`CalendarInputs`) when the calendar was last in step with it.
  public var fingerprint: String?
  /// When the calendar was last in step with the plan, and when it was last listed whole.
  public var syncedAt: Date?
  public var checkedAt: Date?
  public var published: [String: PublishedEvent]
  public var failure: CalendarFailure?

  public init(
    url: String, fingerprint: String? = nil, syncedAt: Date? = nil, checkedAt: Date? = nil,
    published: [String: PublishedEvent] = [:], failure: CalendarFailure? = nil
  ) {
    self.url = url
    self.fingerprint = fingerprint
    self.syncedAt = syncedAt
    self.checkedAt = checkedAt
    self.published = published
    self.failure = failure
  }
}

/// `<state>/calendar.json`: the calendar's state (atomic, 0600, sealed like every state file of
/// ours: one that is torn, hand-edited or of another format is no state, and the next sync
/// starts over; what it wrote before is then found again by its names, never duplicated).
public struct CalendarStateFile: Sendable {
  public let path: String
  /// Held while a sync runs: `run` and `calendar sync` never sync at once.
  public let lockPath: String
  static let format = "reminders-calendar-1"

  public init(stateDir: String) {
    path = stateDir + "/calendar.json"
    lockPath = stateDir + "/calendar.lock"
  }

  /// The state kept for the collection at `url`; an empty one when there is none for it.
  public func load(url: String) -> CalendarState {
    guard let bytes = try? FileIO.read(path), let state = CalendarStateFile.decode(bytes), state.url == url
    else { return CalendarState(url: url) }
    return state
  }

  /// The state kept, whatever collection it is for; nil when there is none.
  public func load() -> CalendarState? {
    (try? FileIO.read(path)).flatMap { $0 }.flatMap(CalendarStateFile.decode)
  }

  public func save(_ state: CalendarState, clock: DayClock) throws {
    try FileIO.writeAtomically(CalendarStateFile.encode(state, clock: clock), to: path, links: .replace)
  }

  static func encode(_ state: CalendarState, clock: DayClock) -> [UInt8] {
    func time(_ date: Date?) -> JSONValue { date.map { .string(Timestamp.format($0, in: clock)) } ?? .null }
    let published: [JSONValue] = state.published.values.sorted { $0.uid < $1.uid }.map { event in
      .array([
        .string(event.uid), .string(event.href), event.etag.map(JSONValue.string) ?? .null,
        .string(event.revision), time(event.fireAt),
      ])
    }
    let failure: JSONValue =
      state.failure.map { f in
        .object([
          "kind": .string(f.kind.rawValue),
          "reason": .array(CalendarProblemSyntax.fields(f.problem).map(JSONValue.string)),
          "since": time(f.since),
          "lastTry": time(f.lastTry), "tries": .number(String(f.tries)), "configKey": .string(f.configKey),
        ])
      } ?? .null
    let payload: [String: JSONValue] = [
      "format": .string(format), "url": .string(state.url),
      "fingerprint": state.fingerprint.map(JSONValue.string) ?? .null,
      "syncedAt": time(state.syncedAt), "checkedAt": time(state.checkedAt), "published": .array(published),
      "failure": failure,
    ]
    var w = JSONWriter()
    w.value(.object(payload))
    w.raw("\n")
    return SealedJSON.seal(w.out)
  }

  static let fields: Set<String> = [
    "format", "url", "fingerprint", "syncedAt", "checkedAt", "published", "failure",
  ]

  /// The state in `bytes`, or nil: any doubt about the file is no state.
  static func decode(_ bytes: [UInt8]) -> CalendarState? {
    guard case .object(let root)? = SealedJSON.open(bytes), Set(root.keys) == fields,
      case .string(format)? = root["format"], case .string(let url)? = root["url"],
      case .array(let rows)? = root["published"]
    else { return nil }
    func optionalTime(_ value: JSONValue?) -> Date?? {
      switch value {
      case .null?: return .some(nil)
      case .string(let text)?: return Timestamp.parse(text).map { .some($0) }
      default: return nil
      }
    }
    func optionalText(_ value: JSONValue?) -> String?? {
      switch value {
      case .null?: return .some(nil)
      case .string(let text)?: return .some(text)
      default: return nil
      }
    }
    guard let fingerprint = optionalText(root["fingerprint"]), let syncedAt = optionalTime(root["syncedAt"]),
      let checkedAt = optionalTime(root["checkedAt"])
    else { return nil }
    var state = CalendarState(url: url, fingerprint: fingerprint, syncedAt: syncedAt, checkedAt: checkedAt)
    for row in rows {
      guard case .array(let f) = row, f.count == 5, case .string(let uid) = f[0],
        case .string(let href) = f[1],
        let etag = optionalText(f[2]), case .string(let revision) = f[3], case .string(let at) = f[4],
        let fireAt = Timestamp.parse(at), state.published[uid] == nil
      else { return nil }
      state.published[uid] = PublishedEvent(
        uid: uid, href: href, etag: etag, revision: revision, fireAt: fireAt)
    }
    switch root["failure"] {
    case .null?: break
    case .object(let f)?:
      // `reason` (the failure's fields), or as files before it kept it, `detail` (its English words).
      let said = Set(f.keys).subtracting(["kind", "since", "lastTry", "tries", "configKey"])
      guard said == ["reason"] || said == ["detail"],
        case .string(let kindText)? = f["kind"], let kind = CalendarFailure.Kind(rawValue: kindText),
        case .string(let since)? = f["since"],
        let sinceAt = Timestamp.parse(since), case .string(let last)? = f["lastTry"],
        let lastTry = Timestamp.parse(last), let tries = f["tries"].flatMap(SealedJSON.integer), tries > 0,
        case .string(let configKey)? = f["configKey"]
      else { return nil }
      let problem: CalendarProblemWord
      switch (f["reason"], f["detail"]) {
      case (.array(let fields)?, nil):
        let texts = fields.compactMap { if case .string(let text) = $0 { text } else { nil } }
        guard texts.count == fields.count, let read = CalendarProblemSyntax.problem(texts) else { return nil }
        problem = read
      case (nil, .string(let detail)?): problem = CalendarProblemSyntax.legacy(kind: kind, detail: detail)
      default: return nil
      }
      state.failure = CalendarFailure(
        problem: problem, since: sinceAt, lastTry: lastTry, tries: tries, configKey: configKey)
    default: return nil
    }
    return state
  }
}

/// `<state>/feed.json`: what the feed of `export.path` was last written from, so that `run`
/// rewrites it only when the plan changed.
public struct FeedStateFile: Sendable {
  public let path: String
  static let format = "reminders-feed-1"

  public init(stateDir: String) { path = stateDir + "/feed.json" }

  /// The revision kept when the feed could not be written: tried again when the inputs change.
  public static let failed = "failed"

  /// The feed's path, the inputs and the revision of its events when last written; nil when none.
  public func load() -> (feed: String, fingerprint: String, revision: String)? {
    guard let bytes = try? FileIO.read(path), case .object(let root)? = SealedJSON.open(bytes),
      Set(root.keys) == ["format", "feed", "fingerprint", "revision"],
      case .string(FeedStateFile.format)? = root["format"],
      case .string(let feed)? = root["feed"], case .string(let fingerprint)? = root["fingerprint"],
      case .string(let revision)? = root["revision"]
    else { return nil }
    return (feed, fingerprint, revision)
  }

  public func save(feed: String, fingerprint: String, revision: String) throws {
    var w = JSONWriter()
    w.value(
      .object([
        "format": .string(FeedStateFile.format), "feed": .string(feed), "fingerprint": .string(fingerprint),
        "revision": .string(revision),
      ]))
    w.raw("\n")
    try FileIO.writeAtomically(SealedJSON.seal(w.out), to: path, links: .replace)
  }
}

/// The identity of the files a plan is made of, and its day: while it is the same, the plan
/// of the calendar and of the feed is the same, and neither is planned again (an idle run reads
/// no more than these `stat`s).
public enum CalendarInputs {
  /// The files' identities (device, inode, size, modification time; `-` for a missing one) and
  /// the day-zone date of `now`.
  public static func fingerprint(paths: Paths, zoneName: String, today: Day) -> String {
    let files = [
      paths.deck, paths.deck + ".journal", paths.config, paths.ledger, paths.stateDir + "/held.json",
      paths.stateDir + "/focus.json", paths.stateDir + "/anki.json",
    ]
    return files.map(identity).joined(separator: " ") + " \(zoneName) \(today)"
  }

  /// One file's identity, or `-`.
  public static func identity(_ path: String) -> String {
    DeckStore.stamp(of: path)?.text ?? "-"
  }
}
