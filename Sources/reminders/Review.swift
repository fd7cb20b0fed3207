import ArgumentParser
import Foundation
import RemindersCore
import RemindersStore
import RemindersTerminal

/// `reminders review`: study what is due now (docs/commands.md).
struct Review: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "review",
    abstract: "Study the cards due now, then the recall items whose time has come.",
    discussion: """
      Cards most overdue first, then recall items. A card shows its front; an empty line (Enter) shows the \
      back, then y (or 1) = remembered, n (or 2) = forgot; u undoes the last answer, s skips, q quits, ? lists \
      the keys. A recall item asks whether you recalled it: y completes it, n asks again after \
      recall.after_wrong. Every answer is saved before the next card is shown. In a terminal the session is \
      full-screen (Space or Enter reveals, y/1/→ remembered, n/2/← forgot, q, Esc or Ctrl-C quits); with \
      --plain or when input is not a terminal, one prompt a line on stdout and one answer a line on stdin: usable \
      by screen readers and scripts.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions

  @Option(help: ArgumentHelp("Only the cards of this collection.", valueName: "name")) var collection: String?
  @Option(help: ArgumentHelp("Stop after this many cards.", valueName: "n")) var limit: Int?
  @Flag(help: "Shuffle the cards.") var shuffle = false
  @Flag(help: "One prompt a line, one answer a line, also in a terminal (screen readers, scripts).")
  var plain = false
  @Flag(help: "Only the recall items whose time has come (what a recall pop-up's action opens).")
  var recalls = false

  func validate() throws {
    if let limit, limit < 1 { throw ValidationError("--limit takes a whole number from 1") }
  }

  func run() throws {
    let invocation = try Invocation(global)
    let session = try ReviewSession(
      invocation: invocation, fixedNow: time.now.flatMap { Timestamp.parse($0) }, collection: collection,
      limit: limit, shuffle: shuffle, recallsOnly: recalls)
    if plain || !Terminal.isInteractive {
      var review = PlainReview(session: session)
      try review.run()
    } else {
      var review = FullScreenReview(session: session)
      try review.run()
    }
  }
}

/// The review session, whichever front end drives it: the queue, the place in it, what undo takes
/// back, the counts; every answer durable before `handle` returns.
struct ReviewSession {
  let invocation: Invocation
  /// `--now`: every answer is given at that moment (to replay a session); else the clock.
  let fixedNow: Date?
  let queue: ReviewQueue
  let items: [ReviewQueue.Item]
  let start: Date
  let collection: String?

  /// What undo takes back, newest last.
  enum Done {
    case card(Deck.AnswerOutcome, index: Int)
    case recall(RecallItem, index: Int)
  }

  /// What a key did, for the front end to show.
  enum Event {
    case answered(Deck.AnswerOutcome)
    /// The card was removed from the deck while the session ran.
    case cardGone
    case recallAnswered(recalled: Bool)
    /// The answer to this card's front or recall item's topic was taken back.
    case undone(String)
    case nothingToUndo
    /// `?`, or a key with no meaning: list the keys.
    case keys
  }

  var index = 0
  var revealed = false
  var history: [Done] = []
  /// The deck as this session has changed it (read once at the start; each change is also
  /// appended to the journal, durable before the next prompt).
  var deck = Deck()
  /// Where each card of the session is in `deck.cards`.
  var positions: [String: Int] = [:]
  var remembered = 0
  var forgot = 0
  var recallsDone = 0
  /// Held while the session runs: `run` leaves the journal be until it ends.
  let held: FileLock

  init(
    invocation: Invocation, fixedNow: Date?, collection: String?, limit: Int?, shuffle: Bool,
    recallsOnly: Bool = false
  ) throws {
    self.invocation = invocation
    self.fixedNow = fixedNow
    self.collection = collection
    start = fixedNow ?? Date()
    held = try invocation.deckStore.holdSession()
    var generator = SystemRandomNumberGenerator()
    deck = try invocation.deckStore.load().deck
    queue = ReviewQueue(
      deck: deck, now: start, clock: invocation.clock, collection: collection, limit: limit,
      shuffle: &generator, shuffled: shuffle)
    items = recallsOnly ? queue.items.filter { if case .recall = $0 { true } else { false } } : queue.items
    let wanted = Set(queue.cards.map(\.id))
    for (i, card) in deck.cards.enumerated() where wanted.contains(card.id) { positions[card.id] = i }
  }

  var now: Date { fixedNow ?? Date() }
  var isFinished: Bool { index >= items.count }
  var current: ReviewQueue.Item? { isFinished ? nil : items[index] }

  /// "Nothing to review now", and when the next is (the deck as it is now).
  func nothingDue() throws -> String {
    ReviewTexts(invocation: invocation).nothingDue(
      try invocation.deckStore.load().deck, at: start, collection: collection)
  }

  /// Ends the session (q, or the end of input).
  mutating func quit() { index = items.count }

  mutating func handle(_ key: ReviewKey) throws -> [Event] {
    guard let item = current else { return [] }
    switch (key, item) {
    case (.reveal, .card):
      revealed = true
      return []
    case (.quit, _):
      quit()
      return []
    case (.skip, _):
      index += 1
      revealed = false
      return []
    case (.undo, _):
      guard let (back, name) = try undo() else { return [.nothingToUndo] }
      index = back
      revealed = false
      return [.undone(name)]
    case (.remembered, .card(let card)), (.forgot, .card(let card)):
      let correct = key == .remembered
      let outcome = try answer(card, correct: correct)
      index += 1
      revealed = false
      guard let outcome else { return [.cardGone] }
      history.append(.card(outcome, index: index - 1))
      if correct { remembered += 1 } else { forgot += 1 }
      return [.answered(outcome)]
    case (.remembered, .recall(let recall)), (.forgot, .recall(let recall)):
      let recalled = key == .remembered
      index += 1
      revealed = false
      guard let previous = try answerRecall(recall, recalled: recalled) else { return [] }
      history.append(.recall(previous, index: index - 1))
      if recalled { recallsDone += 1 }
      return [.recallAnswered(recalled: recalled)]
    case (.help, _), (.unknown, _), (.reveal, .recall):
      return [.keys]
    }
  }

  // MARK: changes, each durable before the next prompt

  /// An answer: appended to the journal (one short line, flushed: the same cost at any deck
  /// size), and applied to this session's deck by the same rule the journal replays.
  mutating func answer(_ card: Card, correct: Bool) throws -> Deck.AnswerOutcome? {
    let at = now
    let today = invocation.clock.day(of: at)
    let after = invocation.configuration.schedule.recallAfterWrong
    let recallID = UUID().uuidString.lowercased()
    // Changed in place (a copy of a million cards would cost more than the answer) and put
    // back if the journal cannot take the line.
    guard let index = positions[card.id] else { return nil }
    let outcome = deck.answer(
      cardAt: index, correct: correct, at: at, today: today, recallAfterWrong: after, recallID: recallID)
    do {
      try invocation.deckStore.append(
        .answer(
          cardID: card.id, correct: correct, at: at, day: today, recallAfterWrong: after, recallID: recallID),
        clock: invocation.clock)
    } catch {
      deck.undo(outcome, cardAt: positions[outcome.card.id])
      throw error
    }
    return outcome
  }

  mutating func answerRecall(_ item: RecallItem, recalled: Bool) throws -> RecallItem? {
    guard
      let previous = deck.recallAnswered(
        id: item.id, recalled: recalled, at: now,
        againAfter: invocation.configuration.schedule.recallAfterWrong),
      let after = deck.recalls.first(where: { $0.id == item.id })
    else { return nil }
    do {
      try invocation.deckStore.append(.recalls([after]), clock: invocation.clock)
    } catch {
      deck.restore(previous)
      throw error
    }
    return previous
  }

  /// Takes back the last answer; returns the index of its item, to show it again, and its name.
  mutating func undo() throws -> (Int, String)? {
    guard let last = history.popLast() else { return nil }
    switch last {
    case .card(let outcome, let index):
      try invocation.deckStore.append(
        .undo(
          previous: outcome.previous, entry: outcome.entry, recallAdded: outcome.recall?.id,
          completed: outcome.completed), clock: invocation.clock)
      deck.undo(outcome, cardAt: positions[outcome.card.id])
      if outcome.entry.correct { remembered -= 1 } else { forgot -= 1 }
      return (index, outcome.card.front)
    case .recall(let previous, let index):
      let wasDone = deck.recalls.first { $0.id == previous.id }.map { !$0.isOpen } ?? false
      try invocation.deckStore.append(.recalls([previous]), clock: invocation.clock)
      deck.restore(previous)
      if wasDone { recallsDone -= 1 }
      return (index, previous.topic)
    }
  }
}

/// The review session, one prompt a line on stdout, one answer a line on stdin.
struct PlainReview {
  var session: ReviewSession
  var texts: ReviewTexts { ReviewTexts(invocation: session.invocation) }

  mutating func run() throws {
    let texts = texts
    guard !session.items.isEmpty else { return say(try session.nothingDue()) }
    while let item = session.current {
      say(
        texts.prompt(
          item, number: session.index + 1, of: session.items.count, cards: session.queue.cards.count,
          revealed: session.revealed))
      guard let line = readLine(strippingNewline: true) else { break }
      for event in try session.handle(ReviewKey(line: line)) { say(texts.message(event, item: item)) }
    }
    say(texts.summary(session, at: session.now))
  }

  func say(_ line: String) {
    print(line)
    fflush(nil)
  }
}

/// The session's words, in its language: prompts, outcomes, keys, the summary.
struct ReviewTexts {
  let invocation: Invocation
  var ja: Bool { invocation.texts.language == .ja }

  /// The line an event prints (plain mode) or shows above the keys (full screen).
  func message(_ event: ReviewSession.Event, item: ReviewQueue.Item) -> String {
    switch event {
    case .answered(let outcome): return result(outcome)
    case .cardGone: return ja ? "このカードはデッキにもうありません。" : "This card is no longer in the deck."
    case .recallAnswered(let recalled): return recallResult(recalled: recalled)
    case .undone(let name): return ja ? "取り消しました: \(name)" : "Undone: \(name)"
    case .nothingToUndo: return ja ? "取り消す答えはありません。" : "Nothing to undo."
    case .keys: return keys(item)
    }
  }

  func prompt(_ item: ReviewQueue.Item, number: Int, of total: Int, cards: Int, revealed: Bool) -> String {
    switch item {
    case .card(let card):
      let place = "\(number)/\(total)" + (card.collection.map { " · \($0)" } ?? "")
      if !revealed {
        return ja
          ? "[\(place)] \(oneLine(card.front)) — Enter: 答えを見る、s: スキップ、q: 終了"
          : "[\(place)] \(oneLine(card.front)) — Enter: show the answer, s: skip, q: quit"
      }
      let back = oneLine(card.back) + (card.note.map { " (\(oneLine($0)))" } ?? "")
      return ja
        ? "答え: \(back) — y: 覚えていた、n: 忘れた、s: スキップ、u: 取り消し、q: 終了"
        : "Answer: \(back) — y: remembered, n: forgot, s: skip, u: undo, q: quit"
    case .recall(let recall):
      let topic = oneLine(recall.topic) + (recall.note.map { " (\(oneLine($0)))" } ?? "")
      return ja
        ? "[\(number)/\(total) · 思い出す] \(topic) — 思い出せましたか？ y: はい、n: いいえ、s: スキップ、q: 終了"
        : "[\(number)/\(total) · recall] \(topic) — Did you recall it? y: yes, n: no, s: skip, q: quit"
    }
  }

  func keys(_ item: ReviewQueue.Item) -> String {
    switch item {
    case .card:
      return ja
        ? "キー: Enter で答えを表示、y か 1 = 覚えていた、n か 2 = 忘れた、u = 取り消し、s = スキップ、q = 終了"
        : "Keys: Enter shows the answer, y or 1 = remembered, n or 2 = forgot, u = undo, s = skip, q = quit"
    case .recall:
      return ja
        ? "キー: y か 1 = 思い出せた、n か 2 = まだ（あとでもう一度）、u = 取り消し、s = スキップ、q = 終了"
        : "Keys: y or 1 = recalled, n or 2 = not yet (asked again later), u = undo, s = skip, q = quit"
    }
  }

  func result(_ outcome: Deck.AnswerOutcome) -> String {
    let card = outcome.card
    return ja
      ? "→ \(outcome.entry.correct ? "覚えていた" : "忘れた")。段階 \(card.stepIndex)、次の復習 \(card.nextReviewDate)"
      : "→ \(outcome.entry.correct ? "remembered" : "forgot"). Step \(card.stepIndex), next review \(card.nextReviewDate)"
  }

  func recallResult(recalled: Bool) -> String {
    if recalled { return ja ? "→ 完了。もう通知しません。" : "→ Done; it will not be reminded again." }
    guard let delay = invocation.configuration.schedule.recallAfterWrong else {
      return ja ? "→ 完了（recall.after_wrong が off）。" : "→ Done (recall.after_wrong is off)."
    }
    let later = DurationText.format(delay)
    return ja ? "→ \(later)後にもう一度。" : "→ Asked again in \(later)."
  }

  func summary(_ session: ReviewSession, at end: Date) -> String {
    let remembered = session.remembered
    let forgot = session.forgot
    let recallsDone = session.recallsDone
    // The deck as it stands now, with other writers' changes too.
    let deck = (try? invocation.deckStore.load().deck) ?? session.deck
    let input = PlanInput(deck: deck, clock: invocation.clock)
    let today = invocation.clock.day(of: end)
    let streak = input.streak.length(asOf: today)
    let tomorrow = input.dueIndex.due(on: today.adding(days: 1)).values.reduce(0, +)
    let answered = remembered + forgot
    return ja
      ? "おしまい: \(answered)枚に答えました（覚えていた \(remembered)、忘れた \(forgot)）。思い出した項目 \(recallsDone)件。連続記録 \(streak)日。明日 \(tomorrow)枚。"
      : "Done: \(answered) \(answered == 1 ? "card" : "cards") answered (\(remembered) remembered, \(forgot) forgot). "
        + "Recall items done: \(recallsDone). Streak: \(streak) \(streak == 1 ? "day" : "days"). "
        + "\(tomorrow) \(tomorrow == 1 ? "card" : "cards") tomorrow."
  }

  /// "Nothing to review now", and when the next is: the next day a card of the session's kind is
  /// due, or the next recall item (which belongs to no collection) when that comes first.
  func nothingDue(_ deck: Deck, at now: Date, collection: String?) -> String {
    let today = invocation.clock.day(of: now)
    let kept = deck.cards.filter { !$0.suspended && (collection == nil || $0.collection == collection) }
    let nextDay = kept.filter { $0.nextReviewDate > today }.map(\.nextReviewDate).min()
    let nextRecall =
      collection == nil ? deck.recalls.filter { $0.isOpen && $0.dueAt > now }.map(\.dueAt).min() : nil
    let stamp = PlanReport(invocation: invocation, now: now, days: 1, reminders: [])
    var next: String?
    if let nextDay {
      let count = kept.filter { $0.nextReviewDate == nextDay }.count
      next = ja ? "\(nextDay) に \(count)枚" : "\(count) \(count == 1 ? "card" : "cards") on \(nextDay)"
    }
    if let nextRecall, nextDay.map({ invocation.clock.startOfDay($0) > nextRecall }) ?? true {
      next = ja ? "\(stamp.stamp(nextRecall)) に思い出す項目" : "a recall item at \(stamp.stamp(nextRecall))"
    }
    guard let next else { return ja ? "いま復習するものはありません。" : "Nothing to review now." }
    return ja ? "いま復習するものはありません。次は \(next)。" : "Nothing to review now. Next: \(next)."
  }

  func oneLine(_ text: String) -> String { text.split(whereSeparator: \.isNewline).joined(separator: " / ") }
}
