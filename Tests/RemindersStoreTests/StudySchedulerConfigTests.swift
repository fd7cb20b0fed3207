import Foundation
import RemindersCore
import RemindersMessages
import Testing

@testable import RemindersStore

/// `study.scheduler` and `[study.fsrs]` (docs/scheduling.md#choosing-fsrs, docs/configuration.md).
@Suite struct StudySchedulerConfigTests {
  func parse(_ text: String) throws -> Configuration {
    try Configuration.parse(text, path: "c.toml", home: "/h")
  }

  @Test func theLadderByDefault() throws {
    #expect(try parse("").studyScheduler == .ladder)
    #expect(try parse("[study]\nscheduler = \"ladder\"").studyScheduler == .ladder)
    #expect(Configuration.standard.studyScheduler == .ladder)
  }

  @Test func fsrsWithItsDefaults() throws {
    let config = try parse("[study]\nscheduler = \"fsrs\"")
    #expect(config.studyScheduler == .fsrs(.standard))
    let scheduler = try #require(config.studyScheduler.fsrs)
    #expect(scheduler.parameters.weights == FSRSParameters.defaultWeights)
    #expect(scheduler.desiredRetention == 0.9)
    #expect(scheduler.learningSteps == [.seconds(60), .seconds(600)])
    #expect(scheduler.relearningSteps == [.seconds(600)])
    #expect(scheduler.maximumInterval == 36500)
  }

  @Test func readsEveryFSRSKey() throws {
    var weights = FSRSParameters.defaultWeights
    weights[0] = 0.5
    weights[20] = 0.5
    let list = weights.map { "\($0)" }.joined(separator: ", ")
    let text = """
      [study]
      scheduler = "fsrs"
      [study.fsrs]
      parameters = [\(list)]
      desired_retention = 0.85
      learning_steps = ["30s", "5m", "1d"]
      relearning_steps = []
      maximum_interval = 365
      """
    let scheduler = try #require(try parse(text).studyScheduler.fsrs)
    #expect(
      scheduler
        == (try FSRSScheduler(
          parameters: FSRSParameters(weights), desiredRetention: 0.85,
          learningSteps: [.seconds(30), .seconds(300), .seconds(86400)], relearningSteps: [],
          maximumInterval: 365)))
    // Dotted keys in [study] are the same table; whole numbers are numbers.
    let dotted = try parse(
      "[study]\nscheduler = \"fsrs\"\nfsrs.maximum_interval = 30\nfsrs.parameters = [\(list.replacingOccurrences(of: "6.4133", with: "6"))]"
    )
    #expect(dotted.studyScheduler.fsrs?.maximumInterval == 30)
    #expect(dotted.studyScheduler.fsrs?.parameters[4] == 6)
  }

  /// FSRS settings are checked under the ladder too: a switch later never meets a file that was
  /// wrong all along.
  @Test func fsrsSettingsAreCheckedUnderTheLadder() {
    #expect(throws: StoreError.self) { try parse("[study.fsrs]\ndesired_retention = 1") }
  }

  /// Each bad value names its key, and the reason says what was expected.
  @Test(
    arguments: [
      ("[study]\nscheduler = \"anki\"", "study.scheduler", "expected ladder or fsrs, got \"anki\""),
      ("[study]\nscheduler = 1", "study.scheduler", "expected a string in quotes"),
      ("[study]\nschedule = \"fsrs\"", "study.schedule", "unknown key"),
      ("[study]\nfsrs = 1", "study.fsrs", "expected a table [study.fsrs]"),
      ("[study.fsrs]\nretention = 0.9", "study.fsrs.retention", "unknown key"),
      ("[study.fsrs]\nparameters = 1", "study.fsrs.parameters", nil),
      ("[study.fsrs]\nparameters = [1, 2]", "study.fsrs.parameters", "expected 21 numbers, got 2"),
      (
        "[study.fsrs]\nparameters = [0.2, 1, 2, 8, 6, 0.8, 3, 0.001, 1.8, 0.1, 0.7, 1.4, 0.06, 0.2, 1.6, 0.6, 1.8, 0.5, 0.09, 0.06, 0.9]",
        "study.fsrs.parameters[20]", "expected a number from 0.1 to 0.8, got 0.9"
      ),
      ("[study.fsrs]\nparameters = [\"0.2\"]", "study.fsrs.parameters[0]", "expected a number, got \"0.2\""),
      ("[study.fsrs]\ndesired_retention = 0", "study.fsrs.desired_retention", nil),
      ("[study.fsrs]\ndesired_retention = 1.0", "study.fsrs.desired_retention", nil),
      ("[study.fsrs]\ndesired_retention = \"90%\"", "study.fsrs.desired_retention", nil),
      ("[study.fsrs]\ndesired_retention = nan", "study.fsrs.desired_retention", nil),
      ("[study.fsrs]\nlearning_steps = \"1m\"", "study.fsrs.learning_steps", nil),
      (
        "[study.fsrs]\nlearning_steps = [\"1m\", \"ten minutes\"]", "study.fsrs.learning_steps[1]",
        "expected a duration such as 1m, 10m or 1d, got \"ten minutes\""
      ),
      ("[study.fsrs]\nrelearning_steps = [600]", "study.fsrs.relearning_steps[0]", nil),
      ("[study.fsrs]\nmaximum_interval = 0", "study.fsrs.maximum_interval", nil),
      ("[study.fsrs]\nmaximum_interval = 36501", "study.fsrs.maximum_interval", nil),
      ("[study.fsrs]\nmaximum_interval = 1.5", "study.fsrs.maximum_interval", nil),
    ] as [(String, String, String?)])
  func badValuesNameTheKey(text: String, key: String, reason expected: String?) {
    do {
      _ = try parse(text)
      Issue.record("accepted \(text)")
    } catch let StoreError.badConfig(path, badKey, _, problem) {
      let reason = English().configProblem(problem)
      #expect(path == "c.toml")
      #expect(badKey == key, "\(reason)")
      #expect(!reason.isEmpty && !reason.contains("\n"))
      if let expected { #expect(reason == expected) }
    } catch {
      Issue.record("unexpected \(error)")
    }
  }
}
