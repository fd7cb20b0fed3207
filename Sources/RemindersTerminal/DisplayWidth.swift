/// Terminal columns of text: East Asian wide and fullwidth characters take two, combining marks
/// none; and text wrapped to a number of columns without ever splitting a character.
public enum DisplayWidth {
  /// Terminal cells of `text`: 2 for wide and fullwidth characters, 0 for combining marks.
  public static func columns(_ text: some StringProtocol) -> Int {
    text.unicodeScalars.reduce(0) { $0 + columns(of: $1) }
  }

  /// Terminal cells of one scalar.
  public static func columns(of scalar: Unicode.Scalar) -> Int {
    let category = scalar.properties.generalCategory
    if category == .nonspacingMark || category == .enclosingMark || scalar.value == 0x200D { return 0 }
    let v = scalar.value
    let wide =
      (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
      || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
      || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
      || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1F64F).contains(v)
      || (0x1F900...0x1F9FF).contains(v) || (0x20000...0x3FFFD).contains(v)
    return wide ? 2 : 1
  }

  /// `text` in lines of at most `width` columns: each line of the text on lines of its own,
  /// broken after the last space that fits when there is one (words stay whole), else between
  /// two characters (Japanese has no spaces). A character wider than `width` gets a line alone.
  public static func wrap(_ text: String, width: Int) -> [String] {
    let width = max(width, 1)
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line: [Character] = []
      var used = 0
      for character in paragraph {
        let cells = columns(String(character))
        if used + cells > width, !line.isEmpty {
          if character == " " {
            // The break falls on a space: it ends the line and is dropped.
            lines.append(trimmed(line))
            line = []
            used = 0
            continue
          }
          if let space = line.lastIndex(of: " "), line[..<space].contains(where: { $0 != " " }) {
            lines.append(trimmed(Array(line[..<space])))
            line = Array(line[line.index(after: space)...])
          } else {
            lines.append(String(line))
            line = []
          }
          used = columns(String(line))
        }
        line.append(character)
        used += cells
      }
      lines.append(trimmed(line))
    }
    return lines
  }

  /// `text` cut to at most `width` columns (a key line on a very narrow terminal).
  public static func truncate(_ text: String, width: Int) -> String {
    var out = ""
    var used = 0
    for character in text {
      let cells = columns(String(character))
      if used + cells > width { break }
      out.append(character)
      used += cells
    }
    return out
  }

  private static func trimmed(_ line: [Character]) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return String(line)
  }
}
