/// How an error message shows what a file holds: on one line, and short.
///
/// A file may hold anything, a 50 MB value or a line break inside a quoted key, and a message
/// must stay one line (docs/exit-codes.md); so every value, key or parser message an error quotes from a file
/// goes through here.
enum ErrorText {
  /// The most characters of a value a message shows.
  static let limit = 80

  /// `value` in double quotes, with quotes, backslashes and invisible characters escaped; a value
  /// that would show longer than `limit` characters is cut, followed by an ellipsis and its
  /// length: `"Asia/Tokyo…" (50000000 characters)`.
  static func quoted(_ value: String) -> String {
    let (shown, cut) = escaped(value, limit: limit)
    return cut ? "\"\(shown)\"… (\(value.unicodeScalars.count) characters)" : "\"\(shown)\""
  }

  /// A key as a message names it: as written when it is a bare key, else quoted.
  static func key(_ key: String) -> String {
    let bare = !key.isEmpty && key.utf8.count <= limit && key.utf8.allSatisfy(TOMLDocument.Parser.isBare)
    return bare ? key : quoted(key)
  }

  /// A TOML value: a string quoted, anything else as TOML writes it, cut the same way.
  static func shown(_ value: TOMLDocument.Value) -> String {
    if case .string(let string) = value { return quoted(string) }
    return oneLine(TOMLValueText.rendered(value))
  }

  /// Text made one line of at most `limit` characters, ending with an ellipsis when cut.
  static func oneLine(_ text: String, limit: Int = limit) -> String {
    let (shown, cut) = escaped(text, limit: limit)
    return cut ? shown + "…" : shown
  }

  /// `text` escaped, as much of it as shows in `limit` characters (escapes count as they show),
  /// and whether it was cut.
  static func escaped(_ text: String, limit: Int) -> (String, cut: Bool) {
    var out = ""
    var width = 0
    for scalar in text.unicodeScalars {
      let piece: String
      switch scalar {
      case "\"": piece = "\\\""
      case "\\": piece = "\\\\"
      case "\n": piece = "\\n"
      case "\r": piece = "\\r"
      case "\t": piece = "\\t"
      default:
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
          piece = "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default: piece = String(scalar)
        }
      }
      let pieceWidth = piece.unicodeScalars.count
      guard width + pieceWidth <= limit else { return (out, true) }
      out += piece
      width += pieceWidth
    }
    return (out, false)
  }
}
