import Foundation
import RemindersCore

/// The ids `cards add` and `cards import` give: random UUIDs (version 4, RFC 9562) whose first
/// `IDPrefix.shown` characters no other id of the deck starts with.
///
/// The id a command prints is those first characters, and the learner types them back days
/// later: random leading characters keep them naming one card as the deck grows (ids that begin
/// with the time, as version 7 does, share them among every card made in the same minute). The
/// order of the day's new cards is kept by `createdAt` and the deck's order, not by ids.
public struct CardID {
  /// The first characters of the deck's ids, in lower case.
  var taken: Set<Substring>
  /// Whether the deck holds an id starting with these first characters (a deck too large to
  /// list: `DeckView.hasID(startingWith:)`).
  let held: (Substring) throws -> Bool

  /// Ready to name new cards beside `ids`, and beside those `taken` says the deck holds.
  public init(beside ids: some Sequence<String>, taken: @escaping (Substring) throws -> Bool = { _ in false })
  {
    self.taken = Set(ids.map { $0.lowercased().prefix(IDPrefix.shown) })
    held = taken
  }

  /// A new id, its first characters unlike those of every id before it.
  public mutating func make(using random: inout some RandomNumberGenerator) throws -> String {
    while true {
      let id = CardID.uuid(high: random.next(), low: random.next())
      let first = id.prefix(IDPrefix.shown)
      if try !held(first), taken.insert(first).inserted { return id }
    }
  }

  /// The same, with the system's random bits.
  public mutating func make() throws -> String {
    var random = SystemRandomNumberGenerator()
    return try make(using: &random)
  }

  /// The UUID of version 4 made of these 128 bits (less the six of version and variant).
  static func uuid(high: UInt64, low: UInt64) -> String {
    let high = high & 0xFFFF_FFFF_FFFF_0FFF | 0x4000
    let low = low & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
    let c = Array(hex16(high) + hex16(low))
    return String(c[0..<8]) + "-" + String(c[8..<12]) + "-" + String(c[12..<16]) + "-" + String(c[16..<20])
      + "-" + String(c[20..<32])
  }

  static func hex16(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
