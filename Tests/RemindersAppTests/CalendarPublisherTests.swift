import Foundation
import RemindersCore
import RemindersICalendar
import RemindersStore
import RemindersTestSupport
import TestFolders
import Testing

@testable import RemindersApp

/// A CalDAV collection in memory, for the table tests of the sync's rules: it keeps resources
/// with ETags, honours `If-None-Match: *` and `If-Match` as a server must, and counts requests.
/// (The real servers, Radicale and Xandikos, are spoken to in CLITests.CalendarTests.)
final class MemoryCalendar: CalendarServer {
  let collectionPath = "/cal/"
  var requests = 0
  var resources: [String: (etag: String, body: [UInt8])] = [:]
  var next = 0
  /// The fault every request meets, while set.
  var fault: CalendarFault?

  func etag() -> String {
    next += 1
    return "\"v\(next)\""
  }

  func count() throws {
    requests += 1
    if let fault { throw fault }
  }

  func list() throws -> [String: String?] {
    try count()
    return resources.reduce(into: [:]) { $0[CalendarSync.decodedPath($1.key)] = .some($1.value.etag) }
  }

  func put(_ href: String, body: [UInt8], condition: PutCondition) throws -> Conditional {
    try count()
    let key = CalendarSync.decodedPath(href)
    switch condition {
    case .absent where resources[key] != nil: return .preconditionFailed
    case .matches(let etag) where resources[key]?.etag != etag: return .preconditionFailed
    default: break
    }
    let tag = etag()
    resources[key] = (tag, body)
    return .done(etag: tag)
  }

  func head(_ href: String) throws -> Conditional {
    try count()
    return resources[CalendarSync.decodedPath(href)].map { .done(etag: $0.etag) } ?? .gone
  }

  func delete(_ href: String, etag: String?) throws -> Conditional {
    try count()
    let key = CalendarSync.decodedPath(href)
    guard let known = resources[key] else { return .gone }
    if let etag, etag != known.etag { return .preconditionFailed }
    resources[key] = nil
    return .done(etag: nil)
  }

  func close() {}

  /// Someone else's edit of a resource: a new ETag.
  func edit(_ uid: String) {
    let key = CalendarSync.decodedPath(collectionPath + CalendarSync.resourceName(of: uid))
    resources[key]?.etag = etag()
  }

  var uids: [String] {
    resources.keys.map { String($0.dropFirst(collectionPath.count).dropLast(".ics".count)) }.sorted()
  }
}

private func instant(_ text: String) -> Date { Timestamp.parse(text)! }

@Suite struct CalendarPublisherTests {
  let folder: TemporaryFolder
  let publisher: CalendarPublisher
  let server = MemoryCalendar()
  let start = instant("2026-11-21T07:00:00+09:00")

  init() throws {
    folder = try TemporaryFolder()
    let clock = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)
    publisher = CalendarPublisher(
      settings: CalendarSettings(url: "https://cal.example.org/cal/"), stateDir: folder.path, clock: clock,
      feed: ICalendarFeed(name: "reminders", language: .en))
  }

  func daily(_ day: String, count: Int, at time: String = "08:00") -> Reminder {
    Reminder(
      id: ReminderID("daily:\(day)"), kind: .dailyReview, fireAt: instant("\(day)T\(time):00+09:00"),
      title: "Today's reviews: \(count) cards", body: "")
  }

  @discardableResult
  func sync(
    _ plan: [Reminder], at now: Date, fingerprint: String = "f1", trigger: CalendarPublisher.Trigger = .run,
    configKey: String = "c1"
  ) throws -> CalendarPublisher.Report {
    try publisher.sync(
      now: now, trigger: trigger, fingerprint: fingerprint, configKey: configKey, plan: { plan },
      password: { _ in nil }, connect: { [server] _, _ in server })
  }

  var state: CalendarState { publisher.stateFile.load(url: publisher.settings.url) }

  @Test func firstSyncCreatesThenAnUnchangedRunSendsNothing() throws {
    let plan = [daily("2026-11-21", count: 3), daily("2026-11-22", count: 5)]
    let first = try sync(plan, at: start)
    #expect(first.outcome == .done)
    #expect(
      first.lines.map(\.change) == [
        .create(uid: "daily-2026-11-21@reminders"), .create(uid: "daily-2026-11-22@reminders"),
      ])
    // The first sync lists the collection (no check yet), then two PUTs.
    #expect(server.requests == 3)
    #expect(server.uids == ["daily-2026-11-21@reminders", "daily-2026-11-22@reminders"])
    // Same inputs, within the hour: not even planned.
    var planned = false
    let idle = try publisher.sync(
      now: start.addingTimeInterval(60), trigger: .run, fingerprint: "f1", configKey: "c1",
      plan: {
        planned = true
        return plan
      }, password: { _ in nil }, connect: { [server] _, _ in server })
    #expect(idle.outcome == .notDue && !planned && server.requests == 3)
    // Other inputs, the same events: planned, no request.
    let same = try sync(plan, at: start.addingTimeInterval(120), fingerprint: "f2")
    #expect(same.outcome == .done && same.lines.isEmpty && server.requests == 3)
    // An hour after the last check: one listing, nothing to write.
    let check = try sync(plan, at: start.addingTimeInterval(3600), fingerprint: "f2")
    #expect(check.listed && check.lines.isEmpty && server.requests == 4)
  }

  @Test func changesAreReplacedAndWhatLeftThePlanDeletedOrKept() throws {
    try sync([daily("2026-11-21", count: 3), daily("2026-11-22", count: 5)], at: start)
    // 08:00 delivered (left the plan after its time): kept; tomorrow's count changed: replaced.
    let later = instant("2026-11-21T09:00:00+09:00")
    let report = try sync([daily("2026-11-22", count: 6)], at: later, fingerprint: "f2")
    #expect(report.lines.map(\.change) == [.replace(uid: "daily-2026-11-22@reminders")])
    #expect(server.uids.count == 2)
    // Tomorrow's cards all done ahead: it leaves the plan before its time and is deleted.
    let done = try sync([], at: later.addingTimeInterval(60), fingerprint: "f3")
    #expect(done.lines.map(\.change) == [.delete(uid: "daily-2026-11-22@reminders")])
    #expect(server.uids == ["daily-2026-11-21@reminders"])
    // Seven days after its time, the kept one goes too.
    let week = try sync([], at: instant("2026-11-28T08:00:00+09:00"), fingerprint: "f4")
    #expect(week.lines.map(\.change) == [.delete(uid: "daily-2026-11-21@reminders")])
    #expect(server.uids.isEmpty)
  }

  /// Someone edits our event on the server: the hourly check writes ours again (412 read again
  /// when the edit comes between the listing and the write); their own events are never touched.
  @Test func editsThereAreWrittenOverAndForeignEventsLeftAlone() throws {
    let plan = [daily("2026-11-21", count: 3)]
    try sync(plan, at: start)
    server.resources["/cal/theirs.ics"] = ("\"t1\"", Array("BEGIN:VCALENDAR".utf8))
    server.edit("daily-2026-11-21@reminders")
    let check = try sync(plan, at: start.addingTimeInterval(3600))
    #expect(check.lines.map(\.change) == [.replace(uid: "daily-2026-11-21@reminders")])
    #expect(server.resources["/cal/theirs.ics"]?.etag == "\"t1\"")
    // A replace that meets 412 (edited since we last saw it) reads the ETag and writes ours.
    server.edit("daily-2026-11-21@reminders")
    let changed = try sync(
      [daily("2026-11-21", count: 4)], at: start.addingTimeInterval(3700), fingerprint: "f2")
    #expect(
      changed.outcome == .done && changed.lines.map(\.change) == [.replace(uid: "daily-2026-11-21@reminders")]
    )
    let body = String(decoding: server.resources["/cal/daily-2026-11-21@reminders.ics"]!.body, as: UTF8.self)
    #expect(body.contains("SUMMARY;LANGUAGE=en:Today's reviews: 4 cards"))
  }

  /// A state lost (or a sync cut short after its PUT): the create meets 412, reads the ETag and
  /// replaces; nothing is duplicated.
  @Test func aLostStateDuplicatesNothing() throws {
    let plan = [daily("2026-11-21", count: 3)]
    try sync(plan, at: start)
    try FileManager.default.removeItem(atPath: publisher.stateFile.path)
    let again = try sync(plan, at: start.addingTimeInterval(60), trigger: .command(dryRun: false))
    #expect(again.outcome == .done)
    #expect(server.uids == ["daily-2026-11-21@reminders"])
    #expect(state.published.count == 1)
  }

  /// Server down: the failure is kept, said once (new), tried again 1, 2, 4 … minutes later, and
  /// nothing is lost: the first run after it comes back writes what is due.
  @Test func aServerDownIsRetriedLater() throws {
    server.fault = .unreachable(.connectionRefused)
    let plan = [daily("2026-11-21", count: 3)]
    let down = try sync(plan, at: start)
    #expect(down.outcome == .failed(.unreachable(.connectionRefused)) && down.newFailure)
    let waiting = try sync(plan, at: start.addingTimeInterval(30))
    #expect(waiting.outcome == .waiting(until: start.addingTimeInterval(60)))
    let again = try sync(plan, at: start.addingTimeInterval(60))
    #expect(again.outcome == .failed(.unreachable(.connectionRefused)) && !again.newFailure)
    #expect(state.failure?.tries == 2 && state.failure?.retryAt == start.addingTimeInterval(180))
    server.fault = nil
    let back = try sync(plan, at: start.addingTimeInterval(180))
    #expect(back.outcome == .done && back.lines.count == 1 && back.listed && state.failure == nil)
  }

  /// 401: said once, tried again an hour later, or at once when the config changed.
  @Test func aRefusalIsTriedHourlyOrWhenTheConfigChanges() throws {
    server.fault = .refused(401)
    let plan = [daily("2026-11-21", count: 3)]
    #expect(try sync(plan, at: start).outcome == .failed(.refused(401)))
    #expect(
      try sync(plan, at: start.addingTimeInterval(1800)).outcome
        == .waiting(until: start.addingTimeInterval(3600)))
    let fixed = try sync(plan, at: start.addingTimeInterval(1900), configKey: "c2")
    #expect(fixed.outcome == .failed(.refused(401)) && !fixed.newFailure)
    server.fault = nil
    #expect(try sync(plan, at: start.addingTimeInterval(1900 + 3600), configKey: "c2").outcome == .done)
    // A refusal with nothing left to write is over only when the server has taken a request.
    server.fault = .refused(401)
    let quiet = start.addingTimeInterval(1900 + 7200)
    #expect(try sync(plan, at: quiet, fingerprint: "f2").outcome == .failed(.refused(401)))
    let requests = server.requests
    let retried = try sync(plan, at: quiet.addingTimeInterval(3600), fingerprint: "f2")
    #expect(retried.outcome == .failed(.refused(401)) && server.requests == requests + 1)
  }

  @Test func aDryRunWritesNothing() throws {
    let report = try sync([daily("2026-11-21", count: 3)], at: start, trigger: .command(dryRun: true))
    #expect(report.lines.map(\.change) == [.create(uid: "daily-2026-11-21@reminders")])
    #expect(server.resources.isEmpty && !FileManager.default.fileExists(atPath: publisher.stateFile.path))
  }

  @Test func aSecondSyncAtOnceIsBusy() throws {
    let lock = try FileLock(path: publisher.stateFile.lockPath, seconds: 0)
    defer { withExtendedLifetime(lock) {} }
    #expect(try sync([daily("2026-11-21", count: 3)], at: start).outcome == .busy)
    #expect(server.requests == 0)
  }
}
