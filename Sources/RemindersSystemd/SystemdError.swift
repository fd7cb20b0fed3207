import RemindersStore

/// Why installing, removing or asking about the units failed (in words: the command line's
/// `SystemdError.text`, in the session's language).
public enum SystemdError: Error, Equatable {
  /// A unit of one of our names that `timer install` did not write stands at `path`; nothing
  /// was changed.
  case foreignUnit(path: String)
  /// A `systemctl --user` call that ran and failed.
  case systemctlFailed(SystemctlFailure)
  /// `systemctl` could not be started at all.
  case systemctlNotStarted(SystemError)
  /// A unit file, a link or a folder that could not be read, written or removed.
  case file(StoreError)
}

/// A `systemctl --user` call that exited non-zero or took too long.
public struct SystemctlFailure: Equatable, Sendable {
  /// What systemctl answered.
  public enum Output: Equatable, Sendable {
    /// What it printed, as it said it.
    case said(String)
    /// It did not end within `SystemctlUserManager.timeout`.
    case timedOut
    /// It printed nothing and exited with this status.
    case status(Int32)
  }

  /// `systemctl --user` and the arguments, as a user would type them.
  public var command: String
  public var output: Output

  public init(command: String, output: Output) {
    self.command = command
    self.output = output
  }
}

/// Why no user manager can be spoken to (in words: the catalogue's `userManagerAbsence`).
public enum UserManagerUnreachable: Error, Equatable {
  /// `XDG_RUNTIME_DIR` is not set to an absolute path.
  case noRuntimeDirectory
  /// Nothing accepts connections on the manager's private socket.
  case noAnswer(socket: String, error: UnixSocket.ConnectFailure)
  /// No `systemctl` in `PATH`.
  case noSystemctl
}
