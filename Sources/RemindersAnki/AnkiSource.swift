import Foundation
import RemindersCore
import RemindersMessages
import RemindersStore

/// A collection that config `anki.collection` names but that is no Anki collection this version
/// reads (missing, not a regular file, not SQLite, another schema): exit 65, naming the config
/// file, the key and the collection.
public struct AnkiConfigError: Error, Equatable, CustomStringConvertible {
  public var configPath: String
  public var collection: String
  public var problem: AnkiProblem

  public init(configPath: String, collection: String, problem: AnkiProblem) {
    self.configPath = configPath
    self.collection = collection
    self.problem = problem
  }

  /// In English, the catalogue's words (a person reads them through RemindersReports).
  public var description: String {
    English().ankiConfigError(configPath: configPath, collection: collection, problem: problem.words)
  }
}

/// Where Anki's counts come from at this moment, and how current they are (docs/anki.md).
public struct AnkiStatus: Equatable, Sendable {
  public enum Freshness: Equatable, Sendable {
    /// Read now, or read before from files that have not changed since.
    case current
    /// The last reading: the collection could not be read consistently now, for `reason`.
    case stale(reason: AnkiUnreadable)
    /// Nothing: never read, and it cannot be read now, for `reason`.
    case unavailable(reason: AnkiUnreadable)
  }

  /// The collection (symbolic links resolved).
  public var collectionPath: String
  public var reading: AnkiReading?
  public var freshness: Freshness

  public init(collectionPath: String, reading: AnkiReading?, freshness: Freshness) {
    self.collectionPath = collectionPath
    self.reading = reading
    self.freshness = freshness
  }
}

/// Config `[anki]`'s collection, read for the plan: from `<state>/anki.json` while the files are
/// as they were then, else from the collection (never written, never locked), else the last
/// reading, said as such.
public struct AnkiSource: Sendable {
  public let settings: AnkiSettings
  public let configPath: String
  public let state: AnkiStateFile
  /// How long one read may take before the last reading stands in.
  public var timeLimit: TimeInterval = 10

  /// Where the collection is copied while Anki has it open: `<state>/anki-copy`, a folder of
  /// ours, so that a copy left by a killed run is ours to remove.
  public let copyFolder: String

  public init(settings: AnkiSettings, configPath: String, stateDir: String) {
    self.settings = settings
    self.configPath = configPath
    state = AnkiStateFile(stateDir: stateDir)
    copyFolder = stateDir + "/anki-copy"
  }

  /// Where the counts come from when `error` keeps the collection from being read: the last
  /// reading of the same collection, said as of when, else none. The deck's reminders go on
  /// either way (docs/anki.md).
  public func status(without error: AnkiConfigError) -> AnkiStatus {
    let path = AnkiCollectionFile(path: settings.collection, copyFolder: copyFolder).path
    let why = AnkiUnreadable.notACollection(error.problem)
    guard let last = state.load(), last.collectionPath == path else {
      return AnkiStatus(collectionPath: path, reading: nil, freshness: .unavailable(reason: why))
    }
    return AnkiStatus(collectionPath: path, reading: last, freshness: .stale(reason: why))
  }

  /// The counts' source at `now`. `save`: remember a new reading in `<state>/anki.json` (`run`
  /// does; `preview` and `status` write nothing).
  public func read(now: Date, clock: DayClock, save: Bool) throws(AnkiConfigError) -> AnkiStatus {
    let file = AnkiCollectionFile(path: settings.collection, copyFolder: copyFolder)
    func refused(_ problem: AnkiProblem) -> AnkiConfigError {
      AnkiConfigError(configPath: configPath, collection: settings.collection, problem: problem)
    }
    let identity: AnkiFileIdentity
    do {
      identity = try file.identity()
    } catch {
      switch error {
      case .notACollection(let problem): throw refused(problem)
      case .unavailable(let why):
        return AnkiStatus(collectionPath: file.path, reading: nil, freshness: .unavailable(reason: why))
      }
    }
    let last = state.load().flatMap { $0.collectionPath == file.path ? $0 : nil }
    if let last, last.keyTrusted, last.key == identity.description {
      return AnkiStatus(collectionPath: file.path, reading: last, freshness: .current)
    }
    do {
      let (collection, seen, method) = try file.read(deadline: Date().addingTimeInterval(timeLimit))
      let reading = AnkiReading(
        // When the file was read, by the wall clock (not `--now`): what "as of" speaks of.
        collectionPath: file.path, readAt: Date(), method: method.rawValue, key: seen.description,
        keyTrusted: Date().timeIntervalSince(seen.lastModified) > 2, collection: collection)
      if save { try? state.save(reading, clock: clock) }
      return AnkiStatus(collectionPath: file.path, reading: reading, freshness: .current)
    } catch {
      switch error {
      case .notACollection(let problem): throw refused(problem)
      case .unavailable(let why):
        guard let last else {
          return AnkiStatus(collectionPath: file.path, reading: nil, freshness: .unavailable(reason: why))
        }
        return AnkiStatus(collectionPath: file.path, reading: last, freshness: .stale(reason: why))
      }
    }
  }
}
