import RemindersDesktop
import Testing

@testable import RemindersDelivery

/// When GNOME's `show-banners` decides do-not-disturb: the server naming itself `gnome-shell` is
/// enough (the user manager that starts `run` may lack `XDG_CURRENT_DESKTOP`); the variable
/// alone counts only for a server no probe knows. The reading itself, against a real GNOME Shell,
/// is in CLITests/DesktopTests.
@Suite struct GnomeBannersTests {
  static let gnome = ["XDG_CURRENT_DESKTOP": "GNOME"]
  static let ubuntu = ["XDG_CURRENT_DESKTOP": "ubuntu:GNOME"]
  static let none: [String: String] = [:]
  static let sway = ["XDG_CURRENT_DESKTOP": "sway"]

  @Test(
    arguments: [
      // GNOME Shell, whatever the session says.
      ("gnome-shell", DoNotDisturbState.unknown, nil, none, true),
      ("gnome-shell", .unknown, nil, sway, true),
      ("gnome-shell", .unknown, nil, gnome, true),
      // A server a probe knows answers for itself, even on a GNOME session.
      ("dunst", .off, DoNotDisturbProbe.dunst, gnome, false),
      ("dunst", .on, .dunst, gnome, false),
      ("Plasma", .off, .plasma, ubuntu, false),
      // A server no probe knows: the session's word decides, unless something already said on.
      ("gnome-flashback", .unknown, nil, gnome, true),
      ("gnome-flashback", .unknown, nil, ubuntu, true),
      ("gnome-flashback", .unknown, nil, none, false),
      ("Notification Daemon", .unknown, nil, sway, false),
      ("Notification Daemon", .on, .xfce, gnome, false),
    ] as [(String, DoNotDisturbState, DoNotDisturbProbe?, [String: String], Bool)])
  func whoDecides(
    server: String, state: DoNotDisturbState, probe: DoNotDisturbProbe?, environment: [String: String],
    decides: Bool
  ) {
    let reading = DoNotDisturbReading(state: state, probe: probe, server: server)
    #expect(GnomeBanners.decides(reading, environment: environment) == decides)
  }

  /// No server answered: only the session's word is left.
  @Test func noServer() {
    let reading = DoNotDisturbReading(state: .unknown, probe: nil, server: nil)
    #expect(GnomeBanners.decides(reading, environment: Self.gnome))
    #expect(!GnomeBanners.decides(reading, environment: Self.none))
  }

  /// The probe for GNOME Shell recognises it by the name it gives and is not asked on the bus.
  @Test func theProbe() {
    #expect(DoNotDisturbProbe.gnome.matches(server: "gnome-shell"))
    #expect(!DoNotDisturbProbe.gnome.matches(server: "dunst"))
    #expect(DoNotDisturbProbe.gnome.source == .gsettings)
    #expect(DoNotDisturbProbe.allCases.filter { $0.source == .gsettings } == [.gnome])
  }
}
