import Foundation
import RemindersMessages
import Testing

@testable import RemindersCore

/// English's pop-up words, counting the recall pop-ups the planner words: how many groups of
/// recall items it placed.
final class CountingPopupWords: PopupMessages, @unchecked Sendable {
  let words = English()
  var recallBodies = 0

  func dailyTitle(count: Int) -> String { words.dailyTitle(count: count) }
  func dailyAgainTitle(count: Int) -> String { words.dailyAgainTitle(count: count) }
  func dailyBody(collections: [(name: String, count: Int)], new: Int, streak: Int) -> String {
    words.dailyBody(collections: collections, new: new, streak: streak)
  }
  var otherCollection: String { words.otherCollection }
  func dripTitle(count: Int, collection: String?) -> String {
    words.dripTitle(count: count, collection: collection)
  }
  var dripPlannedBody: String { words.dripPlannedBody }
  var showAnswerAction: String { words.showAnswerAction }
  var laterAction: String { words.laterAction }
  var reviewNowAction: String { words.reviewNowAction }
  var reviewHereAction: String { words.reviewHereAction }
  var recallNowAction: String { words.recallNowAction }
  func later(_ seconds: Int) -> String { words.later(seconds) }
  func recallTitle(topics: [String]) -> String { words.recallTitle(topics: topics) }
  func recallBody(topics: [String], notes: [String?]) -> String {
    recallBodies += 1
    return words.recallBody(topics: topics, notes: notes)
  }
  func focusDone(breakSeconds: Double) -> String { words.focusDone(breakSeconds: breakSeconds) }
  var breakOver: String { words.breakOver }
  func focusToday(minutes: Int) -> String { words.focusToday(minutes: minutes) }
  func focusCycleBody(_ cycle: Int, of cycles: Int?) -> String { words.focusCycleBody(cycle, of: cycles) }
  func alarmTitle(name: String) -> String { words.alarmTitle(name: name) }
  func alarmBody(time: String, radius: String) -> String { words.alarmBody(time: time, radius: radius) }
}

/// A plan up to a horizon places only the recall items that can fire before it, so that a walk
/// over many reminders (`preview`, `status`) costs in proportion to what it walks, not to every
/// item of the deck at every step; and it leaves out nothing that a group before the horizon takes in.
@Suite struct RecallHorizonTests {
  /// One item a day for 1,000 days: a plan of two days words the two groups in it, not 1,000.
  @Test func aPlanPlacesOnlyTheItemsBeforeItsHorizon() {
    let words = CountingPopupWords()
    let planner = Planner(schedule: Fixture.schedule(), clock: Fixture.tokyo, words: words)
    let start = Fixture.t("2026-11-21T09:00:00+09:00")
    // Given out of order: the input keeps them by due time.
    let items = (0..<1000).reversed().map { i in
      RecallItem(id: "r-\(i)", topic: "topic \(i)", dueAt: start.addingTimeInterval(Double(i) * 86_400))
    }
    let input = Fixture.input(recalls: items)
    #expect(input.recalls.map(\.id) == (0..<1000).map { "r-\($0)" })
    let plan = planner.plan(input, ledger: DeliveryLedger(), now: start.addingTimeInterval(-3600), days: 2)
    #expect(plan.map(\.topics) == [["topic 0"], ["topic 1"]])
    #expect(words.recallBodies == 2)
  }

  /// An item just after the horizon still joins the group that starts before it.
  @Test func anItemAfterTheHorizonJoinsAGroupBeforeIt() {
    let planner = Fixture.planner(Fixture.schedule(window: ("00:00", "23:59")), Fixture.tokyo)
    let input = Fixture.input(recalls: [
      RecallItem(id: "b", topic: "after midnight", dueAt: Fixture.t("2026-11-22T00:02:00+09:00")),
      RecallItem(id: "a", topic: "before midnight", dueAt: Fixture.t("2026-11-21T23:55:00+09:00")),
    ])
    let plan = planner.plan(
      input, ledger: DeliveryLedger(), now: Fixture.t("2026-11-21T23:00:00+09:00"),
      until: Fixture.day("2026-11-22"))
    #expect(plan.map(\.topics) == [["before midnight", "after midnight"]])
  }
}
