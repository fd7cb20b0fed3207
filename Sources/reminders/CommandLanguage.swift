import ArgumentParser
import Foundation
import RemindersMessages

/// The language of what is said before a command reads its config: `--help`, the parser's
/// messages and the checks of options' values.
///
/// Help is rendered before anything is parsed, so the language comes from the raw arguments
/// (`--lang ja|en`, `--lang=ja|en`; the last one given that names a language, as the parser
/// keeps the last), else the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`). Resolved once, when
/// first asked, and never changed afterwards.
enum CommandLanguage {
  static let current: Language = resolve(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)

  /// The texts of help and of the parser, in `current`.
  static var texts: any Catalogue { current.catalogue }

  static func resolve(arguments: [String], environment: [String: String]) -> Language {
    var chosen: Language?
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      // Everything after `--` is a value, never an option.
      if argument == "--" { break }
      if argument == GlobalOption.lang.rawValue, index + 1 < arguments.endIndex {
        chosen = Language(rawValue: arguments[index + 1]) ?? chosen
        index += 2
        continue
      }
      if argument.hasPrefix(GlobalOption.lang.rawValue + "=") {
        chosen =
          Language(rawValue: String(argument.dropFirst(GlobalOption.lang.rawValue.count + 1))) ?? chosen
      }
      index += 1
    }
    return chosen ?? Language.fromLocale(environment)
  }
}

extension CommandConfiguration {
  /// A command's configuration with its abstract and discussion from the catalogue, in the
  /// command line's language.
  static func described(
    _ command: HelpCommand, name: String, version: String = "", subcommands: [any ParsableCommand.Type] = []
  ) -> CommandConfiguration {
    let texts = CommandLanguage.texts
    return CommandConfiguration(
      commandName: name, abstract: texts.abstract(command), discussion: texts.discussion(command),
      version: version, subcommands: subcommands)
  }
}

extension ArgumentHelp {
  /// The help of an option, flag or argument from the catalogue, in the command line's language.
  static func catalogue(_ item: HelpItem, valueName: String? = nil) -> ArgumentHelp {
    ArgumentHelp(CommandLanguage.texts.help(item), valueName: valueName)
  }
}

extension ValidationError {
  /// The catalogue's words for a value a check refuses, in the command line's language.
  init(_ problem: OptionProblem) {
    self.init(CommandLanguage.texts.problem(problem))
  }
}
