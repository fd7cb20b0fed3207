import RemindersCore
import Testing

/// The rules by which an Anki review log becomes the optimizer's items, case by case (the real
/// check is FSRSOptimizeTests' `--anki` against Anki's own optimizer).
@Suite struct AnkiReviewLogTests {
  static let nextDayAt: Int64 = 86_400 * 1000

  static func entry(
    _ kind: AnkiRevlogEntry.Kind, daysAgo: Int64, ease: Int = 3, factor: Int = 2500, card: Int64 = 1
  ) -> AnkiRevlogEntry {
    AnkiRevlogEntry(
      id: (nextDayAt - daysAgo * 86_400) * 1000, card: card, ease: ease, kind: kind, factor: factor)
  }

  static func items(_ log: [AnkiRevlogEntry]) -> [[Int]] {
    FSRSTrainingSet(ankiLog: log, nextDayAt: nextDayAt).items.map { $0.reviews.map(\.elapsedDays) }
  }

  @Test func gapsAreAnkisDays() {
    #expect(Self.items([Self.entry(.learning, daysAgo: 1), Self.entry(.review, daysAgo: 0)]) == [[0, 1]])
    #expect(
      Self.items([
        Self.entry(.learning, daysAgo: 15), Self.entry(.learning, daysAgo: 13),
        Self.entry(.review, daysAgo: 10),
        Self.entry(.review, daysAgo: 5),
      ]) == [[0, 2], [0, 2, 3], [0, 2, 3, 5]])
    // One learning answer alone predicts nothing.
    #expect(Self.items([Self.entry(.learning, daysAgo: 1)]) == [])
  }

  @Test func crammingAndSettingTheDueDateAreLeftOut() {
    let cram = Self.entry(.filtered, daysAgo: 7, factor: 0)
    let setDue = Self.entry(.manual, daysAgo: 7, ease: 0, factor: 100)
    let rescheduled = Self.entry(.rescheduled, daysAgo: 7, ease: 0)
    for noise in [cram, setDue, rescheduled] {
      #expect(
        Self.items([
          Self.entry(.learning, daysAgo: 10), Self.entry(.review, daysAgo: 9), noise,
          Self.entry(.review, daysAgo: 4),
        ]) == [[0, 1], [0, 1, 5]])
    }
  }

  @Test func aResetStartsTheHistoryAgain() {
    let reset = Self.entry(.manual, daysAgo: 7, ease: 0, factor: 0)
    #expect(
      Self.items([
        Self.entry(.learning, daysAgo: 10), reset, Self.entry(.learning, daysAgo: 4),
        Self.entry(.review, daysAgo: 0),
      ]) == [[0, 4]])
    // Answered after the reset, but never in learning: nothing to train on.
    #expect(
      Self.items([
        Self.entry(.learning, daysAgo: 10), Self.entry(.review, daysAgo: 9), reset,
        Self.entry(.review, daysAgo: 1),
        Self.entry(.relearning, daysAgo: 0),
      ]) == [])
    // Imported: no learning answer at all.
    #expect(Self.items([Self.entry(.review, daysAgo: 9), Self.entry(.review, daysAgo: 1)]) == [])
  }

  @Test func itemsAreInTheOrderOfTheirEntries() {
    let log = [
      Self.entry(.learning, daysAgo: 9, card: 1), Self.entry(.review, daysAgo: 2, card: 1),
      Self.entry(.learning, daysAgo: 8, card: 2), Self.entry(.review, daysAgo: 5, card: 2),
    ]
    let set = FSRSTrainingSet(ankiLog: log, nextDayAt: Self.nextDayAt)
    #expect(set.items.map(\.current.elapsedDays) == [3, 7])
    #expect(set.reviewCount == 4)
  }
}
