import Foundation

/// FSRS-6's memory model as its optimizer trains it: the memory state a card's answers give, and
/// the probability of recall the model predicts for each answer given on a later day — with the
/// derivatives of both by the 21 weights (`FSRSDual`). The formulas are docs/scheduling.md's; the
/// details (which values are clamped, and where) follow the reference optimizer, so that a fit
/// here is judged on the model the reference evaluates.
struct FSRSModel {
  static let minimumStability = FSRSScheduler.minimumStability
  static let maximumStability = Double(FSRSScheduler.longestWaitDays)
  static let difficulty = FSRSScheduler.difficultyRange

  let w: [FSRSDual]
  private let decay: FSRSDual
  private let factor: FSRSDual
  private let easyDifficulty: FSRSDual
  private let exp8: FSRSDual
  private let failureFloorDivisor: FSRSDual

  /// The model of `weights`, each weight varying (its derivative by itself is 1).
  init(weights: [Double]) {
    w = weights.enumerated().map { FSRSDual.weight($0.offset, $0.element) }
    decay = -w[20]
    // F = 0.9^(1/decay) − 1, so that R(S, S) = 0.9.
    factor = (Foundation.log(0.9) / decay).exp() - 1
    easyDifficulty = w[4] - (w[5] * 3).exp() + 1
    exp8 = w[8].exp()
    failureFloorDivisor = (w[17] * w[18]).exp()
  }

  struct State {
    var stability: FSRSDual
    var difficulty: FSRSDual
  }

  /// R(t, S) = (1 + F·t/S)^decay.
  @inline(__always) func retrievability(elapsedDays: Int, stability: FSRSDual) -> FSRSDual {
    (factor / stability * Double(max(0, elapsedDays)) + 1).pow(decay)
  }

  @inline(__always) func initialDifficulty(_ rating: FSRSRating) -> FSRSDual {
    w[4] - (w[5] * Double(rating.rawValue - 1)).exp() + 1
  }

  /// The state after the first answer.
  @inline(__always) func first(_ rating: FSRSRating) -> State {
    State(
      stability: w[rating.rawValue - 1].clamped(Self.minimumStability, Self.maximumStability),
      difficulty: initialDifficulty(rating).clamped(Self.difficulty.lowerBound, Self.difficulty.upperBound))
  }

  /// The state after an answer rated `rating`, `elapsedDays` after the previous one.
  @inline(__always) func next(_ state: State, rating: FSRSRating, elapsedDays: Int) -> State {
    let s = state.stability.clamped(Self.minimumStability, Self.maximumStability)
    let d = state.difficulty.clamped(Self.difficulty.lowerBound, Self.difficulty.upperBound)
    let g = Double(rating.rawValue)
    var stability: FSRSDual
    if elapsedDays == 0 {
      // The same day: S' = S · e^(w17·(G − 3 + w18)) · S^(−w19), never lower after a pass.
      let increase = (w[17] * ((w[18] + (g - 3)))).exp() * s.pow(-w[19])
      stability = s * (rating == .again ? increase : FSRSDual.maximum(increase, FSRSDual(1)))
    } else {
      let r = retrievability(elapsedDays: elapsedDays, stability: s)
      if rating == .again {
        let hardness: FSRSDual = d.pow(-w[12])
        let kept: FSRSDual = (s + 1).pow(w[13]) - 1
        let lapse: FSRSDual = w[11] * hardness * kept * ((1 - r) * w[14]).exp()
        stability = FSRSDual.minimum(lapse, s / failureFloorDivisor)
      } else {
        let bonus: FSRSDual = ((1 - r) * w[10]).exp() - 1
        let saturation: FSRSDual = s.pow(-w[9])
        var growth: FSRSDual = exp8 * (11 - d) * saturation * bonus
        if rating == .hard { growth = growth * w[15] }
        if rating == .easy { growth = growth * w[16] }
        stability = s * (growth + 1)
      }
    }
    // D' = w7·D0(easy) + (1 − w7)·(D + ΔD·(10 − D)/9), ΔD = −w6·(G − 3).
    let step: FSRSDual = (10 - d) * (w[6] * (3 - g)) * (1.0 / 9)
    let moved: FSRSDual = d + step
    let reverted: FSRSDual = w[7] * (easyDifficulty - moved) + moved
    let difficulty =
      reverted
      .clamped(Self.difficulty.lowerBound, Self.difficulty.upperBound)
    return State(
      stability: stability.clamped(Self.minimumStability, Self.maximumStability), difficulty: difficulty)
  }

  /// Walks a card's answers and calls `predict` with the position and the retrievability the
  /// model gives each answer at a position in `positions` (ascending), from the answers before it.
  func walk(_ reviews: [FSRSTrainingReview], positions: [Int], predict: (Int, FSRSDual) -> Void) {
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
}
