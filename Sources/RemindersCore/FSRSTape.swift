import Foundation

/// The arithmetic FSRS-6's training model is written in (`FSRSModel`): plain numbers to evaluate
/// a set of weights, tracked numbers (`FSRSTracked`) to get the gradient of the loss.
protocol FSRSNumber {
  var value: Double { get }
  /// `x` as a number of the same kind (on the same tape): a constant.
  func constant(_ x: Double) -> Self
  static func + (a: Self, b: Self) -> Self
  static func + (a: Self, b: Double) -> Self
  static func - (a: Self, b: Self) -> Self
  static func - (a: Double, b: Self) -> Self
  static func - (a: Self, b: Double) -> Self
  static prefix func - (a: Self) -> Self
  static func * (a: Self, b: Self) -> Self
  static func * (a: Self, b: Double) -> Self
  static func / (a: Self, b: Self) -> Self
  static func / (a: Double, b: Self) -> Self
  func exp() -> Self
  /// `self ^ exponent`, both varying (the base positive).
  func pow(_ exponent: Self) -> Self
  /// The value held within `lower…upper`; its derivatives pass where the value is within it (on
  /// the bounds too, as the reference's clamp lets them) and are zero outside.
  func clamped(_ lower: Double, _ upper: Double) -> Self
}

extension FSRSNumber {
  /// The smaller of the two, with its derivatives.
  @inline(__always) static func minimum(_ a: Self, _ b: Self) -> Self { b.value < a.value ? b : a }
  /// The larger of the two, with its derivatives.
  @inline(__always) static func maximum(_ a: Self, _ b: Self) -> Self { b.value > a.value ? b : a }
}

extension Double: FSRSNumber {
  var value: Double { self }
  @inline(__always) func constant(_ x: Double) -> Double { x }
  @inline(__always) func exp() -> Double { Foundation.exp(self) }
  @inline(__always) func pow(_ exponent: Double) -> Double { Foundation.pow(self, exponent) }
  @inline(__always) func clamped(_ lower: Double, _ upper: Double) -> Double { min(max(self, lower), upper) }
}

/// A record of the arithmetic done on tracked numbers, to be run backwards for the derivatives of
/// one result by every number it came from: reverse-mode differentiation, which gives the
/// gradient of an item's loss by all 21 weights for about the cost of computing the loss twice
/// (docs/scheduling.md#fitting-the-parameters).
///
/// Written by hand because no listed library differentiates Swift code. Each step keeps its (at
/// most two) operands and the partial derivative by each; node 0 stands for every constant, so
/// that the backward sweep never branches (what reaches it is never read). The record lives
/// behind a plain pointer that every tracked number carries, so that no step counts references.
final class FSRSTape: @unchecked Sendable {
  struct Node {
    var first: Int32
    var second: Int32
    var firstPartial: Double
    var secondPartial: Double
  }

  struct Record {
    var nodes: UnsafeMutablePointer<Node>
    var adjoints: UnsafeMutablePointer<Double>
    var capacity: Int
    var count = 1

    @inline(__always) mutating func push(
      _ first: Int32, _ firstPartial: Double, _ second: Int32, _ secondPartial: Double
    ) -> Int32 {
      if count == capacity { grow() }
      nodes[count] = Node(
        first: first, second: second, firstPartial: firstPartial, secondPartial: secondPartial)
      count += 1
      return Int32(count - 1)
    }

    mutating func grow() {
      let larger = capacity * 2
      let moved = UnsafeMutablePointer<Node>.allocate(capacity: larger)
      moved.moveInitialize(from: nodes, count: count)
      nodes.deallocate()
      nodes = moved
      let sums = UnsafeMutablePointer<Double>.allocate(capacity: larger)
      sums.moveInitialize(from: adjoints, count: capacity)
      (sums + capacity).initialize(repeating: 0, count: larger - capacity)
      adjoints.deallocate()
      adjoints = sums
      capacity = larger
    }

    mutating func sweep(to floor: Int) {
      var i = count - 1
      while i >= floor {
        let g = adjoints[i]
        if g != 0 {
          let node = nodes[i]
          adjoints[Int(node.first)] += g * node.firstPartial
          adjoints[Int(node.second)] += g * node.secondPartial
          adjoints[i] = 0
        }
        i -= 1
      }
      count = floor
    }
  }

  private let record: UnsafeMutablePointer<Record>

  init(capacity: Int = 4096) {
    let nodes = UnsafeMutablePointer<Node>.allocate(capacity: capacity)
    nodes[0] = Node(first: 0, second: 0, firstPartial: 0, secondPartial: 0)
    let adjoints = UnsafeMutablePointer<Double>.allocate(capacity: capacity)
    adjoints.initialize(repeating: 0, count: capacity)
    record = .allocate(capacity: 1)
    record.initialize(to: Record(nodes: nodes, adjoints: adjoints, capacity: capacity))
  }

  deinit {
    record.pointee.nodes.deallocate()
    record.pointee.adjoints.deallocate()
    record.deallocate()
  }

  /// How many steps are recorded (node 0 included).
  var count: Int { record.pointee.count }

  /// A number to differentiate by (a new leaf).
  func variable(_ value: Double) -> FSRSTracked {
    FSRSTracked(value: value, index: record.pointee.push(0, 0, 0, 0), record: record)
  }

  /// Adds `slope` times the derivatives of `result` to every node's sum, sweeping back from the
  /// last step down to `floor`, then forgets the steps from `floor` on: the sums of the nodes
  /// below `floor` keep growing from one sweep to the next.
  func backward(from result: FSRSTracked, slope: Double, floor: Int) {
    record.pointee.adjoints[Int(result.index)] += slope
    record.pointee.sweep(to: floor)
  }

  /// The sums gathered on `leaves` (made first, one after another, by `variable`) once every
  /// step after them is swept back; the tape is empty after.
  func derivatives(of leaves: [FSRSTracked]) -> [Double] {
    guard let first = leaves.first, let last = leaves.last else { return [] }
    record.pointee.sweep(to: Int(last.index) + 1)
    let adjoints = record.pointee.adjoints
    let range = Int(first.index)...Int(last.index)
    let sums = range.map { adjoints[$0] }
    for i in range { adjoints[i] = 0 }
    adjoints[0] = 0
    record.pointee.count = 1
    return sums
  }
}

/// A number on a tape (`FSRSTape`): its value, and where its derivatives are to be found. It
/// must not outlive its tape.
struct FSRSTracked: FSRSNumber {
  let value: Double
  let index: Int32
  let record: UnsafeMutablePointer<FSRSTape.Record>

  @inline(__always) func constant(_ x: Double) -> FSRSTracked {
    FSRSTracked(value: x, index: 0, record: record)
  }

  @inline(__always) private func result(_ value: Double, _ partial: Double) -> FSRSTracked {
    FSRSTracked(value: value, index: record.pointee.push(index, partial, 0, 0), record: record)
  }

  @inline(__always) private static func result(
    _ value: Double, _ a: FSRSTracked, _ da: Double, _ b: FSRSTracked, _ db: Double
  ) -> FSRSTracked {
    FSRSTracked(value: value, index: a.record.pointee.push(a.index, da, b.index, db), record: a.record)
  }

  @inline(__always) static func + (a: FSRSTracked, b: FSRSTracked) -> FSRSTracked {
    result(a.value + b.value, a, 1, b, 1)
  }
  // Adding a constant leaves every derivative as it was: the sum shares its operand's node.
  @inline(__always) static func + (a: FSRSTracked, b: Double) -> FSRSTracked {
    FSRSTracked(value: a.value + b, index: a.index, record: a.record)
  }
  @inline(__always) static func - (a: FSRSTracked, b: FSRSTracked) -> FSRSTracked {
    result(a.value - b.value, a, 1, b, -1)
  }
  @inline(__always) static func - (a: Double, b: FSRSTracked) -> FSRSTracked { b.result(a - b.value, -1) }
  @inline(__always) static func - (a: FSRSTracked, b: Double) -> FSRSTracked {
    FSRSTracked(value: a.value - b, index: a.index, record: a.record)
  }
  @inline(__always) static prefix func - (a: FSRSTracked) -> FSRSTracked { a.result(-a.value, -1) }
  @inline(__always) static func * (a: FSRSTracked, b: FSRSTracked) -> FSRSTracked {
    result(a.value * b.value, a, b.value, b, a.value)
  }
  @inline(__always) static func * (a: FSRSTracked, b: Double) -> FSRSTracked { a.result(a.value * b, b) }
  @inline(__always) static func / (a: FSRSTracked, b: FSRSTracked) -> FSRSTracked {
    let quotient = a.value / b.value
    return result(quotient, a, 1 / b.value, b, -quotient / b.value)
  }
  @inline(__always) static func / (a: Double, b: FSRSTracked) -> FSRSTracked {
    let quotient = a / b.value
    return b.result(quotient, -quotient / b.value)
  }
  @inline(__always) func exp() -> FSRSTracked {
    let e = Foundation.exp(value)
    return result(e, e)
  }
  /// As e^(y·ln x), so that the logarithm the derivative by the exponent needs is worked out once.
  @inline(__always) func pow(_ exponent: FSRSTracked) -> FSRSTracked {
    let logarithm = Foundation.log(value)
    let p = Foundation.exp(exponent.value * logarithm)
    return Self.result(p, self, p * exponent.value / value, exponent, p * logarithm)
  }
  @inline(__always) func clamped(_ lower: Double, _ upper: Double) -> FSRSTracked {
    if value < lower { return constant(lower) }
    if value > upper { return constant(upper) }
    return self
  }
}
