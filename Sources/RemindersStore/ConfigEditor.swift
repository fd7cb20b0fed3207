import Foundation
import RemindersCore

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
    .init("study.learn_ahead", .text, "\"20m\""),
    .init("study.fsrs.desired_retention", .number, "\(FSRSScheduler.standardDesiredRetention)"),
    .init("study.fsrs.learning_steps", .texts, "[\"1m\", \"10m\"]"),
    .init("study.fsrs.relearning_steps", .texts, "[\"10m\"]"),
    .init("study.fsrs.maximum_interval", .whole, "36500"),
    .init("study.fsrs.parameters", .toml, nil),
    .init("study.fsrs.fitted", .text, nil),
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
    // Exactly one TOML value: never one that carries lines of its own (a table header after it).
    return written(trimmed, from: value).flatMap { TOMLDocument.isOneValue($0) ? $0 : nil }
  }

  func written(_ trimmed: String, from value: String) -> String? {
    switch kind {
    case .text: return TOMLValueText.quoted(value)
    case .flag: return ["true", "false"].contains(trimmed.lowercased()) ? trimmed.lowercased() : nil
    case .whole: return Int(trimmed) != nil ? trimmed : nil
    case .number: return Double(trimmed).map { $0.isFinite ? trimmed : nil } ?? nil
    case .texts, .command:
      if trimmed.hasPrefix("[") { return trimmed }
      let parts =
        kind == .texts
        ? trimmed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        : trimmed.split(whereSeparator: \.isWhitespace).map(String.init)
      return "[" + parts.map(TOMLValueText.quoted).joined(separator: ", ") + "]"
    case .toml: return trimmed.isEmpty ? nil : trimmed
    }
  }
}

/// The config file edited one key at a time, at the places its one parse (`TOMLDocument`) gives:
/// every other byte (comments, blank lines, order) stays as it was (docs/configuration.md,
/// "Changing settings"). A key is replaced where it is written, whether as `name = value` under
/// its table's header, as a dotted key or inside an inline table; a new key goes where its table
/// is written (after its last statement, into its inline table, or beside its dotted keys), else
/// under a new header at the end. `Unsupported`: the key names a table written with a header of
/// its own, or a path through an array of tables or a value that is no table.
public enum ConfigEditor {
  /// The key is in the file in a form this editor does not change.
  public struct Unsupported: Error, Equatable {
    public var key: String
  }

  /// The document of `text` (a `TOMLDocument.Failure` where it is no TOML) with `key` set to the
  /// TOML value `value`.
  public static func set(_ text: String, key: SettingKey, value: String) throws -> String {
    String(decoding: try set(TOMLDocument(Array(text.utf8)), key: key, value: value), as: UTF8.self)
  }

  /// `text` without `key`.
  public static func unset(_ text: String, key: SettingKey) throws -> String {
    String(decoding: try unset(TOMLDocument(Array(text.utf8)), key: key), as: UTF8.self)
  }

  /// The bytes of `document` with `key` set to the TOML value `value`.
  public static func set(_ document: TOMLDocument, key: SettingKey, value: String) throws(Unsupported)
    -> [UInt8]
  {
    let path = key.key.split(separator: ".").map(String.init)
    let bytes = document.bytes
    func unsupported() -> Unsupported { Unsupported(key: key.key) }
    switch document.find(path) {
    case .entry(let e):
      return splice(bytes, document.entries[e].valueSpan, value)
    case .table:
      throw unsupported()
    case nil:
      break
    }
    // The deepest table on the way that the file has.
    var depth = path.count - 1
    var found: TOMLDocument.Found = .table(.root)
    while depth > 0 {
      if let f = document.find(Array(path.prefix(depth))) {
        found = f
        // An inline table is a table to add to.
        if case .entry(let e) = f, case .table = document.entries[e].value {
          found = .table(.inline(entry: e))
        }
        break
      }
      depth -= 1
    }
    let newline = lineEnd(of: document)
    switch found {
    case .entry, .table(.arrayOfTables):
      throw unsupported()
    case .table(.inline(let e)):
      let table = document.entries[e]
      let name = keyText(path.dropFirst(table.path.count))
      let close = table.valueSpan.upperBound - 1
      var last = close - 1
      while last > table.valueSpan.lowerBound, bytes[last] == 0x20 || bytes[last] == 0x09 { last -= 1 }
      if bytes[last] == UInt8(ascii: "{") {
        return splice(bytes, (last + 1)..<close, " \(name) = \(value) ")
      }
      return splice(bytes, (last + 1)..<(last + 1), ", \(name) = \(value)")
    case .table(.dotted(let e)):
      // Beside the last dotted key that adds to the table, in the same table as it.
      let statement = document.entries[e]
      let section = statement.path.count - statement.keyParts
      let line = keyText(path.dropFirst(section)) + " = " + value + newline
      let at = statement.statementSpan.upperBound
      return splice(bytes, at..<at, endsLine(bytes, at) ? line : newline + line)
    case .table(let definition) where depth == path.count - 1 && definition != .implied:
      let section: Int? = if case .header(let h) = definition { h } else { nil }
      let line = path.last! + " = " + value + newline
      // After the table's last statement; without one, after its header (at the top: before
      // the first header, after the comments that open the file).
      var at = document.entries.last { $0.inlineTable == nil && $0.section == section }?.statementSpan
        .upperBound
      if at == nil, let section { at = document.headers[section].span.upperBound }
      if at == nil {
        var top = document.headers.first?.span.lowerBound ?? bytes.count
        while let start = lineStart(bytes, before: top, from: document.start),
          bytes[start..<top].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        {
          top = start
        }
        at = top
      }
      let place = at!
      return splice(bytes, place..<place, endsLine(bytes, place) ? line : newline + line)
    case .table:
      // A new header at the end, after one blank line.
      var text = ""
      if bytes.count > document.start {
        if !endsLine(bytes, bytes.count) { text += newline }
        if !bytes.suffix(2 * newline.utf8.count).elementsEqual(Array((newline + newline).utf8)) {
          text += newline
        }
      }
      text += "[" + keyText(path.dropLast()) + "]" + newline + path.last! + " = " + value + newline
      return splice(bytes, bytes.count..<bytes.count, text)
    }
  }

  /// The bytes of `document` without `key` (its statement removed, or its place in an inline
  /// table); unchanged when the file does not set it.
  public static func unset(_ document: TOMLDocument, key: SettingKey) throws(Unsupported) -> [UInt8] {
    let path = key.key.split(separator: ".").map(String.init)
    switch document.find(path) {
    case nil:
      return document.bytes
    case .table:
      throw Unsupported(key: key.key)
    case .entry(let e):
      let entry = document.entries[e]
      guard let table = entry.inlineTable else {
        return splice(document.bytes, entry.statementSpan, "")
      }
      let siblings = document.entries.indices.filter { document.entries[$0].inlineTable == table }
      let at = siblings.firstIndex(of: e)!
      if at + 1 < siblings.count {
        let next = document.entries[siblings[at + 1]]
        return splice(document.bytes, entry.keySpan.lowerBound..<next.keySpan.lowerBound, "")
      }
      if at > 0 {
        let previous = document.entries[siblings[at - 1]]
        return splice(document.bytes, previous.valueSpan.upperBound..<entry.valueSpan.upperBound, "")
      }
      return splice(document.bytes, document.entries[table].valueSpan, "{}")
    }
  }

  /// The value the file gives `key`, as it writes it when that is one line (else as TOML
  /// writes it on one); nil when it sets none.
  public static func value(of key: SettingKey, in document: TOMLDocument) -> String? {
    let path = key.key.split(separator: ".").map(String.init)
    switch document.find(path) {
    case nil, .table(.arrayOfTables): return nil
    case .entry(let e):
      let text = document.text(document.entries[e].valueSpan)
      return text.contains(where: \.isNewline) ? TOMLValueText.rendered(document.entries[e].value) : text
    case .table: return document.value(at: path).map(TOMLValueText.rendered)
    }
  }

  /// The value the file gives `key` (nil when none, or `text` is no TOML).
  public static func value(of key: SettingKey, in text: String) -> String? {
    (try? TOMLDocument(Array(text.utf8))).flatMap { value(of: key, in: $0) }
  }

  /// The window a config gives (the defaults where it sets none or cannot be read).
  public static func window(in document: TOMLDocument) -> (start: WallTime, end: WallTime) {
    func time(_ path: [String]) -> WallTime? {
      guard case .string(let s)? = document.value(at: path) else { return nil }
      return WallTime(s)
    }
    return (
      time(["window", "start"]) ?? Schedule.standard.windowStart,
      time(["window", "end"]) ?? Schedule.standard.windowEnd
    )
  }

  // MARK: Bytes

  static func splice(_ bytes: [UInt8], _ span: Range<Int>, _ text: String) -> [UInt8] {
    var out = bytes
    out.replaceSubrange(span, with: Array(text.utf8))
    return out
  }

  /// The file's line end: CR LF where its first line ends so, else LF.
  static func lineEnd(of document: TOMLDocument) -> String {
    guard let lf = document.bytes.firstIndex(of: 0x0A) else { return "\n" }
    return lf > 0 && document.bytes[lf - 1] == 0x0D ? "\r\n" : "\n"
  }

  /// Whether `at` is the start of a line (or of the file).
  static func endsLine(_ bytes: [UInt8], _ at: Int) -> Bool { at == 0 || bytes[at - 1] == 0x0A }

  /// The start of the line before the one that starts at `at`; nil at the top.
  static func lineStart(_ bytes: [UInt8], before at: Int, from top: Int) -> Int? {
    guard at > top else { return nil }
    var k = at - 1
    while k > top, bytes[k - 1] != 0x0A { k -= 1 }
    return k
  }

  /// Key parts as TOML writes them: bare where they can be, else quoted.
  static func keyText<S: Sequence<String>>(_ parts: S) -> String {
    parts.map { part in
      !part.isEmpty && part.utf8.allSatisfy(TOMLDocument.Parser.isBare) ? part : TOMLValueText.quoted(part)
    }.joined(separator: ".")
  }
}

/// TOML values as text: a basic string, or any value written on one line.
public enum TOMLValueText {
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

  /// `value` as TOML writes it on one line (a table inline).
  public static func rendered(_ value: TOMLDocument.Value) -> String {
    switch value {
    case .string(let s): return quoted(s)
    case .integer(let n): return String(n)
    case .float(let x): return x.isNaN ? "nan" : x.isInfinite ? (x < 0 ? "-inf" : "inf") : "\(x)"
    case .boolean(let b): return b ? "true" : "false"
    case .dateTime(let d): return d
    case .array(let items): return "[" + items.map(rendered).joined(separator: ", ") + "]"
    case .table(let pairs):
      guard !pairs.isEmpty else { return "{}" }
      return "{ "
        + pairs.map { ConfigEditor.keyText([$0.0]) + " = " + rendered($0.1) }.joined(separator: ", ") + " }"
    }
  }
}
