import Foundation
import RemindersCore

/// A key as the terminal sends it in raw mode.
public enum TerminalKey: Equatable, Sendable {
  case character(Character)
  case enter
  case escape
  case left
  case right
  case up
  case down
  case controlC
  /// An escape sequence this program has no use for (a function key, …).
  case other

  /// Splits `bytes` into keys. `complete` false: a trailing lone ESC, or an unfinished escape
  /// sequence or UTF-8 character, stays in `bytes` (more may follow: the driver waits briefly,
  /// then decodes again with `complete` true, so that Esc alone is a key of its own).
  public static func decode(_ bytes: inout [UInt8], complete: Bool) -> [TerminalKey] {
    var keys: [TerminalKey] = []
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      switch byte {
      case 0x1B:
        guard i + 1 < bytes.count else {
          if !complete {
            bytes.removeFirst(i)
            return keys
          }
          keys.append(.escape)
          i += 1
          continue
        }
        let next = bytes[i + 1]
        guard next == UInt8(ascii: "[") || next == UInt8(ascii: "O") else {
          // ESC then another key (Esc pressed, then a letter, in one read).
          keys.append(.escape)
          i += 1
          continue
        }
        // CSI / SS3: parameters, then one final byte from 0x40 to 0x7E.
        var j = i + 2
        while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
        guard j < bytes.count else {
          if !complete {
            bytes.removeFirst(i)
            return keys
          }
          keys.append(.other)
          i = j
          continue
        }
        switch bytes[j] {
        case UInt8(ascii: "C"): keys.append(.right)
        case UInt8(ascii: "D"): keys.append(.left)
        case UInt8(ascii: "A"): keys.append(.up)
        case UInt8(ascii: "B"): keys.append(.down)
        default: keys.append(.other)
        }
        i = j + 1
      case 0x03:
        keys.append(.controlC)
        i += 1
      case 0x0D, 0x0A:
        keys.append(.enter)
        // CR LF from one Enter is one key.
        i += byte == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
      default:
        let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        guard i + length <= bytes.count else {
          if !complete {
            bytes.removeFirst(i)
            return keys
          }
          keys.append(.other)
          i = bytes.count
          continue
        }
        let text = String(decoding: bytes[i..<(i + length)], as: UTF8.self)
        keys.append(text.first.map(TerminalKey.character) ?? .other)
        i += length
      }
    }
    bytes.removeAll()
    return keys
  }
}

/// What a key means in a review session: the command it gives.
public typealias ReviewKey = ReviewCommand

extension ReviewCommand {
  /// A full-screen key: Space or Enter reveals; y, 1, → remembered; n, 2, ← forgot; u, s; q, Esc,
  /// Ctrl-C quit; ? the keys. Nil for keys that do nothing (an arrow up, a function key).
  ///
  /// `ratings`: a card under FSRS (docs/commands.md#reminders-review), where 1–4 are again, hard,
  /// good and easy (y and → stay good, n and ← again); a recall item keeps 1 and 2 as yes and no
  /// in either mode.
  public init?(_ key: TerminalKey, ratings: Bool = false) {
    if ratings, case .character(let c) = key, let rating = Self.rating(digit: c) {
      self = .rated(rating)
      return
    }
    switch key {
    case .enter, .character(" "): self = .reveal
    case .right, .character("y"), .character("Y"), .character("1"): self = .remembered
    case .left, .character("n"), .character("N"), .character("2"): self = .forgot
    case .character("u"), .character("U"): self = .undo
    case .character("s"), .character("S"): self = .skip
    case .escape, .controlC, .character("q"), .character("Q"): self = .quit
    case .character("?"): self = .help
    case .character: self = .unknown
    case .up, .down, .other: return nil
    }
  }

  /// The rating a digit names under FSRS: 1 again, 2 hard, 3 good, 4 easy.
  static func rating(digit: Character) -> FSRSRating? {
    digit.wholeNumberValue.flatMap { FSRSRating(rawValue: $0) }
  }

  /// A plain-mode answer line: empty reveals, then y/1, n/2, u, s, q, ? (case-insensitive), and
  /// the ratings' words again, hard, good and easy; `ratings` (a card under FSRS): 1–4 are the
  /// four ratings.
  public init(line: String, ratings: Bool = false) {
    let word = line.trimmingCharacters(in: .whitespaces).lowercased()
    if let rating = FSRSRating(word: word) {
      self = .rated(rating)
      return
    }
    if ratings, word.count == 1, let rating = Self.rating(digit: word.first!) {
      self = .rated(rating)
      return
    }
    switch word {
    case "": self = .reveal
    case "y", "1": self = .remembered
    case "n", "2": self = .forgot
    case "u": self = .undo
    case "s": self = .skip
    case "q": self = .quit
    case "?": self = .help
    default: self = .unknown
    }
  }
}
