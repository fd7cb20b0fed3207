import Foundation
import RemindersMessages
import RemindersTerminal

/// ArgumentParser's own words — the headings of its help pages and its messages — in the words
/// of the catalogue.
///
/// ArgumentParser (1.8.2) has no hook for its words, and the structure of its errors is internal
/// to it: its help pages are read line by line for the headings it writes, and its messages by
/// the sentences it builds them from. The English catalogue says them exactly as it does, so that
/// English passes through unchanged; a message of a shape not known here is said as the parser
/// wrote it, inside the catalogue's frame.
public struct ParserText {
  public let words: any HelpMessages
  /// The width this wraps help pages to itself; nil when the parser's own wrapping does.
  ///
  /// The parser breaks lines only at spaces and counts characters, not terminal cells: right
  /// for English, wrong for Japanese, which has no spaces between words and is two cells wide.
  public let width: Int?

  public init(language: Language, environment: [String: String]) {
    words = language.words
    width = language == .ja ? ParserText.screenWidth(environment) : nil
  }

  /// The columns to ask the parser to wrap at: none to speak of when this wraps itself.
  public var parserColumns: Int? { width == nil ? nil : 100_000 }

  /// A help page (or `--version`, a completion script: whatever the parser prints and exits 0
  /// with), its headings and the parser's own phrases in the catalogue's words.
  public func page(_ page: String) -> String {
    page.split(separator: "\n", omittingEmptySubsequences: false).flatMap { raw -> [String] in
      let said = line(String(raw))
      guard let width, !raw.hasPrefix("USAGE: ") else { return [said] }
      return HelpWrapping(width: width).lines(said)
    }.joined(separator: "\n")
  }

  /// The width ArgumentParser would wrap to: `COLUMNS`, else the terminal's, else 80.
  public static func screenWidth(_ environment: [String: String]) -> Int {
    if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return 80 }
    return Int(window.ws_col)
  }

  private func line(_ line: String) -> String {
    for (heading, words) in [("OVERVIEW:", words.overviewHeading), ("USAGE:", words.usageHeading)]
    where line.hasPrefix(heading + " ") {
      return words + line.dropFirst(heading.count)
    }
    switch line {
    case "ARGUMENTS:": return words.argumentsHeading
    case "OPTIONS:": return words.optionsHeading
    case "SUBCOMMANDS:": return words.subcommandsHeading
    default: break
    }
    let see = ("  See '", "' for detailed help.")
    if line.hasPrefix(see.0), line.hasSuffix(see.1) {
      return "  " + words.detailedHelp(String(line.dropFirst(see.0.count).dropLast(see.1.count)))
    }
    for (option, phrase, words) in [
      ("  -h, --help ", "Show help information.", words.showHelp),
      ("  --version ", "Show the version.", words.showVersion),
    ] where line.hasPrefix(option) && line.hasSuffix(phrase) {
      return line.dropLast(phrase.count) + words
    }
    return
      line
      .replacingOccurrences(of: "(default:", with: words.defaultValueLabel)
      .replacingOccurrences(of: "(values:", with: words.valuesLabel)
  }

  /// One line for ArgumentParser's message about a command line it refused.
  public func message(_ message: String) -> String {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let first = lines.first ?? ""
    if let rest = first.after("Unknown option '") {
      if let (name, suggestion) = rest.split(around: "'. Did you mean '"), suggestion.hasSuffix("'?") {
        return words.unknownOption(name, suggestion: String(suggestion.dropLast(2)))
      }
      if rest.hasSuffix("'") { return words.unknownOption(String(rest.dropLast()), suggestion: nil) }
    }
    if let option = first.between("Missing value for '", and: "'") { return words.missingValue(option) }
    if let rest = first.after("The option '"),
      let (option, value) = rest.split(around: "' does not take any value, but '"),
      let value = value.before("' was specified.")
    {
      return words.valueNotTaken(option, value: value)
    }
    if let value = first.between("Unexpected argument '", and: "'") {
      return words.unexpectedArguments([value])
    }
    if let (count, values) = first.split(around: " unexpected arguments: '"), Int(count) != nil,
      let values = values.before("'")
    {
      return words.unexpectedArguments(values.components(separatedBy: "', '"))
    }
    if let name = first.between("Missing expected argument '", and: "'") {
      return words.missingArguments([name])
    }
    if let names = first.between("Missing one of: '", and: "'") {
      return words.missingArguments(names.components(separatedBy: "', '"))
    }
    if let rest = first.after("The value '") { return invalidValue(rest, more: lines.dropFirst()) }
    if let text = first.after("Invalid option: ") { return words.invalidOption(text) }
    if first == "Missing required subcommand." { return words.missingSubcommand }
    if let rest = first.after("Value to be set with "),
      let (duplicate, previous) = rest.split(
        around: " had already been set with ")
    {
      return words.duplicateValue(duplicate, previous: previous)
    }
    return words.parserMessage(first)
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
      return words.parserMessage("The value '" + rest)
    }
    if tail.hasPrefix(": ") {
      return words.invalidValue(value, target: target, allowed: [], detail: String(tail.dropFirst(2)))
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
    guard tail.isEmpty else { return words.parserMessage("The value '" + rest) }
    return words.invalidValue(value, target: target, allowed: allowed, detail: nil)
  }
}

/// Lines of a help page broken to a width in terminal cells, for text that has no spaces between
/// words: a line may break between two wide characters or at a space, never inside a run of
/// narrow ones (an option, a path), nor before closing or after opening punctuation.
public struct HelpWrapping {
  public let width: Int
  /// Where an option's or a subcommand's help starts (ArgumentParser's label column).
  public static let labelColumn = 26
  public static let closing = Set<Character>("、。，．）」』！？：),.ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮ")
  public static let opening: Set<Character> = ["（", "「", "『", "("]

  public func lines(_ line: String) -> [String] {
    guard DisplayWidth.columns(line) > width else { return [line] }
    // An option's or a subcommand's line goes on under its help; any other from the margin.
    let label = line.prefix(HelpWrapping.labelColumn)
    let indent =
      line.hasPrefix("  ") && label.count == HelpWrapping.labelColumn && label.last == " "
      ? HelpWrapping.labelColumn : 0
    var lines: [String] = []
    var current = String(line.prefix(indent))
    var used = DisplayWidth.columns(current)
    var empty = true
    var space = false
    for unit in units(line.dropFirst(indent)) {
      if unit == " " {
        space = !empty
        continue
      }
      let needed = DisplayWidth.columns(unit) + (space ? 1 : 0)
      if !empty && used + needed > width {
        lines.append(current)
        current = String(repeating: " ", count: indent)
        used = indent
        empty = true
        space = false
      }
      if space {
        current += " "
        used += 1
      }
      current += unit
      used += DisplayWidth.columns(unit)
      empty = false
      space = false
    }
    lines.append(current)
    return lines
  }

  /// The pieces a line may not be broken inside: a space, a run of narrow characters, a wide
  /// character, each with the closing punctuation after it and the opening before it.
  private func units(_ text: Substring) -> [String] {
    var units: [String] = []
    for character in text {
      if character == " " {
        units.append(" ")
        continue
      }
      let wide = DisplayWidth.columns(String(character)) > 1
      if let last = units.last?.last, last != " ",
        HelpWrapping.closing.contains(character) || HelpWrapping.opening.contains(last)
          || (!wide && DisplayWidth.columns(String(last)) == 1)
      {
        units[units.count - 1].append(character)
      } else {
        units.append(String(character))
      }
    }
    return units
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
