import ArgumentParser
import Foundation
import RemindersCore
import RemindersMessages

/// The command line as typed, read once without the parser: the one scanner of the raw
/// arguments, for what must be known before (or without) parsing them — the language of help and
/// of the parser's messages, the language of an error, and `run`'s fast path.
///
/// Its rule is the parser's: an option's value follows it (`--lang ja`) or is joined to it
/// (`--lang=ja`); the last one given wins; everything after `--` is a value, never an option.
struct RawArguments {
  /// The global options' values, the last given of each.
  private(set) var globals: [GlobalOption: String] = [:]
  /// `--now`'s value, the last given.
  private(set) var now: String?
  /// The words that are neither a global option, `--now`, nor their values, in order.
  private(set) var others: [String] = []

  /// The arguments of this process (without the program's name).
  static var ofProcess: RawArguments { RawArguments(Array(CommandLine.arguments.dropFirst())) }

  init(_ arguments: [String]) {
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        others += arguments[(index - 1)...]
        break
      }
      guard let (name, joined) = RawArguments.option(argument) else {
        others.append(argument)
        continue
      }
      let value: String
      if let joined {
        value = joined
      } else if index < arguments.endIndex {
        value = arguments[index]
        index += 1
      } else {
        // A name without its value: the parser says so.
        others.append(argument)
        continue
      }
      if let option = GlobalOption(rawValue: name) { globals[option] = value } else { now = value }
    }
  }

  /// `arguments` with the global options typed before the command's name moved after it
  /// (`reminders --config X config set …` is `reminders config set … --config X`): every command
  /// takes them, and the parser knows them only there. Only a run of global options (each with
  /// its value) at the very start moves, and only when a command's name follows it.
  static func commandFirst(_ arguments: [String]) -> [String] {
    var index = arguments.startIndex
    // Read as the scanner reads them (`option`): a value joined to its name, or the next word.
    while index < arguments.endIndex, let (name, joined) = RawArguments.option(arguments[index]),
      GlobalOption(rawValue: name) != nil
    {
      index += joined == nil ? 2 : 1
    }
    guard index > arguments.startIndex, index < arguments.endIndex, !arguments[index].hasPrefix("-") else {
      return arguments
    }
    let leading = Array(arguments[..<index])
    var rest = Array(arguments[index...])
    // Before a `--`, after which every word is a value.
    let end = rest.firstIndex(of: "--") ?? rest.endIndex
    rest.insert(contentsOf: leading, at: end)
    return rest
  }

  /// An argument that names a global option or `--now`: its name, and the value joined to it.
  private static func option(_ argument: String) -> (String, String?)? {
    let names = GlobalOption.allCases.map(\.rawValue) + [TimeOptions.flag]
    if names.contains(argument) { return (argument, nil) }
    guard let equals = argument.firstIndex(of: "="), case let name = String(argument[..<equals]),
      names.contains(name)
    else { return nil }
    return (name, String(argument[argument.index(after: equals)...]))
  }

  /// The session's language as far as it can be known without parsing: `--lang` (the last one
  /// given, when it names a language), else the config's `language` when the config parses,
  /// else the locale. Help, the parser's messages and every error are said in it.
  func language(environment: [String: String]) -> Language {
    Language.lenient(globals, environment: environment)
  }
}

/// A word typed where a command's name was expected that names none of the commands there
/// (`reminders reveiw`), and the name nearest to it, for "did you mean".
struct UnknownCommand: Equatable {
  var word: String
  /// The nearest name, when it is near: a few letters off, no more (`reveiw` → `review`; `xyz`
  /// has none).
  var nearest: String?

  /// Walks the command tree from `root` along the words that are not options; nil when every
  /// word that names a command does.
  static func find(in words: [String], root: any ParsableCommand.Type) -> UnknownCommand? {
    var command = root
    for word in words {
      let subcommands = command.configuration.subcommands
      guard !subcommands.isEmpty, !word.hasPrefix("-"), word != "help" else { return nil }
      let names = subcommands.compactMap { $0.configuration.commandName }
      if let index = names.firstIndex(of: word) {
        command = subcommands[index]
        continue
      }
      return UnknownCommand(word: word, nearest: EditDistance.near(to: word, among: names))
    }
    return nil
  }
}
