import Foundation

/// A number with its derivatives by each of FSRS-6's 21 weights: forward-mode differentiation,
/// which the optimizer uses to get the gradient of its loss (docs/scheduling.md#fitting-the-parameters).
///
/// Written by hand because no listed library differentiates Swift code; forward mode keeps it to
/// the arithmetic below, on one SIMD vector (lanes 21…31 stay zero), with no tape to keep.
struct FSRSDual {
  var value: Double
  var gradient: SIMD32<Double>

  @inline(__always) init(_ value: Double, gradient: SIMD32<Double> = .zero) {
    self.value = value
    self.gradient = gradient
  }

  /// The weight `w[index]`, whose derivative by itself is 1.
  @inline(__always) static func weight(_ index: Int, _ value: Double) -> FSRSDual {
    var gradient = SIMD32<Double>.zero
    gradient[index] = 1
    return FSRSDual(value, gradient: gradient)
  }

  @inline(__always) static func + (a: FSRSDual, b: FSRSDual) -> FSRSDual {
    FSRSDual(a.value + b.value, gradient: a.gradient + b.gradient)
  }
  @inline(__always) static func + (a: FSRSDual, b: Double) -> FSRSDual {
    FSRSDual(a.value + b, gradient: a.gradient)
  }
  @inline(__always) static func - (a: FSRSDual, b: FSRSDual) -> FSRSDual {
    FSRSDual(a.value - b.value, gradient: a.gradient - b.gradient)
  }
  @inline(__always) static func - (a: Double, b: FSRSDual) -> FSRSDual {
    FSRSDual(a - b.value, gradient: -b.gradient)
  }
  @inline(__always) static func - (a: FSRSDual, b: Double) -> FSRSDual {
    FSRSDual(a.value - b, gradient: a.gradient)
  }
  @inline(__always) static prefix func - (a: FSRSDual) -> FSRSDual {
    FSRSDual(-a.value, gradient: -a.gradient)
  }
  @inline(__always) static func * (a: FSRSDual, b: FSRSDual) -> FSRSDual {
    FSRSDual(a.value * b.value, gradient: a.gradient * b.value + b.gradient * a.value)
  }
  @inline(__always) static func * (a: FSRSDual, b: Double) -> FSRSDual {
    FSRSDual(a.value * b, gradient: a.gradient * b)
  }
  @inline(__always) static func / (a: FSRSDual, b: FSRSDual) -> FSRSDual {
    let quotient = a.value / b.value
    return FSRSDual(quotient, gradient: (a.gradient - b.gradient * quotient) / b.value)
  }
  @inline(__always) static func / (a: Double, b: FSRSDual) -> FSRSDual {
    let quotient = a / b.value
    return FSRSDual(quotient, gradient: b.gradient * (-quotient / b.value))
  }

  @inline(__always) func exp() -> FSRSDual {
    let e = Foundation.exp(value)
    return FSRSDual(e, gradient: gradient * e)
  }

  @inline(__always) func log() -> FSRSDual { FSRSDual(Foundation.log(value), gradient: gradient / value) }

  /// `self ^ exponent`, both varying (the base positive).
  @inline(__always) func pow(_ exponent: FSRSDual) -> FSRSDual {
    let p = Foundation.pow(value, exponent.value)
    return FSRSDual(
      p, gradient: exponent.gradient * (p * Foundation.log(value)) + gradient * (p * exponent.value / value))
  }

  /// The value held within `range`; its derivatives pass where the value is within it (on the
  /// bounds too, as the reference's clamp lets them) and are zero outside.
  @inline(__always) func clamped(_ lower: Double, _ upper: Double) -> FSRSDual {
    if value < lower { return FSRSDual(lower) }
    if value > upper { return FSRSDual(upper) }
    return self
  }

  /// The smaller of the two, with its derivatives.
  @inline(__always) static func minimum(_ a: FSRSDual, _ b: FSRSDual) -> FSRSDual {
    b.value < a.value ? b : a
  }
  /// The larger of the two, with its derivatives.
  @inline(__always) static func maximum(_ a: FSRSDual, _ b: FSRSDual) -> FSRSDual {
    b.value > a.value ? b : a
  }
}
