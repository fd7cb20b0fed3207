import Foundation
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersMessages
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
    fake.failure = SendFailure(
      .noBus, bus: BusFailure(name: "org.freedesktop.DBus.Error.FileNotFound", message: "no socket"))
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

    fake.connection.sender.failure = SendFailure(
      .noBus, bus: BusFailure(name: "org.freedesktop.DBus.Error.Disconnected", fault: .closed))
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
    #expect(
      throws: WatchFailure.stopped(
        BusFailure(name: "org.freedesktop.DBus.Error.Disconnected", fault: .closed))
    ) {
      try watch.follow(events, clock: { t0 }) { notes.append($0) }
    }
    #expect(notes == [.closed(["daily:2026-11-21"], notification: 7, reason: .dismissed)])
    #expect(ledger.durable.entries["daily:2026-11-21"]?.onScreen == false)
  }
}

/// What the bus said, in a person's words: the peer's own message as it came, a fault found on
/// this side in the session's language, the error's name always.
@Suite struct BusFailureTextTests {
  static let cases: [(BusFailure, Language, String)] = [
    (
      BusFailure(name: "org.freedesktop.DBus.Error.AccessDenied", message: "Rejected send message"), .ja,
      "org.freedesktop.DBus.Error.AccessDenied: Rejected send message"
    ),
    (
      BusFailure(name: "org.freedesktop.DBus.Error.ServiceUnknown"), .en,
      "org.freedesktop.DBus.Error.ServiceUnknown"
    ),
    (
      BusFailure(name: "org.freedesktop.DBus.Error.Disconnected", fault: .closed), .ja,
      "org.freedesktop.DBus.Error.Disconnected: バスが接続を閉じました"
    ),
    (
      BusFailure(
        name: "org.freedesktop.DBus.Error.InvalidSignature",
        fault: .unexpectedReply(call: "org.freedesktop.DBus.Hello", expected: "s", got: "as")), .en,
      "org.freedesktop.DBus.Error.InvalidSignature: org.freedesktop.DBus.Hello answered (as), not (s)"
    ),
  ]

  @Test func saysWhatTheBusSaid() {
    for (failure, language, expected) in Self.cases {
      #expect(failure.text(language) == expected)
    }
  }

  @Test func popupFailureFramesItInTheSessionLanguage() {
    let failure = SendFailure(
      .noBus, bus: BusFailure(name: "org.freedesktop.DBus.Error.Disconnected", fault: .closed))
    #expect(failure.text(.ja) == "セッションバスがありません (org.freedesktop.DBus.Error.Disconnected: バスが接続を閉じました)")
    #expect(
      failure.text(.en)
        == "no session bus (org.freedesktop.DBus.Error.Disconnected: the bus closed the connection)")
    // The ledger's token stays what it was: the kind, the name, the fault as Swift writes it.
    #expect(failure.description == "noBus: org.freedesktop.DBus.Error.Disconnected: closed")
  }
}
