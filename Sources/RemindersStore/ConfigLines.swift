import Foundation
import RemindersCore
import TOMLKit

/// One setting of the config file as `reminders config` names it (docs/configuration.md): its
/// dotted key, the kind of value it takes, and its default as the file would write it.
public struct SettingKey: Sendable, Equatable {
  /// What `config set KEY VALUE` makes of VALUE.
  public enum Kind: Sendable, Equatable {
    /// A string: VALUE as it is (`daily.time 19:00`).
    case text
    /// `true` or `false`.
    case flag
    /// A whole number.
    case whole
    /// A number, decimals allowed.
    case number
    /// A list of strings: VALUE split at commas (`quiet.hours 12:00-13:00,22:00-07:00`), or a
    /// TOML list as it is.
    case texts
    /// A command: VALUE split at spaces (`review.terminal "xterm -e"`), or a TOML list.
    case command
    /// A TOML value written as TOML (`study.new_per_collection '{ "JLPT N5" = 10 }'`).
    case toml
  }

  public let key: String
  public let kind: Kind
  /// The default as a TOML value; nil where it is found at run time (the system's zone, the
  /// first terminal found), said by `config show` in words.
  public let standard: String?

  public init(_ key: String, _ kind: Kind, _ standard: String?) {
    self.key = key
    self.kind = kind
    self.standard = standard
  }

  /// The table the key is in (`daily`, `study.fsrs`; `""` at the top) and its name there.
  public var place: (table: String, name: String) {
    guard let dot = key.lastIndex(of: ".") else { return ("", key) }
    return (String(key[..<dot]), String(key[key.index(after: dot)...]))
  }

  /// Every setting, in the order `config show` lists them (the file's order).
  public static let all: [SettingKey] = [
    .init("language", .text, "\"auto\""),
    .init("time.zone", .text, nil),
    .init("daily.time", .text, "\"08:00\""),
    .init("daily.persist", .flag, "false"),
    .init("daily.again", .text, "\"off\""),
    .init("window.start", .text, "\"08:00\""),
    .init("window.end", .text, "\"18:00\""),
    .init("quiet.hours", .texts, "[]"),
    .init("recall.coalesce", .text, "\"10m\""),
    .init("recall.after_wrong", .text, "\"3h\""),
    .init("fallback.path", .text, nil),
    .init("snooze.after", .text, "\"10m\""),
    .init("review.terminal", .command, nil),
    .init("review.relearn_after", .whole, "3"),
    .init("review.in", .text, "\"popup\""),
    .init("review.drip", .text, "\"off\""),
    .init("focus.minutes", .number, "25"),
    .init("focus.break", .number, "5"),
    .init("focus.long_break", .number, "15"),
    .init("focus.long_every", .whole, "4"),
    .init("focus.hold_reminders", .flag, "true"),
    .init("anki.collection", .text, nil),
    .init("anki.decks", .texts, nil),
    .init("anki.command", .command, "[\"anki\"]"),
    .init("alarm.sound", .command, nil),
    .init("alarm.location_timeout", .text, "\"30s\""),
    .init("study.new_per_day", .whole, "20"),
    .init("study.new_per_collection", .toml, "{}"),
    .init("study.scheduler", .text, "\"ladder\""),
    .init("study.fsrs.desired_retention", .number, "0.85"),
    .init("study.fsrs.learning_steps", .texts, "[\"1m\", \"10m\"]"),
    .init("study.fsrs.relearning_steps", .texts, "[\"10m\"]"),
    .init("study.fsrs.maximum_interval", .whole, "36500"),
    .init("study.fsrs.parameters", .toml, nil),
    .init("dictionary.path", .text, "\"/usr/share/edict/edict\""),
    .init("cards.candidates", .whole, "3"),
    .init("calendar.url", .text, nil),
    .init("calendar.username", .text, nil),
    .init("calendar.password_command", .command, nil),
    .init("calendar.ca_file", .text, nil),
    .init("calendar.days", .whole, "14"),
    .init("export.path", .text, nil),
  ]

  /// The setting named `key`, ignoring case.
  public static func named(_ key: String) -> SettingKey? {
    all.first { $0.key == key.lowercased() }
  }

  /// The key nearest to `key` (fewest edits), for "did you mean".
  public static func nearest(to key: String) -> String {
    EditDistance.nearest(to: key, among: all.map(\.key))!
  }

  /// VALUE of `config set` as a TOML value of this kind; nil when it is not one (a flag that is
  /// not true or false, a number that is no number).
  public func toml(_ value: String) -> String? {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    switch kind {
    case .text: return ConfigLines.quoted(value)
    case .flag: return ["true", "false"].contains(trimmed.lowercased()) ? trimmed.lowercased() : nil
    case .whole: return Int(trimmed) != nil ? trimmed : nil
    case .number: return Double(trimmed).map { $0.isFinite ? trimmed : nil } ?? nil
    case .texts, .command:
      if trimmed.hasPrefix("[") { return trimmed }
      let parts =
        kind == .texts
        ? trimmed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        : trimmed.split(whereSeparator: \.isWhitespace).map(String.init)
      return "[" + parts.map(ConfigLines.quoted).joined(separator: ", ") + "]"
    case .toml: return trimmed.isEmpty ? nil : trimmed
    }
  }
}

/// The config file's text, edited one key at a time: every other line, and every comment, stays
/// as it was (docs/configuration.md). Keys are written `name = value` under their table's header;
/// a key the file writes another way (an inline table, a dotted key) is not edited
/// (`Unsupported`): the file is left for a person to change.
public enum ConfigLines {
  /// The key is in the file in a form this editor does not change line by line.
  public struct Unsupported: Error, Equatable {
    public var key: String
  }

  /// `text` with `key` set to the TOML value `value`: its line replaced (a comment after the
  /// value kept), else a line added at the end of its table, else its table added at the end.
  public static func set(_ text: String, key: SettingKey, value: String) throws(Unsupported) -> String {
    var lines = split(text)
    let (table, name) = key.place
    if let found = try find(lines, table: table, name: name, key: key.key) {
      let first = lines[found.lowerBound]
      let equals = first.firstIndex(of: "=")!
      let lead = first[...equals]
      let last = lines[found.upperBound - 1]
      let comment = trailingComment(found.count == 1 ? String(first[first.index(after: equals)...]) : last)
      lines.replaceSubrange(found, with: [lead + " " + value + comment])
    } else if let header = tableRange(lines, table: table) {
      // After the table's last statement, before the blank lines and comments that lead to the next.
      var at = header.upperBound
      while at > header.lowerBound + (table.isEmpty ? 0 : 1) {
        let line = lines[at - 1].trimmingCharacters(in: .whitespaces)
        if line.isEmpty || line.hasPrefix("#") { at -= 1 } else { break }
      }
      if table.isEmpty && at == 0 {
        // No statement at the top yet: before the first table, after the file's opening comments.
        at = header.upperBound
        while at > 0, lines[at - 1].trimmingCharacters(in: .whitespaces).isEmpty { at -= 1 }
      }
      lines.insert("\(name) = \(value)", at: at)
    } else {
      while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
      if !lines.isEmpty { lines.append("") }
      lines += ["[\(table)]", "\(name) = \(value)"]
    }
    return join(lines)
  }

  /// `text` without `key` (its lines removed; the default applies again). Unchanged when the
  /// file does not set it.
  public static func unset(_ text: String, key: SettingKey) throws(Unsupported) -> String {
    var lines = split(text)
    let (table, name) = key.place
    guard let found = try find(lines, table: table, name: name, key: key.key) else { return text }
    lines.removeSubrange(found)
    return join(lines)
  }

  /// The window a config text gives (the defaults where it sets none or cannot be read).
  public static func window(in text: String) -> (start: WallTime, end: WallTime) {
    let table = try? TOMLGuard.table(text, path: "")
    let start = table?["window"]?.table?["start"]?.string.flatMap(WallTime.init)
    let end = table?["window"]?.table?["end"]?.string.flatMap(WallTime.init)
    return (start ?? Schedule.standard.windowStart, end ?? Schedule.standard.windowEnd)
  }

  /// The value the file gives `key`, as it writes it (its comment left out); nil when it sets
  /// none, or writes it in a form not on its own line.
  public static func value(of key: SettingKey, in text: String) -> String? {
    let lines = split(text)
    guard let found = try? find(lines, table: key.place.table, name: key.place.name, key: key.key) else {
      return nil
    }
    var value = lines[found].joined(separator: "\n")
    value = String(value[value.index(after: value.firstIndex(of: "=")!)...])
    let comment = trailingComment(value)
    return String(value.dropLast(comment.count)).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A TOML basic string of `text`.
  public static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        out += String(format: "\\u%04X", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  // MARK: Lines

  static func split(_ text: String) -> [String] {
    var lines = text.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  static func join(_ lines: [String]) -> String { lines.joined(separator: "\n") + "\n" }

  /// The name of the table a header line opens (`[daily]`, `[ study.fsrs ]`), nil for any other line.
  static func header(_ line: String) -> String? {
    var s = line.trimmingCharacters(in: .whitespaces)
    if let hash = s.firstIndex(of: "#"), !s[..<hash].contains("\"") { s = String(s[..<hash]) }
    s = s.trimmingCharacters(in: .whitespaces)
    guard s.hasPrefix("["), s.hasSuffix("]"), !s.hasPrefix("[[") else { return nil }
    return s.dropFirst().dropLast().split(separator: ".").map {
      $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }.joined(separator: ".")
  }

  /// The lines of `table`: from its header (or the top) to the next header, end excluded.
  static func tableRange(_ lines: [String], table: String) -> Range<Int>? {
    var start: Int? = table.isEmpty ? 0 : nil
    for (i, line) in lines.enumerated() {
      guard let name = header(line) else { continue }
      if start != nil { return start!..<i }
      if name == table { start = i }
    }
    return start.map { $0..<lines.count }
  }

  /// The lines of `name = value` in `table` (more than one when a list spans lines); nil when the
  /// file does not set it. `Unsupported` when it does, in a form not on its own line.
  static func find(_ lines: [String], table: String, name: String, key: String) throws(Unsupported)
    -> Range<Int>?
  {
    guard let range = tableRange(lines, table: table) else {
      // Dotted or inline forms elsewhere (`daily.time = …` at the top, `daily = { … }`).
      if mentions(lines, key: key) { throw Unsupported(key: key) }
      return nil
    }
    var i = range.lowerBound + (table.isEmpty ? 0 : 1)
    while i < range.upperBound {
      let line = lines[i]
      if let equals = line.firstIndex(of: "="),
        line[..<equals].trimmingCharacters(in: .whitespaces).trimmingCharacters(
          in: CharacterSet(charactersIn: "\"")) == name,
        !line.trimmingCharacters(in: .whitespaces).hasPrefix("#")
      {
        // A list may go on over the following lines, until its brackets close.
        var depth = brackets(String(line[line.index(after: equals)...]))
        var end = i + 1
        while depth > 0 && end < range.upperBound {
          depth += brackets(lines[end])
          end += 1
        }
        return i..<end
      }
      i += 1
    }
    if mentions(lines, key: key) { throw Unsupported(key: key) }
    return nil
  }

  /// Whether the key appears written as a dotted key or inside an inline table somewhere.
  static func mentions(_ lines: [String], key: String) -> Bool {
    let parts = key.split(separator: ".")
    return lines.contains { line in
      let code = line.trimmingCharacters(in: .whitespaces)
      guard !code.hasPrefix("#") else { return false }
      return code.hasPrefix(key + " ") || code.hasPrefix(key + "=")
        || (parts.count > 1 && code.hasPrefix(parts[0] + " ") && code.contains("{")
          && code.contains(String(parts.last!)))
    }
  }

  /// A line's TOML read outside its strings: opening minus closing brackets, and where its
  /// comment starts (nil: none).
  static func scan(_ text: String) -> (depth: Int, comment: String.Index?) {
    var depth = 0
    var quote: Character?
    var escaped = false
    var index = text.startIndex
    while index < text.endIndex {
      let c = text[index]
      if let q = quote {
        if escaped {
          escaped = false
        } else if c == "\\" && q == "\"" {
          escaped = true
        } else if c == q {
          quote = nil
        }
      } else {
        switch c {
        case "\"", "'": quote = c
        case "#": return (depth, index)
        case "[": depth += 1
        case "]": depth -= 1
        default: break
        }
      }
      index = text.index(after: index)
    }
    return (depth, nil)
  }

  /// Opening minus closing brackets outside strings and comments.
  static func brackets(_ text: String) -> Int { scan(text).depth }

  /// The comment after a value on its line (with the blanks before it), or "".
  static func trailingComment(_ text: String) -> String {
    guard var start = scan(text).comment else { return "" }
    while start > text.startIndex, text[text.index(before: start)].isWhitespace {
      start = text.index(before: start)
    }
    return String(text[start...])
  }
}
