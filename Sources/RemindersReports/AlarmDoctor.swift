import Foundation
import RemindersApp
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersMessages
import RemindersStore

extension AlarmCheck {
  public func locationJSON(_ language: Language) -> OrderedJSON {
    .object([
      ("systemBus", .string(location.systemBus)),
      ("available", .bool(location.error == nil)),
      (
        "accuracy",
        location.accuracy.map { .number(AlarmStoreNumbers.format(($0 * 10).rounded() / 10)) } ?? .null
      ),
      ("seconds", .number(String(format: "%.2f", location.seconds))),
      ("error", location.error.map { .string($0.text(language)) } ?? .null),
      ("message", .string(location.text(language))),
    ])
  }

  public func soundJSON() -> OrderedJSON {
    switch sound {
    case .success(let command):
      return .object([("command", .array(command.map(OrderedJSON.string))), ("problem", .null)])
    case .failure(let problem):
      // In English, as the JSON has always said it.
      return .object([
        ("command", .null), ("problem", .string(Language.en.words.alarmSoundProblem(problem.problem))),
      ])
    }
  }

  /// The command the alarm sound plays with, or why there is none.
  public func soundText(_ words: any Catalogue) -> String {
    switch sound {
    case .success(let command): command.joined(separator: " ")
    case .failure(let problem): words.noAlarmSound(words.alarmSoundProblem(problem.problem))
    }
  }
}

extension AlarmCheck.Location {
  /// How long a location took and how accurate it is (never where), or why none came.
  public func text(_ language: Language) -> String {
    let words = language.words
    if let error { return words.locationUnavailable(error.text(language)) }
    return words.locationFound(
      seconds: String(format: "%.1f", seconds),
      accuracy: DistanceText.format(accuracy ?? .nan),
      systemBus: systemBus)
  }
}

extension GeoClueError {
  /// Why no location came, in words (as `doctor` and the alarm commands say it).
  public func text(_ language: Language) -> String {
    let failure: LocationFailure =
      switch self {
      case .noSystemBus(let bus): .noSystemBus(bus.text(language))
      case .notAvailable(let bus): .notAvailable(bus.text(language))
      case .notActivatable: .notActivatable
      case .refused(let bus): .refused(bus.text(language))
      case .timedOut(let seconds, let step):
        .timedOut(
          seconds: seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds),
          waitingFor: LocationStep(step))
      case .failed(let bus): .failed(bus.text(language))
      }
    return language.words.locationError(failure)
  }
}

extension LocationStep {
  /// The catalogue's name for a step of asking GeoClue.
  public init(_ step: GeoClueStep) {
    switch step {
    case .systemBus: self = .systemBus
    case .client: self = .client
    case .clientSettings: self = .clientSettings
    case .start: self = .start
    case .firstLocation: self = .firstLocation
    case .properties: self = .properties
    }
  }
}
