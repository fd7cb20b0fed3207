import Foundation
import RemindersStore

/// JSON whose object keys keep the order they are given in (for outputs with a documented order).
indirect enum OrderedJSON {
  case null
  case bool(Bool)
  case int(Int)
  case string(String)
  case array([OrderedJSON])
  case object([(String, OrderedJSON)])

  /// Two-space indented text.
  func rendered() -> String {
    var w = JSONWriter()
    write(&w, indent: 0)
    return String(decoding: w.out, as: UTF8.self)
  }

  func write(_ w: inout JSONWriter, indent: Int) {
    let pad = String(repeating: "  ", count: indent + 1)
    let close = String(repeating: "  ", count: indent)
    switch self {
    case .null: w.raw("null")
    case .bool(let b): w.raw(b ? "true" : "false")
    case .int(let n): w.raw(String(n))
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
enum TextTable {
  static func render(_ rows: [[String]]) -> String {
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
  static func width(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { sum, s in
      let v = s.value
      if s.properties.generalCategory == .nonspacingMark || s.properties.generalCategory == .enclosingMark {
        return sum
      }
      let wide =
        (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
        || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
        || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
        || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1F64F).contains(v)
        || (0x1F900...0x1F9FF).contains(v) || (0x20000...0x3FFFD).contains(v)
      return sum + (wide ? 2 : 1)
    }
  }
}
