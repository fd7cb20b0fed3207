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
      if physical.contains(13) { throw .malformed(line: number, reason: .carriageReturn) }
      guard let first = physical.first else { continue }
      if first == 32 || first == 9 {
        guard !out.isEmpty else {
          throw .malformed(line: number, reason: .continuationFirst)
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
  /// The UTF-8 of the text being escaped, kept between calls so that it is allocated once.
  private var source: [UInt8] = []
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
  ///
  /// Copies whole runs: as much as fits on the current line, cut back to a character boundary.
  mutating func raw<Bytes: BidirectionalCollection<UInt8>>(_ text: Bytes) {
    guard folding else {
      bytes.append(contentsOf: text)
      return
    }
    var rest = text[...]
    while true {
      let room = ContentLine.maxOctets - lineOctets
      let count = rest.count
      if count <= room {
        bytes.append(contentsOf: rest)
        lineOctets += count
        return
      }
      var cut = rest.index(rest.startIndex, offsetBy: room)
      while cut != rest.startIndex, rest[cut] & 0xC0 == 0x80 { cut = rest.index(before: cut) }
      bytes.append(contentsOf: rest[..<cut])
      bytes.append(13)
      bytes.append(10)
      bytes.append(32)
      lineOctets = 1
      rest = rest[cut...]
    }
  }

  /// Appends ASCII known at compile time.
  mutating func ascii(_ text: StaticString) {
    text.withUTF8Buffer { raw($0) }
  }

  /// Appends `text` as an RFC 5545 TEXT value (see `ICalText.escape`).
  ///
  /// Runs of bytes that need no escaping are copied whole; only the escaped bytes go one by one.
  /// The text is copied into an array first because slices of an array copy as one block, where
  /// slices of a string's UTF-8 view copy byte by byte.
  mutating func text(_ text: String) {
    var utf8: [UInt8] = []
    swap(&utf8, &source)
    defer { swap(&utf8, &source) }
    utf8.removeAll(keepingCapacity: true)
    utf8.append(contentsOf: text.utf8)
    var run = 0
    var i = 0
    while i < utf8.count {
      let byte = utf8[i]
      if ContentWriter.isPlainText(byte) {
        i += 1
        continue
      }
      raw(utf8[run..<i])
      switch byte {
      case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
        put(UInt8(ascii: "\\"))
        put(byte)
      case 10, 13:
        put(UInt8(ascii: "\\"))
        put(UInt8(ascii: "n"))
        // CRLF is one line break.
        if byte == 13, i + 1 < utf8.count, utf8[i + 1] == 10 { i += 1 }
      default:
        // Other control characters may not appear in a content line (RFC 5545 §3.3.11).
        break
      }
      i += 1
      run = i
    }
    raw(utf8[run...])
  }

  /// Whether a byte of TEXT stands for itself: not a backslash, `;`, `,`, or a control character
  /// other than tab.
  @inline(__always)
  static func isPlainText(_ byte: UInt8) -> Bool {
    switch byte {
    case 9: return true
    case 0..<32, 127, UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","): return false
    default: return true
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
    let fold = folding && lineOctets + 16 > ContentLine.maxOctets
    twoDigits(date.year / 100 % 100, folding: fold)
    twoDigits(date.year % 100, folding: fold)
    twoDigits(date.month, folding: fold)
    twoDigits(date.day, folding: fold)
    append(UInt8(ascii: "T"), folding: fold)
    twoDigits(second / 3600, folding: fold)
    twoDigits(second / 60 % 60, folding: fold)
    twoDigits(second % 60, folding: fold)
    append(UInt8(ascii: "Z"), folding: fold)
    // When the value fits on the line (it follows a short name), no byte needed a fold check.
    if !fold { lineOctets += 16 }
  }

  /// Appends 0…99 as two decimal digits.
  @inline(__always)
  private mutating func twoDigits(_ value: Int, folding: Bool) {
    append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / 10), folding: folding)
    append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10), folding: folding)
  }

  /// Appends one byte, with a fold check or, where the caller knows it fits, without.
  @inline(__always)
  private mutating func append(_ byte: UInt8, folding: Bool) {
    if folding { put(byte) } else { bytes.append(byte) }
  }

  /// Appends ASCII known at compile time that may hold whole lines, each ending in CRLF.
  ///
  /// One copy for several short lines: the caller guarantees that no line in `text`, counted
  /// from the current position, is longer than 75 octets, so no fold is needed.
  mutating func lines(_ text: StaticString) {
    text.withUTF8Buffer { block in
      let lastBreak = block.lastIndex(of: 10)
      assert(
        block.split(separator: 10, omittingEmptySubsequences: false).enumerated().allSatisfy { index, line in
          line.count + (index == 0 ? lineOctets : 0) <= ContentLine.maxOctets + 1
        }, "a line of the block would need folding")
      bytes.append(contentsOf: block)
      lineOctets = lastBreak.map { block.count - $0 - 1 } ?? lineOctets + block.count
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
