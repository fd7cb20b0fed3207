/// The systemd user units of reminders: the one source of their text. `reminders.service` runs
/// `reminders run`, `reminders.timer` starts it every minute, and `reminders-watch.service` runs
/// `reminders watch`, which follows the pop-ups on screen.
///
/// `reminders timer install` writes them with the running binary's path, `reminders timer
/// print-unit` prints them (the Makefile builds the packaged copies with it), and
/// `packaging/systemd/` holds the copies for `/usr/bin/reminders`, which a test keeps equal to
/// what this prints.
public struct TimerUnits: Equatable, Sendable {
  public static let serviceName = "reminders.service"
  public static let timerName = "reminders.timer"
  public static let watchName = "reminders-watch.service"

  /// The first line of the copies `timer install` writes: how `uninstall` tells ours from a
  /// unit of the same name that someone else wrote.
  public static let installedMarker =
    "# Written by \"reminders timer install\", which updates it; \"reminders timer uninstall\" removes it."

  /// The binary as the first word of an `ExecStart=` value, quoted as systemd reads it.
  public let command: String
  /// The global options given to `timer install`, after the subcommand (so that the jobs read
  /// the same files as the command that installed them), each word quoted as systemd reads it;
  /// empty when there are none.
  public let options: String

  /// The units that run `executable` with `arguments` after the subcommand; both as they are,
  /// absolute paths and no line breaks (a unit file cannot hold one).
  public init(executable: String, arguments: [String] = []) {
    command = TimerUnits.systemdWord(executable)
    options = arguments.map(TimerUnits.systemdWord).joined(separator: " ")
  }

  /// The units around the `ExecStart=` value of `reminders.service` as it stands in a unit file;
  /// nil when it is not the binary, `run` and options, as this version writes it.
  public init?(execStart: String) {
    guard let executable = TimerUnits.executable(of: execStart) else { return nil }
    let prefix = TimerUnits.systemdWord(executable) + " run"
    guard execStart.hasPrefix(prefix) else { return nil }
    let rest = execStart.dropFirst(prefix.count)
    guard rest.isEmpty || rest.hasPrefix(" ") else { return nil }
    command = TimerUnits.systemdWord(executable)
    options = String(rest.dropFirst())
  }

  /// An `ExecStart=` value: the binary, `subcommand`, then the global options.
  public func execStart(_ subcommand: String) -> String {
    [command, subcommand, options].filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// `ExecStart=` of `reminders.service`.
  public var execStart: String { execStart("run") }

  public var service: String {
    """
    [Unit]
    Description=Deliver due flashcard review reminders
    Documentation=man:reminders(1)

    [Service]
    # One run per start; it must end (no RemainAfterExit), or the timer could not start it again.
    Type=oneshot
    ExecStart=\(execStart)
    # What a run delivers, and what fell back to the calendar and why, is logged at notice, and
    # messages below notice are dropped: the manager's own "Starting"/"Finished" lines would
    # otherwise fill the journal every minute.
    SyslogLevel=notice
    LogLevelMax=notice
    # A run waits at most 10 s for the lock and 5 s per D-Bus call; this only ends a wedged one.
    TimeoutStartSec=2min

    """
  }

  public var timer: String {
    """
    [Unit]
    Description=Start reminders every minute
    Documentation=man:reminders(1)

    [Timer]
    # Reminders are due on the minute (08:00, 13:00, ...), so the job starts at second 0 of
    # every minute. With nothing due, a run takes a few milliseconds and never opens the bus.
    OnCalendar=*-*-* *:*:00
    # The default AccuracySec=1min lets systemd start the job up to a minute late.
    AccuracySec=1s
    # When the user manager was not running at a scheduled start (machine off, user logged out),
    # start the job as soon as it runs again instead of at the next minute.
    Persistent=true

    [Install]
    WantedBy=timers.target

    """
  }

  public var watch: String {
    """
    [Unit]
    Description=Follow reminders pop-ups on screen, so that a changed daily count updates them in place
    Documentation=man:reminders(1)

    [Service]
    # Listens on the session bus for closed notifications and records them in the state folder.
    Type=exec
    ExecStart=\(execStart("watch"))
    # Without a session bus it exits with an error; it is started again later.
    Restart=on-failure
    RestartSec=30s
    # 77: the bus refuses to be monitored, which starting again would not change.
    RestartPreventExitStatus=77

    [Install]
    WantedBy=default.target

    """
  }

  /// The unit's text by name (`service`, `timer` or `watch`).
  public func text(of unit: Unit) -> String {
    switch unit {
    case .service: service
    case .timer: timer
    case .watch: watch
    }
  }

  /// The unit's text as `install` writes it: the marker line first.
  public func installedBytes(of unit: Unit) -> [UInt8] {
    Array((TimerUnits.installedMarker + "\n" + text(of: unit)).utf8)
  }

  /// One of the three units.
  public enum Unit: String, CaseIterable, Sendable {
    case service, timer, watch

    public var fileName: String {
      switch self {
      case .service: TimerUnits.serviceName
      case .timer: TimerUnits.timerName
      case .watch: TimerUnits.watchName
      }
    }

    /// The target of `WantedBy=`, where `systemctl --user enable` links the unit; nil for the
    /// service, which the timer starts.
    public var wantedBy: String? {
      switch self {
      case .service: nil
      case .timer: "timers.target"
      case .watch: "default.target"
      }
    }

    /// The units `systemctl --user enable --now` starts: the timer and the watch service.
    public static let enabled: [Unit] = allCases.filter { $0.wantedBy != nil }
  }

  /// Whether a unit file's bytes are a copy `install` wrote: they start with the marker.
  public static func isOurs(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: Array(installedMarker.utf8))
  }

  /// One word of a systemd command line: `%` and `$` doubled (no specifiers, no variables),
  /// backslashes escaped, and double quotes around words with blanks or quotes.
  public static func systemdWord(_ word: String) -> String {
    var escaped = ""
    for character in word {
      switch character {
      case "%": escaped += "%%"
      case "$": escaped += "$$"
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      default: escaped.append(character)
      }
    }
    let quoted =
      word.isEmpty || word.contains { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "'" || $0 == ";" }
    return quoted ? "\"\(escaped)\"" : escaped
  }

  /// The `ExecStart=` value of a service file's text.
  public static func execStart(in service: [UInt8]) -> String? {
    for line in String(decoding: service, as: UTF8.self).split(separator: "\n")
    where line.hasPrefix("ExecStart=") {
      return String(line.dropFirst("ExecStart=".count))
    }
    return nil
  }

  /// The executable of an `ExecStart=` value: its first word, unquoted and unescaped as
  /// `systemdWord` wrote it (prefixes such as `-` or `@` are not ours to read).
  public static func executable(of execStart: String) -> String? {
    var characters = execStart.drop(while: { $0 == " " })[...]
    let quoted = characters.first == "\""
    if quoted { characters = characters.dropFirst() }
    var word = ""
    var iterator = characters.makeIterator()
    while let character = iterator.next() {
      switch character {
      case "\\": if let next = iterator.next() { word.append(next) }
      case "%", "$":
        word.append(character)
        _ = iterator.next()
      case "\"" where quoted: return word
      case " " where !quoted: return word
      default: word.append(character)
      }
    }
    return word.isEmpty ? nil : word
  }
}
