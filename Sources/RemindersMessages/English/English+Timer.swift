extension English: TimerMessages {
  public func unitPathHasLineBreak(_ quoted: String) -> String {
    "a unit file cannot hold a path with a line break: \(quoted)"
  }
  public var binaryNotFound: String { "cannot tell where this reminders binary is; give --exec PATH" }

  private func list(_ names: [String]) -> String { names.joined(separator: " and ") }

  public func wroteUnit(_ path: String) -> String { "Wrote \(path)" }

  public func unitsUpToDate(_ paths: [String]) -> String { "Up to date: " + paths.joined(separator: ", ") }

  public func enabledAndStarted(_ names: [String], next: String?) -> String {
    "Enabled and started \(list(names))" + (next.map { "; next run: \($0)" } ?? ".")
  }

  public func noManagerToEnable(_ why: UserManagerAbsence) -> String {
    "No systemd user manager to enable them now (\(userManagerAbsence(why))). Where one runs, run:"
  }

  public func foreignUnit(_ path: String) -> String {
    "\(path) was not written by reminders timer install; move it away first (nothing was changed)"
  }

  public func stoppedAndDisabled(_ names: [String]) -> String { "Stopped and disabled \(list(names))." }

  public func removedUnit(_ path: String) -> String { "Removed \(path)" }

  public var nothingToRemove: String { "Nothing to remove: no units written by reminders timer install." }

  public func noManagerToStop(_ why: UserManagerAbsence) -> String {
    "No systemd user manager to stop them now (\(userManagerAbsence(why))). Where one runs, run:"
  }

  public func leftForeignUnit(_ path: String) -> String {
    "left \(path): not written by reminders timer install"
  }

  public func userManagerAbsence(_ why: UserManagerAbsence) -> String {
    switch why {
    case .noRuntimeDirectory: "XDG_RUNTIME_DIR is not set"
    case .noAnswer(let socket, let error): "no systemd user manager answers on \(socket) (\(error))"
    case .socketPathTooLong(let socket): "no systemd user manager answers on \(socket) (path too long)"
    case .noSystemctl: "systemctl is not installed"
    }
  }

  public func systemctlFailed(_ command: String, _ output: SystemctlOutput) -> String {
    let said =
      switch output {
      case .said(let said): said
      case .timedOut(let seconds): "no answer in \(seconds) s"
      case .status(let status): "exit \(status)"
      }
    return "\(command) failed: \(said)"
  }

  public var timerInstalledLabel: String { "installed" }
  public var timerEnabledLabel: String { "enabled" }
  public var timerActiveLabel: String { "active" }
  public var timerNextRunLabel: String { "next run" }
  public var timerLastRunLabel: String { "last run" }
  public var timerWatchLabel: String { "watch" }
  public var timerProblemLabel: String { "problem" }
  public var timerNotInstalled: String { "no (reminders timer install)" }

  public func timerInstalled(in location: String, byTimerInstall: Bool) -> String {
    "yes, in \(location) "
      + (byTimerInstall ? "by reminders timer install" : "(not by reminders timer install)")
  }

  public var noExecStart: String { "(none)" }
  public var timerUnknown: String { "unknown" }
  public func timerUnknown(because why: String?) -> String { "\(timerUnknown): \(why ?? "no user manager")" }
  public var watchNotInstalled: String { "not installed" }
  /// systemd's own words (`enabled`, `static`, …), and RemindersSystemd's
  /// `TimerState.enabledForEveryUser`, which are English already.
  public func unitFileState(_ state: String) -> String { state }
  public func unitActivity(_ activity: UnitActivityWords) -> String {
    guard activity.isLoaded else { return "not loaded (\(activity.load))" }
    return [activity.active, activity.sub.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
  }

  public func unitProblem(_ problem: UnitProblem, units: UnitNames) -> String {
    let again = "run reminders timer install again"
    return switch problem {
    case .notExecutable(let path): "ExecStart names \(path), which is not an executable file"
    case .serviceMissing(let directory): "\(units.service) is missing beside \(units.timer) in \(directory)"
    case .watchMissing(let directory):
      "\(units.watch) is missing beside \(units.timer) in \(directory): \(again)"
    case .otherVersion: "the units were written by another version: \(again)"
    }
  }
}
