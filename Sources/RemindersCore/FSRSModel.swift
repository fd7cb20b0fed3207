import Foundation

/// FSRS-6's memory model as its optimizer trains it: the memory state a card's answers give, and
/// the probability of recall the model predicts for each answer given on a later day, in plain
/// numbers or, for the derivatives by the 21 weights, in tracked ones (`FSRSTape`). The formulas
/// are docs/scheduling.md's; the details (which values are clamped, and where) follow the
/// reference optimizer, so that a fit here is judged on the model the reference evaluates. What
/// depends on the weights alone is worked out once, when the model is made.
struct FSRSModel<Number: FSRSNumber> {
  static var minimumStability: Double { FSRSScheduler.minimumStability }
  static var maximumStability: Double { Double(FSRSScheduler.longestWaitDays) }
  static var difficulty: ClosedRange<Double> { FSRSScheduler.difficultyRange }

  let w: [Number]
  private let decay: Number
  private let factor: Number
  private let easyDifficulty: Number
  private let exp8: Number
  private let failureFloorDivisor: Number
  private let negativeW9: Number
  private let negativeW12: Number
  private let negativeW19: Number
  /// By rating (again first): the state after a first answer; the same-day stability factor
  /// e^(w17·(G − 3 + w18)); the difficulty's step ΔD/9 = −w6·(G − 3)/9.
  private let firstState: [State]
  private let sameDay: [Number]
  private let difficultyStep: [Number]

  /// The model of the 21 `weights`.
  init(weights w: [Number]) {
    self.w = w
    decay = -w[20]
    // F = 0.9^(1/decay) − 1, so that R(S, S) = 0.9.
    factor = (Foundation.log(0.9) / decay).exp() - 1
    easyDifficulty = w[4] - (w[5] * 3).exp() + 1
    exp8 = w[8].exp()
    failureFloorDivisor = (w[17] * w[18]).exp()
    negativeW9 = -w[9]
    negativeW12 = -w[12]
    negativeW19 = -w[19]
    firstState = (1...4).map { g in
      State(
        stability: w[g - 1].clamped(Self.minimumStability, Self.maximumStability),
        difficulty: (w[4] - (w[5] * Double(g - 1)).exp() + 1)
          .clamped(Self.difficulty.lowerBound, Self.difficulty.upperBound))
    }
    sameDay = (1...4).map { g in (w[17] * (w[18] + Double(g - 3))).exp() }
    difficultyStep = (1...4).map { g in w[6] * (Double(3 - g) / 9) }
  }

  struct State {
    var stability: Number
    var difficulty: Number
  }

  /// R(t, S) = (1 + F·t/S)^decay.
  @inline(__always) func retrievability(elapsedDays: Int, stability: Number) -> Number {
    (factor / stability * Double(max(0, elapsedDays)) + 1).pow(decay)
  }

  /// The state after the first answer.
  @inline(__always) func first(_ rating: FSRSRating) -> State { firstState[rating.rawValue - 1] }

  /// The state after an answer rated `rating`, `elapsedDays` after the previous one.
  @inline(__always) func next(_ state: State, rating: FSRSRating, elapsedDays: Int) -> State {
    let s = state.stability.clamped(Self.minimumStability, Self.maximumStability)
    let d = state.difficulty.clamped(Self.difficulty.lowerBound, Self.difficulty.upperBound)
    var stability: Number
    if elapsedDays == 0 {
      // The same day: S' = S · e^(w17·(G − 3 + w18)) · S^(−w19), never lower after a pass.
      let increase = sameDay[rating.rawValue - 1] * s.pow(negativeW19)
      stability = s * (rating == .again ? increase : Number.maximum(increase, increase.constant(1)))
    } else {
      let r = retrievability(elapsedDays: elapsedDays, stability: s)
      if rating == .again {
        let hardness = d.pow(negativeW12)
        let kept = (s + 1).pow(w[13]) - 1
        let lapse = w[11] * hardness * kept * ((1 - r) * w[14]).exp()
        stability = Number.minimum(lapse, s / failureFloorDivisor)
      } else {
        let bonus = ((1 - r) * w[10]).exp() - 1
        let saturation = s.pow(negativeW9)
        var growth = exp8 * (11 - d) * saturation * bonus
        if rating == .hard { growth = growth * w[15] }
        if rating == .easy { growth = growth * w[16] }
        stability = s * (growth + 1)
      }
    }
    // D' = w7·D0(easy) + (1 − w7)·(D + ΔD·(10 − D)/9), ΔD = −w6·(G − 3).
    let moved = d + (10 - d) * difficultyStep[rating.rawValue - 1]
    let reverted = w[7] * (easyDifficulty - moved) + moved
    return State(
      stability: stability.clamped(Self.minimumStability, Self.maximumStability),
      difficulty: reverted.clamped(Self.difficulty.lowerBound, Self.difficulty.upperBound))
  }

  /// Walks a card's answers and calls `predict` with the position and the retrievability the
  /// model gives each answer at a position in `positions` (ascending), from the answers before it.
  func walk(_ reviews: [FSRSTrainingReview], positions: [Int], predict: (Int, Number) -> Void) {
    guard let last = positions.last else { return }
    var state = first(reviews[0].rating)
    var next = 0
    for position in 1...last {
      let review = reviews[position]
      if positions[next] == position {
        predict(position, retrievability(elapsedDays: review.elapsedDays, stability: state.stability))
        next += 1
      }
      if position < last { state = self.next(state, rating: review.rating, elapsedDays: review.elapsedDays) }
    }
  }

  /// The retrievability the model gives the last of `reviews` from the ones before it.
  @inline(__always) func retrievability(ofLast reviews: UnsafeBufferPointer<FSRSTrainingReview>) -> Number {
    var state = first(reviews[0].rating)
    var position = 1
    while position < reviews.count - 1 {
      state = next(state, rating: reviews[position].rating, elapsedDays: reviews[position].elapsedDays)
      position += 1
    }
    return retrievability(elapsedDays: reviews[reviews.count - 1].elapsedDays, stability: state.stability)
  }
}
