import Foundation

/// The systemd user units that run `reminders run`: the one source of their text.
///
/// `reminders timer install` writes them with the running binary's path, `reminders timer
/// print-unit` prints them (the Makefile builds the packaged copies with it), and
/// `packaging/systemd/` holds the copies for `/usr/bin/reminders`, which a test keeps equal to
/// what this prints.
struct TimerUnits {
  static let serviceName = "reminders.service"
  static let timerName = "reminders.timer"

  /// The first line of the copies `timer install` writes: how `uninstall` tells ours from a
  /// unit of the same name that someone else wrote.
  static let installedMarker =
    "# Written by \"reminders timer install\", which updates it; \"reminders timer uninstall\" removes it."

  /// `ExecStart=`'s value: the binary, `run`, and the global options given to `timer install`
  /// (so that the job reads the same files as the command that installed it), each word quoted
  /// as systemd reads it.
  let execStart: String

  init(executable: String, runArguments: [String] = []) {
    execStart = ([executable, "run"] + runArguments).map(TimerUnits.systemdWord).joined(separator: " ")
  }

  /// The units around an `ExecStart=` value as it stands in a unit file.
  init(execStart: String) { self.execStart = execStart }

  var service: String {
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

  var timer: String {
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

  /// The unit's text by name (`service` or `timer`).
  func text(of unit: Unit) -> String { unit == .service ? service : timer }

  enum Unit: String, CaseIterable {
    case service, timer
    var fileName: String { self == .service ? TimerUnits.serviceName : TimerUnits.timerName }
  }

  /// One word of a systemd command line: `%` and `$` doubled (no specifiers, no variables),
  /// backslashes escaped, and double quotes around words with blanks or quotes.
  static func systemdWord(_ word: String) -> String {
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
}

extension TimerUnits {
  /// The units for this invocation: `executable` (default: the running binary) and the global
  /// options that were given, as absolute paths.
  static func forInvocation(_ global: GlobalOptions, executable: String? = nil) throws -> TimerUnits {
    let binary = try executable.map(absolute) ?? runningBinary()
    var arguments: [String] = []
    if let config = global.config { arguments += ["--config", absolute(config)] }
    if let deck = global.deck { arguments += ["--deck", absolute(deck)] }
    if let stateDir = global.stateDir { arguments += ["--state-dir", absolute(stateDir)] }
    if let lang = global.lang { arguments += ["--lang", lang] }
    for word in [binary] + arguments where word.contains(where: \.isNewline) {
      throw UsageError("a unit file cannot hold a path with a line break: \(word.debugDescription)")
    }
    return TimerUnits(executable: binary, runArguments: arguments)
  }

  /// The absolute path of the running binary, symbolic links resolved (`/proc/self/exe`), so
  /// that the timer keeps working from any folder and whatever `PATH` the user manager has.
  static func runningBinary() throws -> String {
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
    let argument = CommandLine.arguments[0]
    guard argument.contains("/") else {
      throw UsageError("cannot tell where this reminders binary is; give --exec PATH")
    }
    return URL(fileURLWithPath: argument).resolvingSymlinksInPath().path
  }

  static func absolute(_ path: String) -> String {
    URL(
      fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/")
    )
    .standardizedFileURL.path
  }
}
