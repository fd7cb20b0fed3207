import RemindersDBus
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
      ("Notification Daemon", .notificationDaemon),
    ] as [(String, DoNotDisturbProbe)])
  func eachServerHasItsProbe(server: String, probe: DoNotDisturbProbe) {
    #expect(DoNotDisturbProbe.allCases.filter { $0.matches(server: server) } == [probe])
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
