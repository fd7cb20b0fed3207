import Foundation

/// The one rule for a card's text, the same for `cards add`, `cards edit` and `cards import`:
/// a card has a front and a back, each with something besides spaces and line breaks.
public enum CardSides {
  /// A side of a card.
  public enum Side: Sendable, Equatable {
    case front, back
  }

  /// Whether `text` says nothing: empty, or only spaces, tabs and line breaks.
  public static func isBlank(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { CharacterSet.whitespacesAndNewlines.contains($0) }
  }

  /// The first side (front, then back) whose text is blank; nil when both say something. A side
  /// that is nil is not being set (`cards edit` without it) and is not looked at.
  public static func blankSide(front: String?, back: String?) -> Side? {
    if let front, isBlank(front) { return .front }
    if let back, isBlank(back) { return .back }
    return nil
  }
}
