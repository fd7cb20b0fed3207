import Foundation
import RemindersCore
import RemindersMessages

/// A JSON value kept as read, so fields this version does not model survive a rewrite.
///
/// Numbers keep their source text: a float or a 64-bit id written by a newer version comes back
/// byte for byte.
public indirect enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])
}

/// Where and why JSON text could not be read: a byte offset into the text and what was expected.
struct JSONSyntaxError: Error {
  var offset: Int
  var expected: JSONExpectation
}

/// A strict JSON reader over UTF-8 bytes (RFC 8259).
///
/// Hand-written because the deck's hot path must read a million cards faster than Python's
/// `json.load`, and Foundation's `JSONDecoder` is about twice slower than that here. Strings are
/// first scanned as byte ranges and made into `String`s only when a caller asks; the scan checks
/// that they are well-formed UTF-8 (only where a byte of 0x80 or more occurs), so that no text is
/// ever silently replaced by U+FFFD.
struct JSONReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var position: Int

  /// A reader at the start of the text, after a UTF-8 byte-order mark (some editors write one;
  /// it is not part of the value).
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    position = UTF8Check.byteOrderMarkLength(bytes)
  }

  /// A string token: the bytes between the quotes, and whether any escape occurs in them.
  struct StringToken {
    var range: Range<Int>
    var hasEscapes: Bool
  }

  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  /// The next non-whitespace byte, not consumed; 0 at the end of the text only.
  ///
  /// A NUL byte in the text reads as 0xFF, a byte that starts no JSON token, so that a NUL is an
  /// error where it stands rather than taken for the end of the file.
  mutating func peek() -> UInt8 {
    skipWhitespace()
    guard position < bytes.count else { return 0 }
    let byte = bytes[position]
    return byte == 0 ? 0xFF : byte
  }

  mutating func expect(_ byte: UInt8, _ what: JSONExpectation) throws {
    guard peek() == byte else { throw JSONSyntaxError(offset: position, expected: what) }
    position += 1
  }

  /// Reads `{`, then calls `body` with each key (as raw bytes) positioned at its value; `body`
  /// must consume the value. Reads the closing `}`.
  mutating func readObject(_ body: (inout JSONReader, StringToken) throws -> Void) throws {
    try expect(UInt8(ascii: "{"), .objectOpen)
    if peek() == UInt8(ascii: "}") {
      position += 1
      return
    }
    while true {
      guard peek() == UInt8(ascii: "\"") else {
        throw JSONSyntaxError(offset: position, expected: .keyString)
      }
      let key = try readStringToken()
      try expect(UInt8(ascii: ":"), .colonAfterKey)
      skipWhitespace()
      try body(&self, key)
      switch peek() {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        position += 1
        return
      default: throw JSONSyntaxError(offset: position, expected: .commaOrBrace)
      }
    }
  }

  /// Reads `[`, then calls `body` with each element's index, positioned at it. Reads `]`.
  mutating func readArray(_ body: (inout JSONReader, Int) throws -> Void) throws {
    try expect(UInt8(ascii: "["), .arrayOpen)
    if peek() == UInt8(ascii: "]") {
      position += 1
      return
    }
    var index = 0
    while true {
      skipWhitespace()
      try body(&self, index)
      index += 1
      switch peek() {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "]"):
        position += 1
        return
      default: throw JSONSyntaxError(offset: position, expected: .commaOrBracket)
      }
    }
  }

  /// Scans a string token starting at the opening quote; validates escapes and control bytes.
  mutating func readStringToken() throws -> StringToken {
    guard peek() == UInt8(ascii: "\"") else { throw JSONSyntaxError(offset: position, expected: .string) }
    position += 1
    let start = position
    var escapes = false
    while position < bytes.count {
      let c = bytes[position]
      if c == UInt8(ascii: "\"") {
        let token = StringToken(range: start..<position, hasEscapes: escapes)
        position += 1
        return token
      }
      if c == UInt8(ascii: "\\") {
        escapes = true
        position += 1
        guard position < bytes.count else { break }
        switch bytes[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
          UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          position += 1
        case UInt8(ascii: "u"):
          let escape = position - 1
          guard let unit = hex4(at: position + 1) else {
            throw JSONSyntaxError(offset: escape, expected: .hexDigits)
          }
          position += 5
          // A string holds Unicode scalars: a surrogate must come as a high-low pair, or the
          // text would silently become U+FFFD.
          if (0xD800..<0xDC00).contains(unit) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
              bytes[position + 1] == UInt8(ascii: "u"), let low = hex4(at: position + 2),
              (0xDC00..<0xE000).contains(low)
            else {
              throw JSONSyntaxError(
                offset: escape, expected: .lowSurrogate)
            }
            position += 6
          } else if (0xDC00..<0xE000).contains(unit) {
            throw JSONSyntaxError(
              offset: escape, expected: .highSurrogate)
          }
        default:
          throw JSONSyntaxError(offset: position - 1, expected: .escape)
        }
        continue
      }
      guard c >= 0x20 else {
        throw JSONSyntaxError(offset: position, expected: .noControlCharacter)
      }
      if c < 0x80 {
        position += 1
      } else {
        guard let length = UTF8Check.sequenceLength(bytes, at: position) else {
          throw JSONSyntaxError(offset: position, expected: .validUTF8)
        }
        position += length
      }
    }
    throw JSONSyntaxError(offset: start - 1, expected: .closingQuote)
  }

  /// The text of a string token.
  func string(_ token: StringToken) -> String {
    let raw = UnsafeBufferPointer(rebasing: bytes[token.range])
    guard token.hasEscapes else { return String(decoding: raw, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(raw.count)
    var i = 0
    while i < raw.count {
      let c = raw[i]
      guard c == UInt8(ascii: "\\") else {
        out.append(c)
        i += 1
        continue
      }
      let e = raw[i + 1]
      i += 2
      switch e {
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = JSONReader.hex4(raw, i)
        i += 4
        if (0xD800..<0xDC00).contains(scalar), i + 5 < raw.count, raw[i] == UInt8(ascii: "\\"),
          raw[i + 1] == UInt8(ascii: "u")
        {
          let low = JSONReader.hex4(raw, i + 2)
          if (0xDC00..<0xE000).contains(low) {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            i += 6
          }
        }
        let unicode = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        out.append(contentsOf: Array(String(Character(unicode)).utf8))
      default: out.append(e)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Whether the token's bytes equal `literal` (keys are compared without making a String).
  func equals(_ token: StringToken, _ literal: StaticString) -> Bool {
    guard !token.hasEscapes, token.range.count == literal.utf8CodeUnitCount else { return false }
    return memcmp(bytes.baseAddress! + token.range.lowerBound, literal.utf8Start, token.range.count) == 0
  }

  /// Reads an integer number token (no fraction or exponent).
  mutating func readInt() throws -> Int {
    skipWhitespace()
    let start = position
    let range = try scanNumber()
    var value = 0
    var negative = false
    for i in range {
      let c = bytes[i]
      if c == UInt8(ascii: "-") {
        negative = true
        continue
      }
      guard c >= 48, c <= 57, value < Int.max / 10 - 9 else {
        throw JSONSyntaxError(offset: start, expected: .wholeNumber)
      }
      value = value * 10 + Int(c - 48)
    }
    return negative ? -value : value
  }

  /// Scans a number token per the JSON grammar and returns its byte range.
  mutating func scanNumber() throws -> Range<Int> {
    let start = position
    func digits() -> Int {
      let s = position
      while position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 { position += 1 }
      return position - s
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
    let intStart = position
    let n = digits()
    guard n > 0, !(n > 1 && bytes[intStart] == 48) else {
      throw JSONSyntaxError(offset: start, expected: .number)
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits() > 0 else { throw JSONSyntaxError(offset: start, expected: .fractionDigits) }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard digits() > 0 else { throw JSONSyntaxError(offset: start, expected: .exponentDigits) }
    }
    return start..<position
  }

  mutating func readLiteral(_ word: StaticString) throws {
    let n = word.utf8CodeUnitCount
    guard position + n <= bytes.count, memcmp(bytes.baseAddress! + position, word.utf8Start, n) == 0 else {
      throw JSONSyntaxError(offset: position, expected: .value)
    }
    position += n
  }

  /// Reads `true` or `false`.
  mutating func readBool() throws -> Bool {
    switch peek() {
    case UInt8(ascii: "t"):
      try readLiteral("true")
      return true
    case UInt8(ascii: "f"):
      try readLiteral("false")
      return false
    default: throw JSONSyntaxError(offset: position, expected: .trueOrFalse)
    }
  }

  /// Reads `null` when it comes next; returns whether it did.
  mutating func readNull() throws -> Bool {
    guard peek() == UInt8(ascii: "n") else { return false }
    try readLiteral("null")
    return true
  }

  /// Reads any value as a `JSONValue`.
  mutating func readValue(depth: Int = 0) throws -> JSONValue {
    guard depth < 512 else { throw JSONSyntaxError(offset: position, expected: .nesting(levels: 512)) }
    switch peek() {
    case UInt8(ascii: "{"):
      var object: [String: JSONValue] = [:]
      try readObject { reader, key in object[reader.string(key)] = try reader.readValue(depth: depth + 1) }
      return .object(object)
    case UInt8(ascii: "["):
      var array: [JSONValue] = []
      try readArray { reader, _ in array.append(try reader.readValue(depth: depth + 1)) }
      return .array(array)
    case UInt8(ascii: "\""): return .string(string(try readStringToken()))
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try readBool())
    case UInt8(ascii: "n"):
      try readLiteral("null")
      return .null
    default:
      let range = try scanNumber()
      return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
    }
  }

  /// Reads and checks any value without keeping it.
  mutating func skipValue(depth: Int = 0) throws {
    guard depth < 512 else { throw JSONSyntaxError(offset: position, expected: .nesting(levels: 512)) }
    switch peek() {
    case UInt8(ascii: "{"): try readObject { reader, _ in try reader.skipValue(depth: depth + 1) }
    case UInt8(ascii: "["): try readArray { reader, _ in try reader.skipValue(depth: depth + 1) }
    case UInt8(ascii: "\""): _ = try readStringToken()
    case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
    case UInt8(ascii: "n"): try readLiteral("null")
    default: _ = try scanNumber()
    }
  }

  /// Line and column (1-based; columns count characters, not bytes) of a byte offset.
  func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
    let position = UTF8Check.position(of: offset, in: bytes)
    return (position.line, position.column ?? 1)
  }

  static func hexValue(_ c: UInt8) -> UInt32? {
    switch c {
    case 48...57: return UInt32(c - 48)
    case 65...70: return UInt32(c - 55)
    case 97...102: return UInt32(c - 87)
    default: return nil
    }
  }

  static func hex4(_ raw: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
    (0..<4).reduce(0) { $0 << 4 | (hexValue(raw[i + $1]) ?? 0) }
  }

  /// The value of the four hex digits at `i`, or nil when there are not four.
  func hex4(at i: Int) -> UInt32? {
    guard i + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for k in i..<(i + 4) {
      guard let digit = JSONReader.hexValue(bytes[k]) else { return nil }
      value = value << 4 | digit
    }
    return value
  }
}

/// Checks on UTF-8 text shared by the readers of our files.
enum UTF8Check {
  /// 3 when `bytes` start with a UTF-8 byte-order mark, else 0.
  static func byteOrderMarkLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
  }

  /// The length of the well-formed UTF-8 sequence that starts at `i` (The Unicode Standard,
  /// table 3-7: no overlong form, no surrogate, nothing above U+10FFFF), or nil.
  @inline(__always)
  static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
    let lead = bytes[i]
    if lead < 0x80 { return 1 }
    var length = 4
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0: low = 0x90
    case 0xF1...0xF3: break
    case 0xF4: high = 0x8F
    default: return nil
    }
    guard i + length <= bytes.count, bytes[i + 1] >= low, bytes[i + 1] <= high else { return nil }
    for k in (i + 2)..<(i + length) where bytes[k] & 0xC0 != 0x80 { return nil }
    return length
  }

  /// The offset of the first byte that does not start a well-formed UTF-8 sequence, or nil.
  static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var i = 0
    while i < bytes.count {
      guard let length = sequenceLength(bytes, at: i) else { return i }
      i += length
    }
    return nil
  }

  /// The line and column (1-based; columns count characters, not bytes) of a byte offset; a
  /// byte-order mark at the start takes no column.
  static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> TextPosition {
    var line = 1
    var lineStart = byteOrderMarkLength(bytes)
    let end = min(offset, bytes.count)
    var i = lineStart
    while i < end {
      if bytes[i] == 0x0A {
        line += 1
        lineStart = i + 1
      }
      i += 1
    }
    var column = 1
    i = lineStart
    while i < end {
      if bytes[i] & 0xC0 != 0x80 { column += 1 }
      i += 1
    }
    return TextPosition(line: line, column: column)
  }
}

/// Writes JSON text with sorted object keys, so the same data always gives the same bytes.
public struct JSONWriter {
  public var out: [UInt8] = []

  public init(capacity: Int = 4096) { out.reserveCapacity(capacity) }

  mutating func raw(_ text: StaticString) {
    out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  public mutating func raw(_ text: String) { out.append(contentsOf: text.utf8) }

  /// A string, escaped so that no character of it can act on a terminal the JSON is printed to:
  /// every `HiddenCharacter` (C0, DEL, C1 — U+009B is an 8-bit CSI —, the bidirectional
  /// controls, the invisible ones) is written as a `\u` escape (`\u009b`); every reader of JSON
  /// reads the same text back.
  public mutating func string(_ text: String) {
    out.append(UInt8(ascii: "\""))
    defer { out.append(UInt8(ascii: "\"")) }
    // Most strings of a deck are ASCII (ids, dates): byte by byte, without decoding scalars.
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      for c in text.utf8 {
        switch c {
        case UInt8(ascii: "\""): raw("\\\"")
        case UInt8(ascii: "\\"): raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        case 0..<0x20, 0x7F: escape(UInt32(c))
        default: out.append(c)
        }
      }
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": raw("\\\"")
      case "\\": raw("\\\\")
      case "\n": raw("\\n")
      case "\r": raw("\\r")
      case "\t": raw("\\t")
      case _ where HiddenCharacter.contains(scalar): escape(scalar.value)
      case _ where scalar.isASCII: out.append(UInt8(scalar.value))
      default: out.append(contentsOf: UTF8.encode(scalar)!)
      }
    }
  }

  /// `\uXXXX` for a scalar of the Basic Multilingual Plane.
  mutating func escape(_ scalar: UInt32) {
    raw("\\u")
    for shift in stride(from: 12, through: 0, by: -4) {
      out.append(JSONWriter.hexDigit(UInt8((scalar >> UInt32(shift)) & 0xF)))
    }
  }

  static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 48 + v : 87 + v }

  /// Writes a value compactly (keys sorted).
  public mutating func value(_ v: JSONValue) {
    switch v {
    case .null: raw("null")
    case .bool(let b): b ? raw("true") : raw("false")
    case .number(let n): raw(n)
    case .string(let s): string(s)
    case .array(let items):
      out.append(UInt8(ascii: "["))
      for (i, item) in items.enumerated() {
        if i > 0 { raw(", ") }
        value(item)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let fields):
      object(fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }
  }

  /// A member of a top-level object: its key, and what writes its value.
  public typealias Member = (key: String, write: (inout JSONWriter) -> Void)

  /// A file's top-level object: one member a line, keys sorted, a final line break.
  mutating func document(_ members: [Member]) {
    raw("{\n")
    for (i, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
      raw("  ")
      string(member.key)
      raw(": ")
      member.write(&self)
      raw(i + 1 < members.count ? ",\n" : "\n")
    }
    raw("}\n")
  }

  /// An array of objects, one a line under a top-level key (`[]` when there are none); each
  /// object's keys sorted.
  mutating func objectLines<T>(_ items: [T], _ fields: (Int, T) -> [String: JSONValue]) {
    guard !items.isEmpty else { return raw("[]") }
    raw("[\n")
    for (i, item) in items.enumerated() {
      raw("    ")
      object(fields(i, item).sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
      raw(i + 1 < items.count ? ",\n" : "\n")
    }
    raw("  ]")
  }

  /// Writes an object on one line from fields already in key order.
  mutating func object(_ fields: [(String, JSONValue)]) {
    out.append(UInt8(ascii: "{"))
    for (i, (key, v)) in fields.enumerated() {
      if i > 0 { raw(", ") }
      string(key)
      raw(": ")
      value(v)
    }
    out.append(UInt8(ascii: "}"))
  }
}

extension JSONValue {
  /// The whole of `bytes` as one JSON value (nothing but blanks after it); a syntax error is
  /// `StoreError.corrupt` naming `path` and the line and column.
  static func document(_ bytes: [UInt8], path: String) throws -> JSONValue {
    try bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      do {
        let value = try reader.readValue()
        guard reader.peek() == 0 else {
          throw JSONSyntaxError(offset: reader.position, expected: .endOfFile)
        }
        return value
      } catch let error as JSONSyntaxError {
        throw StoreError.corrupt(
          path: path, at: UTF8Check.position(of: error.offset, in: buffer),
          reason: .syntax(error.expected))
      }
    }
  }
}
