import Foundation
import RemindersCore
import Testing

/// FSRS-6's settings and a few results worked out by hand; FSRSReferenceTests compares thousands
/// of histories with the reference implementation.
@Suite struct FSRSTests {
  /// Near the reference date, where a `Date` holds far less than a microsecond.
  static let t0 = Date(timeIntervalSinceReferenceDate: 1_000)
  static let w = FSRSParameters.defaultWeights

  @Test func defaultsAreFSRS6s() throws {
    let scheduler = FSRSScheduler.standard
    #expect(scheduler.parameters.weights.count == 21)
    #expect(scheduler.parameters.weights.first == 0.212)
    #expect(scheduler.parameters.weights.last == 0.1542)
    #expect(scheduler.desiredRetention == 0.9)
    #expect(scheduler.learningSteps == [.seconds(60), .seconds(600)])
    #expect(scheduler.relearningSteps == [.seconds(600)])
    #expect(scheduler.maximumInterval == 36500)
    #expect(try FSRSParameters(Self.w) == .standard)
  }

  @Test func parametersAreChecked() {
    #expect(throws: FSRSSettingsError.parameterCount(20)) { try FSRSParameters(Array(Self.w.prefix(20))) }
    var weights = Self.w
    weights[20] = 0.05
    #expect(throws: FSRSSettingsError.parameterOutOfBounds(index: 20, value: 0.05, lower: 0.1, upper: 0.8)) {
      try FSRSParameters(weights)
    }
    weights = Self.w
    weights[7] = .nan
    #expect(throws: FSRSSettingsError.self) { try FSRSParameters(weights) }
    weights = Self.w
    weights[4] = 10.0  // the bounds themselves are allowed
    #expect(throws: Never.self) { try FSRSParameters(weights) }
  }

  @Test func settingsAreChecked() {
    for retention in [0.0, 1.0, 1.5, -0.1, .nan] {
      #expect(throws: FSRSSettingsError.self) { try FSRSScheduler(desiredRetention: retention) }
    }
    #expect(throws: FSRSSettingsError.step(.zero)) {
      try FSRSScheduler(learningSteps: [.seconds(60), .zero])
    }
    #expect(throws: FSRSSettingsError.step(.seconds(-1))) {
      try FSRSScheduler(relearningSteps: [.seconds(-1)])
    }
    #expect(throws: FSRSSettingsError.maximumInterval(0)) { try FSRSScheduler(maximumInterval: 0) }
    #expect(throws: FSRSSettingsError.maximumInterval(36501)) { try FSRSScheduler(maximumInterval: 36501) }
    #expect(throws: FSRSSettingsError.step(.seconds(36501 * 86_400))) {
      try FSRSScheduler(learningSteps: [.seconds(36501 * 86_400)])
    }
    #expect(throws: Never.self) { try FSRSScheduler(relearningSteps: [.seconds(36500 * 86_400)]) }
    #expect(throws: Never.self) {
      try FSRSScheduler(learningSteps: [], relearningSteps: [], maximumInterval: 1)
    }
  }

  /// A first good: the next learning step (10 minutes), `S0 = w2`, `D0 = w4 − e^(2·w5) + 1`.
  @Test func firstGoodClimbsOneStep() {
    let card = FSRSScheduler.standard.review(.new(due: Self.t0), rating: .good, at: Self.t0)
    #expect(card.state == .learning)
    #expect(card.step == 1)
    #expect(card.stability == Self.w[2])
    #expect(card.difficulty == Self.w[4] - pow(2.718281828459045, 2 * Self.w[5]) + 1)
    #expect(card.due == Self.t0.addingTimeInterval(600))
    #expect(card.lastReview == Self.t0)
    #expect(!card.isNew)
    #expect(card.isDue(at: Self.t0.addingTimeInterval(600)))
    #expect(!card.isDue(at: Self.t0.addingTimeInterval(599)))
  }

  /// A first easy goes to review at once, due after `I(w3)` days: at retention 0.9, `round(w3)`.
  @Test func firstEasyEntersReview() {
    let card = FSRSScheduler.standard.review(.new(due: Self.t0), rating: .easy, at: Self.t0)
    #expect(card.state == .review)
    #expect(card.step == nil)
    #expect(card.due == Self.t0.addingTimeInterval(8 * 86_400))
  }

  /// Hard on the first step lasts 1.5 times a lone step, or the mean of the first two, in whole
  /// microseconds rounded half to even as `timedelta` rounds (1.5000015 s → 1.500002 s,
  /// 1.9999995 s → 2 s).
  @Test func hardOnTheFirstStep() throws {
    let lone = try FSRSScheduler(learningSteps: [.microseconds(1_000_001)])
    let first = lone.review(.new(due: Self.t0), rating: .hard, at: Self.t0)
    #expect(first.step == 0)
    #expect(abs(first.due.timeIntervalSince(Self.t0) - 1.500002) < 1e-9)
    let two = try FSRSScheduler(learningSteps: [.microseconds(999_999), .seconds(3)])
    #expect(
      abs(two.review(.new(due: Self.t0), rating: .hard, at: Self.t0).due.timeIntervalSince(Self.t0) - 2)
        < 1e-9)
    let standard = FSRSScheduler.standard.review(.new(due: Self.t0), rating: .hard, at: Self.t0)
    #expect(standard.due == Self.t0.addingTimeInterval(330))
  }

  /// Again in review goes to the first relearning step, or, with none, stays in review.
  @Test func lapse() throws {
    let reviewed = FSRSCard(
      state: .review, step: nil, stability: 20, difficulty: 5, due: Self.t0, lastReview: Self.t0 - 20 * 86_400
    )
    let relearning = FSRSScheduler.standard.review(reviewed, rating: .again, at: Self.t0)
    #expect(relearning.state == .relearning)
    #expect(relearning.step == 0)
    #expect(relearning.due == Self.t0.addingTimeInterval(600))
    #expect(relearning.stability! < 20)
    #expect(relearning.difficulty! > 5)
    let stays = try FSRSScheduler(relearningSteps: []).review(reviewed, rating: .again, at: Self.t0)
    #expect(stays.state == .review)
    #expect(stays.due > Self.t0.addingTimeInterval(86_399))
  }

  /// The interval is where retrievability meets the desired retention: `S` days at 0.9, at least
  /// one day, at most the maximum.
  @Test func interval() throws {
    #expect(FSRSScheduler.standard.interval(stability: 10) == 10)
    #expect(FSRSScheduler.standard.interval(stability: 0.01) == 1)
    #expect(FSRSScheduler.standard.interval(stability: 1e9) == 36500)
    #expect(try FSRSScheduler(desiredRetention: 0.8).interval(stability: 10) > 10)
    #expect(try FSRSScheduler(maximumInterval: 7).interval(stability: 10) == 7)
  }

  /// `R(S) = 0.9`; whole days count, so less than a day after the review `R` is 1; never reviewed, 0.
  @Test func retrievability() {
    let scheduler = FSRSScheduler.standard
    let card = FSRSCard(
      state: .review, step: nil, stability: 10, difficulty: 5, due: Self.t0, lastReview: Self.t0)
    #expect(abs(scheduler.retrievability(of: card, at: Self.t0 + 10 * 86_400) - 0.9) < 1e-12)
    #expect(scheduler.retrievability(of: card, at: Self.t0 + 86_399) == 1)
    #expect(scheduler.retrievability(of: card, at: Self.t0 - 86_400 * 3) == 1)
    #expect(scheduler.retrievability(of: card, at: Self.t0 + 30 * 86_400) < 0.9)
    #expect(scheduler.retrievability(of: .new(due: Self.t0), at: Self.t0) == 0)
  }

  /// Ladder answers replay in the order of their instants (ties as given): correct is good,
  /// wrong is again; none leave the card new.
  @Test func ladderReplay() {
    let scheduler = FSRSScheduler.standard
    #expect(scheduler.replayLadder([], newCardDue: Self.t0) == .new(due: Self.t0))
    let answers: [(at: Date, correct: Bool)] = [
      (Self.t0, true), (Self.t0 + 700, true), (Self.t0 + 9 * 86_400, false),
      (Self.t0 + 9 * 86_400 + 900, true),
    ]
    let expected = answers.reduce(FSRSCard.new(due: Self.t0)) {
      scheduler.review($0, rating: $1.correct ? .good : .again, at: $1.at)
    }
    #expect(scheduler.replayLadder(answers, newCardDue: Self.t0) == expected)
    #expect(scheduler.replayLadder(answers.reversed(), newCardDue: Self.t0) == expected)
    let tie: [(at: Date, correct: Bool)] = [(Self.t0, true), (Self.t0, false)]
    let tieReversed: [(at: Date, correct: Bool)] = [(Self.t0, false), (Self.t0, true)]
    #expect(scheduler.replayLadder(tie, newCardDue: Self.t0).step == 0)
    #expect(scheduler.replayLadder(tieReversed, newCardDue: Self.t0).step == 1)
  }
}
