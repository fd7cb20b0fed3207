import Foundation
import Testing

@testable import RemindersCore

/// The rule that keeps a CalDAV calendar in step with the plan (docs/calendar.md), as a table:
/// what is created, replaced, deleted, kept and forgotten, with and without a listing of the
/// collection.
@Suite struct CalendarSyncTests {
  let now = Fixture.t("2026-11-21T09:00:00+09:00")

  func wanted(_ uid: String, _ revision: String = "r1", at: String = "2026-11-21T12:00:00+09:00")
    -> WantedEvent
  {
    WantedEvent(uid: uid, revision: revision, fireAt: Fixture.t(at))
  }

  func published(
    _ uid: String, _ revision: String = "r1", etag: String? = "\"e1\"",
    at: String = "2026-11-21T12:00:00+09:00"
  ) -> (String, PublishedEvent) {
    (
      uid,
      PublishedEvent(
        uid: uid, href: "/cal/" + CalendarSync.resourceName(of: uid), etag: etag, revision: revision,
        fireAt: Fixture.t(at))
    )
  }

  func path(_ uid: String) -> String {
    CalendarSync.decodedPath("/cal/" + CalendarSync.resourceName(of: uid))
  }

  @Test func newEventsAreCreatedInTheOrderOfTheirTimes() {
    let changes = CalendarSync.changes(
      wanted: [wanted("b@reminders", at: "2026-11-22T08:00:00+09:00"), wanted("a@reminders")], published: [:],
      server: nil, now: now)
    #expect(changes == [.create(uid: "a@reminders"), .create(uid: "b@reminders")])
  }

  /// Nothing changed and nothing listed: no change, so no request.
  @Test func anUnchangedPlanChangesNothing() {
    let changes = CalendarSync.changes(
      wanted: [wanted("a@reminders")],
      published: Dictionary(uniqueKeysWithValues: [published("a@reminders")]),
      server: nil, now: now)
    #expect(changes.isEmpty)
  }

  @Test func aChangedEventIsReplaced() {
    let changes = CalendarSync.changes(
      wanted: [wanted("a@reminders", "r2")],
      published: Dictionary(uniqueKeysWithValues: [published("a@reminders")]), server: nil, now: now)
    #expect(changes == [.replace(uid: "a@reminders")])
  }

  /// Left the plan before its time (the cards were done): deleted. Left it after its time
  /// (delivered): kept seven days after its time, then deleted.
  @Test(arguments: [
    ("2026-11-21T12:00:00+09:00", true),
    ("2026-11-21T08:00:00+09:00", false),
    ("2026-11-14T09:00:01+09:00", false),
    ("2026-11-14T09:00:00+09:00", true),
    ("2026-11-10T08:00:00+09:00", true),
  ])
  func leftThePlan(at: String, deleted: Bool) {
    let changes = CalendarSync.changes(
      wanted: [], published: Dictionary(uniqueKeysWithValues: [published("a@reminders", at: at)]),
      server: nil,
      now: now)
    #expect(changes == (deleted ? [.delete(uid: "a@reminders")] : []))
  }

  /// With a listing: an event edited on the server (another ETag) is written again; one deleted
  /// there is created again while wanted, and forgotten otherwise; resources that are not ours
  /// are not in any change.
  @Test func aListingFindsWhatChangedThere() {
    let known = Dictionary(uniqueKeysWithValues: [
      published("edited@reminders"), published("deleted@reminders"), published("same@reminders"),
      published("gone-kept@reminders", at: "2026-11-20T08:00:00+09:00"),
    ])
    let server: [String: String?] = [
      path("edited@reminders"): "\"e2\"", path("same@reminders"): "\"e1\"", "/cal/someone-elses.ics": "\"x\"",
    ]
    let changes = CalendarSync.changes(
      wanted: [wanted("edited@reminders"), wanted("deleted@reminders"), wanted("same@reminders")],
      published: known, server: server, now: now)
    #expect(
      changes == [
        .create(uid: "deleted@reminders"), .replace(uid: "edited@reminders"),
        .forget(uid: "gone-kept@reminders"),
      ])
  }

  /// A server that gives no ETag cannot say an event changed: not written again for that.
  @Test func noETagNoReplacement() {
    let changes = CalendarSync.changes(
      wanted: [wanted("a@reminders")],
      published: Dictionary(uniqueKeysWithValues: [published("a@reminders", etag: nil)]),
      server: [path("a@reminders"): "\"e9\""], now: now)
    #expect(changes.isEmpty)
    let unlisted = CalendarSync.changes(
      wanted: [wanted("a@reminders")],
      published: Dictionary(uniqueKeysWithValues: [published("a@reminders")]),
      server: [path("a@reminders"): String?.none], now: now)
    #expect(unlisted.isEmpty)
  }

  /// A UID's resource name: the bytes a path segment keeps as they are, the rest escaped, and
  /// the escapes read back by either spelling a server lists.
  @Test(arguments: [
    ("daily-2026-11-21@reminders", "daily-2026-11-21@reminders.ics"),
    ("snooze-1%3Arecall%3Ar-9@reminders", "snooze-1%253Arecall%253Ar-9@reminders.ics"),
  ])
  func resourceNames(uid: String, name: String) {
    #expect(CalendarSync.resourceName(of: uid) == name)
    #expect(CalendarSync.decodedPath("/c/" + name) == "/c/" + uid + ".ics")
    #expect(
      CalendarSync.decodedPath("/c/" + name.replacingOccurrences(of: "@", with: "%40")) == "/c/" + uid
        + ".ics")
  }

  @Test func decodedPathsDropTheTrailingSlash() {
    #expect(CalendarSync.decodedPath("/learner/reminders/") == "/learner/reminders")
    #expect(CalendarSync.decodedPath("/") == "/")
    #expect(CalendarSync.decodedPath("/a%2") == "/a%2")
  }
}
