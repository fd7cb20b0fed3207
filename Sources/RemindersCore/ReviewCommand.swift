/// What the learner asks of a review session, whichever front end heard it: a key of the
/// full-screen session, a line of the plain one (RemindersTerminal reads both), a button.
public enum ReviewCommand: Equatable, Sendable {
  case reveal
  case remembered
  case forgot
  case undo
  case skip
  case quit
  case help
  /// A key with no meaning: the session lists the keys.
  case unknown
}
