import Foundation
import RemindersApp
import RemindersCore
import RemindersStore

extension FileHealth {
  /// One line, in `language`: the path and how it stands.
  public func summary(_ language: Language) -> String {
    let words = language.words
    guard exists else { return words.missingFile(path, role.words) }
    if let problem = problem(language) {
      return problem.hasPrefix(path) ? problem : "\(path): \(problem)"
    }
    // The dictionary is the system's, readable by all, and not ours to keep private.
    return words.fileOK(
      path, mode: String(format: "%04o", mode ?? 0), shared: isPrivate == false && role != .dictionary)
  }

  /// Why the file cannot be used, in `language`; nil when it can.
  public func problem(_ language: Language) -> String? {
    switch error {
    case nil: nil
    case let error as StoreError: StoreErrorText(language: language).text(error)
    case let error?: ErrorWords(language: language).line(error)
    }
  }

  public func json(_ language: Language) -> OrderedJSON {
    .object([
      ("role", .string(role.rawValue)),
      ("path", .string(path)),
      ("exists", .bool(exists)),
      ("readable", readable.map(OrderedJSON.bool) ?? .null),
      ("parses", parses.map(OrderedJSON.bool) ?? .null),
      ("mode", mode.map { .string(String(format: "%04o", $0)) } ?? .null),
      ("private", isPrivate.map(OrderedJSON.bool) ?? .null),
      ("problem", problem(language).map(OrderedJSON.string) ?? .null),
    ])
  }
}
