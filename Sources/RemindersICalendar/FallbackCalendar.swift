import Foundation
import RemindersCore

/// The calendar file reminders are written to when no pop-up can be shown.
///
/// The file may be shared with a calendar application, so merging rewrites only the events it
/// owns (those whose UID is a reminder's, by `ICalendarFeed.uid(for:)`) and keeps every other
/// component and property as it was read.
public enum FallbackCalendar {
  /// The NAME of a fallback calendar this module creates.
  public static let name = "reminders (fallback)"

  /// The properties of an event that a merge rewrites; any other property of the event is kept.
  ///
  /// DTEND is among them because a calendar application may have replaced DURATION with it,
  /// and an event must not carry both.
  static let ownedProperties: Set<String> = [
    "UID", "DTSTAMP", "LAST-MODIFIED", "SEQUENCE", "DTSTART", "DTEND", "DURATION", "SUMMARY", "DESCRIPTION",
    "CATEGORIES", "TRANSP",
  ]

  /// The calendar file `existing` with `reminders` merged in by UID, as the new file's bytes.
  ///
  /// - A reminder whose event is there with the same SUMMARY, DESCRIPTION and DTSTART leaves it
  ///   untouched, so merging the same reminder twice gives one event.
  /// - A reminder whose event differs replaces it in place: SEQUENCE one higher, DTSTAMP and
  ///   LAST-MODIFIED `stamp`. Properties the event had beyond ours, and its alarms other than
  ///   ours (a DISPLAY alarm at the start), are kept.
  /// - Any other reminder is appended to the first VCALENDAR with SEQUENCE 0.
  ///
  /// `existing` is the file's bytes, not a decoded string, so that a line another writer folded
  /// inside a UTF-8 character joins back into that character. A nil or empty `existing` starts a
  /// new calendar named `name`. LF line ends are accepted; the result always has CRLF line ends
  /// and folded lines.
  ///
  /// - Throws: `ICalendarError.malformed` when `existing` is not a sequence of VCALENDAR objects
  ///   (a line without a colon, a continuation line at the start, unbalanced BEGIN/END, content
  ///   outside a VCALENDAR, a content line that is not UTF-8).
  public static func merge(
    existing: [UInt8]?, reminders: [Reminder], language: Language, stamp: Date
  ) throws(ICalendarError) -> [UInt8] {
    var lines = try ContentLine.logicalLines(existing ?? [])
    if lines.isEmpty {
      var header = ContentWriter(capacity: 1024)
      ICalendarFeed(name: name, language: language).writeHeader(into: &header)
      header.line("END:VCALENDAR")
      lines = try ContentLine.logicalLines(header.bytes)
    }
    var calendars = try Component.parse(lines, calendarsOnly: true)
    for reminder in reminders {
      try merge(reminder, into: &calendars, language: language, stamp: stamp)
    }
    var writer = ContentWriter(
      capacity: (existing?.count ?? 0) * 17 / 16 + EventFormat.estimatedSize(of: reminders) + 1024)
    for calendar in calendars { calendar.write(into: &writer) }
    return writer.bytes
  }

  static func merge(
    _ reminder: Reminder, into calendars: inout [Component], language: Language, stamp: Date
  ) throws(ICalendarError) {
    let uid = ICalendarFeed.uid(for: reminder.id.description)
    guard let (c, n, event) = findEvent(uid: uid, in: calendars) else {
      let event = try render(reminder, language: language, stamp: stamp, sequence: 0)
      calendars[0].nodes.append(.component(event))
      return
    }
    guard !isCurrent(event, for: reminder) else { return }
    let sequence = event.property("SEQUENCE").flatMap {
      Int($0.valueString.trimmingCharacters(in: .whitespaces))
    }
    var updated = try render(reminder, language: language, stamp: stamp, sequence: max(sequence ?? 0, 0) + 1)
    var ours: [Component.Node] = []
    var alarms: [Component.Node] = []
    for node in updated.nodes {
      if case .component = node { alarms.append(node) } else { ours.append(node) }
    }
    var kept: [Component.Node] = []
    var keptComponents: [Component.Node] = []
    for node in event.nodes {
      switch node {
      case .property(let property) where !ownedProperties.contains(property.name): kept.append(node)
      case .component(let component) where !isOurAlarm(component): keptComponents.append(node)
      default: break
      }
    }
    updated.nodes = ours + kept + keptComponents + alarms
    calendars[c].nodes[n] = .component(updated)
  }

  /// The first non-recurrence-override VEVENT with `uid`, and where it is.
  static func findEvent(uid: String, in calendars: [Component]) -> (Int, Int, Component)? {
    for (c, calendar) in calendars.enumerated() {
      for (n, node) in calendar.nodes.enumerated() {
        guard case .component(let event) = node, event.name == "VEVENT", event.property("UID")?.text == uid,
          event.property("RECURRENCE-ID") == nil
        else { continue }
        return (c, n, event)
      }
    }
    return nil
  }

  /// Whether `event` already says what `reminder` says, at the same time.
  static func isCurrent(_ event: Component, for reminder: Reminder) -> Bool {
    guard let start = event.property("DTSTART"), !start.hasParameter("TZID"),
      start.valueString == ICalendarFeed.utcText(reminder.fireAt)
    else { return false }
    return event.property("SUMMARY")?.text == ICalText.normalized(reminder.title)
      && (event.property("DESCRIPTION")?.text ?? "") == ICalText.normalized(reminder.body)
  }

  /// Whether `component` is the alarm this module writes: a DISPLAY alarm at the event's start.
  static func isOurAlarm(_ component: Component) -> Bool {
    guard component.name == "VALARM", component.property("ACTION")?.valueString.uppercased() == "DISPLAY",
      let trigger = component.property("TRIGGER"), !trigger.hasParameter("RELATED")
    else { return false }
    var value = Substring(trigger.valueString)
    if value.first == "+" || value.first == "-" { value = value.dropFirst() }
    // A zero duration: "P", then only zeros among its digits (PT0S, PT0M, P0D, …).
    return value.first == "P" && value.contains(where: \.isNumber)
      && !value.contains(where: { $0.isNumber && $0 != "0" })
  }

  /// The event of `reminder` as a parsed component, revision `sequence` made at `stamp`.
  static func render(
    _ reminder: Reminder, language: Language, stamp: Date, sequence: Int
  ) throws(ICalendarError) -> Component {
    var writer = ContentWriter(capacity: EventFormat.estimatedSize(of: [reminder]))
    EventFormat.write(
      reminder, language: language, stamp: stamp, revision: Revision(sequence: sequence, lastModified: stamp),
      into: &writer)
    let parsed = try Component.parse(ContentLine.logicalLines(writer.bytes), calendarsOnly: false)
    return parsed[0]
  }
}
