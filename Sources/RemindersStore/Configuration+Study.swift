import Foundation
import RemindersCore
import RemindersMessages

extension Configuration {
  /// `study.new_per_day` (a whole number, 0 or more) and `study.new_per_collection` (a table of
  /// collection names to whole numbers).
  static func newCardLimits(
    lookup: (String) -> TOMLDocument.Value?, fail: (String, ConfigProblem) -> StoreError
  )
    throws -> NewCardLimits
  {
    var limits = NewCardLimits.standard
    if let value = lookup("study.new_per_day") {
      guard let n = value.int, n >= 0 else {
        throw fail("study.new_per_day", .newCards(example: 20))
      }
      limits.perDay = n
    }
    if let value = lookup("study.new_per_collection") {
      guard value.isTable else {
        throw fail("study.new_per_collection", .newPerCollectionTable)
      }
      for name in value.keys.sorted() {
        guard let n = value[name]?.int, n >= 0 else {
          throw fail("study.new_per_collection.\(ErrorText.key(name))", .newCards(example: nil))
        }
        limits.perCollection[name] = n
      }
    }
    return limits
  }

  /// The keys of `[study.fsrs]`.
  static let fsrsKeys: Set<String> = [
    "parameters", "desired_retention", "learning_steps", "relearning_steps", "maximum_interval", "fitted",
  ]

  /// `study.scheduler` and `[study.fsrs]`: every FSRS value is checked whichever scheduler is
  /// chosen, so that switching to `fsrs` later never meets a file that was wrong all along.
  static func studyScheduler(
    table: TOMLDocument.Value, text: (String) throws -> String?, fail: (String, ConfigProblem) -> StoreError
  ) throws -> (StudyScheduler, FSRSScheduler, fitted: Day?, parametersSet: Bool) {
    var fsrs: [String: TOMLDocument.Value] = [:]
    if let value = table["study"]?["fsrs"] {
      guard value.isTable else { throw fail("study.fsrs", .notTable("study.fsrs")) }
      for key in value.keys.sorted() {
        guard fsrsKeys.contains(key) else { throw fail("study.fsrs.\(ErrorText.key(key))", .unknownKey) }
        fsrs[key] = value[key]
      }
    }
    var parameters = FSRSParameters.standard
    if let value = fsrs["parameters"] {
      let key = "study.fsrs.parameters"
      guard let array = value.array else {
        throw fail(key, .parametersList)
      }
      let weights = try array.enumerated().map { i, item in
        guard let number = item.int.map(Double.init) ?? item.double else {
          throw fail("\(key)[\(i)]", .notNumber(got: ErrorText.shown(item)))
        }
        return number
      }
      do {
        parameters = try FSRSParameters(weights)
      } catch .parameterCount(let count) {
        throw fail(key, .numberCount(expected: FSRSParameters.defaultWeights.count, got: count))
      } catch .parameterOutOfBounds(let index, let value, let lower, let upper) {
        throw fail("\(key)[\(index)]", .numberRange(lower: lower, upper: upper, got: value))
      } catch {
        throw fail(key, problem(error))
      }
    }
    var retention = FSRSScheduler.standardDesiredRetention
    if let value = fsrs["desired_retention"] {
      guard let number = value.int.map(Double.init) ?? value.double, number > 0, number < 1 else {
        throw fail("study.fsrs.desired_retention", .retention(got: ErrorText.shown(value)))
      }
      retention = number
    }
    func steps(_ name: String, _ standard: [Duration]) throws -> [Duration] {
      guard let value = fsrs[name] else { return standard }
      let key = "study.fsrs.\(name)"
      guard let array = value.array else {
        throw fail(key, .stepsList)
      }
      return try array.enumerated().map { i, item in
        guard let text = item.string, let seconds = DurationSyntax.parse(text) else {
          throw fail("\(key)[\(i)]", .step(got: ErrorText.shown(item)))
        }
        return .seconds(seconds)
      }
    }
    let learning = try steps("learning_steps", [.seconds(60), .seconds(600)])
    let relearning = try steps("relearning_steps", [.seconds(600)])
    var maximum = 36500
    if let value = fsrs["maximum_interval"] {
      guard let days = value.int, (1...FSRSScheduler.longestWaitDays).contains(days) else {
        throw fail(
          "study.fsrs.maximum_interval",
          .maximumInterval(upTo: FSRSScheduler.longestWaitDays, got: ErrorText.shown(value)))
      }
      maximum = days
    }
    let scheduler: FSRSScheduler
    do {
      scheduler = try FSRSScheduler(
        parameters: parameters, desiredRetention: retention, learningSteps: learning,
        relearningSteps: relearning, maximumInterval: maximum)
    } catch {
      // Each value was checked above as the scheduler checks it; this names the table if not.
      throw fail("study.fsrs", problem(error))
    }
    var fitted: Day?
    if let value = fsrs["fitted"] {
      guard let text = value.string, let day = Day(iso: text) else {
        throw fail("study.fsrs.fitted", .fittedDay(got: ErrorText.shown(value)))
      }
      fitted = day
    }
    switch try text("study.scheduler") {
    case nil, "ladder": return (.ladder, scheduler, fitted, fsrs["parameters"] != nil)
    case "fsrs": return (.fsrs(scheduler), scheduler, fitted, fsrs["parameters"] != nil)
    case let other?:
      throw fail("study.scheduler", .scheduler(got: ErrorText.quoted(other)))
    }
  }

  /// What FSRS refused, in the config's words: each value is checked above as FSRS checks it,
  /// so these are what the checks above would have said.
  static func problem(_ error: FSRSSettingsError) -> ConfigProblem {
    switch error {
    case .parameterCount(let count): .numberCount(expected: FSRSParameters.defaultWeights.count, got: count)
    case .parameterOutOfBounds(_, let value, let lower, let upper):
      .numberRange(lower: lower, upper: upper, got: value)
    case .desiredRetention(let value): .retention(got: "\(value)")
    case .step(let duration): .step(got: "\(duration)")
    case .maximumInterval(let days): .maximumInterval(upTo: FSRSScheduler.longestWaitDays, got: "\(days)")
    }
  }
}
