#if canImport(Glibc)
  import Glibc
#endif

/// A unix stream socket, asked only whether something accepts connections on it.
public enum UnixSocket {
  /// Why a connection to a unix socket failed (the catalogue words it: TimerText).
  public enum ConnectFailure: Error, Equatable, Sendable {
    /// The path does not fit in a socket address (`sun_path`, 108 bytes on Linux).
    case pathTooLong
    /// `socket` or `connect` failed (`ENOENT`: no socket there; `ECONNREFUSED`: nobody listens).
    case system(SystemError)
  }

  /// Connects to the unix stream socket at `path` and closes the connection at once; throws
  /// why it could not. On a local socket `connect` succeeds or is refused without waiting.
  public static func probe(_ path: String) throws(ConnectFailure) {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw .pathTooLong }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    do throws(SystemError) {
      let fd = try systemCall("socket") {
        socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      }
      defer { close(fd) }
      // Not retried after EINTR: the connection then goes on in the background, and a second
      // connect would fail with EALREADY.
      try systemCall("connect", retryingInterrupts: false) {
        withUnsafePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
          }
        }
      }
    } catch {
      throw .system(error)
    }
  }
}
