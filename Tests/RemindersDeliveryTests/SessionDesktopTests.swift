import Foundation
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersTestSupport
import TestFolders
import Testing

/// The desktop behind its connection, with a connection in memory: what `reach` makes of what
/// the server says (GNOME's settings decide for GNOME Shell), how the watch closes pop-ups over
/// a connection of its own, and how it follows events until they stop. The same against real
/// servers is in RemindersDBusTests and CLITests.
@Suite struct SessionDesktopTests {
  /// A folder on `PATH` holding a `gsettings` that prints `answer`, or none at all (nil).
  static func path(gsettings answer: String?) throws -> String {
    let folder = try TemporaryFolder.make("reminders-gsettings")
    if let answer {
      let script = "\(folder)/gsettings"
      try "#!/bin/sh\necho \(answer)\n".write(toFile: script, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    }
    return folder
  }

  @Test func aDesktopThatCannotBeReachedSaysWhy() {
    let fake = FakeDesktop()
    fake.failure = SendFailure(.noBus, detail: "org.freedesktop.DBus.Error.FileNotFound: no socket")
    guard case .unreachable(let why) = fake.desktop.reach() else {
      Issue.record("reached a desktop that fails to connect")
      return
    }
    #expect(why == fake.failure)
    #expect(fake.connects == 1)
  }

  /// A server a probe knows answers for itself, even on a GNOME session whose settings say on.
  @Test func aKnownServerAnswersForItself() throws {
    let fake = FakeDesktop(
      environment: ["XDG_CURRENT_DESKTOP": "GNOME", "PATH": try Self.path(gsettings: "false")])
    fake.connection.reading = DoNotDisturbReading(state: .off, probe: .dunst, server: "dunst")
    guard case .reachable(let sender, let dnd) = fake.desktop.reach() else {
      Issue.record("could not reach the fake desktop")
      return
    }
    #expect(dnd == fake.connection.reading)
    #expect(sender === fake.connection)
  }

  /// GNOME Shell's reading comes from GSettings: `show-banners` false is on, true is off, and no
  /// gsettings at all leaves it unknown, said to be GNOME's.
  @Test(
    arguments: [("false", DoNotDisturbState.on), ("true", .off), (nil, .unknown)]
      as [(String?, DoNotDisturbState)])
  func gnomeShellIsReadFromGSettings(answer: String?, state: DoNotDisturbState) throws {
    let fake = FakeDesktop(environment: ["PATH": try Self.path(gsettings: answer)])
    fake.connection.reading = DoNotDisturbReading(state: .unknown, probe: nil, server: "gnome-shell")
    let dnd = fake.desktop.doNotDisturb(on: fake.connection)
    #expect(dnd == DoNotDisturbReading(state: state, probe: .gnome, server: "gnome-shell"))
  }

  /// The watch's closer connects when first asked, keeps its connection, and connects again once
  /// when a close fails (the bus may have restarted); a close that still fails is let go.
  @Test func theWatchClosesPopUpsOverAConnectionOfItsOwn() {
    let fake = FakeDesktop()
    let desktop = fake.desktop
    let actions = DesktopActions(
      review: ["reminders", "review"], terminal: nil, environment: [:],
      connect: { () throws(SendFailure) -> any NotificationSender in try desktop.connect() })
    #expect(fake.connects == 0)
    actions.close(7)
    actions.close(8)
    #expect(fake.connection.sender.closed == [7, 8])
    #expect(fake.connects == 1)

    fake.connection.sender.failure = SendFailure(.noBus, detail: "org.freedesktop.DBus.Error.Disconnected")
    actions.close(9)
    // Tried on the kept connection, then on one new connection.
    #expect(fake.connects == 2)
    #expect(fake.connection.sender.closed == [7, 8])

    fake.connection.sender.failure = nil
    actions.close(10)
    #expect(fake.connects == 3)
    #expect(fake.connection.sender.closed == [7, 8, 10])
  }

  /// The watch follows the events until they stop, and says what each changed.
  @Test func theWatchFollowsEventsUntilTheyStop() throws {
    let t0 = Fixture.t("2026-11-21T08:00:00+09:00")
    let ledger = FakeLedger(
      DeliveryLedger(entries: [
        .init(
          reminderID: "daily:2026-11-21", deliveredAt: t0, channel: .popup, notificationID: 7,
          recallItemIDs: [], title: "t", onScreen: true)
      ]))
    let events = FakeEvents([.closed(id: 99, reason: .expired), .closed(id: 7, reason: .dismissed)])
    var watch = PopupWatch(ledger: ledger)
    var notes: [PopupWatch.Note] = []
    #expect(throws: WatchFailure.stopped("no more events")) {
      try watch.follow(events, clock: { t0 }) { notes.append($0) }
    }
    #expect(notes == [.closed(["daily:2026-11-21"], notification: 7, reason: .dismissed)])
    #expect(ledger.durable.entries["daily:2026-11-21"]?.onScreen == false)
  }
}
