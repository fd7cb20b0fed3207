import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal in full-screen mode, the only place with termios: raw keys (no echo, no line
/// editing, no signals from keys: Ctrl-C is a key), the alternate screen, the cursor hidden.
///
/// The terminal is given back on every exit path, as `less` and `fzf` do: `restore()` (also from
/// `deinit` and at exit), SIGTERM, SIGHUP, SIGINT and SIGQUIT, and the fatal signals of a crash
/// (SIGSEGV, SIGABRT, SIGILL, SIGTRAP, SIGBUS, SIGFPE): restore, then the signal again with its
/// default action. A signal ignored at the start stays ignored. SIGWINCH wakes `next()` with
/// `.resize`.
public final class Terminal {
  /// What `next()` returns.
  public enum Input: Equatable, Sendable {
    case key(TerminalKey)
    /// The window changed size: draw again.
    case resize
    /// Standard input ended (the terminal went away).
    case end
  }

  /// Whether standard input and standard output are both terminals.
  public static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

  private var pending: [UInt8] = []
  private var keys: [TerminalKey] = []
  private var restored = false

  /// Enters full-screen mode; throws (leaving the terminal as it was) when termios refuses.
  public init() throws {
    var original = termios()
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { throw TerminalError(call: "tcgetattr", code: errno) }
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { throw TerminalError(call: "pipe", code: errno) }
    for end in pipeEnds {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, O_NONBLOCK)
    }
    // Everything the handlers read is written before the first handler is installed, and never
    // again while one can run.
    savedTermios = original
    var previous = Array(repeating: sigaction(), count: Int(NSIG))
    for signal in endingSignals + crashSignals + [SIGWINCH] { sigaction(signal, nil, &previous[Int(signal)]) }
    previousActions = previous
    resizeReadEnd.store(pipeEnds[0], ordering: .sequentiallyConsistent)
    resizeWriteEnd.store(pipeEnds[1], ordering: .sequentiallyConsistent)

    var raw = original
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | ISTRIP | BRKINT)
    raw.c_cc.6 = 1  // VMIN: a read returns as soon as one byte is there
    raw.c_cc.5 = 0  // VTIME
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
      let code = errno
      close(pipeEnds[0])
      close(pipeEnds[1])
      throw TerminalError(call: "tcsetattr", code: code)
    }
    terminalActive.store(true, ordering: .sequentiallyConsistent)
    install()
    atexit { restoreTerminal() }
    write(enterSequence)
  }

  deinit { restore() }

  /// Gives the terminal back: the screen and the modes as they were, the handlers as they were.
  /// Safe to call more than once.
  public func restore() {
    guard !restored else { return }
    restored = true
    restoreTerminal()
    for signal in endingSignals + crashSignals + [SIGWINCH] {
      var old = previousActions[Int(signal)]
      sigaction(signal, &old, nil)
    }
    close(resizeReadEnd.exchange(-1, ordering: .sequentiallyConsistent))
    close(resizeWriteEnd.exchange(-1, ordering: .sequentiallyConsistent))
  }

  /// Columns and rows (80×24 when the terminal does not say).
  public var size: (width: Int, height: Int) {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
      return (80, 24)
    }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  /// Draws `lines` from the top left, each line cleared to its end, the rest of the screen cleared.
  public func draw(_ lines: [String]) {
    var out = "\u{1B}[H"
    for (i, line) in lines.enumerated() {
      out += line + "\u{1B}[K" + (i + 1 < lines.count ? "\r\n" : "")
    }
    write(out + "\u{1B}[J")
  }

  /// The next key, or a resize, or the end of input; waits as long as it takes.
  public func next() -> Input { next(timeoutMilliseconds: -1)! }

  /// The next key, a resize or the end of input; nil when `timeoutMilliseconds` pass first
  /// (-1: wait as long as it takes). The focus timer draws again each second.
  public func next(timeoutMilliseconds: Int32) -> Input? {
    while true {
      if !keys.isEmpty { return .key(keys.removeFirst()) }
      var fds = [
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        pollfd(fd: resizeReadEnd.load(ordering: .sequentiallyConsistent), events: Int16(POLLIN), revents: 0),
      ]
      // An unfinished escape sequence waits briefly for the rest: Esc alone is a key.
      let ready = poll(&fds, 2, pending.isEmpty ? timeoutMilliseconds : 50)
      if ready < 0 {
        if errno == EINTR { continue }
        return .end
      }
      if ready == 0, pending.isEmpty { return nil }
      if fds[1].revents != 0 {
        var drain = [UInt8](repeating: 0, count: 64)
        while read(fds[1].fd, &drain, drain.count) > 0 {}
        return .resize
      }
      if ready == 0 {
        keys += TerminalKey.decode(&pending, complete: true)
        continue
      }
      var buffer = [UInt8](repeating: 0, count: 256)
      let count = read(STDIN_FILENO, &buffer, buffer.count)
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      guard count > 0 else { return .end }
      pending += buffer[0..<count]
      keys += TerminalKey.decode(&pending, complete: false)
    }
  }

  private func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeMutableBytes {
        Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
    bytes.removeAll()
  }

  private func install() {
    for signal in endingSignals + crashSignals {
      // A signal ignored when we started (nohup) stays ignored.
      if let old = previousActions[Int(signal)].__sigaction_handler.sa_handler,
        unsafeBitCast(old, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
      {
        continue
      }
      var action = sigaction()
      action.__sigaction_handler.sa_handler = onSignal
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(signal, &action, nil)
    }
    var resize = sigaction()
    resize.__sigaction_handler.sa_handler = onResize
    sigemptyset(&resize.sa_mask)
    resize.sa_flags = SA_RESTART
    sigaction(SIGWINCH, &resize, nil)
  }
}

/// Standard input a line at a time, with a time limit: the focus timer's plain mode reads `p` and
/// `q` lines while it counts.
public final class LineInput {
  private var buffer: [UInt8] = []
  private var ended = false

  public init() {}

  public enum Event: Equatable, Sendable {
    case line(String)
    case timeout
    /// Standard input ended; later calls only wait.
    case end
  }

  /// The next line (without its line break), or `.timeout` after `milliseconds`.
  public func next(timeoutMilliseconds milliseconds: Int32) -> Event {
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeFirst(newline + 1)
        return .line(line)
      }
      if ended {
        if milliseconds > 0 { usleep(useconds_t(milliseconds) * 1000) }
        return .timeout
      }
      var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
      let ready = poll(&fds, 1, milliseconds)
      if ready < 0 {
        if errno == EINTR { continue }
        ended = true
        return .end
      }
      if ready == 0 { return .timeout }
      var chunk = [UInt8](repeating: 0, count: 256)
      let count = read(STDIN_FILENO, &chunk, chunk.count)
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      guard count > 0 else {
        ended = true
        return .end
      }
      buffer += chunk[0..<count]
    }
  }
}

/// A termios call that failed.
public struct TerminalError: Error, CustomStringConvertible {
  public var call: String
  public var code: Int32
  public var description: String { "\(call): \(String(cString: strerror(code)))" }
}

// MARK: what the signal handlers use: written before they are installed, then only read

private let endingSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
private let crashSignals: [Int32] = [SIGSEGV, SIGABRT, SIGILL, SIGTRAP, SIGBUS, SIGFPE]
nonisolated(unsafe) private var savedTermios = termios()
nonisolated(unsafe) private var previousActions = Array(repeating: sigaction(), count: Int(NSIG))
private let terminalActive = Atomic<Bool>(false)
private let resizeReadEnd = Atomic<Int32>(-1)
private let resizeWriteEnd = Atomic<Int32>(-1)
private let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
private let leaveSequence: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

/// Leaves the alternate screen and puts the modes back, once; async-signal-safe (write(2),
/// tcsetattr(3), an atomic flag; no allocation).
private func restoreTerminal() {
  guard terminalActive.exchange(false, ordering: .sequentiallyConsistent) else { return }
  leaveSequence.withUTF8Buffer { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
  _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedTermios)
}

/// SIGTERM, SIGHUP, a crash: the terminal back, then the signal again with its default action
/// (the process ends as the signal says). Not the runtime's crash handler: on a terminal it waits
/// for keys, and for a signal sent by `kill` it returns and lets the session run on.
private func onSignal(_ signal: Int32) {
  restoreTerminal()
  var action = sigaction()
  action.__sigaction_handler.sa_handler = SIG_DFL
  sigaction(signal, &action, nil)
  raise(signal)
}

/// SIGWINCH: a byte down the pipe wakes `next()`.
private func onResize(_ signal: Int32) {
  let saved = errno
  var byte: UInt8 = 1
  _ = write(resizeWriteEnd.load(ordering: .sequentiallyConsistent), &byte, 1)
  errno = saved
}
