/// Where a card forgotten in a review session comes back (docs/commands.md#relearning-in-the-session):
/// after `review.relearn_after` other items of the session, or at the end when fewer remain; again
/// after each wrong answer, until it is remembered once.
public enum Relearning {
  /// The index of a session's items at which the card forgotten at `index` is shown again,
  /// `after` other items later (0: next), or `count` (the end) when fewer than `after` remain.
  public static func returnIndex(forgottenAt index: Int, after: Int, count: Int) -> Int {
    min(index + 1 + max(after, 0), count)
  }
}
