import RemindersDBus
import RemindersDelivery
import RemindersDesktop

/// The watch's ears: a connection of its own to the session bus, made a monitor of the
/// notification events (`SessionBus.monitorNotifications`).
public final class NotificationMonitor: NotificationEventSource {
  let bus: SessionBus

  /// The address of the bus it listens on.
  public var address: String { bus.address }

  private init(bus: SessionBus) { self.bus = bus }

  /// Connects to the session bus `environment` names and starts listening.
  public static func start(environment: [String: String]) throws(WatchFailure) -> NotificationMonitor {
    do throws(BusError) {
      let bus = try SessionBus.connect(environment: environment)
      try bus.monitorNotifications()
      return NotificationMonitor(bus: bus)
    } catch  where error.name == .accessDenied {
      throw .notAllowed(error.failure)
    } catch {
      throw .unreachable(SendFailure(error))
    }
  }

  public func nextEvent() throws -> NotificationEvent? { try nextEvent(within: nil) }

  public func nextEvent(within seconds: Double?) throws -> NotificationEvent? {
    do throws(BusError) {
      return try bus.nextNotificationEvent(timeout: seconds.map { .milliseconds(Int($0 * 1000)) })
    } catch {
      throw WatchFailure.stopped(error.failure)
    }
  }
}
