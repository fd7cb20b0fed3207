import RemindersDBus
import RemindersDesktop
import Testing

/// Which probe answers for which server, by the name each gives in `GetServerInformation` (the
/// names the desktop tests see from the real servers), and where each reads.
@Suite struct DoNotDisturbProbeTests {
  @Test(
    arguments: [
      ("dunst", DoNotDisturbProbe.dunst),
      ("Plasma", .plasma),
      ("mako", .mako),
      ("SwayNotificationCenter", .swaync),
      ("Xfce Notify Daemon", .xfce),
      ("gnome-shell", .gnome),
    ] as [(String, DoNotDisturbProbe)])
  func eachServerHasItsProbe(server: String, probe: DoNotDisturbProbe) {
    #expect(DoNotDisturbProbe.allCases.filter { $0.matches(server: server) } == [probe])
  }

  /// notification-daemon and MATE's server both call themselves "Notification Daemon"; only the
  /// vendor tells them apart, and MATE's has a do-not-disturb of its own, so it must never be read
  /// as "off" (reading it is left unknown: delivered, and said so).
  @Test func notificationDaemonByItsVendor() {
    #expect(
      DoNotDisturbProbe.allCases.filter { $0.matches(server: "Notification Daemon", vendor: "GNOME") }
        == [.notificationDaemon])
    #expect(
      DoNotDisturbProbe.allCases.filter { $0.matches(server: "Notification Daemon", vendor: "MATE") }.isEmpty)
    #expect(DoNotDisturbProbe.allCases.filter { $0.matches(server: "Notification Daemon") }.isEmpty)
  }

  @Test func unknownServersHaveNone() {
    for server in ["", "notify-osd", "Deepin Notifications", "lxqt-notificationd"] {
      #expect(DoNotDisturbProbe.allCases.filter { $0.matches(server: server) }.isEmpty, "\(server)")
    }
  }

  /// Only the probes that ask the bus are tried for a server no probe knows: GNOME's GSettings is
  /// the caller's to read, and "no do-not-disturb" must never answer for another server.
  @Test func sources() {
    #expect(
      DoNotDisturbProbe.allCases.filter { $0.source == .bus } == [.dunst, .plasma, .mako, .swaync, .xfce])
    #expect(DoNotDisturbProbe.gnome.source == .gsettings)
    #expect(DoNotDisturbProbe.notificationDaemon.source == .none)
    #expect(DoNotDisturbProbe.notificationDaemon.rawValue == "notification-daemon")
  }
}
