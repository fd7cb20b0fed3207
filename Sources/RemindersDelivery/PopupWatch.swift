import Foundation
import RemindersCore
import RemindersDesktop
import RemindersMessages
import RemindersStore

/// Where the watch hears about notifications: a bus monitor (RemindersDesktopDBus), or a test's
/// list of events.
public protocol NotificationEventSource {
  /// The next event; nil when none came for a while (the loop just asks again). Throws
  /// `WatchFailure.stopped` when no more can come.
  func nextEvent() throws -> NotificationEvent?
  /// The next event, nil when none came within `seconds` (nil: as long as it takes).
  func nextEvent(within seconds: Double?) throws -> NotificationEvent?
}

extension NotificationEventSource {
  public func nextEvent(within seconds: Double?) throws -> NotificationEvent? { try nextEvent() }
}

/// Why the watch cannot hear notification events, or no longer does.
public enum WatchFailure: Error, Equatable, CustomStringConvertible {
  /// The bus does not let this user monitor it; as the bus said it.
  case notAllowed(BusFailure)
  /// No bus to listen on, or it did not answer.
  case unreachable(SendFailure)
  /// The events stopped coming: the bus went away; as the bus said it.
  case stopped(BusFailure)

  public var description: String {
    switch self {
    case .notAllowed(let why), .stopped(let why): why.description
    case .unreachable(let failure): failure.description
    }
  }
}

/// The rules behind `reminders watch`: what each notification event means for the ledger.
///
/// What it vouches for, and how: the watch holds `<state>/watch.lock` for as long as it runs, and
/// `run` marks a new pop-up as on screen only while that lock is held. At start, after it has
/// begun listening, it takes every pop-up off screen (it may have missed their close while it was
/// not running); then each close it hears takes that pop-up off. Both changes happen under the
/// ledger's lock, which `run` holds from before `Notify` until the ledger records the pop-up, so
/// a close can never slip between the two.
public struct PopupWatch {
  public let ledger: any LedgerKeeping
  /// What the watch does for an action; nil: actions are not acted on (the pop-ups carry none).
  public let actions: (any ActionTaker)?
  /// `snooze.after`, in seconds.
  public let snoozeAfter: Int
  /// `review.in`: what a click on a daily or recall pop-up starts.
  public let reviewIn: ReviewPlace
  /// Activation tokens by notification, until the action they came before.
  var tokens: [UInt32: String] = [:]
  /// The review in the pop-up that runs, if one does: one at a time.
  public private(set) var cards: (any CardPopups)?

  public init(
    ledger: any LedgerKeeping, actions: (any ActionTaker)? = nil, snoozeAfter: Int = 600,
    reviewIn: ReviewPlace = .popup
  ) {
    self.ledger = ledger
    self.actions = actions
    self.snoozeAfter = snoozeAfter
    self.reviewIn = reviewIn
  }

  /// What the watch noticed, for its log.
  public enum Note: Equatable {
    case closed([ReminderID], notification: UInt32, reason: NotificationEvent.CloseReason)
    case serverChanged(offScreen: [ReminderID])
    /// `default` or `review`: the review started in a terminal with `command`.
    case reviewStarted(ReminderID, command: [String])
    /// `default` or `review`, and no review could be started (no terminal, or it would not start).
    case reviewNotStarted(ReminderID, because: ActionFailure)
    /// `snooze`: it comes back as `returning` at `until` (before window and quiet hours).
    case snoozed(ReminderID, returning: ReminderID, until: Date)
    /// `cards` (or a click, with `review.in = "popup"`): the review in the pop-up started.
    case cardsStarted(ReminderID)
    /// `cards`, and no review could be started there.
    case cardsNotStarted(ReminderID, because: ActionFailure)
    /// An action on a card's pop-up: `key`, and what it said (the card's front, a recall topic).
    case cardAction(key: String, on: String)
    /// The review in the pop-up ended: answered to the end, `later`, or its pop-up closed.
    case cardsEnded(because: CardsEndReason)
    /// The card on screen (its front) was answered elsewhere: the next one shows.
    case cardAnsweredElsewhere(on: String)
  }

  /// Nothing vouches for what is on screen before the watch listened: no pop-up counts as shown.
  /// The pop-up of a review in the pop-up that an earlier watch left is closed (its session
  /// ended with that watch; its cards stay due).
  public func start(at now: Date) throws {
    let left = try ledger.transaction { t -> [UInt32] in
      let ids = t.ledger.cardPopupsShown
      let changed = t.ledger.forgetScreen(at: now, because: ClosedBecause.watchStarted)
      if !changed.isEmpty { try t.save() }
      return ids
    }
    for id in left { actions?.close(id) }
  }

  /// Applies one event; returns what it changed, nil when nothing of ours changed.
  public mutating func handle(_ event: NotificationEvent, at now: Date) throws -> Note? {
    switch event {
    case .activationToken(let id, let token):
      tokens[id] = token
      return nil
    case .action(let id, let key):
      let token = tokens.removeValue(forKey: id)
      if let cards, cards.shows(id) {
        let said = cards.current
        switch try cards.act(key, at: now) {
        case .ignored: return nil
        case .shown: return .cardAction(key: key, on: said)
        case .ended:
          self.cards = nil
          return .cardsEnded(because: .action(key))
        }
      }
      guard let actions, let entry = try ledger.transaction({ $0.ledger.entry(notificationID: id) }) else {
        return nil
      }
      let reminder = entry.reminderID
      if case .drip = reminder {
        return try drip(entry, key: key, notification: id, actions: actions, at: now)
      }
      // A daily pop-up of Anki's cards studies them in Anki, whatever `review.in` says.
      let anki = entry.fromAnki && reminder.kind == .dailyReview
      let here = !anki && (key == "cards" || (key == "default" && reviewIn == .popup))
      switch key {
      case _ where here:
        // One review in the pop-up at a time: a new one ends the one before.
        if let running = cards {
          running.end(because: ClosedBecause.anotherReviewInPopup)
          cards = nil
        }
        // The reminder's pop-up is about to show the cards: it is no longer the reminder's (a
        // run must not put the daily count back into it).
        try ledger.transaction { t in
          t.ledger.offScreen(reminder, at: now, because: ClosedBecause.reviewInPopup)
          try t.save()
        }
        do {
          cards = try actions.startCards(
            replacing: id, choice: reminder.kind == .recall ? .recallsOnly : .all, at: now)
        } catch {
          return .cardsNotStarted(reminder, because: ActionFailure(error))
        }
        return cards == nil ? .cardsEnded(because: .nothingToReview) : .cardsStarted(reminder)
      case "default", "review":
        // The reminder's pop-up goes first: what is started may take a few seconds to be known
        // to have started, and the pop-up that says it did not takes its place.
        actions.close(id)
        let note: Note
        do {
          // A daily pop-up that counts Anki's cards opens Anki, where they are studied (docs/anki.md).
          let command =
            entry.fromAnki && reminder.kind == .dailyReview
            ? try actions.startAnki(activationToken: token)
            : try actions.startReview(
              recallsOnly: reminder.kind == .recall, inApp: reviewIn == .app, activationToken: token)
          note = .reviewStarted(reminder, command: command)
        } catch {
          let failure = ActionFailure(error)
          actions.tell(failure)
          note = .reviewNotStarted(reminder, because: failure)
        }
        return note
      case "snooze":
        let until = now.addingTimeInterval(TimeInterval(snoozeAfter))
        let returning = try ledger.transaction { t -> ReminderID? in
          guard let back = t.ledger.snooze(reminder, until: until) else { return nil }
          try t.save()
          return back
        }
        actions.close(id)
        return returning.map { .snoozed(reminder, returning: $0, until: until) }
      default:
        return nil
      }
    case .closed(let id, let reason):
      if let cards, cards.shows(id), cards.closed(id) {
        // The learner closed the card, or it expired: the session ends, its cards stay due.
        self.cards = nil
        _ = try change { $0.closed(notificationID: id, at: now, because: reason.description) }
        return .cardsEnded(because: .closed(CloseReasonName(reason)))
      }
      let gone = try change { $0.closed(notificationID: id, at: now, because: reason.description) }
      return gone.isEmpty ? nil : .closed(gone, notification: id, reason: reason)
    case .serverChanged:
      // The card pop-up went with the server that showed it: the session ends, its cards stay due.
      if let running = cards {
        running.end(because: ClosedBecause.serverChanged)
        cards = nil
      }
      let gone = try change { $0.forgetScreen(at: now, because: ClosedBecause.serverChanged) }
      return gone.isEmpty ? nil : .serverChanged(offScreen: gone)
    }
  }

  /// An action on a drip's pop-up (docs/delivery.md): `show` (or a click) shows its card's answer
  /// in place, as a review in the pop-up of that card alone; `later` closes it, and the next drip
  /// comes a period later. Either way the drip is no longer on screen as itself.
  mutating func drip(
    _ entry: DeliveryLedger.Entry, key: String, notification id: UInt32, actions: any ActionTaker,
    at now: Date
  ) throws -> Note? {
    let reminder = entry.reminderID
    guard ["show", "default", "later"].contains(key) else { return nil }
    let later = key == "later"
    try ledger.transaction { t in
      t.ledger.offScreen(
        reminder, at: now, because: later ? ClosedBecause.later : ClosedBecause.reviewInPopup)
      try t.save()
    }
    if later {
      actions.close(id)
      return .cardsEnded(because: .action(key))
    }
    if let running = cards {
      running.end(because: ClosedBecause.anotherReviewInPopup)
      cards = nil
    }
    do {
      cards = try actions.startCards(replacing: id, choice: .drip(card: entry.cardID), at: now)
    } catch {
      return .cardsNotStarted(reminder, because: ActionFailure(error))
    }
    return cards == nil ? .cardsEnded(because: .nothingToReview) : .cardsStarted(reminder)
  }

  /// Follows `events` until reading them fails (that error is thrown); `clock` is read at each
  /// event, `say` hears each note.
  public mutating func follow(
    _ events: any NotificationEventSource, clock: () -> Date, say: (Note) -> Void
  ) throws -> Never {
    while true {
      // While a review in the pop-up runs, every 2 s without an event it looks at the deck: a
      // card answered elsewhere (a terminal, `cards answer`) does not stay on screen.
      guard let event = try events.nextEvent(within: cards == nil ? nil : 2) else {
        if let running = cards {
          let said = running.current
          switch try running.refresh(at: clock()) {
          case .ignored: break
          case .shown: say(.cardAnsweredElsewhere(on: said))
          case .ended:
            cards = nil
            say(.cardsEnded(because: .answeredElsewhere))
          }
        }
        continue
      }
      if let note = try handle(event, at: clock()) { say(note) }
    }
  }

  /// Applies `body` to the ledger under its lock, saving only when something changed.
  private func change(_ body: (inout DeliveryLedger) -> [ReminderID]) throws -> [ReminderID] {
    try ledger.transaction { transaction in
      let changed = body(&transaction.ledger)
      if !changed.isEmpty { try transaction.save() }
      return changed
    }
  }
}

/// Why an action on a pop-up started nothing: what the launcher, the notification server or a
/// file said, or (`other`) any other error as it describes itself.
public enum ActionFailure: Equatable {
  case launch(LaunchProblem)
  case popup(SendFailure)
  case file(StoreError)
  case other(String)

  public init(_ error: any Error) {
    switch error {
    case let error as LaunchFailure: self = .launch(error.problem)
    case let error as SendFailure: self = .popup(error)
    case let error as StoreError: self = .file(error)
    default: self = .other("\(error)")
    }
  }
}

extension CloseReasonName {
  /// The catalogue's name for why the server closed a pop-up.
  public init(_ reason: NotificationEvent.CloseReason) {
    switch reason {
    case .expired: self = .expired
    case .dismissed: self = .dismissed
    case .closedByCall: self = .closedByCall
    case .undefined: self = .undefined
    }
  }
}

/// What the watch does when the learner acts on a pop-up: the one seam between its rules and the
/// desktop (a terminal started, a pop-up closed).
public protocol ActionTaker {
  /// Starts `reminders review` in a terminal, detached (with `inApp`, the desktop app's Study
  /// where the app is installed); returns the command line it started. Throws when there is
  /// nothing to start the review in, or it could not be started.
  func startReview(recallsOnly: Bool, inApp: Bool, activationToken: String?) throws -> [String]
  /// Starts Anki (config `anki.command`), detached; returns the command line it started. Throws
  /// when it could not be started.
  func startAnki(activationToken: String?) throws -> [String]
  /// Closes pop-up `id` (never fails: a pop-up already gone is fine).
  func close(_ id: UInt32)
  /// Shows a pop-up saying why a click started nothing (never fails: with no server to show
  /// it, the watch's journal still says it).
  func tell(_ failure: ActionFailure)
  /// Starts a review in the pop-up (docs/delivery.md): its first card (or recall item) in place
  /// of pop-up `id`; nil when nothing is due (a pop-up says so). Throws when it cannot start.
  func startCards(replacing id: UInt32, choice: CardChoice, at now: Date) throws -> (any CardPopups)?
}

/// What a review in the pop-up shows.
public enum CardChoice: Equatable, Sendable {
  /// The day's cards, then the recall items whose time came, in the session's order.
  case all
  /// Only the recall items whose time came (from a recall pop-up).
  case recallsOnly
  /// A drip's card alone, its answer shown at once; one answer ends it (docs/delivery.md). Nil,
  /// or a card no longer due: nothing to review.
  case drip(card: String?)
}

/// What a review in the pop-up did with an action or a look at the deck.
public enum CardStep: Equatable, Sendable {
  /// Nothing: a key of a pop-up already replaced, a doubled action, no change in the deck.
  case ignored
  /// The next pop-up shows.
  case shown
  /// The session ended (the summary shows, or `later` closed it).
  case ended
}

/// A review in the pop-up, as the watch drives it: its pop-ups replace each other, card by card;
/// the session itself (its order, answers, relearning) is the terminal's (RemindersApp).
public protocol CardPopups: AnyObject {
  /// Whether notification `id` is (or was, before the server gave the next card another id) one
  /// of this session's pop-ups.
  func shows(_ id: UInt32) -> Bool
  /// What the pop-up on screen asks about (a card's front, a recall topic), for the watch's log.
  var current: String { get }
  /// Acts on the action `key` of its pop-up (`show`, `later`, `remembered`, `forgot`, `again`,
  /// `good`, `easy`, `recalled`, `not-yet`); every answer durable before the next pop-up shows.
  func act(_ key: String, at now: Date) throws -> CardStep
  /// Looks whether the card on screen was answered elsewhere since it showed (a terminal,
  /// `cards answer`, its removal): then it moves on to the next.
  func refresh(at now: Date) throws -> CardStep
  /// Pop-up `id` of the session closed: true when that ends the session (the pop-up on screen,
  /// not one the server closed as it gave the next card a new id).
  func closed(_ id: UInt32) -> Bool
  /// Ends the session and closes its pop-up; the cards stay due.
  func end(because reason: String)
}
