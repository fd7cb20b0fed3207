import Foundation
import RemindersCore
import RemindersICalendar
import RemindersStore

/// The fallback calendar file (`fallback.path`, default `$XDG_DATA_HOME/reminders/fallback.ics`).
public struct FallbackCalendarFile: CalendarSink {
  public let path: String
  public let language: Language

  public init(path: String, language: Language) {
    self.path = path
    self.language = language
  }

  /// Merges `reminders` into the file by UID and writes it atomically. A file that cannot be
  /// read as a calendar is left untouched (`StoreError.corrupt`, naming its line).
  public func add(_ reminders: [Reminder], stamp: Date) throws {
    let existing = try FileIO.read(path)
    let merged: [UInt8]
    do {
      merged = try FallbackCalendar.merge(
        existing: existing, reminders: reminders, language: language, stamp: stamp)
    } catch .malformed(let line, let reason) {
      throw StoreError.corruptCalendar(path: path, line: line, reason: reason)
    }
    try FileIO.writeAtomically(merged, to: path)
  }
}
