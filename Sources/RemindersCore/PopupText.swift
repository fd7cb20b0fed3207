import Foundation
import RemindersMessages

/// The language reminders speak (RemindersMessages' own, named here too so that the core's
/// users need not import the catalogue to name it).
public typealias Language = RemindersMessages.Language

/// The catalogue's pop-up texts over the core's own values: what the planner and the alarms put
/// into words, with the order, the keys and the units decided here once for every language.
extension PopupMessages {
  /// A pop-up's actions (docs/delivery.md), as `Notify` takes them: key, label, key, label…
  /// With `cardsHere`, one more, `cards` (study in the pop-up itself), and the default action (a
  /// click on the pop-up) follows `reviewIn`.
  ///
  /// `defaultShown`: the server shows the default action as a choice of its own (dunst's and
  /// mako's menus, Xfce's buttons), so the action it duplicates is left out: the learner sees
  /// each choice once, and picks the default by its label.
  public func actions(
    _ kind: ReminderKind, snoozeAfter: Int, cardsHere: Bool = false, reviewIn: ReviewPlace = .terminal,
    defaultShown: Bool = false
  ) -> [String] {
    let review: String
    switch kind {
    case .dailyReview: review = reviewNowAction
    case .recall: review = recallNowAction
    case .focus, .alarm, .card: return []
    }
    let here = cardsHere && reviewIn == .popup
    var actions = ["default", here ? reviewHereAction : review]
    if cardsHere && !(defaultShown && here) { actions += ["cards", reviewHereAction] }
    if !(defaultShown && !here) { actions += ["review", review] }
    return actions + ["snooze", later(snoozeAfter)]
  }

  /// A drip's actions: `show` (the card's answer; a click on the pop-up alike) and `later`;
  /// `defaultShown` as for `actions`.
  public func dripActions(defaultShown: Bool = false) -> [String] {
    ["default", showAnswerAction] + (defaultShown ? [] : ["show", showAnswerAction]) + ["later", laterAction]
  }

  /// How many cards are new, the per-collection counts (when there is more than one
  /// collection), in their order, and the streak.
  public func dailyBody(collections: [String: Int], new: Int = 0, streak: Int) -> String {
    dailyBody(
      collections: CollectionOrder.ordered(collections).map { (name: $0.0, count: $0.1) }, new: new,
      streak: streak)
  }

  /// A distance as a person says it (`DistanceText`, the same in every language).
  public func distance(_ metres: Double) -> String { DistanceText.format(metres) }

  /// What an alarm's pop-up says under its title: its time, and how it stops.
  public func alarmBody(time: WallTime, radius: Double) -> String {
    alarmBody(time: time.description, radius: DistanceText.format(radius))
  }
}

extension AlarmMessages {
  /// What follows an alarm's refusal: how far the place is, or that the location is too coarse
  /// to tell.
  public func gateDetail(_ gate: PlaceGate, radius: Double) -> String {
    switch gate {
    case .allowed(let d): return placeDistance(DistanceText.format(d), accuracy: nil)
    case .tooFar(let d, let accuracy):
      return placeDistance(
        DistanceText.format(d), accuracy: accuracy > radius ? DistanceText.format(accuracy) : nil)
    case .tooCoarse(_, let accuracy):
      return locationTooCoarse(accuracy: DistanceText.format(accuracy), radius: DistanceText.format(radius))
    }
  }
}

/// A distance as a person says it: `850 m`, `1.2 km`, `120 km` (the same in every language).
public enum DistanceText {
  public static func format(_ metres: Double) -> String {
    guard metres.isFinite else { return "?" }
    if metres < 999.5 { return "\(Int(metres.rounded())) m" }
    let km = metres / 1000
    if km < 99.95 { return String(format: "%.1f km", km) }
    return "\(Int(km.rounded())) km"
  }
}

/// The order collections are listed in.
public enum CollectionOrder {
  /// By name (in Unicode order), cards without a collection last: the order stays the same as
  /// the counts change, so a learner finds each collection where it was yesterday.
  public static func ordered(_ collections: [String: Int]) -> [(String, Int)] {
    collections.sorted { a, b in
      if a.key.isEmpty != b.key.isEmpty { return b.key.isEmpty }
      return a.key < b.key
    }.map { ($0.key, $0.value) }
  }
}
