import Foundation
import RemindersStore
import RemindersTerminal

/// JSON whose object keys keep the order they are given in (for outputs with a documented order).
public indirect enum OrderedJSON {
  case null
  case bool(Bool)
  case int(Int)
  /// A number written as it is given (`0.8734`).
  case number(String)
  case string(String)
  case array([OrderedJSON])
  case object([(String, OrderedJSON)])

  /// Two-space indented text.
  public func rendered() -> String {
    var w = JSONWriter()
    write(&w, indent: 0)
    return String(decoding: w.out, as: UTF8.self)
  }

  public func write(_ w: inout JSONWriter, indent: Int) {
    let pad = String(repeating: "  ", count: indent + 1)
    let close = String(repeating: "  ", count: indent)
    switch self {
    case .null: w.raw("null")
    case .bool(let b): w.raw(b ? "true" : "false")
    case .int(let n): w.raw(String(n))
    case .number(let n): w.raw(n)
    case .string(let s): w.string(s)
    case .array(let items):
      guard !items.isEmpty else { return w.raw("[]") }
      w.raw("[\n")
      for (i, item) in items.enumerated() {
        w.raw(pad)
        item.write(&w, indent: indent + 1)
        w.raw(i + 1 < items.count ? ",\n" : "\n")
      }
      w.raw(close + "]")
    case .object(let fields):
      guard !fields.isEmpty else { return w.raw("{}") }
      w.raw("{\n")
      for (i, (key, value)) in fields.enumerated() {
        w.raw(pad)
        w.string(key)
        w.raw(": ")
        value.write(&w, indent: indent + 1)
        w.raw(i + 1 < fields.count ? ",\n" : "\n")
      }
      w.raw(close + "}")
    }
  }
}

/// Aligned columns for the terminal, measuring East Asian wide characters as two cells.
public enum TextTable {
  /// The rows as aligned columns; every cell shown by `VisibleCharacters`, so that data can neither
  /// steer the terminal nor break the table with a tab or a line break.
  public static func render(_ rows: [[String]]) -> String {
    let rows = rows.map { $0.map { VisibleCharacters.of($0) } }
    guard let columns = rows.map(\.count).max() else { return "" }
    var widths = [Int](repeating: 0, count: columns)
    for row in rows {
      for (i, cell) in row.enumerated() { widths[i] = max(widths[i], width(cell)) }
    }
    var out = ""
    for row in rows {
      var line = ""
      for (i, cell) in row.enumerated() {
        line += cell
        if i + 1 < row.count { line += String(repeating: " ", count: widths[i] - width(cell) + 2) }
      }
      while line.hasSuffix(" ") { line.removeLast() }
      out += line + "\n"
    }
    return out
  }

  /// Terminal cells of `text`: 2 for wide and fullwidth characters, 0 for combining marks.
  public static func width(_ text: String) -> Int { DisplayWidth.columns(text) }
}
