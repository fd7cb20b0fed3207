import Foundation

/// The four FSRS ratings of an answer; the raw value is the grade `G` of the formulas.
public enum FSRSRating: Int, CaseIterable, Hashable, Sendable {
  case again = 1
  case hard = 2
  case good = 3
  case easy = 4

  /// The rating's word, as the deck, the journal and `cards answer` write it.
  public var word: String {
    switch self {
    case .again: "again"
    case .hard: "hard"
    case .good: "good"
    case .easy: "easy"
    }
  }

  /// The rating a word names, exactly (`again`, `hard`, `good`, `easy`).
  public init?(word: String) {
    guard let rating = Self.allCases.first(where: { $0.word == word }) else { return nil }
    self = rating
  }
}

/// Where a card is in FSRS: in its first learning steps, in review (intervals of whole days), or
/// in the relearning steps after a lapse. A new card is a learning card at step 0 with no memory
/// state yet (`FSRSCard.isNew`), as in the reference.
public enum FSRSState: String, CaseIterable, Hashable, Sendable {
  case learning
  case review
  case relearning
}

/// One card's FSRS state (the card's `fsrs` in docs/files.md#the-deck: `{"state", "step",
/// "stability", "difficulty", "due", "lastReview"}`).
public struct FSRSCard: Hashable, Sendable {
  public var state: FSRSState
  /// The index of the current learning or relearning step; `nil` in review.
  public var step: Int?
  /// The memory's stability `S`: the days after which retrievability falls to 90 %. `nil` until
  /// the first review.
  public var stability: Double?
  /// The card's difficulty `D`, 1 (easiest) to 10. `nil` until the first review.
  public var difficulty: Double?
  /// When the card is next due: an instant (learning steps are minutes apart).
  public var due: Date
  /// The instant of the last review; `nil` until the first.
  public var lastReview: Date?

  /// A card as given; a learning card without a step is at step 0, as the reference makes it.
  public init(
    state: FSRSState, step: Int?, stability: Double?, difficulty: Double?, due: Date, lastReview: Date?
  ) {
    self.state = state
    self.step = state == .learning && step == nil ? 0 : step
    self.stability = stability
    self.difficulty = difficulty
    self.due = due
    self.lastReview = lastReview
  }

  /// A card never reviewed, due at `due`.
  public static func new(due: Date) -> FSRSCard {
    FSRSCard(state: .learning, step: 0, stability: nil, difficulty: nil, due: due, lastReview: nil)
  }

  /// Whether the card has no memory state yet (never reviewed).
  public var isNew: Bool { stability == nil || difficulty == nil }

  /// Whether the card's due instant has come at `instant`.
  public func isDue(at instant: Date) -> Bool { due <= instant }
}

/// The Free Spaced Repetition Scheduler, version 6 (docs/scheduling.md), without fuzz: for the same
/// settings, cards, ratings and instants it computes what the reference implementation computes
/// (PyPI `fsrs` 6.3.x, `Scheduler(enable_fuzzing=False)`) — the same states and steps, the same
/// due instants to the microsecond (as near as `Date` holds one), the same stability and difficulty up to rounding.
///
/// The model: a memory has a *stability* `S` (days) and a *difficulty* `D` (1…10). Its
/// *retrievability* — the probability of recall — after `t` whole days is the forgetting curve
/// `R(t) = (1 + F·t/S)^(−decay)`, with `decay = w20` and `F = 0.9^(−1/decay) − 1` chosen so that
/// `R(S) = 0.9`. Each review updates `S` and `D` from the rating and from `R` at that moment;
/// a card in review is then due after the interval at which `R` falls to the desired retention.
/// Learning and relearning cards go through fixed steps (minutes) before that.
///
/// Arithmetic follows the reference operation for operation (`e^x` as `pow(e, x)`, products in
/// the same order), so that rounding to whole days falls on the same side. Instants are always
/// parameters: this type never reads the clock.
public struct FSRSScheduler: Hashable, Sendable {
  /// The smallest stability the model keeps (days).
  public static let minimumStability = 0.001
  /// The difficulty's range.
  public static let difficultyRange = 1.0...10.0

  public let parameters: FSRSParameters
  /// The probability of recall at which a review card falls due (`standardDesiredRetention`
  /// unless the config says another).
  public let desiredRetention: Double
  /// The steps of a new card before it enters review (default 1 and 10 minutes).
  public let learningSteps: [Duration]
  /// The steps of a lapsed card before it returns to review (default 10 minutes).
  public let relearningSteps: [Duration]
  /// The longest interval of a review card, in days (default 36500).
  public let maximumInterval: Int

  /// The steps in microseconds, the resolution of the reference's `timedelta`.
  private let learningMicroseconds: [Int64]
  private let relearningMicroseconds: [Int64]
  /// `−w20`, the exponent of the forgetting curve.
  private let decay: Double
  /// `F = 0.9^(1/decay) − 1`, so that `R(S) = 0.9`.
  private let factor: Double

  /// The longest maximum interval and the longest step: 36500 days, a hundred years, as in Anki
  /// (the reference sets no bound; this one keeps every wait within reach of a `Date` and of
  /// microseconds in 64 bits).
  public static let longestWaitDays = 36500

  /// The desired retention when none is set: the reference's 0.9 (docs/scheduling.md).
  public static let standardDesiredRetention = 0.9

  /// Checks the settings: a retention strictly between 0 and 1, steps longer than zero, a
  /// maximum interval of at least a day, none of them above `longestWaitDays` (the parameters
  /// were checked when made).
  public init(
    parameters: FSRSParameters = .standard, desiredRetention: Double = standardDesiredRetention,
    learningSteps: [Duration] = [.seconds(60), .seconds(600)], relearningSteps: [Duration] = [.seconds(600)],
    maximumInterval: Int = 36500
  ) throws(FSRSSettingsError) {
    guard desiredRetention > 0, desiredRetention < 1 else { throw .desiredRetention(desiredRetention) }
    let longestStep = Duration.seconds(Self.longestWaitDays * 86_400)
    if let bad = (learningSteps + relearningSteps).first(where: { $0 <= .zero || $0 > longestStep }) {
      throw .step(bad)
    }
    guard (1...Self.longestWaitDays).contains(maximumInterval) else {
      throw .maximumInterval(maximumInterval)
    }
    self.parameters = parameters
    self.desiredRetention = desiredRetention
    self.learningSteps = learningSteps
    self.relearningSteps = relearningSteps
    self.maximumInterval = maximumInterval
    learningMicroseconds = learningSteps.map(Self.microseconds)
    relearningMicroseconds = relearningSteps.map(Self.microseconds)
    decay = -parameters[20]
    factor = pow(0.9, 1 / decay) - 1
  }

  /// The scheduler with every default (FSRS-6's parameters, 0.9, 1m 10m, 10m, 36500 days).
  public static let standard: FSRSScheduler = {
    do { return try FSRSScheduler() } catch { preconditionFailure("FSRS defaults refused: \(error)") }
  }()

  // MARK: - Reviews

  /// The card after an answer rated `rating` at `instant`.
  ///
  /// First the memory: a new card takes the initial stability and difficulty of the rating; a
  /// card last reviewed less than a whole day before takes the same-day stability; any other
  /// takes the stability after a recall (or a lapse, for again) at its current retrievability.
  /// The difficulty moves with the rating in both of the latter cases.
  ///
  /// Then the next due instant: a learning (relearning) card climbs its steps — again goes back
  /// to the first step, hard stays (the first step lasts 1.5 times itself, or the mean of the
  /// first two), good moves up one, and good on the last step or easy enters review; with no
  /// steps it enters review at once. A review card stays in review, except that again sends it
  /// to the first relearning step when there are any. In review the card is due after
  /// `interval(S)` whole days.
  public func review(_ card: FSRSCard, rating: FSRSRating, at instant: Date) -> FSRSCard {
    var next = card
    let (stability, difficulty) = memory(after: card, rating: rating, at: instant)
    next.stability = stability
    next.difficulty = difficulty

    let wait: Int64
    switch card.state {
    case .learning, .relearning:
      let steps = card.state == .learning ? learningMicroseconds : relearningMicroseconds
      // The reference keeps a step; a card moved from settings with more steps may be past the
      // last one, and then any rating but again finishes its steps. (A negative step, which only
      // a damaged file could hold, counts as the first.)
      let step = max(card.step ?? 0, 0)
      if steps.isEmpty || (step >= steps.count && rating != .again) {
        (next.state, next.step, wait) = (.review, nil, reviewWait(stability))
      } else {
        switch rating {
        case .again: (next.step, wait) = (0, steps[0])
        case .hard:
          next.step = step
          if step == 0 {
            wait =
              steps.count == 1
              ? Self.dividedHalfEven(steps[0] * 3, by: 2) : Self.dividedHalfEven(steps[0] + steps[1], by: 2)
          } else {
            wait = steps[step]
          }
        case .good where step + 1 == steps.count, .easy:
          (next.state, next.step, wait) = (.review, nil, reviewWait(stability))
        case .good: (next.step, wait) = (step + 1, steps[step + 1])
        }
      }
    case .review:
      if rating == .again, !relearningMicroseconds.isEmpty {
        (next.state, next.step, wait) = (.relearning, 0, relearningMicroseconds[0])
      } else {
        wait = reviewWait(stability)
      }
    }
    next.due = instant.addingTimeInterval(Double(wait) / 1e6)
    next.lastReview = instant
    return next
  }

  /// The card after its ladder answers (the switch to FSRS, docs/scheduling.md#from-the-ladder-to-fsrs): each
  /// answer, in the order of its instant (answers at the same instant in the order given), reviewed
  /// as good when correct and again when wrong, from a new card due at `newCardDue`. No answers:
  /// that new card.
  public func replayLadder(_ answers: [(at: Date, correct: Bool)], newCardDue: Date) -> FSRSCard {
    replay(answers.map { (at: $0.at, rating: $0.correct ? .good : .again) }, newCardDue: newCardDue)
  }

  /// The card after rated answers, each in the order of its instant (answers at the same instant
  /// in the order given), from a new card due at `newCardDue`. No answers: that new card.
  public func replay(_ answers: [(at: Date, rating: FSRSRating)], newCardDue: Date) -> FSRSCard {
    let ordered = answers.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
    return ordered.reduce(FSRSCard.new(due: newCardDue)) { card, answer in
      review(card, rating: answer.element.rating, at: answer.element.at)
    }
  }

  /// The probability that the card is recalled at `instant`: the forgetting curve
  /// `R = (1 + F·t/S)^(−decay)` at `t` whole days since the last review (none before it). A
  /// card never reviewed has 0, as in the reference.
  public func retrievability(of card: FSRSCard, at instant: Date) -> Double {
    guard let lastReview = card.lastReview, let stability = card.stability else { return 0 }
    let elapsedDays = max(0, Self.wholeDays(from: lastReview, to: instant))
    return pow(1 + factor * Double(elapsedDays) / stability, decay)
  }

  // MARK: - The model

  /// The stability and difficulty after `rating` at `instant`.
  private func memory(after card: FSRSCard, rating: FSRSRating, at instant: Date) -> (Double, Double) {
    guard let stability = card.stability, let difficulty = card.difficulty else {
      return (initialStability(rating), Self.clampDifficulty(initialDifficulty(rating)))
    }
    // A card that lost its last review's instant counts as reviewed long ago, at R = 0 (the
    // reference's retrievability of such a card).
    if let lastReview = card.lastReview, Self.wholeDays(from: lastReview, to: instant) < 1 {
      return (sameDayStability(stability, rating), nextDifficulty(difficulty, rating))
    }
    let recall = retrievability(of: card, at: instant)
    let next =
      rating == .again
      ? lapseStability(difficulty: difficulty, stability: stability, retrievability: recall)
      : recallStability(difficulty: difficulty, stability: stability, retrievability: recall, rating: rating)
    return (max(next, Self.minimumStability), nextDifficulty(difficulty, rating))
  }

  /// `S0(G) = w[G−1]`: the first rating's stability, in days.
  private func initialStability(_ rating: FSRSRating) -> Double {
    max(parameters[rating.rawValue - 1], Self.minimumStability)
  }

  /// `D0(G) = w4 − e^(w5·(G−1)) + 1`: the first rating's difficulty, before clamping (the
  /// difficulty update reverts towards the unclamped `D0(easy)`).
  private func initialDifficulty(_ rating: FSRSRating) -> Double {
    parameters[4] - pow(eulersNumber, parameters[5] * Double(rating.rawValue - 1)) + 1
  }

  /// `D' = w7·D0(easy) + (1 − w7)·(D + ΔD·(10 − D)/9)` with `ΔD = −w6·(G − 3)`: the rating moves
  /// the difficulty (less as it nears 10), then the result reverts a little towards `D0(easy)`.
  private func nextDifficulty(_ difficulty: Double, _ rating: FSRSRating) -> Double {
    let delta = -(parameters[6] * Double(rating.rawValue - 3))
    let damped = difficulty + (10.0 - difficulty) * delta / 9.0
    let reverted = parameters[7] * initialDifficulty(.easy) + (1 - parameters[7]) * damped
    return Self.clampDifficulty(reverted)
  }

  /// `S' = S·e^(w17·(G − 3 + w18))·S^(−w19)`, the factor at least 1 unless again: a review on
  /// the same day as the previous one (less than 24 hours after it) changes stability little.
  private func sameDayStability(_ stability: Double, _ rating: FSRSRating) -> Double {
    var increase =
      pow(eulersNumber, parameters[17] * (Double(rating.rawValue - 3) + parameters[18]))
      * pow(stability, -parameters[19])
    if rating != .again { increase = max(increase, 1.0) }
    return max(stability * increase, Self.minimumStability)
  }

  /// `S' = S·(1 + e^w8·(11 − D)·S^(−w9)·(e^(w10·(1 − R)) − 1)·hard·easy)`: a recall makes the
  /// memory more stable, the more so when the card is easy, the stability still low, and the
  /// recall was unlikely; hard multiplies the gain by `w15`, easy by `w16`.
  private func recallStability(
    difficulty: Double, stability: Double, retrievability: Double, rating: FSRSRating
  )
    -> Double
  {
    let hardPenalty = rating == .hard ? parameters[15] : 1
    let easyBonus = rating == .easy ? parameters[16] : 1
    return stability
      * (1 + pow(eulersNumber, parameters[8]) * (11 - difficulty) * pow(stability, -parameters[9])
        * (pow(eulersNumber, (1 - retrievability) * parameters[10]) - 1) * hardPenalty * easyBonus)
  }

  /// `S' = min(w11·D^(−w12)·((S + 1)^w13 − 1)·e^(w14·(1 − R)), S / e^(w17·w18))`: the stability
  /// after a lapse, never above the stability before it.
  private func lapseStability(difficulty: Double, stability: Double, retrievability: Double) -> Double {
    let longTerm =
      parameters[11] * pow(difficulty, -parameters[12]) * (pow(stability + 1, parameters[13]) - 1)
      * pow(eulersNumber, (1 - retrievability) * parameters[14])
    let shortTerm = stability / pow(eulersNumber, parameters[17] * parameters[18])
    return min(longTerm, shortTerm)
  }

  /// `I(S) = S/F·(r^(1/decay) − 1)` days rounded half to even, within 1…maximum: where the
  /// forgetting curve falls to the desired retention `r` (at `r = 0.9`, `I = S`).
  public func interval(stability: Double) -> Int {
    let days = (stability / factor) * (pow(desiredRetention, 1 / decay) - 1)
    return Int(min(max(days.rounded(.toNearestOrEven), 1), Double(maximumInterval)))
  }

  /// The wait of a card entering or staying in review, in microseconds.
  private func reviewWait(_ stability: Double) -> Int64 {
    Int64(interval(stability: stability)) * 86_400_000_000
  }

  // MARK: - Arithmetic as the reference does it

  private static func clampDifficulty(_ difficulty: Double) -> Double {
    min(max(difficulty, difficultyRange.lowerBound), difficultyRange.upperBound)
  }

  /// Whole days from `start` to `end`, rounded down (negative when `end` comes first), counted
  /// in microseconds as Python's `timedelta.days`. The difference is taken first: two nearby
  /// instants subtract exactly, where each alone would lose microseconds in a far-off year.
  private static func wholeDays(from start: Date, to end: Date) -> Int64 {
    let elapsed = Int64((end.timeIntervalSince(start) * 1e6).rounded(.toNearestOrEven))
    let day: Int64 = 86_400_000_000
    return elapsed >= 0 ? elapsed / day : -((-elapsed + day - 1) / day)
  }

  /// A step in microseconds, rounded half to even as `timedelta` rounds.
  private static func microseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1_000_000 + dividedHalfEven(attoseconds, by: 1_000_000_000_000)
  }

  /// `numerator / denominator` (positive) rounded to the nearest integer, ties to even: what
  /// `timedelta` does when a step is halved or multiplied by 1.5.
  private static func dividedHalfEven(_ numerator: Int64, by denominator: Int64) -> Int64 {
    var quotient = numerator / denominator
    var remainder = numerator % denominator
    if remainder < 0 { (quotient, remainder) = (quotient - 1, remainder + denominator) }
    let twice = remainder * 2
    if twice > denominator || (twice == denominator && quotient % 2 != 0) { quotient += 1 }
    return quotient
  }
}

/// `e` as the reference writes it (`math.e`): its exponentials are `pow(e, x)`, which may differ
/// from `exp(x)` in the last bit, and a last bit can move a rounding to whole days.
private let eulersNumber = 2.718281828459045
