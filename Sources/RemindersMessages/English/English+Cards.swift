extension English: CardsMessages {
  public var noCardsDue: String { "No cards due today." }
  public var noCards: String { "No cards." }
  public var cardColumns: [String] { ["ID", "DUE", "STEP", "COLLECTION", "FRONT", "BACK", "STATE"] }
  public var suspendedState: String { "suspended" }

  public func nextReview(_ day: String, step: Int) -> String { "Next review: \(day) (step \(step))" }

  public func answeredEarly(_ day: String, step: Int) -> String {
    "Not due: answer logged, the schedule stays as it was (next review: \(day), step \(step))"
  }

  public func ratingName(_ rating: RatingWord) -> String {
    switch rating {
    case .again: "again"
    case .hard: "hard"
    case .good: "good"
    case .easy: "easy"
    }
  }

  public func ratedNext(_ rating: RatingWord, due: String, learning: Bool) -> String {
    "Rated \(ratingName(rating)). Next review: \(due)" + (learning ? " (learning)" : "")
  }

  public func ratedEarly(_ rating: RatingWord, due: String) -> String {
    "Not due: answer logged (\(ratingName(rating))), the schedule stays as it was (next review: \(due))"
  }

  public func recallReminder(at when: String, moved why: String?) -> String {
    why.map { "Recall reminder: \(when) (moved: \($0))" } ?? "Recall reminder: \(when)"
  }

  public func changed(_ change: DeckChange) -> String {
    switch change {
    case .edited: "Edited: "
    case .removed: "Removed: "
    case .suspended: "Suspended: "
    case .alreadySuspended: "Already suspended: "
    case .unsuspended: "Unsuspended: "
    case .notSuspended: "Not suspended: "
    case .done: "Done: "
    case .alreadyDone: "Already done: "
    }
  }

  public func notAddedDuplicate(_ label: String) -> String {
    "not added: \(label) is already in the deck (--duplicate adds it anyway)"
  }

  public func removedRecalls(_ count: Int) -> String { "and its \(count) open recall item(s)" }

  public var noRecallItems: String { "No recall items." }
  public var recallColumns: [String] { ["ID", "DUE", "TOPIC", "NOTE"] }

  public func imported(added: Int, skipped: Int) -> String { "added \(added), skipped \(skipped)" }

  public func idTooShort(_ query: String, minimum: Int) -> String {
    "id '\(query)' is too short; give at least \(minimum) characters"
  }

  public func deckItem(_ item: DeckItem) -> String {
    switch item {
    case .card: "card"
    case .recall: "recall item"
    case .alarm: "alarm"
    }
  }

  public func deckItems(_ item: DeckItem, count: Int) -> String {
    switch item {
    case .card: "\(count) cards"
    case .recall: "\(count) recall items"
    case .alarm: "\(count) alarms"
    }
  }

  public func noSuchID(_ query: String, naming item: String, in path: String) -> String {
    "no \(item) with id '\(query)' in \(path)"
  }

  public func ambiguousID(_ query: String, matches several: String, list: String) -> String {
    "'\(query)' matches \(several): \(list); give more of the id"
  }

  public func cardFileProblem(_ problem: CardFileProblem) -> String {
    switch problem {
    case .notUTF8: "expected UTF-8 text"
    case .tooManyFields(let count): "expected at most 3 fields (front, back, collection), found \(count)"
    case .noFront: "expected a front (the question side)"
    case .noBack: "expected a back (the answer side) after the front"
    case .textAfterClosingQuote: "expected a comma or the end of the line after a closing quote"
    case .strayQuote:
      "a stray quote: expected a quote only at the start of a field (write it \"\" inside quotes)"
    case .unclosedQuote: "expected a closing quote before the end of the file"
    }
  }
}
