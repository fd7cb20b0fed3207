import Foundation

/// Card ids that sort in the order the cards were made: UUIDs of version 7 (RFC 9562), a
/// millisecond time, then a sequence number, then random bits.
///
/// The day's new cards are taken in the order they were added, `createdAt` then `id`
/// (docs/scheduling.md); the cards of one import share their `createdAt` to the second, so
/// their ids keep the file's order: the first 20 words of a list are the first day's.
public enum TimeOrderedID {
  /// The id of the `sequence`th card made at `instant`: the sequence fills the 12 bits after the
  /// version (4,096 ids a millisecond) and carries into the time beyond that, so ids made in
  /// one call never repeat or fall out of order.
  public static func make(at instant: Date, sequence: Int, using random: inout some RandomNumberGenerator)
    -> String
  {
    let milliseconds =
      UInt64(max(0, (instant.timeIntervalSince1970 * 1000).rounded(.down)))
      + UInt64(sequence >> 12)
    let high = (milliseconds & 0xFFFF_FFFF_FFFF) << 16 | 0x7000 | UInt64(sequence & 0xFFF)
    let low = (random.next() & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
    let hex = hex16(high) + hex16(low)
    let c = Array(hex)
    return String(c[0..<8]) + "-" + String(c[8..<12]) + "-" + String(c[12..<16]) + "-" + String(c[16..<20])
      + "-" + String(c[20..<32])
  }

  /// The same, with the system's random bits.
  public static func make(at instant: Date, sequence: Int = 0) -> String {
    var random = SystemRandomNumberGenerator()
    return make(at: instant, sequence: sequence, using: &random)
  }

  static func hex16(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
