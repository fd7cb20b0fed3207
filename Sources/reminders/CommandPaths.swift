import RemindersStore

extension Paths {
  /// `Paths(environment:…)` for a command: no home folder to be found is exit 69 (something
  /// needed is not there, docs/exit-codes.md) with one line saying so.
  static func forCommand(
    environment: [String: String], config: String? = nil, deck: String? = nil, stateDir: String? = nil
  ) throws -> Paths {
    do {
      return try Paths(environment: environment, config: config, deck: deck, stateDir: stateDir)
    } catch {
      throw CommandFailure(error.description, code: ExitStatus.unavailable)
    }
  }
}
