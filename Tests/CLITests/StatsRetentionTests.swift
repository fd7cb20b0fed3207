import CLITestSupport
import Foundation
import RemindersCore
import Testing

/// `stats` under FSRS (docs/scheduling.md#predicted-retention-in-stats): the predicted retention of
/// the cards due in the next 7 days, in text and JSON; none under the ladder.
@Suite struct StatsRetentionTests {
  let now = "2026-11-21T20:00:00+09:00"

  /// Two reviewed cards due within the 7 days (one overdue, counted at now), one due later, one
  /// suspended and one never reviewed: only the first two count.
  static let deck: String = {
    func card(_ id: String, due: String, day: String, stability: String, more: String = "") -> String {
      "{\"id\": \"\(id)\", \"front\": \"f\", \"back\": \"b\", \"stepIndex\": 1, \"nextReviewDate\": \"\(day)\", \"createdAt\": \"2026-09-01T09:00:00+09:00\", \"lastReviewedAt\": \"2026-11-11T08:00:00+09:00\"\(more), \"fsrs\": {\"state\": \"review\", \"step\": null, \"stability\": \(stability), \"difficulty\": 5.5, \"due\": \"\(due)\", \"lastReview\": \"2026-11-11T08:00:00+09:00\"}}"
    }
    let cards = [
      card("overdue", due: "2026-11-21T08:00:00+09:00", day: "2026-11-21", stability: "10.0"),
      card("soon", due: "2026-11-24T08:00:00+09:00", day: "2026-11-24", stability: "5.0"),
      card("later", due: "2026-11-28T08:00:00+09:00", day: "2026-11-28", stability: "17.0"),
      card(
        "held", due: "2026-11-22T08:00:00+09:00", day: "2026-11-22", stability: "3.0",
        more: ", \"suspended\": true"),
      "{\"id\": \"new\", \"front\": \"f\", \"back\": \"b\", \"stepIndex\": 0, \"nextReviewDate\": \"2026-11-21\", \"createdAt\": \"2026-11-21T09:00:00+09:00\"}",
    ]
    return
      "{\"version\": 1, \"cards\": [\(cards.joined(separator: ",\n"))], \"recalls\": [], \"reviewLog\": []}"
  }()

  /// What the figure must be: R of the overdue card now (10 whole days after its review), of the
  /// other at its due instant (13 days after).
  static var expected: Double {
    func state(_ stability: Double) -> FSRSCard {
      FSRSCard(
        state: .review, step: nil, stability: stability, difficulty: 5.5, due: .distantPast,
        lastReview: Timestamp.parse("2026-11-11T08:00:00+09:00")!)
    }
    let scheduler = FSRSScheduler.standard
    return
      (scheduler.retrievability(of: state(10), at: Timestamp.parse("2026-11-21T20:00:00+09:00")!)
      + scheduler.retrievability(of: state(5), at: Timestamp.parse("2026-11-24T08:00:00+09:00")!)) / 2
  }

  func binary(scheduler: String) throws -> Binary {
    var bin = try Binary()
    try bin.writeConfig(tokyoConfig + "\n[study]\nscheduler = \"\(scheduler)\"\n")
    try bin.writeDeck(Self.deck)
    bin.use(nil)
    return bin
  }

  @Test func fsrsShowsThePredictedRetention() throws {
    let bin = try binary(scheduler: "fsrs")
    let percent = "\(Int((Self.expected * 100).rounded()))%"
    #expect(Self.expected > 0.8 && Self.expected < 0.9)
    let en = try bin.run(["stats", "--weeks", "1", "--now", now])
    #expect(en.status == 0 && en.stderr == "")
    #expect(
      en.stdout.hasSuffix(
        "Cards due, next 7 days: today 2, Sun 2, Mon 2, Tue 3, Wed 3, Thu 3, Fri 3\n"
          + "Predicted retention, cards due in the next 7 days: \(percent) (2 cards)\n"
          + "FSRS parameters: FSRS-6's defaults\n"), "\(en.stdout)")
    let ja = try bin.run(["stats", "--weeks", "1", "--now", now, "--lang", "ja"])
    #expect(
      ja.stdout.hasSuffix(
        "今後7日に復習する札の予測想起率: \(percent)（2枚）\nFSRS のパラメータ: FSRS-6 の既定値\n"),
      "\(ja.stdout)")
    let root = try #require(
      try json(try bin.run(["stats", "--json", "--now", now]).stdout) as? [String: Any])
    #expect(root["predictedRetention"] as? Double == Double(String(format: "%.4f", Self.expected)))
  }

  @Test func theLadderHasNone() throws {
    let bin = try binary(scheduler: "ladder")
    let text = try bin.run(["stats", "--weeks", "1", "--now", now])
    #expect(text.status == 0 && !text.stdout.contains("Predicted retention"))
    let root = try #require(
      try json(try bin.run(["stats", "--json", "--now", now]).stdout) as? [String: Any])
    #expect(root["predictedRetention"] is NSNull)
  }
}
