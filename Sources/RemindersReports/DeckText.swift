import Foundation
import RemindersCore
import RemindersMessages
import RemindersTerminal

/// What the deck commands show: the tables of `cards list` and `recall list`, and a card's or
/// recall item's label.
public struct DeckText {
  let locale: ReportLocale

  public init(locale: ReportLocale) { self.locale = locale }

  var words: any Catalogue { locale.words }

  /// A card's side or an item's topic in a cell: one line, at most 40 characters.
  public static func oneLine(_ text: String) -> String {
    let flat = VisibleCharacters.of(text.replacingOccurrences(of: "\n", with: " "))
    return flat.count > 40 ? String(flat.prefix(39)) + "…" : flat
  }

  /// `食べる (3f2a9c1d)`: its id as short as the deck's other cards allow (`IDPrefix.short`).
  public static func label(_ card: Card, in deck: Deck) -> String {
    "\(oneLine(card.front)) (\(IDPrefix.short(card.id, among: deck.cards.lazy.map(\.id))))"
  }

  /// The same, the id already made short (`DeckKeeper.Changed.shortID`).
  public static func label(_ card: Card, shortID: String) -> String { "\(oneLine(card.front)) (\(shortID))" }

  /// The same for a recall item.
  public static func label(_ item: RecallItem, shortID: String) -> String {
    "\(oneLine(item.topic)) (\(shortID))"
  }

  /// `漢字の書き順 (3f2a9c1d)`.
  public static func label(_ item: RecallItem, in deck: Deck) -> String {
    "\(oneLine(item.topic)) (\(IDPrefix.short(item.id, among: deck.recalls.lazy.map(\.id))))"
  }

  /// The cards' table, or that there are none (`due`: none due).
  /// Ids are shown as short as `allIDs` (the deck's) allow.
  public func cards(_ cards: [Card], due: Bool, allIDs: [String]) -> String {
    guard !cards.isEmpty else { return (due ? words.noCardsDue : words.noCards) + "\n" }
    let short = IDPrefix.short(allIDs)
    var rows = [words.cardColumns]
    for card in cards {
      rows.append([
        short[card.id] ?? card.id, card.nextReviewDate.description, String(card.stepIndex),
        card.collection ?? "",
        DeckText.oneLine(card.front), DeckText.oneLine(card.back),
        card.suspended ? words.suspendedState : "",
      ])
    }
    return TextTable.render(rows)
  }

  /// What `cards answer` prints first: the card and when it comes back, a line each; for an
  /// answer that moved nothing (the card was not due), that it was logged only.
  public func answered(_ outcome: Deck.AnswerOutcome) -> String {
    let day = outcome.card.nextReviewDate.description
    let step = outcome.card.stepIndex
    return DeckText.oneLine(outcome.card.front) + "\n"
      + (outcome.entry.kind.movesSchedule
        ? words.nextReview(day, step: step) : words.answeredEarly(day, step: step)) + "\n"
  }

  /// What `cards answer` prints first under FSRS: the card, then its rating and new due — a
  /// time in the day zone (`2026-11-26 08:11`) for a learning or relearning step, the day for a
  /// card in review; for an answer that moved nothing, that it was logged only.
  public func answeredFSRS(_ outcome: Deck.AnswerOutcome) -> String {
    let rating = DeckText.ratingWord(outcome.entry.rating)
    let (due, learning) = DeckText.due(outcome.card, clock: locale.clock)
    return DeckText.oneLine(outcome.card.front) + "\n"
      + (outcome.entry.kind.movesSchedule
        ? words.ratedNext(rating, due: due, learning: learning) : words.ratedEarly(rating, due: due)) + "\n"
  }

  /// When a card is next due under FSRS, as the answer lines say it: in learning or relearning
  /// (`learning` true) the step's day and time in the day zone, `2026-11-26 08:11`; in review, or
  /// without a state, the day.
  public static func due(_ card: Card, clock: DayClock) -> (text: String, learning: Bool) {
    let day = card.nextReviewDate.description
    guard let state = card.fsrs, state.state != .review else { return (day, false) }
    return ("\(day) \(clock.wallTime(at: state.due).description)", true)
  }

  /// The catalogue's name of a rating.
  public static func ratingWord(_ rating: FSRSRating) -> RatingWord {
    switch rating {
    case .again: .again
    case .hard: .hard
    case .good: .good
    case .easy: .easy
    }
  }

  /// When the recall item a wrong answer added will remind: at `reminder`, the first planned
  /// reminder that carries it, and why it moved; else at the item's own time.
  public func recallReminder(_ recall: RecallItem, reminder: Reminder?, now: Date) -> String {
    guard let reminder else {
      return words.recallReminder(at: Timestamp.human(recall.dueAt, in: locale.clock), moved: nil)
    }
    let why = PlanReport(locale: locale, now: now, days: 1, reminders: []).why(reminder)
    return words.recallReminder(
      at: Timestamp.human(reminder.fireAt, in: locale.clock), moved: why.isEmpty ? nil : why)
  }

  /// The open recall items' table, or that there are none.
  public func recalls(_ items: [RecallItem], allIDs: [String]) -> String {
    guard !items.isEmpty else { return words.noRecallItems + "\n" }
    let short = IDPrefix.short(allIDs)
    let clock = locale.clock
    var rows = [words.recallColumns]
    for item in items {
      let due = "\(clock.day(of: item.dueAt)) \(clock.wallTime(at: item.dueAt))"
      rows.append([
        short[item.id] ?? item.id, due, DeckText.oneLine(item.topic), DeckText.oneLine(item.note ?? ""),
      ])
    }
    return TextTable.render(rows)
  }
}
