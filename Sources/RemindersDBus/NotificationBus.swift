// A client of the Desktop Notifications Specification
// (https://specifications.freedesktop.org/notification-spec/), over a `SessionBus`. Its plain values
// (names, server information, hints) are RemindersDesktop's.

import RemindersDesktop

extension NotificationHints {
  /// The hints as `Notify`'s `a{sv}` argument.
  var argument: Argument {
    var entries: [Argument] = [.dictEntry(.string("urgency"), .variant(.byte(urgency.rawValue)))]
    if let category {
      entries.append(.dictEntry(.string("category"), .variant(.string(category))))
    }
    if let desktopEntry {
      entries.append(.dictEntry(.string("desktop-entry"), .variant(.string(desktopEntry))))
    }
    if resident {
      entries.append(.dictEntry(.string("resident"), .variant(.boolean(true))))
    }
    if let soundName {
      entries.append(.dictEntry(.string("sound-name"), .variant(.string(soundName))))
    }
    return .array(elementSignature: "{sv}", entries)
  }
}

extension SessionBus {
  /// Asks the notification server who it is (`GetServerInformation`).
  public func getServerInformation(timeout: Duration = defaultTimeout) throws(BusError) -> ServerInformation {
    try getServerInformation(autoStart: true, timeout: timeout)
  }

  func getServerInformation(autoStart: Bool, timeout: Duration) throws(BusError) -> ServerInformation {
    let reply = try callNotifications(
      "GetServerInformation", expecting: "ssss", autoStart: autoStart, timeout: timeout)
    return ServerInformation(
      name: reply[0].string!, vendor: reply[1].string!, version: reply[2].string!,
      specVersion: reply[3].string!)
  }

  /// The optional features the server supports (`GetCapabilities`), such as `actions`, `body`,
  /// `body-markup`, `persistence`.
  public func getCapabilities(timeout: Duration = defaultTimeout) throws(BusError) -> [String] {
    try callNotifications("GetCapabilities", expecting: "as", timeout: timeout)[0].strings!
  }

  /// Shows a notification (`Notify`) and returns the id the server gave it.
  ///
  /// - Parameters:
  ///   - replacesID: the id of a notification to replace in place, or 0 for a new one.
  ///   - actions: alternating action keys and labels (`["default", "Open"]`).
  ///   - expireTimeout: milliseconds; -1 lets the server decide, 0 means never.
  ///   - body: sent as is; escape it with `NotificationMarkup.escape` when the server
  ///     advertises `body-markup` and the text is not meant as markup.
  public func notify(
    appName: String = "reminders",
    replacesID: UInt32 = 0,
    appIcon: String = "",
    summary: String,
    body: String = "",
    actions: [String] = [],
    hints: NotificationHints = NotificationHints(),
    expireTimeout: Int32 = -1,
    timeout: Duration = defaultTimeout
  ) throws(BusError) -> UInt32 {
    let arguments: [Argument] = [
      .string(appName), .uint32(replacesID), .string(appIcon), .string(summary), .string(body),
      .strings(actions), hints.argument, .int32(expireTimeout),
    ]
    let reply = try callNotifications("Notify", arguments: arguments, expecting: "u", timeout: timeout)
    return reply[0].uint32!
  }

  /// Closes a notification (`CloseNotification`); servers ignore ids they do not know.
  public func closeNotification(id: UInt32, timeout: Duration = defaultTimeout) throws(BusError) {
    _ = try callNotifications("CloseNotification", arguments: [.uint32(id)], expecting: "", timeout: timeout)
  }

  private func callNotifications(
    _ member: String, arguments: [Argument] = [], expecting signature: String, autoStart: Bool = true,
    timeout: Duration
  ) throws(BusError) -> [BusValue] {
    try call(
      destination: NotificationServer.name, path: NotificationServer.path,
      interface: NotificationServer.interface, member: member, arguments: arguments,
      expecting: signature, autoStart: autoStart, timeout: timeout)
  }
}
