import Foundation
import RemindersApp
import RemindersStore

extension FileHealth {
  /// One line, in `text`'s language: the path and how it stands.
  func summary(_ text: DoctorText) -> String {
    guard exists else { return text.missing(path, role) }
    if let problem = text.problem(of: self) {
      return problem.hasPrefix(path) ? problem : "\(path): \(problem)"
    }
    return text.fileOK(path, mode: String(format: "%04o", mode ?? 0), shared: isPrivate == false)
  }

  func json(_ text: DoctorText) -> OrderedJSON {
    .object([
      ("role", .string(role.rawValue)),
      ("path", .string(path)),
      ("exists", .bool(exists)),
      ("readable", readable.map(OrderedJSON.bool) ?? .null),
      ("parses", parses.map(OrderedJSON.bool) ?? .null),
      ("mode", mode.map { .string(String(format: "%04o", $0)) } ?? .null),
      ("private", isPrivate.map(OrderedJSON.bool) ?? .null),
      ("problem", text.problem(of: self).map(OrderedJSON.string) ?? .null),
    ])
  }
}
