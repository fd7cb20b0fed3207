import RemindersDesktop
import RemindersMessages
import RemindersReports
import Testing

/// Where each desktop's do-not-disturb is read, in both languages: the bus's names as they are,
/// framed by the catalogue (a Japanese `held` line and `doctor` read whole in Japanese).
@Suite struct DoNotDisturbWordsTests {
  @Test(arguments: [
    (
      DoNotDisturbProbe.dunst,
      "property org.dunstproject.cmd0.paused of org.freedesktop.Notifications /org/freedesktop/Notifications",
      "org.freedesktop.Notifications /org/freedesktop/Notifications のプロパティ org.dunstproject.cmd0.paused"
    ),
    (
      .mako,
      "mode do-not-disturb in fr.emersion.Mako.Modes of org.freedesktop.Notifications /fr/emersion/Mako",
      "org.freedesktop.Notifications /fr/emersion/Mako の fr.emersion.Mako.Modes のモード do-not-disturb"
    ),
    (
      .xfce, "xfconf xfce4-notifyd /do-not-disturb via org.xfce.Xfconf /org/xfce/Xfconf",
      "xfconf xfce4-notifyd /do-not-disturb（org.xfce.Xfconf /org/xfce/Xfconf 経由）"
    ),
    (
      .notificationDaemon, "nowhere: notification-daemon has no do-not-disturb",
      "なし（notification-daemon にはおやすみモードがありません）"
    ),
  ])
  func placeInBothLanguages(probe: DoNotDisturbProbe, english: String, japanese: String) {
    #expect(Language.en.words.doNotDisturbPlace(probe.place) == english)
    #expect(Language.ja.words.doNotDisturbPlace(probe.place) == japanese)
  }

  /// No English frame word is left in any Japanese place, nor in the held line around it.
  @Test func everyProbeIsFramedInJapanese() {
    for probe in DoNotDisturbProbe.allCases {
      let said = Language.ja.words.held(
        "daily:2026-11-21", place: Language.ja.words.doNotDisturbPlace(probe.place))
      for word in [" of ", " via ", " in ", "property ", "nowhere", "read with", "mode "] {
        #expect(!said.contains(word), "\(probe): \(said)")
      }
      #expect(said.hasPrefix("保留 daily:2026-11-21: おやすみモード中（"), "\(said)")
    }
  }
}
