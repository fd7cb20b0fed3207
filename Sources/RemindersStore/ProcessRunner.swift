import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs another program to completion with a time limit: `systemctl --user`, `gsettings`,
/// `fc-list`. Its standard input is `/dev/null`, its standard output and error are read while
/// it runs (so a long output never blocks it), and when the time is up it is killed (`SIGKILL`),
/// with whatever it started in its process group.
///
/// Spawned with `posix_spawn` and followed with `poll` and `waitpid` on the calling thread,
/// rather than with Foundation's `Process`: that one reports the end only once every descendant
/// has closed a socket it inherits (a daemon a program starts would hold `run` for as long as it
/// lives), and reads outputs on dispatch threads, of which a two-core machine has two.
public enum ProcessRunner {
  /// How a run ended and what the program printed.
  public struct Result: Equatable, Sendable {
    /// The exit status, or the number of the signal that ended it.
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Whether the time ran out before the program ended and closed its outputs: it was killed,
    /// and `stdout` and `stderr` hold what came before.
    public var timedOut: Bool
    /// Whether standard output went past the limit it was read to (`run`'s `outputLimit`):
    /// `stdout` holds the first bytes, and the program was stopped.
    public var cutShort: Bool

    public init(status: Int32, stdout: String, stderr: String, timedOut: Bool, cutShort: Bool = false) {
      self.status = status
      self.stdout = stdout
      self.stderr = stderr
      self.timedOut = timedOut
      self.cutShort = cutShort
    }

    /// Whether it ran to its end in time and exited 0.
    public var succeeded: Bool { status == 0 && !timedOut }
  }

  /// The first executable `name` on the environment's `PATH` (absolute folders only), or nil.
  public static func find(_ name: String, environment: [String: String]) -> String? {
    let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") where directory.hasPrefix("/") {
      let candidate = "\(directory)/\(name)"
      if FileIO.isExecutable(candidate) { return candidate }
    }
    return nil
  }

  /// Where a configured program is: with a slash, the path itself when it can be run; otherwise
  /// the first executable of that name on `PATH` (`find`). Nil when neither.
  public static func locate(_ program: String, environment: [String: String]) -> String? {
    program.contains("/")
      ? (access(program, X_OK) == 0 ? program : nil) : find(program, environment: environment)
  }

  /// Runs `executable` (a path) with `arguments` and exactly `environment`, no standard input.
  ///
  /// Returns within about `timeout` seconds whatever the program does. Reads at most
  /// `outputLimit` bytes of each output: past that, the program is stopped (`cutShort`). Throws
  /// `SystemError` only when it cannot be started (`posix_spawn`: no such file, not executable,
  /// no memory).
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String], timeout: TimeInterval,
    outputLimit: Int = .max
  ) throws(SystemError) -> Result {
    let deadline = Date().addingTimeInterval(timeout)
    let out = try Pipe()
    let err = try Pipe()
    let pid = try spawn(executable, arguments, environment: environment, stdout: out.write, stderr: err.write)
    out.closeWrite()
    err.closeWrite()
    var outBytes: [UInt8] = []
    var errBytes: [UInt8] = []
    var open = [(out.read, 0), (err.read, 1)]
    var cutShort = false
    // Both outputs until both are closed, or the time is up, or one is longer than the limit.
    while !open.isEmpty, deadline.timeIntervalSinceNow > 0, !cutShort {
      var fds = open.map { pollfd(fd: $0.0, events: Int16(POLLIN), revents: 0) }
      let milliseconds = Int32(min(max(deadline.timeIntervalSinceNow * 1000, 1), 60_000))
      guard (try? systemCall("poll") { poll(&fds, nfds_t(fds.count), milliseconds) }) != nil else { break }
      for (i, fd) in fds.enumerated().reversed() where fd.revents != 0 {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let n = (try? systemCall("read") { Glibc.read(fd.fd, &chunk, chunk.count) }) ?? 0
        if n <= 0 {
          open.remove(at: i)
        } else if open[i].1 == 0 {
          outBytes += chunk[..<min(n, outputLimit - outBytes.count)]
          cutShort = cutShort || outBytes.count >= outputLimit
        } else {
          errBytes += chunk[..<min(n, outputLimit - errBytes.count)]
          cutShort = cutShort || errBytes.count >= outputLimit
        }
      }
    }
    out.closeRead()
    err.closeRead()
    // The outputs are closed (or the time is up); the program may still be running.
    var status: Int32 = 0
    var timedOut = !open.isEmpty && !cutShort
    if cutShort {
      // Enough read: what it would print next is not wanted.
      kill(-pid, SIGKILL)
      kill(pid, SIGKILL)
      _ = try? systemCall("waitpid") { waitpid(pid, &status, 0) }
    }
    while !timedOut && !cutShort {
      if (try? systemCall("waitpid") { waitpid(pid, &status, WNOHANG) }) == pid { break }
      if deadline.timeIntervalSinceNow <= 0 {
        timedOut = true
      } else {
        usleep(5_000)
      }
    }
    if timedOut {
      kill(-pid, SIGKILL)  // its process group: what it started, too
      kill(pid, SIGKILL)
      _ = try? systemCall("waitpid") { waitpid(pid, &status, 0) }
    }
    // waitpid's status: the exit code in bits 8-15 when the low 7 bits are 0, else the signal.
    let signal = status & 0x7f
    return Result(
      status: signal == 0 ? (status >> 8) & 0xff : signal, stdout: String(decoding: outBytes, as: UTF8.self),
      stderr: String(decoding: errBytes, as: UTF8.self), timedOut: timedOut, cutShort: cutShort)
  }

  /// Starts `executable` with `arguments` and exactly `environment`, detached: in a session of
  /// its own (`setsid`), its standard input and outputs `/dev/null`, and not a child of the
  /// caller (a shell starts it in the background and ends at once; the caller waits only for
  /// that shell). For a terminal started from a resident process that must never wait on it.
  ///
  /// Then a look at the program for up to `seconds`: its exit status when it ended within them
  /// (a terminal that cannot open its window ends at once, non-zero), nil when it still runs.
  /// The background shell that runs it writes its status to a pipe, read only until `seconds`
  /// are up. Throws `SystemError` when the shell cannot be started.
  public static func startDetached(
    _ executable: String, _ arguments: [String], environment: [String: String], watching seconds: Double
  ) throws(SystemError) -> Int32? {
    let out = try Pipe()
    // POSIX_SPAWN_SETSID (glibc's 0x80) does not import.
    let shell = try posixSpawn(
      "/bin/sh", ["-c", "{ \"$@\" </dev/null >/dev/null 2>&1; echo $?; } &", "sh", executable] + arguments,
      environment: environment, outputs: (out.write, out.write), flags: 0x80)
    out.closeWrite()
    var status: Int32 = 0
    _ = try? systemCall("waitpid") { waitpid(shell, &status, 0) }
    let deadline = Date().addingTimeInterval(seconds)
    var bytes: [UInt8] = []
    while deadline.timeIntervalSinceNow > 0 {
      var fd = pollfd(fd: out.read, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(max(deadline.timeIntervalSinceNow * 1000, 1))
      guard let ready = try? systemCall("poll", { poll(&fd, 1, milliseconds) }) else { break }
      if ready == 0 { continue }
      var chunk = [UInt8](repeating: 0, count: 16)
      let n = (try? systemCall("read") { Glibc.read(out.read, &chunk, chunk.count) }) ?? 0
      if n <= 0 { break }
      bytes += chunk[..<n]
    }
    // Closing the pipe is all it takes to stop looking: the shell's later `echo` meets no reader.
    out.closeRead()
    let said = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return said.isEmpty ? nil : Int32(said)
  }

  /// A program started in the background by `startInBackground`.
  public struct Background: Equatable, Sendable {
    /// The program's process id.
    public var pid: pid_t
    /// Its process group, which holds everything it starts: signal the group to end them all.
    public var group: pid_t
  }

  /// Starts `executable` with `arguments` and exactly `environment` in the background, like
  /// `startDetached` (a session of its own, `/dev/null` for its input and outputs, not a child of
  /// the caller), and says which process it is: for a program that must be ended later, by
  /// whoever comes then, exactly (an alarm's sound).
  ///
  /// Throws `SystemError` when the shell that starts it cannot be started, or says no pid.
  public static func startInBackground(
    _ executable: String, _ arguments: [String], environment: [String: String]
  ) throws(SystemError) -> Background {
    let out = try Pipe()
    // The shell leads a new session and process group (POSIX_SPAWN_SETSID, glibc's 0x80); the
    // program it starts in the background stays in both after the shell has gone.
    let shell = try posixSpawn(
      "/bin/sh", ["-c", "\"$@\" </dev/null >/dev/null 2>&1 & echo $!", "sh", executable] + arguments,
      environment: environment, outputs: (out.write, out.write), flags: 0x80)
    out.closeWrite()
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64)
    while let n = try? systemCall("read", { Glibc.read(out.read, &chunk, chunk.count) }), n > 0 {
      bytes += chunk[..<n]
    }
    var status: Int32 = 0
    _ = try? systemCall("waitpid") { waitpid(shell, &status, 0) }
    guard
      let pid = pid_t(String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw SystemError(call: "posix_spawn", code: ECHILD) }
    return Background(pid: pid, group: shell)
  }

  /// Starts the program in a process group of its own, with `/dev/null` as its standard input,
  /// the given descriptors as its outputs, no blocked signals and every signal's default action
  /// (a caller's thread may block or ignore some, which a child would otherwise inherit).
  private static func spawn(
    _ executable: String, _ arguments: [String], environment: [String: String], stdout: Int32, stderr: Int32
  ) throws(SystemError) -> pid_t {
    try posixSpawn(
      executable, arguments, environment: environment, outputs: (stdout, stderr),
      flags: Int32(POSIX_SPAWN_SETPGROUP))
  }

  /// `posix_spawn` with `/dev/null` as standard input, `outputs` as standard output and error
  /// (nil: `/dev/null` too), no blocked signals, every signal's default action, and `flags`
  /// besides (a process group of its own, or a session).
  private static func posixSpawn(
    _ executable: String, _ arguments: [String], environment: [String: String], outputs: (Int32, Int32)?,
    flags: Int32
  ) throws(SystemError) -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if let (stdout, stderr) = outputs {
      posix_spawn_file_actions_adddup2(&actions, stdout, 1)
      posix_spawn_file_actions_adddup2(&actions, stderr, 2)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    closeOnExec(from: 3)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    if flags & Int32(POSIX_SPAWN_SETPGROUP) != 0 { posix_spawnattr_setpgroup(&attributes, 0) }
    posix_spawnattr_setflags(
      &attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | flags))
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid = pid_t()
    // posix_spawn returns the error number instead of setting errno. ETXTBSY: the program was
    // just written, and a process forked meanwhile (by any thread) still holds it open for
    // writing until its own exec; that lasts microseconds, so it is tried again for up to 0.1 s.
    var code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    for _ in 0..<20 where code == ETXTBSY {
      usleep(5_000)
      code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    }
    guard code == 0 else { throw SystemError(call: "posix_spawn", code: code) }
    return pid
  }

  /// Marks every descriptor of this process from `lowest` on close-on-exec, so that a program
  /// it starts gets only the ones its file actions give it. A descriptor this process inherited
  /// without the flag would otherwise live as long as a program started in the background (an
  /// alarm's sound), and whoever waits for it to close would wait as long: Foundation's `Process`,
  /// which started us, waits on such a socket. (`posix_spawn_file_actions_addclosefrom_np` does
  /// not import.) Our own descriptors are opened close-on-exec already.
  static func closeOnExec(from lowest: Int32) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
    for name in names {
      guard let fd = Int32(name), fd >= lowest else { continue }
      let flags = fcntl(fd, F_GETFD)
      if flags >= 0 && flags & FD_CLOEXEC == 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
    }
  }

  /// A pipe's two descriptors, both close-on-exec (the child gets copies through dup2).
  private final class Pipe {
    private(set) var read: Int32 = -1
    private(set) var write: Int32 = -1

    init() throws(SystemError) {
      var fds: [Int32] = [-1, -1]
      // (pipe2 with O_CLOEXEC does not import: the flag is set just after.)
      try systemCall("pipe") { pipe(&fds) }
      read = fds[0]
      write = fds[1]
      _ = fcntl(read, F_SETFD, FD_CLOEXEC)
      _ = fcntl(write, F_SETFD, FD_CLOEXEC)
    }

    func closeWrite() {
      if write >= 0 { close(write) }
      write = -1
    }

    func closeRead() {
      if read >= 0 { close(read) }
      read = -1
    }

    deinit {
      closeWrite()
      closeRead()
    }
  }
}
