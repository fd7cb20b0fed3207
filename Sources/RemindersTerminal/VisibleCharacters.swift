import RemindersCore

/// Data text made safe to write to a terminal: every character that a terminal would obey
/// rather than show, or that hides or reorders the text around it, replaced by a visible form.
///
/// Card fronts and backs, notes, collections, recall topics, alarm names, focus tasks and Anki
/// deck names come from a deck, a file or an Anki collection that someone else may have written:
/// written raw, an ESC could retitle the terminal, write the clipboard (OSC 52) or clear the
/// screen, and U+202E could show text reversed. The visible forms (docs/decisions.md):
/// - tab, line feed and carriage return: `\t`, `\n`, `\r` (a screen reader says "backslash n");
/// - every other C0 control, DEL and the C1 controls (U+0080–U+009F): `<U+001B>`;
/// - the bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F,
///   U+202A–U+202E, U+2066–U+2069) and the invisible characters that could disguise text (zero
///   width space U+200B, line and paragraph separators U+2028 and U+2029, word joiner and
///   invisible operators U+2060–U+2064, the deprecated format controls U+206A–U+206F, the byte
///   order mark U+FEFF, interlinear annotations U+FFF9–U+FFFB): `<U+202E>`.
/// Zero width joiner and non-joiner, variation selectors and tag characters stay: emoji
/// sequences, flags and scripts need them, and they move no text. Everything else (Japanese,
/// emoji, accents) is unchanged.
public enum VisibleCharacters {
  /// `text` with every such character in its visible form; line feeds kept as they are when
  /// `keepingLineBreaks` (a full-screen text wraps them into lines itself).
  public static func of(_ text: String, keepingLineBreaks: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: { hidden($0) }) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      guard hidden(scalar) else {
        out.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": out += keepingLineBreaks ? "\n" : "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default: out += codePoint(scalar)
      }
    }
    return out
  }

  /// Whether `scalar` is one a terminal obeys or one that hides or reorders text.
  public static func hidden(_ scalar: Unicode.Scalar) -> Bool { HiddenCharacter.contains(scalar) }

  /// `<U+001B>`: the code point, four hex digits at least, as Unicode writes it.
  static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
  }
}
