/// A JSON file that only its writer is trusted to have written: its first line is a checksum of
/// the rest, and a file whose bytes do not match it is no file at all (the caches and the last
/// Anki reading in the state folder: a torn write, a hand edit or a forgery is a miss, never a
/// wrong count).
enum SealedJSON {
  static let checksumDigits = 16

  /// The file for a payload: its checksum on the first line, then the payload.
  static func seal(_ payload: [UInt8]) -> [UInt8] {
    checksum(of: payload[...]) + [0x0A] + payload
  }

  /// The payload's JSON value, or nil when the checksum does not match or the payload is not one
  /// JSON value to its end.
  static func open(_ bytes: [UInt8]) -> JSONValue? {
    // The first line is the checksum of the rest, which is read only when they agree.
    guard let newline = bytes.firstIndex(of: 0x0A), newline == checksumDigits,
      Array(bytes[..<newline]) == checksum(of: bytes[(newline + 1)...])
    else { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(UnsafeBufferPointer(rebasing: buffer[(newline + 1)...]))
      guard let value = try? reader.readValue(), reader.peek() == 0 else { return nil }
      return value
    }
  }

  /// FNV-1a (64 bits) of the bytes after the first line, as 16 hex digits: checked against the
  /// bytes as they are, so an idle run reads the cache without writing it out again.
  static func checksum(of payload: ArraySlice<UInt8>) -> [UInt8] {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in payload {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return Array((String(repeating: "0", count: checksumDigits - hex.count) + hex).utf8)
  }

  /// A whole number written as the writer writes it (digits, a leading minus), or nil.
  static func integer(_ value: JSONValue) -> Int? {
    guard case .number(let text) = value, let n = Int(text), String(n) == text else { return nil }
    return n
  }
}
