/// Text for XML content and attribute values.
public enum XML {
  public static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for c in text.unicodeScalars {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      // Control characters other than tab and line breaks are not allowed in XML 1.0 at all.
      case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}": out += "\u{FFFD}"
      default: out.unicodeScalars.append(c)
      }
    }
    return out
  }
}
