/// The 21 model weights of FSRS-6, `w[0]` … `w[20]` (`study.fsrs.parameters`,
/// docs/scheduling.md#settings).
///
/// What each weight means in the model (docs/scheduling.md has the whole story):
/// - `w[0]`…`w[3]`: the initial stability, in days, after a first rating of again, hard, good, easy.
/// - `w[4]`, `w[5]`: the initial difficulty, `D0(G) = w4 − e^(w5·(G−1)) + 1`.
/// - `w[6]`: how far one rating moves the difficulty; `w[7]`: how strongly the difficulty
///   reverts towards `D0(easy)` at each review.
/// - `w[8]`…`w[10]`: the growth of stability after a successful recall (scale, saturation with
///   stability, and the bonus for recalling at a low retrievability).
/// - `w[11]`…`w[14]`: the stability after a lapse (scale, difficulty, stability, retrievability).
/// - `w[15]`: the penalty for hard, `w[16]`: the bonus for easy.
/// - `w[17]`…`w[19]`: the change of stability for a review on the same day as the previous one.
/// - `w[20]`: the decay of the forgetting curve (FSRS-6 fits it; FSRS-5 fixed it at 0.5).
public struct FSRSParameters: Hashable, Sendable {
  /// The weights, 21 of them, each within its bounds.
  public let weights: [Double]

  /// FSRS-6's defaults (those of the reference implementation, PyPI `fsrs` 6.3.x).
  public static let defaultWeights: [Double] = [
    0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835,
    0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
  ]

  /// The smallest value each weight may take: the reference's, so that parameters it refuses are
  /// refused here too (an initial stability below 0.001 days, a decay below 0.1, …).
  public static let lowerBounds: [Double] = [
    FSRSScheduler.minimumStability, FSRSScheduler.minimumStability, FSRSScheduler.minimumStability,
    FSRSScheduler.minimumStability, 1.0, 0.001, 0.001, 0.001, 0.0, 0.0, 0.001, 0.001, 0.001, 0.001, 0.0, 0.0,
    1.0, 0.0, 0.0, 0.0, 0.1,
  ]

  /// The largest value each weight may take (the reference's).
  public static let upperBounds: [Double] = [
    100.0, 100.0, 100.0, 100.0, 10.0, 4.0, 4.0, 0.75, 4.5, 0.8, 3.5, 5.0, 0.25, 0.9, 4.0, 1.0, 6.0,
    2.0, 2.0, 0.8, 0.8,
  ]

  /// FSRS-6's defaults.
  public static let standard = FSRSParameters(checked: defaultWeights)

  /// Checks that there are 21 weights, each a number within its bounds (NaN never is).
  public init(_ weights: [Double]) throws(FSRSSettingsError) {
    guard weights.count == Self.defaultWeights.count else {
      throw .parameterCount(weights.count)
    }
    let outOfBounds = weights.indices.filter {
      !(Self.lowerBounds[$0]...Self.upperBounds[$0]).contains(weights[$0])
    }
    if let index = outOfBounds.first {
      throw .parameterOutOfBounds(
        index: index, value: weights[index], lower: Self.lowerBounds[index], upper: Self.upperBounds[index])
    }
    self.weights = weights
  }

  private init(checked weights: [Double]) { self.weights = weights }

  /// The weight `w[index]`.
  public subscript(index: Int) -> Double { weights[index] }
}

/// Why FSRS settings were refused.
public enum FSRSSettingsError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Not 21 weights.
  case parameterCount(Int)
  /// `w[index]` outside `lower…upper` (the first such weight).
  case parameterOutOfBounds(index: Int, value: Double, lower: Double, upper: Double)
  /// A desired retention not strictly between 0 and 1.
  case desiredRetention(Double)
  /// A learning or relearning step that is not a positive duration of at most 36500 days.
  case step(Duration)
  /// A maximum interval outside 1…36500 days.
  case maximumInterval(Int)

  public var description: String {
    switch self {
    case .parameterCount(let count): "FSRS needs 21 parameters, not \(count)"
    case .parameterOutOfBounds(let index, let value, let lower, let upper):
      "FSRS parameter \(index) is \(value), outside \(lower)…\(upper)"
    case .desiredRetention(let value): "desired retention \(value) is not between 0 and 1"
    case .step(let duration):
      "a learning step must be longer than zero and at most 36500 days, not \(duration)"
    case .maximumInterval(let days): "maximum interval \(days) is not between 1 and 36500 days"
    }
  }
}
