import ArgumentParser
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

/// A path given on the command line (`--output`, `--svg`, `--exec`, `cards import FILE`; the
/// global options say the same through `GlobalOption.problem`): an empty one is bad usage, exit
/// 64, everywhere, never a file named "" that fails to be read or written.
enum CommandLinePath {
  static func check(_ value: String?, option: String, folder: Bool = false) throws {
    if let value, value.isEmpty { throw ValidationError(.emptyPath(option: option, folder: folder)) }
  }
}
