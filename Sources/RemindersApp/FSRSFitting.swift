import Foundation
import RemindersAnki
import RemindersCore
import RemindersStore

/// `reminders fsrs optimize` (docs/scheduling.md#fitting-the-parameters): FSRS-6's weights fitted
/// to the learner's own review log, beside the weights in use, both judged on that log.
public struct FSRSOptimization: Sendable {
  /// Where the weights in use come from.
  public enum Source: Equatable, Sendable {
    /// FSRS-6's defaults (no `study.fsrs.parameters`).
    case standard
    /// `study.fsrs.parameters`, fitted on that day (`study.fsrs.fitted`), or set by hand (nil).
    case file(fitted: Day?)
  }

  public var current: [Double]
  public var source: Source
  public var fit: FSRSFit
  /// The answers read (those that moved a schedule), and of how many cards.
  public var reviews: Int
  public var cards: Int
  /// The reviews on a later day than the card's previous answer: what is predicted and judged.
  public var items: Int
  public var before: FSRSEvaluation
  public var after: FSRSEvaluation
  /// What `--apply` changed in the config file (empty: not applied, or nothing changed).
  public var applied: [SettingsFile.Change]
}

/// The weights in use, and where they come from (`stats`, `fsrs optimize`).
public struct FSRSParametersInUse: Equatable, Sendable {
  public var weights: [Double]
  public var source: FSRSOptimization.Source

  public init(_ configuration: Configuration) {
    weights = configuration.fsrsSettings.parameters.weights
    source = configuration.fsrsParametersSet ? .file(fitted: configuration.fsrsFitted) : .standard
  }
}

extension Workspace {
  /// The weights in use and their source: the file's when it sets `study.fsrs.parameters`.
  public var fsrsParametersInUse: FSRSParametersInUse { FSRSParametersInUse(configuration) }

  /// Fits the weights to `history` (the deck's log, or an Anki collection's), judges the weights
  /// in use and the fitted ones on it, and with `apply` writes the fitted weights and the day
  /// (`now` in the day zone) to the config file, as `config set` would. Throws
  /// `FSRSFitRefusal.tooLittleHistory` (nothing written) when the log is too short.
  public func optimizeFSRS(history: FSRSTrainingSet, now: Date, apply: Bool) throws -> FSRSOptimization {
    let inUse = fsrsParametersInUse
    let optimizer = FSRSOptimizer(relearningSteps: configuration.fsrsSettings.relearningSteps.count)
    var fit = try optimizer.fit(history)
    // Judged as written: to four decimals.
    fit.weights = fit.weights.map { Double(FSRSOptimization.written($0))! }
    var result = FSRSOptimization(
      current: inUse.weights, source: inUse.source, fit: fit, reviews: history.reviewCount,
      cards: history.cards.count, items: history.items.count,
      before: FSRSOptimizer.evaluate(inUse.weights, on: history),
      after: FSRSOptimizer.evaluate(fit.weights, on: history), applied: [])
    if apply {
      let weights = "[" + fit.weights.map { FSRSOptimization.written($0) }.joined(separator: ", ") + "]"
      result.applied = try SettingsFile(path: paths.config, home: paths.home).set(toml: [
        ("study.fsrs.parameters", weights), ("study.fsrs.fitted", "\"\(dayClock.day(of: now))\""),
      ])
    }
    return result
  }

  /// The deck's review log as the optimizer's history.
  public func deckHistory() throws -> FSRSTrainingSet {
    FSRSTrainingSet(log: try deckStore.load().deck.reviewLog, clock: dayClock)
  }
}

/// Why `fsrs optimize --anki` has no history to fit.
public enum AnkiHistoryError: Error, Equatable {
  /// The config names no collection (`anki.collection`).
  case notConfigured(configPath: String)
  /// The collection could not be read consistently just now (Anki writing to it throughout).
  case unavailable(collection: String, AnkiUnreadable)
}

extension Workspace {
  /// The review log of config `anki.collection` (its decks of `anki.decks`, else all of it) as
  /// the optimizer's history, built as Anki builds it, Anki's days counted back from the start
  /// of its next day after `now` in the day zone (docs/anki.md#fitting-fsrs-to-ankis-history).
  /// Read only, as every read of the collection. Throws `AnkiHistoryError`, or
  /// `AnkiConfigError` when the file is no collection this version reads.
  public func ankiHistory(now: Date) throws -> FSRSTrainingSet {
    guard let settings = configuration.anki else {
      throw AnkiHistoryError.notConfigured(configPath: paths.config)
    }
    let file = AnkiCollectionFile(path: settings.collection, copyFolder: paths.stateDir + "/anki-copy")
    do {
      // A long log may take a while to copy; the command waits for it, unlike a reminder.
      let (history, _, _) = try file.readHistory(deadline: Date().addingTimeInterval(60))
      let nextDayAt = AnkiDueCounter(history.collection).nextDayAt(now, utcOffset: dayClock.offset(at: now))
      return FSRSTrainingSet(ankiLog: history.entries(in: settings.decks), nextDayAt: nextDayAt)
    } catch {
      switch error {
      case .notACollection(let problem):
        throw AnkiConfigError(configPath: paths.config, collection: settings.collection, problem: problem)
      case .unavailable(let why): throw AnkiHistoryError.unavailable(collection: file.path, why)
      }
    }
  }
}

extension FSRSOptimization {
  /// A weight as the config file keeps it: four decimals (the reference's precision), within
  /// its bounds.
  public static func written(_ weight: Double) -> String {
    let rounded = (weight * 10000).rounded() / 10000
    return rounded == rounded.rounded() ? String(format: "%.1f", rounded) : "\(rounded)"
  }
}
