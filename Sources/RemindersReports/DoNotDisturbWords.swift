import RemindersDesktop
import RemindersMessages

extension DoNotDisturbProbe {
  /// Where this probe reads, by the bus's and the settings' own names, for the catalogue to say
  /// (`DeliveryMessages.doNotDisturbPlace`): the `held` line, `doctor`, and `doctor --json`'s
  /// `readFrom` (in English there, whatever the language).
  public var place: DoNotDisturbPlace {
    let server = (NotificationServer.name, NotificationServer.path)
    return switch self {
    case .dunst: .property("org.dunstproject.cmd0.paused", service: server.0, path: server.1)
    case .plasma: .property("\(NotificationServer.interface).Inhibited", service: server.0, path: server.1)
    case .mako: .mode("do-not-disturb", in: "\(Mako.interface).Modes", service: server.0, path: Mako.path)
    case .swaync: .methods("\(SwayNC.interface).GetDnd/IsInhibited", service: SwayNC.name, path: SwayNC.path)
    case .xfce:
      .xfconf(channel: "xfce4-notifyd", property: "/do-not-disturb", service: Xfconf.name, path: Xfconf.path)
    case .gnome: .gsettings(schema: "org.gnome.desktop.notifications", key: "show-banners")
    case .notificationDaemon: .nowhere(server: "notification-daemon")
    }
  }
}
