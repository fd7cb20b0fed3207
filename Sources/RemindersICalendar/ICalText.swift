/// The TEXT value type of RFC 5545 §3.3.11: what escaping a property value needs.
public enum ICalText {
  /// `text` as a TEXT value: `\` `;` `,` become `\\` `\;` `\,`, and a line break becomes `\n`.
  ///
  /// A line break is LF, CRLF or a lone CR; all three come back as LF from `unescape`. Other
  /// control characters except tab cannot appear in a content line, so they are dropped.
  public static func escape(_ text: String) -> String {
    var writer = ContentWriter(capacity: text.utf8.count + 16, folding: false)
    writer.text(text)
    return writer.string
  }

  /// The text a TEXT value stands for: `\\` `\;` `\,` `\n` `\N` are undone.
  ///
  /// Any other backslash pair, and a backslash at the end, is kept as written: other writers
  /// produce `\:` and the like, and a reader should not lose what they meant.
  public static func unescape(_ value: String) -> String {
    unescape(bytes: value.utf8)
  }

  static func unescape<Bytes: Collection<UInt8>>(bytes value: Bytes) -> String {
    guard value.contains(UInt8(ascii: "\\")) else { return String(decoding: value, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(value.count)
    var escaped = false
    for byte in value {
      if escaped {
        switch byte {
        case UInt8(ascii: "n"), UInt8(ascii: "N"): out.append(10)
        case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","): out.append(byte)
        default: out.append(contentsOf: [UInt8(ascii: "\\"), byte])
        }
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else {
        out.append(byte)
      }
    }
    if escaped { out.append(UInt8(ascii: "\\")) }
    return String(decoding: out, as: UTF8.self)
  }

  /// The text as it reads back after a round trip through a TEXT value.
  static func normalized(_ text: String) -> String { unescape(escape(text)) }
}
