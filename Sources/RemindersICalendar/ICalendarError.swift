import RemindersMessages

/// Why an iCalendar text could not be read.
///
/// The caller names the file; the error names the place in it, so that the message reads
/// `fallback.ics: line 12: END:VEVENT does not close BEGIN:VALARM (line 9)`.
public enum ICalendarError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text is not a well-formed iCalendar object: `line` is the 1-based physical line where
  /// the offending content line starts.
  case malformed(line: Int, reason: CalendarSyntaxProblem)

  /// In English, the catalogue's words (a person reads them through RemindersReports).
  public var description: String {
    switch self {
    case .malformed(let line, let reason): return "line \(line): \(English().calendarSyntax(reason))"
    }
  }
}
