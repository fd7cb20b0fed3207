import ArgumentParser
import Foundation
import RemindersMessages
import RemindersStore

extension Paths {
  /// `Paths(environment:…)` for a command: no home folder to be found is exit 69 (something
  /// needed is not there, docs/exit-codes.md) with one line saying so, in the language of
  /// `--lang` (`lang`) or the locale: without a home there is no config to ask.
  static func forCommand(
    environment: [String: String], config: String? = nil, deck: String? = nil, stateDir: String? = nil,
    lang: String? = nil
  ) throws -> Paths {
    do {
      return try Paths(environment: environment, config: config, deck: deck, stateDir: stateDir)
    } catch {
      let language = Language.resolve(lang: lang, configured: nil, environment: environment)
      throw CommandFailure(language.words.homeUnknown(userID: error.userID), code: ExitStatus.unavailable)
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

  /// A file to write at a path given on the command line: its folder must be there (a typo such
  /// as `~/Dekstop/x.ics` is said, exit 74, never created).
  static func requireFolder(of path: String, words: any Catalogue) throws {
    // Only a folder that is not there at all: anything else in the way (a file) is said by the
    // write, as every write says it.
    let folder = FileIO.parentDirectory(of: path)
    guard FileManager.default.fileExists(atPath: folder) else {
      throw CommandFailure(words.folderMissing(path: path, folder: folder), code: ExitStatus.ioError)
    }
  }
}
