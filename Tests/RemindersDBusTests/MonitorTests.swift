import DesktopTestSupport
import Foundation
import RemindersDBus
import RemindersDesktop
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A monitor connection against a real private dbus-daemon and dunst: it sees the
/// `NotificationClosed` that dunst sends only to the connection that showed the notification.
@Suite(.serialized) struct MonitorTests {
  @Test func monitorSeesClosedNotificationsOfOtherConnections() throws {
    let session = try DesktopSession.start()
    defer { session.stop() }
    let environment = ["DBUS_SESSION_BUS_ADDRESS": session.busAddress]
    let monitor = try SessionBus.connect(environment: environment)
    try monitor.monitorNotifications()

    // Shown and replaced by one connection, closed by the user through dunstctl: the monitor,
    // a different connection, hears of the close once, and of nothing for the replacement.
    let sender = try SessionBus.connect(environment: environment)
    let id = try sender.notify(summary: "first", expireTimeout: 0)
    #expect(try sender.notify(replacesID: id, summary: "second", expireTimeout: 0) == id)
    #expect(try monitor.nextNotificationEvent(timeout: .milliseconds(300)) == nil)
    try session.dunstctl("close")
    #expect(try monitor.nextNotificationEvent(timeout: .seconds(5)) == .closed(id: id, reason: .dismissed))

    let other = try sender.notify(summary: "third", expireTimeout: 0)
    try sender.closeNotification(id: other)
    #expect(
      try monitor.nextNotificationEvent(timeout: .seconds(5)) == .closed(id: other, reason: .closedByCall))
    // Whoever sends it, a signal the rules do not name is not an event.
    #expect(try monitor.nextNotificationEvent(timeout: .milliseconds(200)) == nil)
  }

  @Test func monitorSeesTheServerGoAndTheBusClose() throws {
    let session = try DesktopSession.start()
    let monitor = try SessionBus.connect(environment: ["DBUS_SESSION_BUS_ADDRESS": session.busAddress])
    try monitor.monitorNotifications()
    let dunst = try #require(session.dunstPID)
    kill(dunst, SIGTERM)
    #expect(try monitor.nextNotificationEvent(timeout: .seconds(5)) == .serverChanged)
    session.stop()
    #expect(throws: BusError.self) {
      while try monitor.nextNotificationEvent(timeout: .seconds(5)) != nil {}
    }
    do {
      _ = try monitor.nextNotificationEvent(timeout: .seconds(1))
      Issue.record("no error after the bus went away")
    } catch {
      #expect(error.name == .disconnected)
    }
  }

  @Test func closeReasonsAsTheSpecificationNumbersThem() {
    #expect(NotificationEvent.CloseReason(1) == .expired)
    #expect(NotificationEvent.CloseReason(2) == .dismissed)
    #expect(NotificationEvent.CloseReason(3) == .closedByCall)
    #expect(NotificationEvent.CloseReason(4) == .undefined(4))
    #expect(NotificationEvent.CloseReason(9).description == "no reason given")
  }
}
