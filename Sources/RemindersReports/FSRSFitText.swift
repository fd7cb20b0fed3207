import Foundation
import RemindersApp
import RemindersCore
import RemindersMessages
import RemindersStore

/// What `reminders fsrs optimize` prints (docs/scheduling.md#fitting-the-parameters): the text
/// in the session's language, or one JSON object.
public struct FSRSFitText {
  public let language: Language
  public let optimization: FSRSOptimization

  public init(language: Language, optimization: FSRSOptimization) {
    self.language = language
    self.optimization = optimization
  }

  var words: any Catalogue { language.words }

  static func figure(_ x: Double) -> String { String(format: "%.4f", x) }

  /// The weights as the config writes them, seven to a line.
  static func weights(_ weights: [Double]) -> [String] {
    stride(from: 0, to: weights.count, by: 7).map { start in
      weights[start..<min(start + 7, weights.count)].map(FSRSOptimization.written).joined(separator: ", ")
    }
  }

  /// The lines, `configPath` as the learner sees it.
  public func lines(applied: Bool, configPath: String) -> [String] {
    let o = optimization
    var lines = [words.fittedTo(reviews: o.reviews, cards: o.cards, predicted: o.items)]
    if o.fit.extent == .initialStability {
      lines.append(words.onlyInitialStability(minimum: FSRSOptimizer.minimumForTraining))
    }
    lines.append("")
    lines.append(words.fittedParameters)
    lines += Self.weights(o.fit.weights).map { "  " + $0 }
    lines.append("")
    let (standard, fitted) = Self.source(o.source)
    lines.append(words.inUse(standard: standard, fitted: fitted))
    let rows = [
      ["", words.inUseColumn, words.fittedColumn],
      [words.logLoss, Self.figure(o.before.logLoss), Self.figure(o.after.logLoss)],
      [words.rmseBins, Self.figure(o.before.rmseBins), Self.figure(o.after.rmseBins)],
    ]
    lines += TextTable.render(rows).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init).filter { !$0.isEmpty }.map { "  " + $0 }
    lines.append("  " + words.lowerIsBetter)
    lines.append("")
    if applied {
      lines.append(
        o.applied.isEmpty ? words.alreadyApplied : words.wrote(keys: o.applied.map(\.key), to: configPath))
    } else {
      lines.append(words.applyHint)
    }
    return lines
  }

  static func source(_ source: FSRSOptimization.Source) -> (standard: Bool, fitted: String?) {
    switch source {
    case .standard: (true, nil)
    case .file(let fitted): (false, fitted?.description)
    }
  }

  public func json(applied: Bool) -> OrderedJSON {
    let o = optimization
    func evaluation(_ e: FSRSEvaluation) -> OrderedJSON {
      .object([("logLoss", .number(Self.figure(e.logLoss))), ("rmseBins", .number(Self.figure(e.rmseBins)))])
    }
    func weights(_ w: [Double]) -> OrderedJSON { .array(w.map { .number(FSRSOptimization.written($0)) }) }
    let (standard, fitted) = Self.source(o.source)
    return .object([
      ("reviews", .int(o.reviews)),
      ("cards", .int(o.cards)),
      ("items", .int(o.items)),
      ("usableItems", .int(o.fit.usableReviews)),
      ("extent", .string(o.fit.extent.rawValue)),
      ("parameters", weights(o.fit.weights)),
      (
        "inUse",
        .object([
          ("parameters", weights(o.current)),
          ("source", .string(standard ? "default" : fitted == nil ? "set" : "fitted")),
          ("fitted", fitted.map(OrderedJSON.string) ?? .null),
        ])
      ),
      ("before", evaluation(o.before)),
      ("after", evaluation(o.after)),
      ("applied", .bool(applied)),
      ("changed", .array(o.applied.map { .string($0.key) })),
    ])
  }
}
