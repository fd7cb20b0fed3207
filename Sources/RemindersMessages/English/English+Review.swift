extension English: ReviewMessages {
  public var cardGone: String { "This card was removed from the deck meanwhile: the answer is not kept." }
  public func undone(_ name: String) -> String { "Undone: \(name)" }
  public func outcome(of name: String, _ outcome: String) -> String { "\(name) \(outcome)" }
  public var nothingToUndo: String { "Nothing to undo." }

  public func frontPrompt(place: String, front: String) -> String {
    "[\(place)] \(front) — Enter: show the answer, s: skip, q: quit"
  }

  public func backPrompt(_ back: String) -> String {
    "Answer: \(back) — y: remembered, n: forgot, s: skip, u: undo, q: quit"
  }

  public func backPromptRated(_ back: String) -> String {
    "Answer: \(back) — 1: again, 2: hard, 3: good, 4: easy (y = good, n = again), s: skip, u: undo, q: quit"
  }

  public var keysLineRated: String {
    "Keys: Enter shows the answer, 1 = again, 2 = hard, 3 = good, 4 = easy (or the word), y = good, n = again, "
      + "u = undo, s = skip, q = quit"
  }

  public func answeredRated(_ rating: RatingWord, due: String, learning: Bool) -> String {
    "→ \(ratingName(rating)). Next review \(due)" + (learning ? " (learning)" : "")
  }

  public func relearnedRated(_ rating: RatingWord) -> String {
    "→ \(ratingName(rating)) (relearning; the schedule stays as it was)"
  }

  public func recallPrompt(number: Int, total: Int, topic: String) -> String {
    "[\(number)/\(total) · recall] \(topic) — Did you recall it? y: yes, n: no, s: skip, q: quit"
  }

  public var recallAnswerHint: String { " (Enter: the card's answer)" }

  public func recallAnswerPrompt(_ back: String) -> String {
    "Answer: \(back) — Did you recall it? y: yes, n: no, s: skip, q: quit"
  }

  public func keysLine(card: Bool) -> String {
    card
      ? "Keys: Enter shows the answer, y or 1 = remembered, n or 2 = forgot, u = undo, s = skip, q = quit"
      : "Keys: y or 1 = recalled, n or 2 = not yet (asked again later), u = undo, s = skip, q = quit"
  }

  public func answered(remembered: Bool, step: Int, next: String) -> String {
    "→ \(remembered ? "remembered" : "forgot"). Step \(step), next review \(next)"
  }

  public func relearned(remembered: Bool) -> String {
    "→ \(remembered ? "remembered" : "forgot") (relearning; the schedule stays as it was)"
  }

  public var comesBackInSession: String { "It comes back in this session." }

  public var recallDone: String { "→ Done; it will not be reminded again." }
  public var recallDoneAfterWrongOff: String { "→ Done (recall.after_wrong is off)." }
  public func recallAgain(after: String) -> String { "→ Asked again in \(after)." }

  public func summary(
    answered: Int, remembered: Int, forgot: Int, recallsDone: Int, streak: Int, tomorrow: Int
  )
    -> String
  {
    "Done: \(answered) \(answered == 1 ? "card" : "cards") answered (\(remembered) remembered, \(forgot) forgot). "
      + "Recall items done: \(recallsDone). Streak: \(streak) \(streak == 1 ? "day" : "days"). "
      + "\(tomorrow) \(tomorrow == 1 ? "card" : "cards") tomorrow."
  }

  public func comesBack(_ count: Int, at time: String) -> String {
    count == 1 ? "1 card comes back at \(time)." : "\(count) cards come back at \(time)."
  }

  public var nothingToReview: String { "Nothing to review now." }
  public func nothingToReview(next: String) -> String { "\(nothingToReview) Next: \(next)." }
  public func nextCards(_ count: Int, on day: String) -> String {
    "\(count) \(count == 1 ? "card" : "cards") on \(day)"
  }
  public func nextRecall(at stamp: String) -> String { "a recall item at \(stamp)" }
  public func nextLearning(_ count: Int, at time: String) -> String {
    "\(count) \(count == 1 ? "card" : "cards") at \(time)"
  }

  public var screenRecallLabel: String { "recall" }
  public func screenAnswer(_ back: String) -> String { "Answer: " + back }
  public func screenNote(_ note: String) -> String { "Note: " + note }
  public var screenDidYouRecall: String { "Did you recall it?" }

  public func screenKeyLine(_ keys: ReviewKeys) -> String {
    let tail = "s: skip · u: undo · ?: keys · q: quit"
    switch keys {
    case .front: return "Space/Enter: show the answer · " + tail
    case .back: return "y/1/→: remembered · n/2/←: forgot · " + tail
    case .backRated: return "1: again · 2: hard · 3: good · 4: easy · y/→: good · n/←: again · " + tail
    case .recall: return "y/1/→: recalled · n/2/←: not yet · " + tail
    case .recallWithAnswer:
      return "Space/Enter: the card's answer · y/1/→: recalled · n/2/←: not yet · " + tail
    }
  }

  public var screenKeyListRated: [String] {
    [
      "Keys:",
      "  Space / Enter   show the answer",
      "  1               again (forgot)",
      "  2               hard",
      "  3 / y / →       good",
      "  4               easy",
      "  n / ←           again",
      "  u               undo the last answer",
      "  s               skip (it stays due)",
      "  q / Esc / Ctrl-C  quit",
      "  ?               these keys (Esc or ? hides them)",
    ]
  }

  public func screenKeyList(card: Bool) -> [String] {
    [
      "Keys:",
      card ? "  Space / Enter   show the answer" : nil,
      card ? "  y / 1 / →       remembered" : "  y / 1 / →       recalled (done)",
      card ? "  n / 2 / ←       forgot" : "  n / 2 / ←       not yet (asked again later)",
      "  u               undo the last answer",
      "  s               skip (it stays due)",
      "  q / Esc / Ctrl-C  quit",
      "  ?               these keys (Esc or ? hides them)",
    ].compactMap { $0 }
  }
}
