import Testing

@testable import RemindersStore

/// A refused file as the tests name it: its path, the place in it and the English reason a
/// person reads (the catalogue's words, which the command line's tests assert too).
struct CorruptFile: CustomStringConvertible {
  var path: String
  var at: TextPosition?
  var reason: String

  /// The line `StoreError.description` says.
  var description: String { "\(at.map { "\(path):\($0)" } ?? path): \(reason)" }

  /// Whether `error` refuses this file, at this place, for this reason.
  func matches(_ error: any Error) -> Bool {
    guard let error = error as? StoreError, case .corrupt(let path, let at, _) = error else { return false }
    return path == self.path && at == self.at && error.description == description
  }
}

/// Requires `body` to throw `StoreError.corrupt` with the path, place and English reason of
/// `expected`.
func expectCorrupt<R>(
  _ expected: CorruptFile, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation,
  performing body: () throws -> R
) {
  do {
    _ = try body()
    Issue.record(
      "expected \(expected), nothing was thrown; \(comment?.description ?? "")",
      sourceLocation: sourceLocation)
  } catch {
    #expect(
      expected.matches(error), "\(error) is not \(expected); \(comment?.description ?? "")",
      sourceLocation: sourceLocation)
  }
}
