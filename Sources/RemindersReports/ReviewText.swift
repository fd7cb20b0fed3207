import Foundation
import RemindersApp
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersMessages
import RemindersStore
import RemindersTerminal

/// The session's words, in its language: prompts, outcomes, keys, the summary.
public struct ReviewText {
  public let locale: ReportLocale
  /// The deck's `recall_after_wrong` (seconds), nil when a wrong answer adds no recall item.
  public let recallAfterWrong: Int?
  /// Under FSRS (`study.scheduler = "fsrs"`): a card is rated with keys 1–4, and an outcome says
  /// the rating and the new due.
  public let ratings: Bool

  public init(locale: ReportLocale, recallAfterWrong: Int?, ratings: Bool = false) {
    self.locale = locale
    self.recallAfterWrong = recallAfterWrong
    self.ratings = ratings
  }

  public var words: any Catalogue { locale.words }

  /// The line an event prints (plain mode) or shows above the keys (full screen).
  public func message(_ event: ReviewSession.Event, item: ReviewQueue.Item) -> String {
    switch event {
    case .answered(let outcome): return result(outcome)
    case .cardGone: return words.cardGone
    case .recallAnswered(let recalled): return recallResult(recalled: recalled)
    case .undone(let name): return words.undone(name)
    case .nothingToUndo: return words.nothingToUndo
    case .keys: return keys(item)
    }
  }

  /// `message` for the full screen, where it stays below the next card: an answer's outcome
  /// names the card or recall item it belongs to.
  public func screenMessage(_ event: ReviewSession.Event, item: ReviewQueue.Item) -> String {
    let text = message(event, item: item)
    switch (event, item) {
    case (.answered, .card(let card)), (.recallAnswered, .card(let card)):
      return words.outcome(of: oneLine(card.front), text)
    case (.answered, .recall(let recall)), (.recallAnswered, .recall(let recall)):
      return words.outcome(of: oneLine(recall.topic), text)
    default:
      return text
    }
  }

  /// `answer`: for a recall item, its card's back when it has one (shown once revealed).
  public func prompt(
    _ item: ReviewQueue.Item, number: Int, of total: Int, cards: Int, revealed: Bool, answer: String? = nil
  ) -> String {
    switch item {
    case .card(let card):
      let place = "\(number)/\(total)" + (card.collection.map { " · \(VisibleCharacters.of($0))" } ?? "")
      if !revealed { return words.frontPrompt(place: place, front: oneLine(card.front)) }
      let back = oneLine(card.back) + (card.note.map { " (\(oneLine($0)))" } ?? "")
      return ratings ? words.backPromptRated(back) : words.backPrompt(back)
    case .recall(let recall):
      if revealed, let answer { return words.recallAnswerPrompt(oneLine(answer)) }
      let topic = oneLine(recall.topic) + (recall.note.map { " (\(oneLine($0)))" } ?? "")
      return words.recallPrompt(number: number, total: total, topic: topic)
        + (answer == nil ? "" : words.recallAnswerHint)
    }
  }

  public func keys(_ item: ReviewQueue.Item) -> String {
    switch item {
    case .card: ratings ? words.keysLineRated : words.keysLine(card: true)
    case .recall: words.keysLine(card: false)
    }
  }

  /// An answer's outcome in the session: the new step and date, or that a relearning answer
  /// moved nothing; a card that comes back in the session (forgotten, on the ladder; left in a
  /// learning step due later today, under FSRS) says that too.
  public func result(_ outcome: Deck.AnswerOutcome) -> String {
    let said = ratings ? rated(outcome) : remembered(outcome)
    let comesBack =
      ratings
      ? SessionLearning.due(of: outcome.card, at: outcome.entry.at, clock: locale.clock) != nil
      : !outcome.entry.correct
    // A line of its own: the outcome reads the same whether or not the card comes back.
    return comesBack ? said + "\n" + words.comesBackInSession : said
  }

  /// Under FSRS: the rating and the new due (a time for a learning step), or that a relearning
  /// answer moved nothing.
  func rated(_ outcome: Deck.AnswerOutcome) -> String {
    let rating = DeckText.ratingWord(outcome.entry.rating)
    guard outcome.entry.kind.movesSchedule else { return words.relearnedRated(rating) }
    let (due, learning) = DeckText.due(outcome.card, clock: locale.clock)
    return words.answeredRated(rating, due: due, learning: learning)
  }

  /// On the ladder: remembered or forgot, and the new step and date.
  func remembered(_ outcome: Deck.AnswerOutcome) -> String {
    outcome.entry.kind.movesSchedule
      ? words.answered(
        remembered: outcome.entry.correct, step: outcome.card.stepIndex,
        next: outcome.card.nextReviewDate.description)
      : words.relearned(remembered: outcome.entry.correct)
  }

  public func recallResult(recalled: Bool) -> String {
    if recalled { return words.recallDone }
    guard let delay = recallAfterWrong else {
      return words.recallDoneAfterWrongOff
    }
    return words.recallAgain(after: DurationSyntax.format(delay))
  }

  public func summary(_ session: ReviewSession, at end: Date) -> String {
    let summary = session.summary(at: end)
    return words.summary(
      answered: summary.answered, remembered: summary.remembered, forgot: summary.forgot,
      recallsDone: summary.recallsDone, streak: summary.streak, tomorrow: summary.tomorrow)
      + (summary.comesBack(words, clock: locale.clock).map { " " + $0 } ?? "")
  }

  /// "Nothing to review now", and when the next is (`ReviewSession.next`).
  public func nothingDue(_ session: ReviewSession) throws -> String {
    let next: String
    switch try session.next() {
    case nil: return words.nothingToReview
    case .cards(let count, let day)?:
      next = words.nextCards(count, on: day.description)
    case .learning(let count, let at)?:
      next = words.nextLearning(count, at: "\(locale.clock.wallTime(at: at))")
    case .recall(let at)?:
      next = words.nextRecall(at: locale.stamp(at))
    }
    return words.nothingToReview(next: next)
  }

  public func oneLine(_ text: String) -> String {
    VisibleCharacters.of(text.split(whereSeparator: \.isNewline).joined(separator: " / "))
  }
}
