import Foundation

/// How well a set of weights predicts a history: the log loss of its predictions and the RMSE
/// of its bins, as the reference optimizer's `evaluate` computes them (recency-weighted).
public struct FSRSEvaluation: Equatable, Sendable {
  public var logLoss: Double
  public var rmseBins: Double

  public init(logLoss: Double, rmseBins: Double) {
    self.logLoss = logLoss
    self.rmseBins = rmseBins
  }
}

/// The weights fitted to a history, and what they were fitted from.
public struct FSRSFit: Equatable, Sendable {
  /// How far the fit went: with fewer than 64 usable reviews (or none beyond each card's first
  /// day after its first answer), only the initial stabilities are fitted, as the reference does.
  public enum Extent: String, Sendable {
    case all
    case initialStability = "initial-stability"
  }

  public var weights: [Double]
  public var extent: Extent
  /// The reviews the fit used: those the reference's outlier filter keeps.
  public var usableReviews: Int
}

/// Why there is no fit.
public enum FSRSFitRefusal: Error, Equatable, Sendable {
  /// Fewer usable reviews than the fit needs (`FSRSOptimizer.minimumReviews`).
  case tooLittleHistory(usable: Int, needed: Int)
}

/// Fits FSRS-6's 21 weights to a learner's history, by the published training method of the
/// reference optimizer (the `fsrs` crate that Anki ships, 6.6): the outlier filter, the initial
/// stabilities from each first rating's first reviews, then five epochs of Adam on the
/// recency-weighted log loss with an L2 pull towards the starting weights, the learning rate on a
/// cosine schedule, the weights clamped to their bounds after each step
/// (docs/scheduling.md#fitting-the-parameters). Pure: the history in, weights out.
public struct FSRSOptimizer: Sendable {
  /// Fewer usable reviews than this and the reference gives back its defaults: there is no fit.
  public static let minimumReviews = 8
  /// Fewer than this and only the initial stabilities are fitted.
  public static let minimumForTraining = 64

  public var epochs = 5
  public var batchSize = 512
  public var learningRate = 4e-2
  public var maximumLength = 256
  public var gamma = 1.0
  public var seed: UInt64 = 2023
  /// The relearning steps in use: with more than one, the bound on `w17·w18` tightens so that a
  /// lapse never leaves a card more stable than before (the reference's rule).
  public var relearningSteps = 1

  public init(relearningSteps: Int = 1) { self.relearningSteps = relearningSteps }

  /// How far each weight may move from its start before the L2 pull weighs as one unit of loss
  /// (the reference's spread of each weight across many learners).
  static let spread: [Double] = [
    6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6, 0.12, 0.39, 0.18, 0.33, 0.3, 0.09, 0.16, 0.57, 0.25,
    1.03, 0.31, 0.32, 0.14, 0.27,
  ]

  // MARK: - Fitting

  public func fit(_ set: FSRSTrainingSet) throws(FSRSFitRefusal) -> FSRSFit {
    let (initialization, training) = Self.filterOutliers(set.items)
    guard training.count >= Self.minimumReviews else {
      throw .tooLittleHistory(usable: training.count, needed: Self.minimumReviews)
    }
    let averageRecall =
      Double(training.reduce(0) { $0 + ($1.current.rating != .again ? 1 : 0) }) / Double(training.count)
    let (initialStability, ratingCounts) = Self.initialStability(initialization, averageRecall: averageRecall)
    var start = FSRSParameters.defaultWeights
    start.replaceSubrange(0..<4, with: initialStability)
    if training.count == initialization.count || training.count < Self.minimumForTraining {
      return FSRSFit(weights: start, extent: .initialStability, usableReviews: training.count)
    }
    var trained = train(set, items: training, start: start)
    var fitted: [Int: Double] = [:]
    for rating in 1...4 { fitted[rating] = trained[rating - 1] }
    trained.replaceSubrange(0..<4, with: Self.smoothAndFill(fitted, counts: ratingCounts))
    return FSRSFit(weights: trained, extent: .all, usableReviews: training.count)
  }

  /// The reference's outlier filter. Among the first reviews on a later day (grouped by the
  /// card's first rating, then by the days since it), the smallest groups making up 5 % of each
  /// rating's reviews (at least 20) are dropped, and so are groups of fewer than six or a gap
  /// above 100 days (365 after easy); every item of a card whose first gap was dropped goes too.
  /// Returns the first reviews kept (for the initial stabilities) and the items kept.
  static func filterOutliers(_ items: [FSRSTrainingItem]) -> (
    initialization: [FSRSTrainingItem], training: [FSRSTrainingItem]
  ) {
    var groups: [Int: [Int: [Int]]] = [:]
    for (index, item) in items.enumerated() where item.longTermReviews == 1 {
      groups[item.reviews.first!.rating.rawValue, default: [:]][item.current.elapsedDays, default: []]
        .append(index)
    }
    var removed: [Int: Set<Int>] = [:]
    var kept: [Int] = []
    for rating in groups.keys.sorted() {
      // Smallest first; among equals, the shorter gap first.
      let subgroups = groups[rating]!.sorted {
        $0.value.count != $1.value.count ? $0.value.count < $1.value.count : $0.key < $1.key
      }
      let total = subgroups.reduce(0) { $0 + $1.value.count }
      var dropped = 0
      for (gap, indices) in subgroups {
        if dropped + indices.count >= max(20, total / 20) {
          if indices.count >= 6 && gap <= (rating != 4 ? 100 : 365) {
            kept += indices
          } else {
            removed[rating, default: []].insert(gap)
          }
        } else {
          dropped += indices.count
          removed[rating, default: []].insert(gap)
        }
      }
    }
    let training = items.filter {
      !(removed[$0.reviews.first!.rating.rawValue]?.contains($0.firstLongTermReview.elapsedDays) ?? false)
    }
    return (kept.map { items[$0] }, training)
  }

  /// The initial stability after each first rating, searched on the first reviews on a later day
  /// (the reference's pretraining): for each first rating, the stability whose forgetting curve
  /// (at the default decay) best fits the recall after each gap, smoothed towards the average
  /// recall, with a small pull towards the default; then ordered and filled in (`smoothAndFill`).
  static func initialStability(_ items: [FSRSTrainingItem], averageRecall: Double) -> (
    [Double], [Int: Int]
  ) {
    // first rating → gap → (recalled, count)
    var groups: [Int: [Int: (recalled: Int, count: Int)]] = [:]
    for item in items where item.longTermReviews == 1 {
      let review = item.firstLongTermReview
      let first = item.reviews.first!.rating.rawValue
      var group = groups[first]?[review.elapsedDays] ?? (0, 0)
      group.recalled += review.rating != .again ? 1 : 0
      group.count += 1
      groups[first, default: [:]][review.elapsedDays] = group
    }
    var counts: [Int: Int] = [:]
    var stabilities: [Int: Double] = [:]
    let decay = -FSRSParameters.defaultWeights[20]
    let factor = Foundation.pow(0.9, 1 / decay) - 1
    for (rating, gaps) in groups {
      counts[rating] = gaps.values.reduce(0) { $0 + $1.count }
      let data = gaps.map { gap, value in
        (
          t: Double(gap), count: Double(value.count),
          recall: (Double(value.recalled) + averageRecall) / (Double(value.count) + 1)
        )
      }
      let standard = FSRSParameters.defaultWeights[rating - 1]
      func loss(_ s: Double) -> Double {
        var total = 0.0
        for point in data {
          let predicted = Foundation.pow(point.t / s * factor + 1, decay)
          total -=
            (point.recall * Foundation.log(predicted) + (1 - point.recall) * Foundation.log(1 - predicted))
            * point.count
        }
        return total + abs(s - standard) / 16
      }
      var low = FSRSScheduler.minimumStability
      var high = FSRSParameters.upperBounds[0]
      var best = standard
      var iterations = 0
      while high - low > Double.ulpOfOne && iterations < 1000 {
        iterations += 1
        let third1 = low + (high - low) / 3
        let third2 = high - (high - low) / 3
        if loss(third1) < loss(third2) { high = third2 } else { low = third1 }
        best = (high + low) / 2
      }
      stabilities[rating] = best
    }
    return (smoothAndFill(stabilities, counts: counts), counts)
  }

  /// The four initial stabilities from those found: put in order (a smaller rating never more
  /// stable than a larger one; the rating with more reviews wins), the missing ones filled in
  /// from the others by the reference's ratios, each clamped to 0.001…100 days.
  static func smoothAndFill(_ found: [Int: Double], counts: [Int: Int]) -> [Double] {
    var s = found.filter { counts[$0.key] != nil }
    for (small, big) in [(1, 2), (2, 3), (3, 4), (1, 3), (2, 4), (1, 4)] {
      if let a = s[small], let b = s[big], a > b {
        if counts[small]! > counts[big]! { s[big] = a } else { s[small] = b }
      }
    }
    let w1 = 0.41
    let w2 = 0.54
    let standard = Array(FSRSParameters.defaultWeights[0..<4])
    var filled: [Double]
    switch s.count {
    case 0:
      filled = standard
    case 1:
      let (rating, value) = s.first!
      filled = standard.map { $0 * value / standard[rating - 1] }
    default:
      func p(_ x: Double, _ y: Double) -> Double { Foundation.pow(x, y) }
      var r1 = s[1]
      var r2 = s[2]
      var r3 = s[3]
      var r4 = s[4]
      if s.count == 2 {
        switch (r1, r2, r3, r4) {
        case (nil, nil, let r3?, let r4?):
          r2 = p(r3, 1 / (1 - w2)) * p(r4, 1 - 1 / (1 - w2))
          r1 = p(r2!, 1 / w1) * p(r3, 1 - 1 / w1)
        case (nil, let r2?, nil, let r4?):
          r3 = p(r2, 1 - w2) * p(r4, w2)
          r1 = p(r2, 1 / w1) * p(r3!, 1 - 1 / w1)
        case (nil, let r2?, let r3?, nil):
          r4 = p(r2, 1 - 1 / w2) * p(r3, 1 / w2)
          r1 = p(r2, 1 / w1) * p(r3, 1 - 1 / w1)
        case (let r1?, nil, nil, let r4?):
          let k = w1 / (w1 + w2 - w1 * w2)
          let m = w2 / (w1 + w2 - w1 * w2)
          r2 = p(r1, k) * p(r4, 1 - k)
          r3 = p(r1, 1 - m) * p(r4, m)
        case (let r1?, nil, let r3?, nil):
          r2 = p(r1, w1) * p(r3, 1 - w1)
          r4 = p(r2!, 1 - 1 / w2) * p(r3, 1 / w2)
        case (let r1?, let r2?, nil, nil):
          r3 = p(r1, 1 - 1 / (1 - w1)) * p(r2, 1 / (1 - w1))
          r4 = p(r2, 1 - 1 / w2) * p(r3!, 1 / w2)
        default: break
        }
      } else if s.count == 3 {
        if r1 == nil, let r2, let r3 {
          r1 = p(r2, 1 / w1) * p(r3, 1 - 1 / w1)
        } else if r2 == nil, let r1, let r3 {
          r2 = p(r1, w1) * p(r3, 1 - w1)
        } else if r3 == nil, let r2, let r4 {
          r3 = p(r2, 1 - w2) * p(r4, w2)
        } else if r4 == nil, let r2, let r3 {
          r4 = p(r2, 1 - 1 / w2) * p(r3, 1 / w2)
        }
      }
      filled = [r1!, r2!, r3!, r4!]
    }
    return filled.map { min(max($0, FSRSScheduler.minimumStability), FSRSParameters.upperBounds[0]) }
  }

  /// An item as training walks it: where its answers start among all the cards' (end to end),
  /// how many, whether the last was recalled, and its recency weight.
  struct Target {
    var start: Int
    var count: Int
    var label: Double
    var weight: Double
  }

  /// The gradient by the weights of the loss of `targets`, each item's answers walked from its
  /// first on `tape`.
  static func gradient(
    at weights: [Double], of targets: UnsafeBufferPointer<Target>.SubSequence,
    answers: UnsafeBufferPointer<FSRSTrainingReview>, tape: FSRSTape
  ) -> [Double] {
    // The weights and what comes of them alone (decay, factor…) first: each item's steps are
    // swept back down to them, and the sums gathered on them swept back once at the end.
    let leaves = weights.map(tape.variable)
    let model = FSRSModel(weights: leaves)
    let floor = tape.count
    for target in targets {
      let r = model.retrievability(
        ofLast: UnsafeBufferPointer(rebasing: answers[target.start..<target.start + target.count]))
      // d/dR of −w·(y·ln R + (1 − y)·ln(1 − R)), R kept inside (0, 1) as the reference does.
      let inside = r.value > 1e-7 && r.value < 1 - 1e-7
      let slope = inside ? -target.weight * (target.label / r.value - (1 - target.label) / (1 - r.value)) : 0
      tape.backward(from: r, slope: slope, floor: floor)
    }
    return tape.derivatives(of: leaves)
  }

  /// Adam on the recency-weighted log loss of `items`, from `start`.
  func train(_ set: FSRSTrainingSet, items: [FSRSTrainingItem], start: [Double]) -> [Double] {
    // Every card's answers end to end, so that an item is where its answers start and how many.
    var starts: [Int] = []
    var answers: [FSRSTrainingReview] = []
    for card in set.cards {
      starts.append(answers.count)
      answers += card
    }
    // Recency weights over the usable items in time order: the latest count four times the oldest.
    let span = Double(max(items.count - 1, 1))
    var targets: [Target] = []
    for (index, item) in items.enumerated() where item.reviews.count <= maximumLength {
      let weight = 0.25 + 0.75 * Foundation.pow(Double(index) / span, 3)
      targets.append(
        Target(
          start: starts[item.card] + item.reviews.startIndex - set.cards[item.card].startIndex,
          count: item.reviews.count, label: item.current.rating != .again ? 1 : 0, weight: weight))
    }
    let used = targets.count
    // The reference's batches: the items in order of length (in time order among equals),
    // `batchSize` to a batch, each item's answers walked on their own.
    targets = targets.enumerated().sorted { ($0.element.count, $0.offset) < ($1.element.count, $1.offset) }
      .map(\.element)
    let batches = stride(from: 0, to: used, by: batchSize).map { $0..<min($0 + batchSize, used) }

    var weights = start
    var adam = Adam()
    var schedule = CosineSchedule(steps: Double((used / batchSize + 1) * epochs), start: learningRate)
    var random = SplitMix(seed: seed)
    var order = Array(batches.indices)
    // Each batch in two halves, one on each of two tapes (and threads), their gradients added:
    // always two, whatever the machine, so that a fit is the same everywhere.
    let tapes = [FSRSTape(), FSRSTape()]
    answers.withUnsafeBufferPointer { answers in
      targets.withUnsafeBufferPointer { targets in
        // Read only while the threads run.
        nonisolated(unsafe) let answers = answers
        nonisolated(unsafe) let targets = targets
        for _ in 0..<epochs {
          random.shuffle(&order)
          for b in order {
            let batch = batches[b]
            let middle = batch.lowerBound + batch.count / 2
            let halves = [batch.lowerBound..<middle, middle..<batch.upperBound]
            let current = weights
            var sums = [[Double]](repeating: [], count: 2)
            sums.withUnsafeMutableBufferPointer { sums in
              nonisolated(unsafe) let sums = sums
              DispatchQueue.concurrentPerform(iterations: 2) { half in
                sums[half] = Self.gradient(
                  at: current, of: targets[halves[half]], answers: answers, tape: tapes[half])
              }
            }
            let scale = gamma * Double(batch.count) / Double(used)
            var g = [Double](repeating: 0, count: 21)
            for i in 0..<21 {
              g[i] =
                sums[0][i] + sums[1][i] + 2 * (weights[i] - start[i]) / (Self.spread[i] * Self.spread[i])
                * scale
            }
            adam.step(&weights, gradient: g, rate: schedule.next())
            clamp(&weights)
          }
        }
      }
    }
    return weights
  }

  /// The training bounds: the weights' own (`FSRSParameters`), with `w19` at least 0.01 and, with
  /// more than one relearning step, `w17` and `w18` kept low enough that the relearning steps
  /// cannot leave a lapsed card more stable than it was.
  func clamp(_ w: inout [Double]) {
    var ceiling = 2.0
    if relearningSteps > 1 {
      let room =
        -(Foundation.log(w[11]) + Foundation.log(Foundation.pow(2, w[13]) - 1) + w[14] * 0.3)
        / Double(relearningSteps)
      ceiling = min(max(room, 0.01).squareRoot(), 2)
    }
    for i in 0..<21 {
      var lower = FSRSParameters.lowerBounds[i]
      var upper = FSRSParameters.upperBounds[i]
      if i == 17 || i == 18 { upper = ceiling }
      if i == 19 { lower = 0.01 }
      w[i] = min(max(w[i], lower), upper)
    }
  }

  // MARK: - Evaluation

  /// The log loss and RMSE (bins) of `weights` on every item of `set`, as the reference's
  /// `evaluate`: each item weighted by its place in time (the latest four times the oldest).
  public static func evaluate(_ weights: [Double], on set: FSRSTrainingSet) -> FSRSEvaluation {
    let model = FSRSModel<Double>(weights: weights)
    var predictions = [Double](repeating: 0, count: set.items.count)
    var positions: [Int: [(position: Int, item: Int)]] = [:]
    for (index, item) in set.items.enumerated() {
      positions[item.card, default: []].append((item.reviews.count - 1, index))
    }
    for (card, targets) in positions {
      let sorted = targets.sorted { $0.position < $1.position }
      var next = 0
      model.walk(set.cards[card], positions: sorted.map(\.position)) { _, r in
        predictions[sorted[next].item] = r
        next += 1
      }
    }
    struct Bin: Hashable {
      var gap: Int
      var length: Int
      var lapses: Int
    }
    var bins: [Bin: (predicted: Double, actual: Double, count: Double, weight: Double)] = [:]
    var loss = 0.0
    var total = 0.0
    let span = Double(max(set.items.count - 1, 1))
    for (index, item) in set.items.enumerated() {
      let weight = 0.25 + 0.75 * Foundation.pow(Double(index) / span, 3)
      let y = item.current.rating != .again ? 1.0 : 0.0
      let r = min(max(predictions[index], 1e-12), 1 - 1e-12)
      loss -= (y * Foundation.log(r) + (1 - y) * Foundation.log(1 - r)) * weight
      total += weight
      let key = bin(item)
      var value = bins[Bin(gap: key.0, length: key.1, lapses: key.2)] ?? (0, 0, 0, 0)
      value.predicted += predictions[index]
      value.actual += y
      value.count += 1
      value.weight += weight
      bins[Bin(gap: key.0, length: key.1, lapses: key.2)] = value
    }
    var squares = 0.0
    var binWeight = 0.0
    for value in bins.values {
      let gap = value.predicted / value.count - value.actual / value.count
      squares += gap * gap * value.weight
      binWeight += value.weight
    }
    return FSRSEvaluation(logLoss: loss / total, rmseBins: (squares / binWeight).squareRoot())
  }

  /// The reference's bin of an item: its gap, its number of days with answers, and its lapses,
  /// each on a logarithmic scale.
  static func bin(_ item: FSRSTrainingItem) -> (Int, Int, Int) {
    func scaled(_ x: Double, _ base: Double, _ times: Double) -> Int {
      Int((times * Foundation.pow(base, (Foundation.log(x) / Foundation.log(base)).rounded(.down))).rounded())
    }
    let gap = scaled(Double(item.current.elapsedDays), 3.62, 248)
    let length = scaled(Double(item.longTermReviews + 1), 1.89, 1.99)
    let lapses = item.reviews.dropLast().filter { $0.rating == .again && $0.elapsedDays > 0 }.count
    return (gap, length, lapses == 0 ? 0 : scaled(Double(lapses), 1.73, 1.65))
  }
}

/// Adam (β1 0.9, β2 0.999, ε 1e-8), as the reference steps it.
private struct Adam {
  var m = [Double](repeating: 0, count: 21)
  var v = [Double](repeating: 0, count: 21)
  var t = 0

  mutating func step(_ w: inout [Double], gradient: [Double], rate: Double) {
    t += 1
    let bias1 = 1 - Foundation.pow(0.9, Double(t))
    let bias2 = 1 - Foundation.pow(0.999, Double(t))
    for i in 0..<21 {
      m[i] = 0.9 * m[i] + 0.1 * gradient[i]
      v[i] = 0.999 * v[i] + 0.001 * gradient[i] * gradient[i]
      w[i] -= rate * (m[i] / bias1) / ((v[i] / bias2).squareRoot() + 1e-8)
    }
  }
}

/// The learning rate on a cosine from its start down to zero over `steps` (PyTorch's
/// CosineAnnealingLR in its recursive form, which the reference uses).
private struct CosineSchedule {
  let steps: Double
  let start: Double
  var count = -1.0
  var rate: Double

  init(steps: Double, start: Double) {
    self.steps = steps
    self.start = start
    rate = start
  }

  mutating func next() -> Double {
    count += 1
    if count == 0 {
      rate = start
    } else if (count - 1 - steps).truncatingRemainder(dividingBy: 2 * steps) == 0 {
      rate = start * (1 - cos(Double.pi / steps)) / 2
    } else {
      rate = (1 + cos(Double.pi * count / steps)) / (1 + cos(Double.pi * (count - 1) / steps)) * rate
    }
    return rate
  }
}

/// A small seeded generator (SplitMix64): a fit is the same on every run, and a test's random
/// table repeats from its seed.
public struct SplitMix: RandomNumberGenerator, Sendable {
  var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func shuffle(_ values: inout [Int]) {
    guard values.count > 1 else { return }
    for i in stride(from: values.count - 1, to: 0, by: -1) {
      values.swapAt(i, Int(next() % UInt64(i + 1)))
    }
  }
}
