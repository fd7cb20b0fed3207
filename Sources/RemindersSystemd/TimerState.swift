/// Where the timer stands, as `timer status` and `doctor` show it.
public struct TimerState: Equatable {
  /// Why the user manager could not be asked.
  public enum ManagerProblem: Equatable {
    case unreachable(UserManagerUnreachable)
    /// It was reached, but `systemctl --user show` failed.
    case failed(SystemdError)
  }

  public var unitDirectory: String
  /// The folder the user manager loads `reminders.timer` from; nil when it is nowhere.
  public var location: String?
  /// Whether `timer install` wrote the units there (else a package, `make install` or a person
  /// did, and `timer uninstall` leaves them).
  public var writtenByTimerInstall = false
  public var execStart: String?
  /// `UnitFileState` (enabled, disabled, static, …), from the manager or the enable links.
  public var enabled: String?
  /// Where the timer stands in the manager; nil without a user manager.
  public var active: UnitActivity?
  /// Whether `reminders-watch.service` is beside the timer.
  public var watchInstalled = false
  /// Where the watch service stands; nil without a user manager, or when it is not installed.
  public var watch: UnitActivity?
  public var nextElapse: String?
  public var lastTrigger: String?
  /// Why the user manager could not be asked; nil when it answered.
  public var managerProblem: ManagerProblem?
  public var problems: [TimerProblem] = []

  public init(unitDirectory: String) { self.unitDirectory = unitDirectory }

  /// The `enabled` value read from `/etc/systemd/user` when no user manager answers: a value of
  /// `--json`, as systemd's own states are; people read the catalogue's words for it
  /// (`TimerMessages.unitFileState`).
  public static let enabledForEveryUser = "enabled for every user"

  public var installed: Bool { location != nil }
  public var isEnabled: Bool { enabled?.hasPrefix("enabled") == true }

  /// The JSON `watch` field (a value for programs; the table says the catalogue's words): the
  /// watch service's state, "not installed", or nil when it is installed but there is no user
  /// manager to ask.
  public var watchShown: String? { watchInstalled ? watch?.raw : "not installed" }

  /// A property value worth showing: nil for systemd's "n/a", empty and zero timestamps.
  public static func shown(_ value: String) -> String? {
    value.isEmpty || value == "n/a" || value == "0" ? nil : value
  }
}

/// Something wrong with the installed units (in words: the command line's `TimerProblem.text`).
public enum TimerProblem: Equatable, Sendable {
  /// The service's `ExecStart=` names this, which is not an executable file.
  case notExecutable(String)
  /// `reminders.service` is not beside `reminders.timer` in this folder.
  case serviceMissing(directory: String)
  /// `reminders-watch.service` is not beside `reminders.timer` in this folder.
  case watchMissing(directory: String)
  /// `timer install` wrote them, but not this version.
  case otherVersion
}

/// Where a unit stands in the user manager: its `LoadState`, `ActiveState` and `SubState`.
public struct UnitActivity: Equatable, Sendable {
  public var load: String
  public var active: String?
  public var sub: String?

  /// From the properties `systemctl show` gave; a missing `LoadState` is `unknown`.
  public init(_ values: [String: String]) {
    load = values["LoadState"] ?? "unknown"
    active = values["ActiveState"]
    sub = values["SubState"]
  }

  public var isLoaded: Bool { load == "loaded" }

  /// `ActiveState (SubState)`, or why the manager has not loaded it, in systemd's words: the
  /// JSON's value (people read `TimerMessages.unitActivity`).
  public var raw: String {
    guard isLoaded else { return "not loaded (\(load))" }
    return [active, sub.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
  }
}
