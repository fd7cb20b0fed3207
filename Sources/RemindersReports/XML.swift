import RemindersDesktop

/// Text for XML content and attribute values: the five escapes of the markup notification
/// servers read (`NotificationMarkup.escape`, one home for them), and no control character XML
/// 1.0 forbids.
public enum XML {
  public static func escape(_ text: String) -> String {
    var allowed = String.UnicodeScalarView()
    for c in text.unicodeScalars {
      switch c {
      // Control characters other than tab and line breaks are not allowed in XML 1.0 at all.
      case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}": allowed.append("\u{FFFD}")
      default: allowed.append(c)
      }
    }
    return NotificationMarkup.escape(String(allowed))
  }
}
