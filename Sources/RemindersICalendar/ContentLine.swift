import RemindersCore

/// Folding and unfolding of RFC 5545 content lines (§3.1).
///
/// A content line longer than 75 octets is split into physical lines; every line after the first
/// starts with one space, which counts toward its 75 octets. Splits fall between UTF-8 characters,
/// never inside one, so that every physical line is valid UTF-8 on its own.
public enum ContentLine {
  /// The longest physical line, in octets, not counting the CRLF.
  public static let maxOctets = 75

  /// The physical lines of one content line, joined by CRLF, without a final line end.
  ///
  /// - Precondition: `line` holds no CR or LF (a content line cannot; escape text first).
  public static func fold(_ line: String) -> String {
    precondition(!line.utf8.contains(13) && !line.utf8.contains(10), "a content line holds no line break")
    var writer = ContentWriter(capacity: line.utf8.count + line.utf8.count / 24 + 8)
    writer.raw(line.utf8)
    return writer.string
  }

  /// The content lines of an iCalendar text: folded lines joined, line ends (CRLF or LF) removed.
  ///
  /// Empty physical lines are skipped. Throws `ICalendarError.malformed` for a continuation line
  /// with no line before it, or a carriage return that does not end a line.
  public static func unfold(_ text: String) throws(ICalendarError) -> [String] {
    try logicalLines(Array(text.utf8)).map { String(decoding: $0.bytes, as: UTF8.self) }
  }

  /// One unfolded content line and the physical line it starts on (1-based).
  struct Logical {
    var number: Int
    var bytes: [UInt8]
  }

  /// Unfolds on bytes, so that a fold made inside a UTF-8 character by another writer joins back
  /// into that character.
  static func logicalLines(_ text: [UInt8]) throws(ICalendarError) -> [Logical] {
    var out: [Logical] = []
    var start = 0
    var number = 0
    // A byte-order mark is not content; some editors write one.
    if text.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    while start < text.count {
      number += 1
      var end = text[start...].firstIndex(of: 10) ?? text.count
      let next = end + 1
      if end > start, text[end - 1] == 13 { end -= 1 }
      let physical = text[start..<end]
      start = next
      if physical.contains(13) { throw .malformed(line: number, reason: "carriage return inside a line") }
      guard let first = physical.first else { continue }
      if first == 32 || first == 9 {
        guard !out.isEmpty else {
          throw .malformed(line: number, reason: "continuation line with no line before it")
        }
        out[out.count - 1].bytes.append(contentsOf: physical.dropFirst())
      } else {
        out.append(Logical(number: number, bytes: Array(physical)))
      }
    }
    return out
  }
}

/// Builds iCalendar text as UTF-8 bytes, folding content lines while they are written.
///
/// Writing bytes into one preallocated buffer, and folding on the way, keeps a feed of a hundred
/// thousand events to one pass over its output.
struct ContentWriter {
  private(set) var bytes: [UInt8]
  /// Octets on the current physical line.
  private var lineOctets = 0
  /// Whether lines are folded at 75 octets (off for a value on its own, as `ICalText` returns).
  private let folding: Bool

  init(capacity: Int, folding: Bool = true) {
    self.folding = folding
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  /// The text written so far.
  var string: String { String(decoding: bytes, as: UTF8.self) }

  /// Appends one byte of UTF-8, folding first when the character it starts would not fit.
  @inline(__always)
  mutating func put(_ byte: UInt8) {
    if folding, byte & 0xC0 != 0x80 {
      let width = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
      if lineOctets + width > ContentLine.maxOctets {
        bytes.append(13)
        bytes.append(10)
        bytes.append(32)
        lineOctets = 1
      }
    }
    bytes.append(byte)
    lineOctets += 1
  }

  /// Appends bytes as they are (a property name, a parameter, a value that needs no escaping).
  mutating func raw<Bytes: Sequence<UInt8>>(_ text: Bytes) {
    for byte in text { put(byte) }
  }

  /// Appends ASCII known at compile time.
  mutating func ascii(_ text: StaticString) {
    text.withUTF8Buffer { for byte in $0 { put(byte) } }
  }

  /// Appends `text` as an RFC 5545 TEXT value (see `ICalText.escape`).
  mutating func text(_ text: String) {
    var afterCR = false
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
        put(UInt8(ascii: "\\"))
        put(byte)
      case 10:
        // CRLF is one line break, already written at its CR.
        if !afterCR {
          put(UInt8(ascii: "\\"))
          put(UInt8(ascii: "n"))
        }
      case 13:
        put(UInt8(ascii: "\\"))
        put(UInt8(ascii: "n"))
      case 9:
        put(byte)
      case 0..<32, 127:
        // Other control characters may not appear in a content line (RFC 5545 §3.3.11).
        break
      default:
        put(byte)
      }
      afterCR = byte == 13
    }
  }

  /// Appends a non-negative integer in decimal.
  mutating func integer(_ value: Int) {
    precondition(value >= 0, "iCalendar integers written here are counts")
    if value >= 10 { integer(value / 10) }
    put(UInt8(ascii: "0") + UInt8(value % 10))
  }

  /// Appends `instant` as a UTC DATE-TIME, `YYYYMMDDTHHMMSSZ`, to the second (rounded down).
  mutating func utc(_ instant: Double) {
    let seconds = Int(instant.rounded(.down))
    let days = seconds >= 0 ? seconds / 86400 : -((-seconds + 86399) / 86400)
    let second = seconds - days * 86400
    let date = Day(number: days).components
    digits(date.year, 4)
    digits(date.month, 2)
    digits(date.day, 2)
    put(UInt8(ascii: "T"))
    digits(second / 3600, 2)
    digits(second / 60 % 60, 2)
    digits(second % 60, 2)
    put(UInt8(ascii: "Z"))
  }

  private mutating func digits(_ value: Int, _ width: Int) {
    var divisor = 1
    for _ in 1..<width { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      put(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
      rest %= divisor
      divisor /= 10
    }
  }

  /// Ends the content line with CRLF.
  mutating func endLine() {
    bytes.append(13)
    bytes.append(10)
    lineOctets = 0
  }

  /// Writes a whole content line of ASCII known at compile time.
  mutating func line(_ text: StaticString) {
    ascii(text)
    endLine()
  }
}
