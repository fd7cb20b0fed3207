/// What the learner asks of a review session, whichever front end heard it: a key of the
/// full-screen session, a line of the plain one (RemindersTerminal reads both), a button.
public enum ReviewCommand: Equatable, Sendable {
  case reveal
  /// Remembered: correct on the ladder, good under FSRS.
  case remembered
  /// Forgot: wrong on the ladder, again under FSRS.
  case forgot
  /// One of FSRS's four ratings (keys 1–4 in FSRS mode); on the ladder, again is wrong and the
  /// other three are correct.
  case rated(FSRSRating)
  case undo
  case skip
  case quit
  case help
  /// A key with no meaning: the session lists the keys.
  case unknown

  /// The rating a card answer gives: remembered is good, forgot is again; nil for the rest.
  public var rating: FSRSRating? {
    switch self {
    case .remembered: .good
    case .forgot: .again
    case .rated(let rating): rating
    default: nil
    }
  }
}
