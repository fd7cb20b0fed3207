import Foundation
import Testing

@testable import RemindersCore

/// The optimizer's derivatives: the tape's gradient of an item's loss by the 21 weights, against
/// central differences of the plain model (the reference-level check of the fit is
/// FSRSOptimizeTests, against fsrs-rs).
@Suite struct FSRSTapeTests {
  /// A small seeded generator, so that every run draws the same histories.
  struct Draws {
    var state: UInt64
    mutating func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
    mutating func history(length: Int) -> [FSRSTrainingReview] {
      (0..<length).map { position in
        let rating = FSRSRating(rawValue: 1 + Int(next() * 4))!
        // The last on a later day, as every item's predicted answer is.
        let sameDay = position < length - 1 && next() < 0.2
        let gap = position == 0 || sameDay ? 0 : 1 + Int(next() * 40)
        return FSRSTrainingReview(rating: rating, elapsedDays: gap)
      }
    }
    mutating func weights() -> [Double] {
      FSRSParameters.defaultWeights.map { $0 * (0.8 + 0.4 * next()) }
    }
  }

  /// −ln R when the last answer was a pass, −ln(1 − R) after a lapse.
  static func loss<N: FSRSNumber>(_ model: FSRSModel<N>, _ reviews: [FSRSTrainingReview]) -> N? {
    var loss: N?
    model.walk(reviews, positions: [reviews.count - 1]) { _, r in
      loss = reviews.last!.rating == .again ? (1 - r) : r
    }
    return loss
  }

  static func plainLoss(_ weights: [Double], _ reviews: [FSRSTrainingReview]) -> Double {
    -Foundation.log(loss(FSRSModel<Double>(weights: weights), reviews)!)
  }

  @Test func theGradientIsTheSlopeOfTheLoss() throws {
    var draws = Draws(state: 7)
    let tape = FSRSTape(capacity: 8)  // small, so that it grows on the way
    var checked = 0
    for _ in 0..<60 {
      let weights = draws.weights()
      let reviews = draws.history(length: 2 + Int(draws.next() * 12))
      let leaves = weights.map(tape.variable)
      let model = FSRSModel(weights: leaves)
      let floor = tape.count
      let p = try #require(Self.loss(model, reviews))
      // d(−ln p) = −dp / p
      tape.backward(from: p, slope: -1 / p.value, floor: floor)
      let gradient = tape.derivatives(of: leaves)
      #expect(tape.count == 1)
      for i in 0..<21 {
        let h = 1e-6 * max(1, abs(weights[i]))
        var up = weights
        up[i] += h
        var down = weights
        down[i] -= h
        let slope = (Self.plainLoss(up, reviews) - Self.plainLoss(down, reviews)) / (2 * h)
        #expect(
          abs(gradient[i] - slope) <= 1e-4 * max(1, abs(slope)),
          "w\(i): tape \(gradient[i]), differences \(slope), reviews \(reviews)")
        checked += 1
      }
    }
    #expect(checked == 60 * 21)
  }

  /// Two items swept back one after the other over the same weights gather the sum of their
  /// gradients, as a batch does.
  @Test func sweepsGatherTheSum() throws {
    var draws = Draws(state: 11)
    let weights = draws.weights()
    let histories = [draws.history(length: 6), draws.history(length: 9)]
    let tape = FSRSTape()
    func gradients(_ items: [[FSRSTrainingReview]]) throws -> [Double] {
      let leaves = weights.map(tape.variable)
      let model = FSRSModel(weights: leaves)
      let floor = tape.count
      for reviews in items {
        let p = try #require(Self.loss(model, reviews))
        tape.backward(from: p, slope: -1 / p.value, floor: floor)
      }
      return tape.derivatives(of: leaves)
    }
    let both = try gradients(histories)
    let first = try gradients([histories[0]])
    let second = try gradients([histories[1]])
    for i in 0..<21 {
      #expect(abs(both[i] - (first[i] + second[i])) <= 1e-12 * max(1, abs(both[i])))
    }
    #expect(first != second)
  }
}
