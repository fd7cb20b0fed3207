import Foundation
import RemindersCore
import RemindersDelivery
import RemindersMessages
import RemindersStore
import RemindersTerminal

/// What `reminders watch` says of each thing it saw and did, a line each (its journal, under
/// systemd).
public struct WatchText {
  let language: Language
  let words: any Catalogue
  let clock: DayClock

  public init(language: Language, clock: DayClock) {
    self.language = language
    words = language.words
    self.clock = clock
  }

  /// Why an action started nothing, in words.
  public func text(_ failure: ActionFailure) -> String {
    switch failure {
    case .launch(let problem): words.launchProblem(problem)
    case .popup(let failure): failure.text(language)
    case .file(let error): StoreErrorText(language: language).text(error)
    case .other(let said): said
    }
  }

  /// The lines of one note of the watch.
  public func lines(_ note: PopupWatch.Note) -> [String] {
    switch note {
    case .reviewStarted(let id, let command):
      let shown = command.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
      return [words.reviewStarted(id.description, command: shown)]
    case .reviewNotStarted(let id, let why):
      return [words.reviewNotStarted(id.description, why: text(why))]
    case .snoozed(let id, let returning, let until):
      let stamp = Timestamp.human(until, in: clock)
      return [words.snoozed(id.description, returning: returning.description, at: stamp)]
    case .closed(let ids, let notification, let reason):
      return ids.map {
        words.popupClosed($0.description, notification: notification, reason: CloseReasonName(reason))
      }
    case .serverChanged(let ids):
      return [words.serverChanged(offScreen: ids.map(\.description).joined(separator: ", "))]
    case .cardsStarted(let id):
      return [words.cardsStarted(id.description)]
    case .cardsNotStarted(let id, let why):
      return [words.cardsNotStarted(id.description, why: text(why))]
    case .cardAction(let key, let on):
      return [words.cardAction(key, on: VisibleCharacters.of(on))]
    case .cardsEnded(let why):
      return [words.cardsEnded(why)]
    case .cardAnsweredElsewhere(let on):
      return [words.cardAnsweredElsewhere(on: VisibleCharacters.of(on))]
    }
  }
}
