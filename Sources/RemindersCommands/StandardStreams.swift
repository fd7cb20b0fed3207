// `stdout` is a C global (and Foundation passes the C library on): read here only, by the one
// thread that writes output.
@preconcurrency import Foundation
import RemindersStore

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The three standard streams: never one of our own files, and output the system refuses is an
/// error (exit 74), not a crash or a silent loss (docs/exit-codes.md).
enum StandardStreams {
  /// Puts `/dev/null`, opened read-only, on each of descriptors 0, 1 and 2 that is closed.
  ///
  /// A process started with standard output closed would otherwise hand descriptor 1 to the
  /// first file it opens (a lock, the deck), and its prompts would be written into it. Read-only,
  /// so that writing to a stream that was closed still fails, and says so.
  static func guardDescriptors() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      let opened = open("/dev/null", O_RDONLY)
      // `open` takes the lowest free descriptor: this one, as the lower ones are open by now.
      if opened >= 0 && opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
    }
  }

  /// Writes `bytes` to standard output after what `print` has buffered, all of them or an error.
  static func write(_ bytes: [UInt8]) throws {
    try flush()
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw failure(errno)
      }
      offset += written
    }
  }

  /// Flushes what `print` buffered; throws when any of the output was refused.
  static func flush() throws {
    if fflush(stdout) != 0 { throw failure(errno) }
    // An earlier flush (a full buffer) may have failed while this one had nothing left to write:
    // its cause is gone with it, but a stream open only for reading (a closed one, which
    // `guardDescriptors` filled) can be told.
    if ferror(stdout) != 0 {
      if fcntl(1, F_GETFL) & O_ACCMODE == O_RDONLY { throw failure(EBADF) }
      // The output is lost already; one more byte tells why (a full disk, a closed pipe).
      var newline: UInt8 = 10
      if Glibc.write(1, &newline, 1) < 0 && errno != EINTR { throw failure(errno) }
      throw failure(EIO)
    }
  }

  /// The error of a refused write, naming the standard output in the session's language.
  static func failure(_ code: Int32) -> StoreError {
    let words = SessionLanguage.forErrors(
      arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment
    ).words
    return .writeFailed(path: words.standardOutput, reason: .system(SystemError(call: "write", code: code)))
  }
}
