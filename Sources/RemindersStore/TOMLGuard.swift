import Foundation
import RemindersCore
import RemindersMessages
import TOMLKit

/// TOML text handed to TOMLKit, checked first for what its C++ parser (toml++) does not survive.
///
/// toml++ reads a C string, so a NUL byte ends the file silently; and a table header whose first
/// character starts no key (`[ä]`, `[|x]`, `[.x]`, `[` then a line end), or a `}` where an array
/// expects a value, fails an assertion inside it (exit 134), or with assertions compiled out is
/// undefined behaviour. These are refused here with the line and column, before toml++ sees the
/// text. `make fuzz` (the config harness) is how such inputs are found.
public enum TOMLGuard {
  /// Whether `source` is TOML at all (the settings in it are not checked): its table, or
  /// `StoreError.badConfig` with a line and column. A byte-order mark is skipped.
  public static func table(_ source: String, path: String) throws -> TOMLTable {
    var source = source
    if source.unicodeScalars.first == "\u{FEFF}" { source.unicodeScalars.removeFirst() }
    return try parse(source, path: path)
  }

  /// The table of `source`; any error is `StoreError.badConfig` with a line and column.
  static func parse(_ source: String, path: String) throws -> TOMLTable {
    let table = try tomlKitTable(source, path: path)
    // Every config a debug build reads (all the tests') holds the two readers to one table.
    assert(
      TOMLDocument.agrees(with: table, Array(source.utf8)), "TOMLDocument and toml++ disagree on \(path)")
    return table
  }

  /// Whether toml++ reads `source` to the table `TOMLDocument` gives it; nil when toml++ refuses
  /// it (the config editor's fuzz harness holds its edits to this).
  public static func agreesWithTOMLDocument(_ source: String) -> Bool? {
    guard let table = try? tomlKitTable(source, path: "config.toml") else { return nil }
    return TOMLDocument.agrees(with: table, Array(source.utf8))
  }

  /// toml++'s table of `source` as a `TOMLDocument.Value` (the tests compare the two readers).
  static func tomlKitValue(_ source: String) throws -> TOMLDocument.Value {
    TOMLDocument.Value(try tomlKitTable(source, path: "test.toml"))
  }

  static func tomlKitTable(_ source: String, path: String) throws -> TOMLTable {
    func parsed(_ text: String) throws -> TOMLTable {
      do {
        return try TOMLTable(string: text)
      } catch let error as TOMLParseError {
        let at = error.source.begin
        throw StoreError.badConfig(
          path: path, key: nil, at: TextPosition(line: Int(at.line), column: Int(at.column)),
          problem: .syntax(ErrorText.oneLine(error.description, limit: 2 * ErrorText.limit)))
      }
    }
    let bytes = Array(source.utf8)
    guard let problem = firstProblem(bytes) else { return try parsed(source) }
    // The text before the statement holding a trap is a document on its own, and safe to parse:
    // an error there comes first in the file, and is reported as toml++ words it (so is any text
    // the scan might have misjudged, since it does not parse).
    if let statement = problem.statementStart {
      _ = try parsed(String(decoding: bytes[..<statement], as: UTF8.self))
    }
    throw StoreError.badConfig(
      path: path, key: nil,
      at: bytes.withUnsafeBufferPointer { UTF8Check.position(of: problem.offset, in: $0) },
      problem: problem.problem)
  }

  /// What must not reach toml++: where it is, what was expected there, and for a problem the
  /// scan below finds, where the statement holding it starts.
  struct Problem: Equatable {
    var offset: Int
    var statementStart: Int?
    var problem: ConfigProblem
  }

  /// The first control character, or the first trap for toml++, in `bytes`, whichever comes
  /// first: the text before it then holds neither and is safe to hand to toml++.
  ///
  /// TOML allows no control character but tab and the line ends LF and CR LF, in strings and
  /// comments as elsewhere. Traps are found by following strings, comments and brackets just far
  /// enough to know where a statement starts, as toml++ does: at the first non-blank character of
  /// a line outside any string or array. Where the text stops making sense to this scan (an
  /// unclosed string), toml++ stops with an error before anything later, so the scan stops too.
  static func firstProblem(_ bytes: [UInt8]) -> Problem? {
    [firstControlCharacter(bytes), firstParserTrap(bytes)].compactMap { $0 }.min { $0.offset < $1.offset }
  }

  static func firstControlCharacter(_ bytes: [UInt8]) -> Problem? {
    for (i, byte) in bytes.enumerated() {
      guard byte < 0x20 || byte == 0x7F, byte != 0x09, byte != 0x0A else { continue }
      if byte == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { continue }
      return Problem(offset: i, statementStart: nil, problem: .controlCharacter(byte))
    }
    return nil
  }

  /// The first place where toml++ would fail an assertion: a table header whose first character
  /// starts no key, or a `}` where an array expects a value (`[}`, `[1, }`).
  static func firstParserTrap(_ bytes: [UInt8]) -> Problem? {
    var i = 0
    // The brackets open in the current value: `[` an array, `{` an inline table.
    var open: [UInt8] = []
    var atStatement = true
    var statement = 0
    while i < bytes.count {
      switch bytes[i] {
      case 0x0A:
        i += 1
        if open.isEmpty {
          atStatement = true
          statement = i
        }
      case 0x20, 0x09, 0x0D:
        i += 1
      case UInt8(ascii: "#"):
        while i < bytes.count, bytes[i] != 0x0A { i += 1 }
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        guard let end = stringEnd(bytes, from: i) else { return nil }
        i = end
        atStatement = false
      case UInt8(ascii: "[") where atStatement:
        var k = i + 1
        if k < bytes.count, bytes[k] == UInt8(ascii: "[") { k += 1 }
        while k < bytes.count, bytes[k] == 0x20 || bytes[k] == 0x09 { k += 1 }
        guard k < bytes.count else { return nil }
        let first = bytes[k]
        guard
          isBareKeyByte(first) || first == UInt8(ascii: "\"") || first == UInt8(ascii: "'")
            || first == UInt8(ascii: "]")
        else {
          return Problem(
            offset: k, statementStart: statement,
            problem: .tableName)
        }
        // The rest of the header line holds only its key (strings followed above) and brackets
        // that open no array.
        i = k
        atStatement = false
        while i < bytes.count, bytes[i] != 0x0A, bytes[i] != UInt8(ascii: "#") {
          if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
            guard let end = stringEnd(bytes, from: i) else { return nil }
            i = end
          } else {
            i += 1
          }
        }
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        open.append(bytes[i])
        i += 1
        atStatement = false
      case UInt8(ascii: "}") where open.last == UInt8(ascii: "["):
        return Problem(offset: i, statementStart: statement, problem: .arrayValue)
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        _ = open.popLast()
        i += 1
        atStatement = false
      default:
        i += 1
        atStatement = false
      }
    }
    return nil
  }

  /// Just past the string (basic or literal, one-line or multi-line) that starts at `start`, or
  /// nil when it is not closed where TOML closes it.
  static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    let quote = bytes[start]
    let escapes = quote == UInt8(ascii: "\"")
    let multiLine = start + 2 < bytes.count && bytes[start + 1] == quote && bytes[start + 2] == quote
    var i = start + (multiLine ? 3 : 1)
    while i < bytes.count {
      let byte = bytes[i]
      if escapes, byte == UInt8(ascii: "\\") {
        i += 2
        continue
      }
      if byte == 0x0A, !multiLine { return nil }
      if byte == quote {
        guard multiLine else { return i + 1 }
        if i + 2 < bytes.count, bytes[i + 1] == quote, bytes[i + 2] == quote {
          // Up to two quotes just before the closing three belong to the string.
          var end = i + 3
          while end < bytes.count, end < i + 5, bytes[end] == quote { end += 1 }
          return end
        }
      }
      i += 1
    }
    return nil
  }

  /// A byte of a bare key: ASCII letters, digits, `_` and `-`.
  static func isBareKeyByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }
}

extension TOMLDocument.Value {
  /// The value toml++ gives, in the terms of `TOMLDocument` (dates and times as their kind only:
  /// `dateTime("")`, since the config reads none).
  init(_ value: TOMLValueConvertible) {
    switch value.type {
    case .table:
      let table = value.table!
      self = .table(table.keys.map { ($0, TOMLDocument.Value(table[$0]!)) })
    case .array: self = .array(value.array!.map { TOMLDocument.Value($0) })
    case .string: self = .string(value.string!)
    case .int: self = .integer(Int64(value.int!))
    case .double: self = .float(value.double!)
    case .bool: self = .boolean(value.bool!)
    default: self = .dateTime("")
    }
  }

  /// The value with every date and time as its kind only.
  var datesErased: TOMLDocument.Value {
    switch self {
    case .dateTime: .dateTime("")
    case .array(let items): .array(items.map(\.datesErased))
    case .table(let pairs): .table(pairs.map { ($0.0, $0.1.datesErased) })
    default: self
    }
  }
}

extension TOMLDocument {
  /// Whether this reader gives `bytes` the table toml++ gave.
  static func agrees(with table: TOMLTable, _ bytes: [UInt8]) -> Bool {
    guard let document = try? TOMLDocument(bytes) else { return false }
    return document.root.datesErased == TOMLDocument.Value(table)
  }
}
