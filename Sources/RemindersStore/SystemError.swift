#if canImport(Glibc)
  import Glibc
#endif

/// A C library call that failed, with the `errno` it set.
///
/// Its description is the C library's text for the code (`strerror`), which is what a user
/// reads after the file's name: `deck.json: cannot write: No space left on device`.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible
{
  /// The C function that failed (`open`, `rename`, …).
  public var call: String
  /// The `errno` value (`ENOENT`, `ENOSPC`, …).
  public var code: Int32

  public init(call: String, code: Int32) {
    self.call = call
    self.code = code
  }

  /// The error `call` just reported through `errno`.
  package static func current(_ call: String) -> SystemError { SystemError(call: call, code: errno) }

  /// The C library's text for the code, as `strerror` gives it.
  public var description: String { String(cString: strerror(code)) }

  /// The call and the text: `open: Permission denied (errno 13)`.
  public var debugDescription: String { "\(call): \(description) (errno \(code))" }
}

/// Calls the C function `body` stands for, again while it is interrupted by a signal (`EINTR`),
/// and turns a `-1` result into the `SystemError` its `errno` names; otherwise returns the result.
///
/// Every C call in this package that reports failure through `errno` goes through here, so that
/// `errno` is read at once after the call that set it and nowhere else.
@discardableResult
package func systemCall<Result: FixedWidthInteger>(
  _ call: String, retryingInterrupts: Bool = true, _ body: () -> Result
) throws(SystemError) -> Result {
  while true {
    let result = body()
    if result != -1 { return result }
    let error = SystemError.current(call)
    if retryingInterrupts && error.code == EINTR { continue }
    throw error
  }
}
