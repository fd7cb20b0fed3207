import ArgumentParser
import Foundation
import RemindersMessages
import RemindersStore

/// The language of what is said before a command reads its config: `--help`, the parser's
/// messages and the checks of options' values.
///
/// Help is rendered before anything is parsed, so the language comes from the raw arguments
/// (`RawArguments.language`: the last `--lang`, else the config's `language`, else the
/// locale). Resolved once, when first asked, and never changed afterwards.
enum CommandLanguage {
  /// The config the raw arguments name, read once and leniently (nil: missing or broken).
  static let configuration: Configuration? = Configuration.lenient(
    RawArguments.ofProcess.globals, environment: ProcessInfo.processInfo.environment)

  static let current: Language = Language.lenient(
    RawArguments.ofProcess.globals, configuration: configuration,
    environment: ProcessInfo.processInfo.environment)

  /// Whether the config's scheduler is FSRS: `review --help` then names FSRS's four ratings.
  static var usesFSRS: Bool {
    if case .fsrs? = configuration?.studyScheduler { return true }
    return false
  }

  /// The texts of help and of the parser, in `current`.
  static var words: any Catalogue { current.words }
}

extension CommandConfiguration {
  /// A command's configuration with its abstract and discussion from the catalogue, in the
  /// command line's language.
  static func described(
    _ command: HelpCommand, name: String, version: String = "", subcommands: [any ParsableCommand.Type] = []
  ) -> CommandConfiguration {
    let words = CommandLanguage.words
    return CommandConfiguration(
      commandName: name, abstract: words.abstract(command), discussion: words.discussion(command),
      version: version, subcommands: subcommands)
  }
}

extension ArgumentHelp {
  /// The help of an option, flag or argument from the catalogue, in the command line's language.
  static func catalogue(_ item: HelpItem, valueName: String? = nil) -> ArgumentHelp {
    ArgumentHelp(CommandLanguage.words.help(item), valueName: valueName)
  }
}

extension ValidationError {
  /// The catalogue's words for a value a check refuses, in the command line's language.
  init(_ problem: OptionProblem) {
    self.init(CommandLanguage.words.problem(problem))
  }
}
