import RemindersCore
import Testing

@testable import RemindersTerminal

/// The review keys under FSRS (docs/commands.md#reminders-review): 1–4 rate a card again, hard,
/// good and easy; y and n stay good and again; under the ladder, and for a recall item, 1 and 2
/// stay yes and no.
@Suite struct RatingKeyTests {
  @Test func digitsRateACardUnderFSRS() {
    let ratings: [FSRSRating] = [.again, .hard, .good, .easy]
    for (digit, rating) in zip("1234", ratings) {
      #expect(ReviewCommand(.character(digit), ratings: true) == .rated(rating))
      #expect(ReviewCommand(line: " \(digit) ", ratings: true) == .rated(rating))
    }
    #expect(ReviewCommand(.character("y"), ratings: true) == .remembered)
    #expect(ReviewCommand(.right, ratings: true) == .remembered)
    #expect(ReviewCommand(.character("n"), ratings: true) == .forgot)
    #expect(ReviewCommand(.character("5"), ratings: true) == .unknown)
    #expect(ReviewCommand(line: "5", ratings: true) == .unknown)
    #expect(ReviewCommand.remembered.rating == .good && ReviewCommand.forgot.rating == .again)
  }

  @Test func theLadderKeepsOneAndTwo() {
    #expect(ReviewCommand(.character("1")) == .remembered)
    #expect(ReviewCommand(.character("2")) == .forgot)
    #expect(ReviewCommand(.character("3")) == .unknown)
    #expect(ReviewCommand(line: "1") == .remembered)
    #expect(ReviewCommand(line: "2") == .forgot)
  }

  /// The ratings' words are answers in plain mode, whatever the case, in either mode.
  @Test func plainLinesTakeTheWords() {
    for ratings in [false, true] {
      #expect(ReviewCommand(line: "again", ratings: ratings) == .rated(.again))
      #expect(ReviewCommand(line: "Hard", ratings: ratings) == .rated(.hard))
      #expect(ReviewCommand(line: "GOOD", ratings: ratings) == .rated(.good))
      #expect(ReviewCommand(line: "easy", ratings: ratings) == .rated(.easy))
    }
  }

  /// The key line and the key list of a revealed card show the four ratings in both languages.
  @Test func theScreenShowsTheRatings() {
    var state = ReviewScreen.State(
      kind: .card, number: 1, total: 2, front: "食べる", back: "to eat", revealed: true, ratings: true)
    #expect(ReviewScreen.keyLine(state, language: .en).hasPrefix("1: again · 2: hard · 3: good · 4: easy"))
    #expect(ReviewScreen.keyLine(state, language: .ja).hasPrefix("1: もう一度 · 2: 難しい · 3: 正解 · 4: 簡単"))
    state.showingKeys = true
    let lines = ReviewScreen.render(state, width: 80, height: 30, language: .en, color: false)
    #expect(lines.contains { $0.contains("4               easy") })
    state.ratings = false
    #expect(ReviewScreen.keyLine(state, language: .en).hasPrefix("y/1/→: remembered"))
    // A recall item keeps its keys.
    let recall = ReviewScreen.State(kind: .recall, number: 2, total: 2, front: "topic", ratings: true)
    #expect(ReviewScreen.keyLine(recall, language: .en).hasPrefix("y/1/→: recalled"))
  }
}
