import Testing

@testable import RemindersCore

/// "Did you mean": the distance between two names and the nearest of several.
@Suite struct EditDistanceTests {
  @Test(arguments: [
    ("review", "review", 0), ("reveiw", "review", 1), ("Review", "review", 0), ("revew", "review", 1),
    ("snyc", "sync", 1), ("stauts", "status", 1), ("stauts", "stats", 1), ("abc", "", 3), ("", "xy", 2),
    ("ca", "abc", 3), ("daily.tiem", "daily.time", 1), ("kitten", "sitting", 3),
  ])
  func distance(a: String, b: String, edits: Int) {
    #expect(EditDistance.between(a, b) == edits)
    #expect(EditDistance.between(b, a) == edits)
  }

  @Test func amongEqualsTheLengthNearestTheQueryWins() {
    #expect(EditDistance.nearest(to: "stauts", among: ["stats", "status"]) == "status")
    #expect(EditDistance.nearest(to: "stat", among: ["status", "stats"]) == "stats")
    #expect(EditDistance.nearest(to: "x", among: []) == nil)
  }

  /// Only a name that is near is suggested: one that starts with the query, or few edits away;
  /// `nope` among a deck's collections suggests none (it used to name `TOEIC`).
  @Test(
    arguments: [
      ("nope", ["JLPT N5", "TOEIC", "漢字"], nil), ("Zzzzzz", ["JLPT N5", "TOEIC"], nil),
      ("jlpt", ["TOEIC", "JLPT N5", "JLPT N4"], "JLPT N5"), ("JLTP", ["JLPT", "TOEIC"], "JLPT"),
      ("toiec", ["JLPT", "TOEIC"], "TOEIC"), ("xyz", ["review", "status"], nil), ("", ["a"], nil),
    ] as [(String, [String], String?)])
  func nearOnlyWhenNear(query: String, names: [String], near: String?) {
    #expect(EditDistance.near(to: query, among: names) == near)
  }
}
