import CLITestSupport
import Foundation
import RemindersCore
import RemindersStore
import Testing

/// `reminders fsrs optimize` (docs/scheduling.md#fitting-the-parameters) against the optimizer
/// Anki ships — fsrs-rs, PyPI `fsrs-rs-python` 0.9.3 in the tests' virtual environment — on
/// learners simulated from known parameters (Tests/fsrs/optimizer_reference.py) and on the
/// sample deck's history: the same items, a log loss at most 1 % above the reference's own fit
/// as the reference's `evaluate` computes it, an RMSE (bins) at most 0.005 above.
@Suite struct FSRSOptimizeTests {
  static let script = Programs.repository + "/Tests/fsrs/optimizer_reference.py"

  /// Parameter sets the simulated learners remember by: FSRS-6's defaults, and two others
  /// within the reference's bounds (a faster and a slower forgetter).
  static let learners: [(name: String, parameters: String?, zone: String)] = [
    ("defaults", nil, "Asia/Tokyo"),
    (
      "quick",
      "0.4,1.2,3.2,15.0,7.0,0.6,2.5,0.01,1.6,0.15,1.0,1.9,0.11,0.29,2.3,0.25,2.9,0.5,0.2,0.1,0.3",
      "America/New_York"
    ),
    (
      "slow",
      "0.1,0.6,1.5,5.0,5.5,1.0,3.5,0.005,1.3,0.25,0.6,1.2,0.05,0.4,1.2,0.7,1.5,0.6,0.05,0.05,0.2",
      "Europe/Berlin"
    ),
  ]

  static func python(_ arguments: [String]) throws -> [String: Any] {
    let result = try Programs.run([try Programs.venvPython(), script] + arguments)
    try #require(result.status == 0, "optimizer_reference.py: \(result.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  static func simulate(into path: String, seed: Int, cards: Int, days: Int, zone: String, parameters: String?)
    throws
  {
    var arguments = [
      "simulate", path, "--seed", "\(seed)", "--cards", "\(cards)", "--days", "\(days)", "--zone", zone,
    ]
    if let parameters { arguments += ["--parameters", parameters] }
    _ = try python(arguments)
  }

  static func json(_ result: Binary.Result) throws -> [String: Any] {
    try #require(result.status == 0, "\(result.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  /// A reference's judgement of our fit (its first `evaluated`) against its own fit (`fitted`):
  /// a log loss at most 1 % above, an RMSE (bins) at most 0.005 above. Returns ours.
  @discardableResult
  static func expectAsGood(_ reference: [String: Any], label: String) throws -> (Double, Double) {
    let theirs = try #require(reference["fitted"] as? [String: Double])
    let ourFit = try #require((reference["evaluated"] as? [[String: Any]])?.first)
    let ourLoss = try #require(ourFit["log_loss"] as? Double)
    let ourRMSE = try #require(ourFit["rmse_bins"] as? Double)
    #expect(
      ourLoss <= theirs["log_loss"]! * 1.01,
      "\(label): log loss \(ourLoss), the reference's \(theirs["log_loss"]!)")
    #expect(
      ourRMSE <= theirs["rmse_bins"]! + 0.005,
      "\(label): RMSE (bins) \(ourRMSE), the reference's \(theirs["rmse_bins"]!)")
    return (ourLoss, ourRMSE)
  }

  /// Fits the deck in `bin` and checks the fit against the reference's on the same items.
  static func checkFit(_ bin: Binary, zone: String, label: String) throws {
    let ours = try json(bin.run(["fsrs", "optimize", "--json"]))
    let weights = try #require(ours["parameters"] as? [Double])
    #expect(weights.count == 21)
    let reference = try python([
      "reference", bin.deckPath, "--zone", zone, "--evaluate", weights.map { "\($0)" }.joined(separator: ","),
    ])
    #expect(ours["items"] as? Int == reference["items"] as? Int, "\(label): items")
    #expect(ours["reviews"] as? Int == reference["reviews"] as? Int, "\(label): reviews")
    #expect(ours["cards"] as? Int == reference["cards"] as? Int, "\(label): cards")
    let (ourLoss, ourRMSE) = try expectAsGood(reference, label: label)
    // Our own figures of our fit are the reference's evaluation of it.
    let after = try #require(ours["after"] as? [String: Double])
    #expect(
      abs(after["logLoss"]! - ourLoss) < 5e-4, "\(label): our log loss \(after["logLoss"]!) vs \(ourLoss)")
    #expect(
      abs(after["rmseBins"]! - ourRMSE) < 5e-4, "\(label): our RMSE \(after["rmseBins"]!) vs \(ourRMSE)")
  }

  @Test func fitsAsWellAsTheReferenceOnSimulatedLearners() throws {
    for (i, learner) in Self.learners.enumerated() {
      let bin = try Binary()
      try bin.writeConfig("[time]\nzone = \"\(learner.zone)\"\n")
      try FileManager.default.createDirectory(
        atPath: (bin.deckPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Self.simulate(
        into: bin.deckPath, seed: 100 + i, cards: 320, days: 200, zone: learner.zone,
        parameters: learner.parameters)
      try Self.checkFit(bin, zone: learner.zone, label: learner.name)
    }
  }

  @Test func fitsAsWellAsTheReferenceOnTheSampleDeck() throws {
    let bin = try Binary()
    try bin.writeConfig("[time]\nzone = \"UTC\"\n")
    try FileManager.default.createDirectory(
      atPath: (bin.deckPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let made = try Programs.run([
      "python3", Programs.repository + "/scripts/make-sample-deck.py",
      Programs.repository + "/samples/words.tsv",
      bin.deckPath,
    ])
    try #require(made.status == 0, "\(made.stderr)")
    try Self.checkFit(bin, zone: "UTC", label: "sample deck")
  }

  /// The items, on their own: for the same log, ours equal the reference's, one by one — across
  /// zones (the gap is in calendar days of the day zone), with answers logged `relearn` or
  /// `early` left out and ratings stated or implied.
  @Test func buildsTheReferencesItems() throws {
    for (seed, zone) in [(7, "Pacific/Kiritimati"), (8, "America/Los_Angeles"), (9, "Asia/Tokyo")] {
      let folder = NSTemporaryDirectory() + "fsrs-items-\(UUID().uuidString)"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(atPath: folder) }
      let deck = folder + "/deck.json"
      try Self.simulate(into: deck, seed: seed, cards: 60, days: 90, zone: zone, parameters: nil)
      // Some answers marked as moving nothing, as a ladder session logs them.
      var root = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: deck))) as? [String: Any]
      )
      var log = try #require(root["reviewLog"] as? [[String: Any]])
      for i in log.indices where i % 13 == 5 { log[i][i % 2 == 0 ? "relearn" : "early"] = true }
      root["reviewLog"] = log
      try JSONSerialization.data(withJSONObject: root).write(to: URL(fileURLWithPath: deck))

      let itemsPath = folder + "/items.json"
      _ = try Self.python(["reference", deck, "--zone", zone, "--items-out", itemsPath])
      let theirs = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: itemsPath)))
          as? [[[Int]]])
      let stored = try DeckStore(path: deck, lockPath: folder + "/lock").load()
      let set = FSRSTrainingSet(
        log: stored.deck.reviewLog, clock: DayClock(zone: TimeZone(identifier: zone)!))
      let ours = set.items.map { $0.reviews.map { [$0.rating.rawValue, $0.elapsedDays] } }
      #expect(ours.count == theirs.count, "\(zone)")
      #expect(
        ours == theirs,
        "\(zone): the first difference at \(Array(zip(ours, theirs)).firstIndex { $0.0 != $0.1 } ?? -1)")
    }
  }

  @Test func refusesTooLittleHistoryAndWritesNothing() throws {
    let bin = try Binary()
    let config = "# my settings\n[time]\nzone = \"Asia/Tokyo\"\n"
    try bin.writeConfig(config)
    try FileManager.default.createDirectory(
      atPath: (bin.deckPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Self.simulate(into: bin.deckPath, seed: 3, cards: 12, days: 20, zone: "Asia/Tokyo", parameters: nil)
    for lang in ["en", "ja"] {
      let result = try bin.run(["fsrs", "optimize", "--apply", "--lang", lang])
      #expect(result.status == 65, "\(result.stderr)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderrLines.count == 1, "\(result.stderr)")
      #expect(result.stderr.hasPrefix("reminders: "))
      #expect(result.stderr.contains(bin.deckPath))
      #expect(result.stderr.contains(lang == "en" ? "at least 8 needed" : "8回以上必要です"), "\(result.stderr)")
    }
    #expect(try String(contentsOfFile: bin.configPath, encoding: .utf8) == config)
  }

  /// `--apply` writes the parameters and the day through the config writer (the comment stays),
  /// FSRS then schedules with them, and `stats` says which parameters are in use.
  @Test func appliesThroughTheConfigWriterAndStatsSaysSo() throws {
    let bin = try Binary()
    try bin.writeConfig(
      "# my settings\n[time]\nzone = \"Asia/Tokyo\"  # home\n[study]\nscheduler = \"fsrs\"\n")
    try FileManager.default.createDirectory(
      atPath: (bin.deckPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Self.simulate(into: bin.deckPath, seed: 5, cards: 120, days: 120, zone: "Asia/Tokyo", parameters: nil)
    let now = "2026-12-03T09:00:00+09:00"
    let before = try bin.run(["stats", "--now", now, "--lang", "en"])
    #expect(before.stdout.contains("FSRS parameters: FSRS-6's defaults"), "\(before.stdout)")
    let applied = try bin.run(["fsrs", "optimize", "--apply", "--now", now, "--lang", "en"])
    #expect(applied.status == 0, "\(applied.stderr)")
    #expect(applied.stdout.contains("Wrote study.fsrs.parameters, study.fsrs.fitted to"), "\(applied.stdout)")
    let text = try String(contentsOfFile: bin.configPath, encoding: .utf8)
    #expect(text.contains("# my settings") && text.contains("# home"), "\(text)")
    #expect(text.contains("fitted = \"2026-12-03\""), "\(text)")
    let shown = try Self.json(bin.run(["fsrs", "optimize", "--json", "--now", now]))
    let inUse = try #require(shown["inUse"] as? [String: Any])
    #expect(inUse["source"] as? String == "fitted")
    #expect(inUse["fitted"] as? String == "2026-12-03")
    #expect(inUse["parameters"] as? [Double] == shown["parameters"] as? [Double])
    let again = try bin.run(["fsrs", "optimize", "--apply", "--now", now, "--lang", "en"])
    #expect(again.stdout.contains("The config already has these parameters."), "\(again.stdout)")
    let stats = try bin.run(["stats", "--now", now, "--lang", "ja"])
    #expect(stats.stdout.contains("FSRS のパラメータ: 2026-12-03 に合わせたもの"), "\(stats.stdout)")
    let statsJSON = try Self.json(bin.run(["stats", "--json", "--now", now]))
    #expect((statsJSON["fsrsParameters"] as? [String: Any])?["source"] as? String == "fitted")
    // The status count is FSRS's with the fitted parameters: it reads the file and answers.
    #expect(try bin.run(["status", "--now", now]).status == 0)
  }

  // MARK: - Anki collections

  static let ankiScript = Programs.repository + "/Tests/anki/anki_history.py"

  /// Runs Tests/anki/anki_history.py with the venv's python, Anki's local zone `zone`.
  static func anki(_ arguments: [String], zone: String) throws -> [String: Any] {
    var environment = ProcessInfo.processInfo.environment
    environment["TZ"] = zone
    let result = try Programs.run(
      [try Programs.venvPython(), ankiScript] + arguments, environment: environment)
    try #require(result.status == 0, "anki_history.py: \(result.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  /// `--anki` on collections made by the `anki` package, against Anki's own optimizer
  /// (`compute_fsrs_params`, judged by its `evaluate_params`): the same number of items from the
  /// same review log (cram, set-due-date, rescheduled, imported and reset cards among it), a fit
  /// as good, for the whole collection and for `anki.decks`; the collection never written.
  @Test func fitsAnAnkiCollectionAsWellAsAnki() throws {
    for (seed, zone) in [(21, "Asia/Tokyo"), (22, "America/New_York")] {
      let folder = NSTemporaryDirectory() + "fsrs-anki-\(UUID().uuidString)"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(atPath: folder) }
      let built = try Self.anki(
        ["build", folder + "/anki", "--seed", "\(seed)", "--cards", "300", "--days", "220", "--zone", zone],
        zone: zone)
      let collection = try #require(built["collection"] as? String)
      let bytes = try Data(contentsOf: URL(fileURLWithPath: collection))
      for (decks, search) in [(nil, ""), ("[\"日本語\"]", "deck:日本語")] as [(String?, String)] {
        let label = "\(zone) \(search)"
        let bin = try Binary()
        try bin.writeConfig(
          "[time]\nzone = \"\(zone)\"\n[anki]\ncollection = \"\(collection)\"\n"
            + (decks.map { "decks = \($0)\n" } ?? ""))
        let ours = try Self.json(bin.run(["fsrs", "optimize", "--anki", "--json"]))
        let weights = try #require(ours["parameters"] as? [Double])
        let reference = try Self.anki(
          [
            "reference", collection, "--search", search, "--evaluate",
            weights.map { "\($0)" }.joined(separator: ","),
          ],
          zone: zone)
        #expect(ours["items"] as? Int == reference["items"] as? Int, "\(label): items")
        #expect((ours["items"] as? Int ?? 0) > 500, "\(label): \(ours["items"] ?? "")")
        try Self.expectAsGood(reference, label: "\(label) (the reference: Anki's own fit)")
      }
      #expect(
        try Data(contentsOf: URL(fileURLWithPath: collection)) == bytes, "\(zone): the collection was written"
      )
    }
  }

  /// `--anki` with no collection in the config, or one that is not there: one line in the
  /// session's language, 64 and 65.
  @Test func ankiWithoutACollectionSaysSo() throws {
    let bin = try Binary()
    try bin.writeConfig("[time]\nzone = \"Asia/Tokyo\"\n")
    for lang in ["en", "ja"] {
      let result = try bin.run(["fsrs", "optimize", "--anki", "--lang", lang])
      #expect(result.status == 64, "\(result.stderr)")
      #expect(result.stderrLines.count == 1 && result.stderr.hasPrefix("reminders: "), "\(result.stderr)")
      #expect(
        result.stderr.contains("anki.collection") && result.stderr.contains(bin.configPath),
        "\(result.stderr)")
      #expect(
        result.stderr.contains(lang == "en" ? "needs an Anki collection" : "設定が必要です"), "\(result.stderr)")
    }
    let missing = NSTemporaryDirectory() + "no-such-\(UUID().uuidString)/collection.anki2"
    try bin.writeConfig("[time]\nzone = \"Asia/Tokyo\"\n[anki]\ncollection = \"\(missing)\"\n")
    let result = try bin.run(["fsrs", "optimize", "--anki"])
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderrLines.count == 1 && result.stderr.contains(missing), "\(result.stderr)")
  }
}
