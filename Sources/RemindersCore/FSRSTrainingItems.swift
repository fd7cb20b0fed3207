import Foundation

/// One answer as the FSRS optimizer sees it: its rating and the calendar days since the card's
/// previous answer (0 for the first answer, and for an answer on the same day as the one before).
public struct FSRSTrainingReview: Hashable, Sendable {
  public var rating: FSRSRating
  public var elapsedDays: Int

  public init(rating: FSRSRating, elapsedDays: Int) {
    self.rating = rating
    self.elapsedDays = elapsedDays
  }
}

/// One training item: a card's answers from its first up to one given on a later day than the
/// answer before it (the item's *current* answer, which the model predicts from the ones before).
public struct FSRSTrainingItem: Hashable, Sendable {
  /// Which card (the index of its history in `FSRSTrainingSet.cards`).
  public var card: Int
  /// The answers, oldest first; the last one is the one predicted.
  public var reviews: ArraySlice<FSRSTrainingReview>

  /// The answer predicted.
  public var current: FSRSTrainingReview { reviews[reviews.endIndex - 1] }

  /// How many of the answers were given on a later day than the one before (the reference's
  /// "long-term review count").
  public var longTermReviews: Int { reviews.reduce(0) { $0 + ($1.elapsedDays > 0 ? 1 : 0) } }

  /// The first answer given on a later day than the one before.
  var firstLongTermReview: FSRSTrainingReview { reviews.first { $0.elapsedDays > 0 }! }
}

/// The optimizer's data: each card's answers, and the items built from them, as the reference
/// optimizer (the `fsrs` crate Anki ships) takes them (docs/scheduling.md#fitting-the-parameters).
public struct FSRSTrainingSet: Sendable {
  /// Each card's answers, oldest first.
  public let cards: [[FSRSTrainingReview]]
  /// One item for each answer given on a later calendar day than the card's previous answer,
  /// ordered by the instant of that answer (ties: by card, then by position).
  public let items: [FSRSTrainingItem]
  /// The answers the items were built from: each card's, up to its last item's.
  public let reviewCount: Int

  public init(cards: [[FSRSTrainingReview]], items: [FSRSTrainingItem], reviewCount: Int) {
    self.cards = cards
    self.items = items
    self.reviewCount = reviewCount
  }

  /// The items of a review log: each card's entries that moved its schedule (an answer logged
  /// `relearn` or `early` moved nothing and is left out, as the FSRS replay leaves it out), in
  /// order of their instants; the gap between two answers in calendar days of the day zone.
  /// Cards are taken in the order of their ids, so that ties sort the same on every run.
  public init(log: [ReviewEntry], clock: DayClock) {
    var byCard: [String: [ReviewEntry]] = [:]
    for entry in log where entry.kind.movesSchedule {
      byCard[entry.cardID, default: []].append(entry)
    }
    var cards: [[FSRSTrainingReview]] = []
    var keyed: [(at: Date, card: Int, position: Int)] = []
    var reviewCount = 0
    for id in byCard.keys.sorted() {
      let answers = byCard[id]!.enumerated().sorted {
        $0.element.at != $1.element.at ? $0.element.at < $1.element.at : $0.offset < $1.offset
      }.map(\.element)
      var reviews: [FSRSTrainingReview] = []
      reviews.reserveCapacity(answers.count)
      var previousDay: Day?
      var positions: [(Date, Int)] = []
      for (position, answer) in answers.enumerated() {
        let day = clock.day(of: answer.at)
        let elapsed = previousDay.map { max(0, day.number - $0.number) } ?? 0
        reviews.append(FSRSTrainingReview(rating: answer.rating, elapsedDays: elapsed))
        if position > 0 && elapsed > 0 { positions.append((answer.at, position)) }
        previousDay = day
      }
      guard !positions.isEmpty else { continue }
      let card = cards.count
      cards.append(reviews)
      reviewCount += positions.last!.1 + 1
      keyed += positions.map { (at: $0.0, card: card, position: $0.1) }
    }
    keyed.sort {
      $0.at != $1.at ? $0.at < $1.at : $0.card != $1.card ? $0.card < $1.card : $0.position < $1.position
    }
    self.cards = cards
    self.items = keyed.map { FSRSTrainingItem(card: $0.card, reviews: cards[$0.card][...($0.position)]) }
    self.reviewCount = reviewCount
  }
}
