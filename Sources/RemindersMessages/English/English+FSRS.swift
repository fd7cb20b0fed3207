extension English: FSRSMessages {
  public func fittedTo(reviews: Int, cards: Int, predicted: Int) -> String {
    "FSRS parameters fitted to \(reviews) \(reviews == 1 ? "review" : "reviews") of \(cards) \(cards == 1 ? "card" : "cards") (\(predicted) \(predicted == 1 ? "answer" : "answers") predicted)"
  }

  public func onlyInitialStability(minimum: Int) -> String {
    "Fewer than \(minimum) usable reviews: only the initial stabilities (w0–w3) were fitted."
  }

  public var fittedParameters: String { "Fitted parameters:" }

  public func inUse(standard: Bool, fitted: String?) -> String {
    "In use: " + source(standard: standard, fitted: fitted)
  }

  public var inUseColumn: String { "in use" }
  public var fittedColumn: String { "fitted" }
  public var logLoss: String { "Log loss" }
  public var rmseBins: String { "RMSE (bins)" }
  public var lowerIsBetter: String { "(lower is better)" }

  public func wrote(keys: [String], to path: String) -> String {
    "Wrote \(keys.joined(separator: ", ")) to \(path)."
  }

  public var alreadyApplied: String { "The config already has these parameters." }
  public var applyHint: String { "Run again with --apply to use them." }

  public func tooLittleHistory(source: String, usable: Int, needed: Int) -> String {
    "too little history in \(source) to fit FSRS: \(usable) usable \(usable == 1 ? "review" : "reviews"), at least \(needed) needed (a review counts when given on a later day than the card's previous answer)"
  }

  public func noAnkiCollection(configPath: String) -> String {
    "--anki needs an Anki collection: set anki.collection in \(configPath) (reminders config set anki.collection PATH)"
  }

  public func ankiLogUnreadable(collection: String, why: String) -> String {
    "cannot read the review log of the Anki collection \(collection) now: \(why); try again in a moment"
  }

  public func parametersLine(standard: Bool, fitted: String?) -> String {
    "FSRS parameters: " + source(standard: standard, fitted: fitted)
  }

  private func source(standard: Bool, fitted: String?) -> String {
    standard ? "FSRS-6's defaults" : fitted.map { "fitted on \($0)" } ?? "set by hand"
  }
}
