/// The application id (docs/app.md): the desktop app's D-Bus name, the name of the `.desktop`
/// file and of the icon, the `desktop-entry` hint every pop-up carries, and GeoClue's `DesktopId`.
public enum ApplicationID {
  public static let value = "io.github.reminders.Reminders"
}
