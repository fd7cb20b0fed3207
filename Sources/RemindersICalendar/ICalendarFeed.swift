import Foundation
import RemindersCore

/// The iCalendar feed of planned reminders: one VEVENT with a display alarm per reminder.
///
/// Times are written in UTC (`…Z`) with no VTIMEZONE: a calendar application shows them in its
/// own zone, and the file stays independent of the zone database. UIDs depend only on reminder
/// ids (see `uid(for:)`), so that re-exporting updates a subscribed calendar instead of
/// duplicating its events.
public struct ICalendarFeed: Sendable {
  /// The PRODID of every calendar this module writes.
  public static let productID = "-//reminders//reminders 0.1//EN"

  /// The calendar's name (RFC 7986 NAME and X-WR-CALNAME).
  public let name: String
  /// The language of the reminders' texts, written as their LANGUAGE parameter.
  public let language: Language

  public init(name: String, language: Language) {
    self.name = name
    self.language = language
  }

  /// The whole feed, as the UTF-8 bytes of the file: a VCALENDAR holding the reminders' events in
  /// input order, DTSTAMP `stamp`.
  ///
  /// Bytes rather than a `String`, because the feed goes to a file and making a `String` would
  /// validate every byte again: a third of the time of a large feed.
  public func render(_ reminders: [Reminder], stamp: Date) -> [UInt8] {
    var writer = ContentWriter(capacity: EventFormat.estimatedSize(of: reminders) + 1024)
    writeHeader(into: &writer)
    for reminder in reminders {
      EventFormat.write(reminder, language: language, stamp: stamp, revision: nil, into: &writer)
    }
    writer.line("END:VCALENDAR")
    return writer.bytes
  }

  /// One reminder's event as a calendar object resource of its own, as a CalDAV calendar holds
  /// it: the same VEVENT (UID, alarm) as in the feed, in a VCALENDAR with no METHOD and no
  /// calendar name (a CalDAV object carries neither).
  public func resource(_ reminder: Reminder, stamp: Date) -> [UInt8] {
    var writer = ContentWriter(capacity: EventFormat.estimatedSize(of: [reminder]) + 256)
    Self.writeOpening(into: &writer)
    EventFormat.write(reminder, language: language, stamp: stamp, revision: nil, into: &writer)
    writer.line("END:VCALENDAR")
    return writer.bytes
  }

  /// What the event of `reminder` says, as 16 hex digits (FNV-1a of its resource written with a
  /// fixed DTSTAMP): equal for the same event whenever it is planned, different when anything
  /// a calendar shows of it changed.
  public func revision(of reminder: Reminder) -> String {
    Self.digest(resource(reminder, stamp: Date(timeIntervalSince1970: 0)))
  }

  /// The events of `reminders` as the feed writes them, with a fixed DTSTAMP, as 16 hex digits.
  public func revision(of reminders: [Reminder]) -> String {
    Self.digest(render(reminders, stamp: Date(timeIntervalSince1970: 0)))
  }

  static func digest(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The UID of the event for the reminder with id `reminderID`.
  ///
  /// The rule: the reminder id's first `:` becomes `-`, every byte other than ASCII letters,
  /// digits, `.`, `_` and `-` becomes `%XX` (its UTF-8 byte in upper-case hex), and `@reminders`
  /// follows: `daily:2026-11-21` → `daily-2026-11-21@reminders`, `recall:3F25…` →
  /// `recall-3F25…@reminders`. It depends on nothing else, so the UID stays the same across
  /// exports, and since the kinds (`daily`, `recall`) hold no `-`, distinct ids give distinct UIDs.
  public static func uid(for reminderID: String) -> String {
    var writer = ContentWriter(capacity: reminderID.utf8.count * 3 + 10, folding: false)
    EventFormat.writeUID(reminderID, into: &writer)
    return writer.string
  }

  /// BEGIN:VCALENDAR and what every calendar object of ours says first: version, product, scale.
  static func writeOpening(into writer: inout ContentWriter) {
    writer.line("BEGIN:VCALENDAR")
    writer.line("VERSION:2.0")
    writer.ascii("PRODID:")
    writer.text(Self.productID)
    writer.endLine()
    writer.line("CALSCALE:GREGORIAN")
  }

  /// BEGIN:VCALENDAR and the calendar's properties, up to its first component.
  func writeHeader(into writer: inout ContentWriter) {
    Self.writeOpening(into: &writer)
    writer.line("METHOD:PUBLISH")
    writer.ascii("NAME:")
    writer.text(name)
    writer.endLine()
    writer.ascii("X-WR-CALNAME:")
    writer.text(name)
    writer.endLine()
    writer.ascii("DESCRIPTION;LANGUAGE=")
    writer.raw(language.rawValue.utf8)
    writer.ascii(":")
    writer.text(calendarDescription)
    writer.endLine()
    writer.ascii("X-WR-CALDESC:")
    writer.text(calendarDescription)
    writer.endLine()
    // Planned reminders change as cards are answered; an hour keeps a subscription current
    // without polling a file that is rewritten at most once a minute.
    writer.line("REFRESH-INTERVAL;VALUE=DURATION:PT1H")
    writer.line("X-PUBLISHED-TTL:PT1H")
  }

  var calendarDescription: String {
    language.words.calendarDescription
  }
}

/// Where a fallback event stands in its history; feed events carry none, since a feed is
/// rewritten whole and keeps no state between exports.
struct Revision {
  var sequence: Int
  var lastModified: Date
}

/// The VEVENT of one reminder, shared by the feed and the fallback calendar.
enum EventFormat {
  static let uidDomain: StaticString = "@reminders"
  static let hexDigits = Array("0123456789ABCDEF".utf8)

  /// Writes BEGIN:VEVENT … END:VEVENT.
  ///
  /// The property order is fixed (UID, DTSTAMP, [LAST-MODIFIED, SEQUENCE], DTSTART, DURATION,
  /// SUMMARY, DESCRIPTION, CATEGORIES, TRANSP, VALARM) so that the text is the same for the same
  /// input. DESCRIPTION is left out when the body is empty. The fixed text between values goes
  /// out in blocks of whole lines, one copy each, since a feed may hold a hundred thousand events.
  static func write(
    _ reminder: borrowing Reminder, language: Language, stamp: Date, revision: Revision?,
    into writer: inout ContentWriter
  ) {
    writer.lines("BEGIN:VEVENT\r\nUID:")
    writeUID(reminder.id.description, into: &writer)
    writer.lines("\r\nDTSTAMP:")
    writer.utc(stamp.timeIntervalSince1970)
    if let revision {
      writer.lines("\r\nLAST-MODIFIED:")
      writer.utc(revision.lastModified.timeIntervalSince1970)
      writer.lines("\r\nSEQUENCE:")
      writer.integer(revision.sequence)
    }
    writer.lines("\r\nDTSTART:")
    writer.utc(reminder.fireAt.timeIntervalSince1970)
    // Five minutes: a reminder is a moment, but several calendar applications draw a zero-length
    // event as a hairline or not at all.
    switch language {
    case .ja: writer.lines("\r\nDURATION:PT5M\r\nSUMMARY;LANGUAGE=ja:")
    case .en: writer.lines("\r\nDURATION:PT5M\r\nSUMMARY;LANGUAGE=en:")
    }
    writer.text(reminder.title)
    writer.endLine()
    if !reminder.body.isEmpty {
      switch language {
      case .ja: writer.lines("DESCRIPTION;LANGUAGE=ja:")
      case .en: writer.lines("DESCRIPTION;LANGUAGE=en:")
      }
      writer.text(reminder.body)
      writer.endLine()
    }
    // TRANSPARENT: a reminder does not make its owner busy.
    switch reminder.kind {
    case .dailyReview:
      writer.lines(
        "CATEGORIES:reminders,daily-review\r\nTRANSP:TRANSPARENT\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:"
      )
    case .recall:
      writer.lines(
        "CATEGORIES:reminders,recall\r\nTRANSP:TRANSPARENT\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:")
    case .focus:
      writer.lines(
        "CATEGORIES:reminders,focus\r\nTRANSP:TRANSPARENT\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:")
    case .alarm:
      writer.lines(
        "CATEGORIES:reminders,alarm\r\nTRANSP:TRANSPARENT\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:")
    case .card:
      // Never planned into a calendar (a card pop-up needs the desktop to be answered); said
      // as a card if one ever were.
      writer.lines(
        "CATEGORIES:reminders,card\r\nTRANSP:TRANSPARENT\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:")
    }
    writer.text(reminder.title)
    writer.lines("\r\nTRIGGER:PT0S\r\nEND:VALARM\r\nEND:VEVENT\r\n")
  }

  /// Writes the UID value of `reminderID` by the rule of `ICalendarFeed.uid(for:)`.
  static func writeUID(_ reminderID: String, into writer: inout ContentWriter) {
    let id = Array(reminderID.utf8)
    let separator = id.firstIndex(of: UInt8(ascii: ":"))
    var run = 0
    for (i, byte) in id.enumerated() where !isPlainUID(byte) || i == separator {
      writer.raw(id[run..<i])
      run = i + 1
      if i == separator {
        writer.put(UInt8(ascii: "-"))
      } else {
        writer.put(UInt8(ascii: "%"))
        writer.put(hexDigits[Int(byte >> 4)])
        writer.put(hexDigits[Int(byte & 0x0F)])
      }
    }
    writer.raw(id[run...])
    writer.ascii(uidDomain)
  }

  /// Whether a byte of a reminder id is kept as it is in the UID.
  static func isPlainUID(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }

  /// About the size of the events' text, so that the output buffer is allocated once.
  static func estimatedSize(of reminders: [Reminder]) -> Int {
    var size = 0
    for reminder in reminders {
      // Fixed lines, LANGUAGE parameters and the title twice, plus room for escapes and folds.
      size +=
        420 + reminder.id.description.utf8.count + (reminder.title.utf8.count * 2 + reminder.body.utf8.count)
        * 17 / 16
    }
    return size
  }
}

extension ICalendarFeed {
  /// `instant` as a UTC DATE-TIME value, `YYYYMMDDTHHMMSSZ`.
  static func utcText(_ instant: Date) -> String {
    var writer = ContentWriter(capacity: 16, folding: false)
    writer.utc(instant.timeIntervalSince1970)
    return writer.string
  }
}
