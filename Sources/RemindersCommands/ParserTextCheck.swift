import ArgumentParser
import RemindersReports

// The one part of ParserText that needs ArgumentParser's types stays with the command line;
// the rest, plain text in and out, is RemindersReports'.
extension ParserText {
  /// The check of an option's value that a command threw itself (`validate()`): already in the
  /// catalogue's words. ArgumentParser wraps it in its own (internal) error, looked into here.
  static func ownCheck(in error: Error) -> ValidationError? {
    if let error = error as? ValidationError { return error }
    var pending: [(Any, Int)] = [(error, 0)]
    while let (value, depth) = pending.popLast() {
      if let found = value as? ValidationError { return found }
      guard depth < 3 else { continue }
      pending += Mirror(reflecting: value).children.map { ($0.value, depth + 1) }
    }
    return nil
  }
}
