import Foundation
import RemindersCore
import Testing

/// FSRSScheduler against the reference implementation, PyPI `fsrs` 6.3.x with fuzz off: the
/// histories of Tests/fsrs/reference_histories.py (thousands, under seven settings, from minutes
/// to decades apart), replayed here review by review, must give the same card after every review
/// — state, step, last review, due within a millisecond, the same stability and difficulty — and
/// the same retrievability at a later instant; ladder logs replayed into FSRS must give what the
/// reference's `reschedule_card` gives.
///
/// The reference runs in the tests' virtual environment (`REMINDERS_VENV`, which `make deps`
/// fills); without it the test fails rather than passing unchecked.
@Suite struct FSRSReferenceTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  @Test func sameCardsAsTheReference() throws {
    let reference = try Self.referenceHistories()
    #expect((reference["fsrs"] as? String)?.hasPrefix("6.3.") == true, "the reference must be fsrs 6.3.x")
    let settings = try #require(reference["settings"] as? [[String: Any]])
    #expect(settings.count >= 8)

    var mismatches: [String] = []
    var reviews = 0
    var ladders = 0
    for setting in settings {
      let name = setting["name"] as! String
      let scheduler = try Self.scheduler(setting)
      for (h, history) in (setting["histories"] as! [[String: Any]]).enumerated() {
        var card =
          (history["initial"] as? [Any]).map(Self.card) ?? .new(due: Self.instant(history["newCardDue"]))
        for (r, row) in (history["reviews"] as! [[Any]]).enumerated() {
          let rating = FSRSRating(rawValue: row[1] as! Int)!
          card = scheduler.review(card, rating: rating, at: Self.instant(row[0]))
          reviews += 1
          let expected = Self.card(Array(row[2...7]))
          var problems = Self.differences(card, expected)
          let recall = scheduler.retrievability(of: card, at: Self.instant(row[8]))
          if !Self.close(recall, Self.number(row[9])) {
            problems.append("retrievability \(recall) ≠ \(row[9])")
          }
          if !problems.isEmpty {
            mismatches.append(
              "\(name), history \(h), review \(r) (\(rating)): " + problems.joined(separator: "; "))
            break
          }
        }
      }
      for (l, ladder) in (setting["ladders"] as! [[String: Any]]).enumerated() {
        let answers = (ladder["answers"] as! [[Any]]).map {
          (at: Self.instant($0[0]), correct: $0[1] as! Bool)
        }
        let card = scheduler.replayLadder(answers, newCardDue: Self.instant(ladder["newCardDue"]))
        ladders += 1
        let problems = Self.differences(card, Self.card(ladder["card"] as! [Any]))
        if !problems.isEmpty {
          mismatches.append("\(name), ladder \(l): " + problems.joined(separator: "; "))
        }
      }
    }
    #expect(reviews > 25_000)
    #expect(ladders >= 700)
    #expect(
      mismatches.isEmpty,
      "\(mismatches.count) histories differ:\n\(mismatches.prefix(10).joined(separator: "\n"))")
  }

  /// The decks of Tests/fsrs/reference_decks.py, their logs interleaved as sessions interleave
  /// them: one pass of `replayStates` over each deck must give every card what the reference's
  /// `reschedule_card` gives for that card's answers, and leave cards never answered new.
  @Test func decksReplayAsTheReference() throws {
    let reference = try Self.referenceHistories(script: "reference_decks.py")
    let decks = try #require(reference["decks"] as? [[String: Any]])
    #expect(decks.count >= 3)
    let utc = DayClock(zone: TimeZone(identifier: "UTC")!)
    var mismatches: [String] = []
    var replayed = 0
    for setting in decks {
      let name = setting["name"] as! String
      func steps(_ key: String) -> [Duration] { (setting[key] as! [Int]).map { .microseconds($0) } }
      let scheduler = try FSRSScheduler(
        desiredRetention: Self.number(setting["desiredRetention"])!, learningSteps: steps("learningSteps"),
        relearningSteps: steps("relearningSteps"), maximumInterval: setting["maximumInterval"] as! Int)
      let log = (setting["log"] as! [[Any]]).map {
        ReviewEntry(cardID: "c\($0[1] as! Int)", at: Self.instant($0[0]), correct: $0[2] as! Bool)
      }
      let lastAnswers = Dictionary(log.map { ($0.cardID, $0.at) }, uniquingKeysWith: max)
      var deck = Deck(
        cards: (setting["createdAt"] as! [Any]).enumerated().map { i, created in
          let made = Self.instant(created)
          return Card(
            id: "c\(i)", front: "f", back: "b", stepIndex: 3, nextReviewDate: utc.day(of: made),
            createdAt: made,
            lastReviewedAt: lastAnswers["c\(i)"])
        }, reviewLog: log)
      let expected = setting["cards"] as! [Any]
      let changed = scheduler.replayStates(of: &deck, clock: utc)
      #expect(changed == expected.filter { !($0 is NSNull) }.count, "\(name)")
      for (i, card) in deck.cards.enumerated() {
        guard let row = expected[i] as? [Any] else {
          if card.fsrs != nil { mismatches.append("\(name), card \(i): not new") }
          continue
        }
        replayed += 1
        guard let state = card.fsrs else {
          mismatches.append("\(name), card \(i): no state")
          continue
        }
        var problems = Self.differences(state, Self.card(row))
        if card.nextReviewDate != utc.day(of: state.due) {
          problems.append("nextReviewDate is not due's day")
        }
        if card.stepIndex != 3 { problems.append("the ladder's step moved") }
        if !problems.isEmpty { mismatches.append("\(name), card \(i): " + problems.joined(separator: "; ")) }
      }
      #expect(scheduler.replayStates(of: &deck, clock: utc) == 0, "a second pass changes nothing")
    }
    #expect(replayed >= 900)
    #expect(
      mismatches.isEmpty,
      "\(mismatches.count) cards differ:\n\(mismatches.prefix(10).joined(separator: "\n"))")
  }

  /// Runs the reference and reads what it wrote.
  static func referenceHistories(script: String = "reference_histories.py") throws -> [String: Any] {
    let venv = ProcessInfo.processInfo.environment["REMINDERS_VENV"] ?? repository + "/.venv"
    let python = venv + "/bin/python"
    try #require(
      FileManager.default.isExecutableFile(atPath: python),
      "no \(python): `make deps` makes the tests' virtual environment (with fsrs)")
    let output = NSTemporaryDirectory() + "fsrs-reference-\(UUID().uuidString).json"
    defer { try? FileManager.default.removeItem(atPath: output) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [repository + "/Tests/fsrs/" + script, output]
    process.standardInput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(
      process.terminationStatus == 0,
      "\(script) failed: \(String(decoding: message, as: UTF8.self))")
    let data = try Data(contentsOf: URL(fileURLWithPath: output))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  static func scheduler(_ setting: [String: Any]) throws -> FSRSScheduler {
    func steps(_ key: String) -> [Duration] { (setting[key] as! [Int]).map { .microseconds($0) } }
    return try FSRSScheduler(
      parameters: FSRSParameters((setting["parameters"] as! [Any]).map { number($0)! }),
      desiredRetention: number(setting["desiredRetention"])!,
      learningSteps: steps("learningSteps"), relearningSteps: steps("relearningSteps"),
      maximumInterval: setting["maximumInterval"] as! Int)
  }

  /// A card from `[state, step, stability, difficulty, due, lastReview]`.
  static func card(_ row: [Any]) -> FSRSCard {
    FSRSCard(
      state: FSRSState(rawValue: row[0] as! String)!, step: row[1] as? Int,
      stability: number(row[2]), difficulty: number(row[3]),
      due: instant(row[4]), lastReview: row[5] is NSNull ? nil : instant(row[5]))
  }

  /// A number written as text (Python's `repr`): Foundation's JSON reader may round it.
  static func number(_ value: Any?) -> Double? { (value as? String).map { Double($0)! } }

  /// An instant from integer microseconds since 1970.
  static func instant(_ value: Any?) -> Date {
    Date(timeIntervalSince1970: Double((value as! NSNumber).int64Value) / 1e6)
  }

  /// How far our numbers may be from the reference's, relative: none. Our arithmetic is the
  /// reference's operation for operation, on the same C library's `pow`, so the doubles are the
  /// same bit for bit; a difference in the last bit (`exp(x)` for `e ** x`, another order of a
  /// product) is a departure that can move a rounding to whole days elsewhere.
  static let relativeTolerance = 0.0

  static func close(_ ours: Double?, _ theirs: Double?) -> Bool {
    guard let ours, let theirs else { return ours == nil && theirs == nil }
    return ours == theirs || abs(ours - theirs) <= relativeTolerance * max(abs(ours), abs(theirs))
  }

  static func differences(_ ours: FSRSCard, _ theirs: FSRSCard) -> [String] {
    var problems: [String] = []
    if ours.state != theirs.state { problems.append("state \(ours.state) ≠ \(theirs.state)") }
    if ours.step != theirs.step {
      problems.append("step \(String(describing: ours.step)) ≠ \(String(describing: theirs.step))")
    }
    if abs(ours.due.timeIntervalSince(theirs.due)) >= 0.001 {
      problems.append("due \(ours.due.timeIntervalSince1970) ≠ \(theirs.due.timeIntervalSince1970)")
    }
    if ours.lastReview != theirs.lastReview {
      problems.append(
        "last review \(String(describing: ours.lastReview)) ≠ \(String(describing: theirs.lastReview))")
    }
    if !close(ours.stability, theirs.stability) {
      problems.append(
        "stability \(String(describing: ours.stability)) ≠ \(String(describing: theirs.stability))")
    }
    if !close(ours.difficulty, theirs.difficulty) {
      problems.append(
        "difficulty \(String(describing: ours.difficulty)) ≠ \(String(describing: theirs.difficulty))")
    }
    return problems
  }
}
