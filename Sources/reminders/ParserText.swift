import ArgumentParser
import RemindersMessages

/// ArgumentParser's own words — the headings of its help pages and its messages — in the words
/// of the catalogue.
///
/// ArgumentParser (1.8.2) has no hook for its words, and the structure of its errors is internal
/// to it: its help pages are read line by line for the headings it writes, and its messages by
/// the sentences it builds them from. The English catalogue says them exactly as it does, so that
/// English passes through unchanged; a message of a shape not known here is said as the parser
/// wrote it, inside the catalogue's frame.
struct ParserText {
  let texts: any HelpMessages

  /// A help page (or `--version`, a completion script: whatever the parser prints and exits 0
  /// with), its headings and the parser's own phrases in the catalogue's words.
  func page(_ page: String) -> String {
    page.split(separator: "\n", omittingEmptySubsequences: false).map { line(String($0)) }.joined(
      separator: "\n")
  }

  private func line(_ line: String) -> String {
    for (heading, words) in [("OVERVIEW:", texts.overviewHeading), ("USAGE:", texts.usageHeading)]
    where line.hasPrefix(heading + " ") {
      return words + line.dropFirst(heading.count)
    }
    switch line {
    case "ARGUMENTS:": return texts.argumentsHeading
    case "OPTIONS:": return texts.optionsHeading
    case "SUBCOMMANDS:": return texts.subcommandsHeading
    default: break
    }
    let see = ("  See '", "' for detailed help.")
    if line.hasPrefix(see.0), line.hasSuffix(see.1) {
      return "  " + texts.detailedHelp(String(line.dropFirst(see.0.count).dropLast(see.1.count)))
    }
    for (option, phrase, words) in [
      ("  -h, --help ", "Show help information.", texts.showHelp),
      ("  --version ", "Show the version.", texts.showVersion),
    ] where line.hasPrefix(option) && line.hasSuffix(phrase) {
      return line.dropLast(phrase.count) + words
    }
    return
      line
      .replacingOccurrences(of: "(default:", with: texts.defaultValueLabel)
      .replacingOccurrences(of: "(values:", with: texts.valuesLabel)
  }

  /// One line for ArgumentParser's message about a command line it refused.
  func message(_ message: String) -> String {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let first = lines.first ?? ""
    if let rest = first.after("Unknown option '") {
      if let (name, suggestion) = rest.split(around: "'. Did you mean '"), suggestion.hasSuffix("'?") {
        return texts.unknownOption(name, suggestion: String(suggestion.dropLast(2)))
      }
      if rest.hasSuffix("'") { return texts.unknownOption(String(rest.dropLast()), suggestion: nil) }
    }
    if let option = first.between("Missing value for '", and: "'") { return texts.missingValue(option) }
    if let rest = first.after("The option '"),
      let (option, value) = rest.split(around: "' does not take any value, but '"),
      let value = value.before("' was specified.")
    {
      return texts.valueNotTaken(option, value: value)
    }
    if let value = first.between("Unexpected argument '", and: "'") {
      return texts.unexpectedArguments([value])
    }
    if let (count, values) = first.split(around: " unexpected arguments: '"), Int(count) != nil,
      let values = values.before("'")
    {
      return texts.unexpectedArguments(values.components(separatedBy: "', '"))
    }
    if let name = first.between("Missing expected argument '", and: "'") {
      return texts.missingArguments([name])
    }
    if let names = first.between("Missing one of: '", and: "'") {
      return texts.missingArguments(names.components(separatedBy: "', '"))
    }
    if let rest = first.after("The value '") { return invalidValue(rest, more: lines.dropFirst()) }
    if let text = first.after("Invalid option: ") { return texts.invalidOption(text) }
    if first == "Missing required subcommand." { return texts.missingSubcommand }
    if let rest = first.after("Value to be set with "),
      let (duplicate, previous) = rest.split(
        around: " had already been set with ")
    {
      return texts.duplicateValue(duplicate, previous: previous)
    }
    return texts.parserMessage(first)
  }

  /// "The value 'V' is invalid for 'T'" or "The value 'V' is invalid.", then what the value's
  /// type said (": …") or the values the option takes (". Please provide one of …").
  private func invalidValue(_ rest: String, more: ArraySlice<String>) -> String {
    let value: String
    let target: String?
    var tail: Substring
    if let (head, after) = rest.split(around: "' is invalid for '"), let end = after.firstIndex(of: "'") {
      value = head
      target = String(after[..<end])
      tail = after[after.index(after: end)...]
    } else if let (head, after) = rest.split(around: "' is invalid.") {
      value = head
      target = nil
      tail = Substring(after)
    } else {
      return texts.parserMessage("The value '" + rest)
    }
    if tail.hasPrefix(": ") {
      return texts.invalidValue(value, target: target, allowed: [], detail: String(tail.dropFirst(2)))
    }
    var allowed: [String] = []
    if tail == ". Please provide one of the following:" {
      allowed = more.compactMap { $0.after("  - ") }
      tail = ""
    } else if let list = tail.after(". Please provide one of "), list.hasSuffix(".") {
      // 'a', 'b' or 'c': every other piece between quotes.
      allowed = list.split(separator: "'", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 1 }.map { String($0.element) }
      tail = ""
    }
    guard tail.isEmpty else { return texts.parserMessage("The value '" + rest) }
    return texts.invalidValue(value, target: target, allowed: allowed, detail: nil)
  }

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

extension StringProtocol {
  /// What follows `prefix`, when the text starts with it.
  fileprivate func after(_ prefix: String) -> String? {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
  }

  /// What comes before `suffix`, when the text ends with it.
  fileprivate func before(_ suffix: String) -> String? {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : nil
  }

  /// The text between `prefix` and `suffix`, when it starts and ends with them.
  fileprivate func between(_ prefix: String, and suffix: String) -> String? {
    after(prefix).flatMap { $0.count >= suffix.count ? $0.before(suffix) : nil }
  }

  /// The text before and after the first `separator`.
  fileprivate func split(around separator: String) -> (String, String)? {
    guard let range = range(of: separator) else { return nil }
    return (String(self[..<range.lowerBound]), String(self[range.upperBound...]))
  }
}
