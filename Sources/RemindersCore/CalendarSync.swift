import Foundation

/// One event of the plan as the CalDAV calendar should hold it (docs/calendar.md): its UID, a
/// digest of its text (`revision`: the same for the same event, whenever it is written), and its
/// time.
public struct WantedEvent: Equatable, Sendable {
  public var uid: String
  public var revision: String
  public var fireAt: Date

  public init(uid: String, revision: String, fireAt: Date) {
    self.uid = uid
    self.revision = revision
    self.fireAt = fireAt
  }
}

/// One resource `reminders` put into the calendar, as it last saw it: where it is, the ETag the
/// server gave it, the revision of the event written there, and the event's time.
public struct PublishedEvent: Equatable, Sendable {
  public var uid: String
  /// The resource's path on the server, as it was written (percent-encoded).
  public var href: String
  /// The server's ETag for what was written; nil when the server gave none.
  public var etag: String?
  public var revision: String
  public var fireAt: Date

  public init(uid: String, href: String, etag: String?, revision: String, fireAt: Date) {
    self.uid = uid
    self.href = href
    self.etag = etag
    self.revision = revision
    self.fireAt = fireAt
  }
}

/// What one sync does to one resource.
public enum CalendarChange: Equatable, Sendable {
  /// A new resource, created only where none is (`If-None-Match: *`).
  case create(uid: String)
  /// Ours, replaced with the plan's event (`If-Match` with the ETag last seen).
  case replace(uid: String)
  /// Ours, no longer in the plan and not kept: deleted (`If-Match`).
  case delete(uid: String)
  /// Ours, but gone from the server already: forgotten, with no request.
  case forget(uid: String)

  public var uid: String {
    switch self {
    case .create(let uid), .replace(let uid), .delete(let uid), .forget(let uid): uid
    }
  }
}

/// The rule that keeps a CalDAV calendar in step with the plan (docs/calendar.md): the changes
/// that make the calendar hold the wanted events, touching only the resources `reminders` wrote.
public enum CalendarSync {
  /// Events of reminders whose time has come stay this many days (a phone shows what it
  /// reminded of), then go.
  public static let keptDays = 7

  /// The changes, creations and replacements in the order of the events' times, then deletions.
  ///
  /// - `wanted`: the plan's events, one per UID.
  /// - `published`: the resources written before, by UID.
  /// - `server`: the collection's resources as listed now (decoded path → ETag), or nil when it
  ///   was not listed this time (then what was published is taken as still there).
  ///
  /// An event whose time has passed and that left the plan (it was delivered, or expired) is kept
  /// `keptDays` days after its time; one that left the plan before its time is deleted. A
  /// resource changed on the server (another ETag) is written again with the plan's event; one
  /// deleted there is created again while wanted, and forgotten otherwise.
  public static func changes(
    wanted: [WantedEvent], published: [String: PublishedEvent], server: [String: String?]?, now: Date
  ) -> [CalendarChange] {
    var changes: [CalendarChange] = []
    let wantedUIDs = Set(wanted.map(\.uid))
    for event in wanted.sorted(by: { ($0.fireAt, $0.uid) < ($1.fireAt, $1.uid) }) {
      guard let known = published[event.uid] else {
        changes.append(.create(uid: event.uid))
        continue
      }
      if let server {
        guard let listed = server[Self.decodedPath(known.href)] else {
          changes.append(.create(uid: event.uid))
          continue
        }
        // A server that gives no ETag (or gave none when it was written) cannot say it changed.
        let changedThere = listed != nil && known.etag != nil && listed != known.etag
        if known.revision != event.revision || changedThere {
          changes.append(.replace(uid: event.uid))
        }
      } else if known.revision != event.revision {
        changes.append(.replace(uid: event.uid))
      }
    }
    let keptAfter = now.addingTimeInterval(-Double(keptDays * 86_400))
    for known in published.values.sorted(by: { ($0.fireAt, $0.uid) < ($1.fireAt, $1.uid) })
    where !wantedUIDs.contains(known.uid) {
      let onServer = server.map { $0[Self.decodedPath(known.href)] != nil } ?? true
      if known.fireAt <= now, known.fireAt > keptAfter {
        if !onServer { changes.append(.forget(uid: known.uid)) }
      } else {
        changes.append(onServer ? .delete(uid: known.uid) : .forget(uid: known.uid))
      }
    }
    return changes
  }

  /// The resource name of a UID in the collection: the UID, percent-encoded where a path segment
  /// needs it, and `.ics`.
  public static func resourceName(of uid: String) -> String {
    var name = ""
    for byte in uid.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"),
        UInt8(ascii: "@"):
        name.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        name += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return name + ".ics"
  }

  /// A path with its percent-escapes decoded (servers differ in which bytes they escape), and
  /// without a trailing slash, so that two spellings of one resource compare equal.
  public static func decodedPath(_ path: String) -> String {
    var bytes: [UInt8] = []
    var input = Array(path.utf8)[...]
    while let byte = input.popFirst() {
      if byte == UInt8(ascii: "%"), input.count >= 2,
        let high = hexValue(input[input.startIndex]), let low = hexValue(input[input.startIndex + 1])
      {
        bytes.append(high << 4 | low)
        input.removeFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
