import Foundation
import RemindersCore
import RemindersDelivery
import RemindersMessages
import RemindersStore

/// A review in the pop-up (docs/delivery.md): the terminal's session (`ReviewSession`: its
/// order, answers, relearning, recall items, the review lock) shown a card at a time in one
/// notification, each pop-up replacing the one before where the server allows.
///
/// A card shows its front (actions `show`, `later`), then the front, back and note (actions
/// `remembered` and `forgot`, or `again`, `good` and `easy` under FSRS); a recall item its topic
/// (actions `recalled`, `not-yet`). Every answer is durable before the next pop-up shows (the
/// session's journal line). At the end one summary pop-up. `later`, or the pop-up closed, ends the
/// session; the cards stay due.
public final class PopupReview: CardPopups {
  var session: ReviewSession
  let sender: any NotificationSender
  let words: any Catalogue
  let ledger: any LedgerKeeping
  /// The session's name in the ledger (`card:<session>`).
  public let name: String
  /// The notification the session's pop-up has now.
  public private(set) var notificationID: UInt32
  /// The ids its pop-ups had before the server gave a replacement another one (a server that
  /// closes a pop-up when an action is chosen): their close is not the learner's.
  var earlier: Set<UInt32> = []
  /// Pop-ups an action was just chosen on, and when: a server that closes a pop-up when an action
  /// is chosen on it (xfce4-notifyd, whatever `resident` says) says so right after the action, and
  /// that close is not the learner's, even when the next card took the same id.
  var acted: [UInt32: Date] = [:]
  /// How long after an action its server's close of the pop-up is expected.
  static let closeAfterAction: TimeInterval = 2
  /// Whether this server closes a card's pop-up when an action is chosen on it although it is
  /// `resident` (seen once; xfce4-notifyd does): the pop-up after an action is then a new one,
  /// never a replacement of the one it closed (KDE Plasma shows nothing for a replacement of a
  /// closed pop-up). Learnt from the cards' pop-ups only: the reminder's own pop-up is not
  /// resident, and servers that honour `resident` (Plasma) close it but keep the cards'.
  public private(set) var closesOnAction = false
  /// Actions taken on the session's own pop-ups.
  var cardActions = 0
  /// When the pop-up on screen was shown, and the item it shows.
  var shownAt: Date?
  var shownItem: ReviewQueue.Item?
  /// The deck's and the journal's stamps when `refresh` last read the deck.
  var deckLooked: [DeckStamp?] = []
  /// The key of the last action taken.
  var lastKey: String?
  /// The same action again sooner than this after the next pop-up was shown is not the
  /// learner's: GNOME Shell says each chosen action twice, and the second would answer the next
  /// card unseen.
  static let readingTime: TimeInterval = 0.3
  /// Pop-ups this session closed itself, whose close the server is still to say: not the
  /// learner's, even when the server gave the next pop-up the same id.
  var closedHere: Set<UInt32> = []
  public private(set) var current = ""
  /// The pop-ups shown, oldest first (for the watch's log and the tests).
  public private(set) var shown: [Popup] = []
  /// A drip's review: one card, and its one answer ends it (no summary).
  var drip = false

  init(
    session: ReviewSession, sender: any NotificationSender, words: any Catalogue, ledger: any LedgerKeeping,
    name: String, replacing id: UInt32
  ) {
    self.session = session
    self.sender = sender
    self.words = words
    self.ledger = ledger
    self.name = name
    self.notificationID = id
  }

  /// Starts a review in the pop-up over `workspace`'s deck, its first card in place of pop-up
  /// `id`. Nothing due: a pop-up says so (in place of `id`), and this returns nil.
  public static func start(
    workspace: Workspace, ledger: any LedgerKeeping, time: any TimeSource, sender: any NotificationSender,
    language: Language, replacing id: UInt32, choice: CardChoice,
    name: String = UUID().uuidString.lowercased()
  ) throws -> PopupReview? {
    var onlyCard: String?
    if case .drip(let card) = choice {
      // A drip's card that is gone: no card at all.
      onlyCard = card ?? ""
    }
    var session = try ReviewSession(
      workspace: workspace, time: time, collection: nil, limit: nil, shuffle: false,
      recallsOnly: choice == .recallsOnly, onlyCard: onlyCard)
    // The drip showed its front: "Show answer" shows the answer at once.
    if onlyCard != nil, !session.isFinished { _ = try session.handle(.reveal) }
    let review = PopupReview(
      session: session, sender: sender, words: language.words, ledger: ledger, name: name,
      replacing: id)
    review.drip = onlyCard != nil
    // The reminder's pop-up was acted on: its server may close it right after.
    review.acted[id] = session.now
    guard !session.isFinished else {
      try review.showLast(Popup(kind: .card, title: review.words.cardPopupNothing, body: ""))
      return nil
    }
    try review.show()
    return review
  }

  public func shows(_ id: UInt32) -> Bool { id == notificationID || earlier.contains(id) }

  public func closed(_ id: UInt32) -> Bool {
    if closedHere.remove(id) != nil { return false }
    if let at = acted.removeValue(forKey: id), session.now.timeIntervalSince(at) < Self.closeAfterAction {
      // The server's own close after the action: when the pop-up on screen had that id, what
      // replaced it may have gone with it, so it is shown anew, as a new pop-up.
      if cardActions > 0 { closesOnAction = true }
      if id == notificationID, !session.isFinished {
        closedHere.insert(id)
        try? sender.close(id)
        try? show(fresh: true)
      }
      return false
    }
    guard id == notificationID else { return false }
    try? ledger.transaction { t in
      t.ledger.endCards(session: name, at: session.now, because: ClosedBecause.closed)
      try t.save()
    }
    session.close()
    return true
  }

  public func end(because reason: String) {
    try? sender.close(notificationID)
    try? ledger.transaction { t in
      t.ledger.endCards(session: name, at: session.now, because: reason)
      try t.save()
    }
    session.close()
  }

  public func act(_ key: String, at now: Date) throws -> CardStep {
    guard let item = session.current else { return .ended }
    if key == lastKey, let shownAt, now.timeIntervalSince(shownAt) < Self.readingTime { return .ignored }
    lastKey = key
    acted[notificationID] = session.now
    cardActions += 1
    let command: ReviewCommand?
    switch (key, item) {
    case ("later", _):
      end(because: ClosedBecause.later)
      return .ended
    case ("show", .card) where !session.revealed: command = .reveal
    case ("remembered", .card) where session.revealed: command = .remembered
    case ("forgot", .card) where session.revealed: command = .forgot
    case ("again", .card) where session.revealed: command = .rated(.again)
    case ("good", .card) where session.revealed: command = .rated(.good)
    case ("easy", .card) where session.revealed: command = .rated(.easy)
    case ("recalled", .recall): command = .remembered
    case ("not-yet", .recall): command = .forgot
    default:
      // A key of a pop-up already replaced (a second click), or a click on the pop-up itself:
      // the card on screen stays.
      command = nil
    }
    guard let command else { return .ignored }
    _ = try session.handle(command)
    if drip, command != .reveal {
      // Answered (durable before this returns): the drip is done, and the next comes a period
      // after this answer. Its pop-up goes; the card is not asked again here even when forgotten.
      end(because: ClosedBecause.answered)
      return .ended
    }
    return try next(at: now)
  }

  /// After an answer (or a skip): the next item's pop-up, or the summary.
  func next(at now: Date) throws -> CardStep {
    guard session.isFinished else {
      try show()
      return .shown
    }
    let summary = session.summary(at: now)
    try showLast(
      Popup(
        kind: .card, title: words.cardPopupDone(cards: summary.answered, remembered: summary.remembered),
        body: words.cardPopupDoneBody(recallsDone: summary.recallsDone, tomorrow: summary.tomorrow)
          + (summary.comesBack(words, clock: session.dayClock).map { " " + $0 } ?? "")))
    return .ended
  }

  public func refresh(at now: Date) throws -> CardStep {
    guard case .card(let card)? = session.current else { return .ignored }
    let stamps = session.deckStore.stampWithJournal()
    guard stamps != deckLooked else { return .ignored }
    deckLooked = stamps
    let deck = try session.deckStore.load().deck
    let gone = !deck.cards.contains { $0.id == card.id }
    // More answers to it in the deck than this session gave and read: answered elsewhere.
    let answers = { (log: [ReviewEntry]) in log.lazy.filter { $0.cardID == card.id }.count }
    let answered = answers(deck.reviewLog) > answers(session.deck.reviewLog)
    guard gone || answered else { return .ignored }
    _ = try session.handle(.skip)
    return try next(at: now)
  }

  /// The pop-up of the item on screen now.
  func popup() -> Popup? {
    guard let item = session.current else { return nil }
    let number = session.index + 1
    let total = session.items.count
    switch item {
    case .card(let card):
      let title = words.cardPopupTitle(number: number, total: total, collection: card.collection)
      guard session.revealed else {
        return Popup(
          kind: .card, title: title, body: card.front,
          actions: ["show", words.showAnswerAction, "later", words.laterAction], expireTimeout: 0)
      }
      let answers =
        session.scheduler.fsrs == nil
        ? ["remembered", words.rememberedAction, "forgot", words.forgotAction]
        : ["again", words.againAction, "good", words.goodAction, "easy", words.easyAction]
      return Popup(
        kind: .card, title: title,
        body: words.cardPopupAnswer(front: card.front, back: card.back, note: card.note),
        actions: answers, expireTimeout: 0)
    case .recall(let recall):
      return Popup(
        kind: .card, title: words.recallPopupTitle(number: number, total: total),
        body: words.recallPopupBody(topic: recall.topic, note: recall.note),
        actions: ["recalled", words.recalledAction, "not-yet", words.notYetAction], expireTimeout: 0)
    }
  }

  /// Shows the item on screen now, in place of the pop-up before it (or as a new pop-up, `fresh`,
  /// or on a server that closed the one before), and records it.
  func show(fresh: Bool = false) throws {
    guard let popup = popup() else { return }
    let item = session.current
    try place(popup, fresh: fresh || closesOnAction)
    if item != shownItem {
      shownItem = item
      deckLooked = session.deckStore.stampWithJournal()
    }
    switch session.current {
    case .card(let card)?: current = card.front
    case .recall(let recall)?: current = recall.topic
    case nil: current = ""
    }
    try ledger.transaction { t in
      t.ledger.showCards(
        session: name, notificationID: notificationID, title: popup.title, body: popup.body, at: session.now)
      try t.save()
    }
  }

  /// Shows the last pop-up of the session (the summary, or that nothing is due): no actions,
  /// gone as the server likes; the session's entry ends.
  func showLast(_ popup: Popup) throws {
    try place(popup, fresh: closesOnAction)
    current = popup.title
    try ledger.transaction { t in
      t.ledger.showCards(
        session: name, notificationID: notificationID, title: popup.title, body: popup.body, at: session.now)
      t.ledger.endCards(session: name, at: session.now, because: ClosedBecause.done)
      try t.save()
    }
    session.close()
  }

  func place(_ popup: Popup, fresh: Bool = false) throws {
    let id: UInt32
    do {
      id = try sender.show(popup, replacing: fresh ? nil : notificationID)
    } catch {
      // KDE Plasma refuses pop-ups that come too fast (ExcessNotificationGeneration, within
      // about a second): the same pop-up, a moment later, once.
      usleep(1_100_000)
      id = try sender.show(popup, replacing: fresh ? nil : notificationID)
    }
    if id != notificationID { earlier.insert(notificationID) }
    notificationID = id
    shown.append(popup)
    shownAt = session.now
  }
}
