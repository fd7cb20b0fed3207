import ArgumentParser
import Foundation
import RemindersApp
import RemindersCore
import RemindersMessages
import RemindersReports
import RemindersStore
import RemindersTerminal

/// `reminders review`: study what is due now (docs/commands.md).
struct Review: ParsableCommand {
  static let configuration = CommandConfiguration.described(.review, name: "review")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions

  @Option(help: .catalogue(.onlyCollection, valueName: "name")) var collection: String?
  @Option(help: .catalogue(.reviewLimit, valueName: "n")) var limit: Int?
  @Flag(help: .catalogue(.reviewShuffle)) var shuffle = false
  @Flag(help: .catalogue(.reviewPlain))
  var plain = false
  @Flag(help: .catalogue(.reviewRecalls))
  var recalls = false

  func validate() throws {
    if let limit, limit < 1 { throw ValidationError(.limit) }
  }

  func run() throws {
    let invocation = try Invocation(global)
    // `--now`: every answer is given at that moment (to replay a session); else the clock.
    let clock: any TimeSource = time.now.flatMap { Timestamp.parse($0) }.map(FixedTime.init) ?? SystemTime()
    let session = try ReviewSession(
      workspace: invocation.workspace, time: clock, collection: collection, limit: limit, shuffle: shuffle,
      recallsOnly: recalls)
    let texts = ReviewTexts(invocation: invocation)
    if plain || !Terminal.isInteractive {
      var review = PlainReview(session: session, texts: texts)
      try review.run()
    } else {
      var review = FullScreenReview(session: session, texts: texts, environment: invocation.environment)
      try review.run()
    }
  }
}

/// The review session, one prompt a line on stdout, one answer a line on stdin.
struct PlainReview {
  var session: ReviewSession
  let texts: ReviewTexts

  mutating func run() throws {
    guard !session.items.isEmpty else { return say(try texts.nothingDue(session)) }
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
  var words: any Catalogue { invocation.messages }

  /// The line an event prints (plain mode) or shows above the keys (full screen).
  func message(_ event: ReviewSession.Event, item: ReviewQueue.Item) -> String {
    switch event {
    case .answered(let outcome): return result(outcome)
    case .cardGone: return words.cardGone
    case .recallAnswered(let recalled): return recallResult(recalled: recalled)
    case .undone(let name): return words.undone(name)
    case .nothingToUndo: return words.nothingToUndo
    case .keys: return keys(item)
    }
  }

  func prompt(_ item: ReviewQueue.Item, number: Int, of total: Int, cards: Int, revealed: Bool) -> String {
    switch item {
    case .card(let card):
      let place = "\(number)/\(total)" + (card.collection.map { " · \($0)" } ?? "")
      if !revealed { return words.frontPrompt(place: place, front: oneLine(card.front)) }
      return words.backPrompt(oneLine(card.back) + (card.note.map { " (\(oneLine($0)))" } ?? ""))
    case .recall(let recall):
      let topic = oneLine(recall.topic) + (recall.note.map { " (\(oneLine($0)))" } ?? "")
      return words.recallPrompt(number: number, total: total, topic: topic)
    }
  }

  func keys(_ item: ReviewQueue.Item) -> String {
    switch item {
    case .card: words.keysLine(card: true)
    case .recall: words.keysLine(card: false)
    }
  }

  func result(_ outcome: Deck.AnswerOutcome) -> String {
    words.answered(
      remembered: outcome.entry.correct, step: outcome.card.stepIndex,
      next: outcome.card.nextReviewDate.description)
  }

  func recallResult(recalled: Bool) -> String {
    if recalled { return words.recallDone }
    guard let delay = invocation.configuration.schedule.recallAfterWrong else {
      return words.recallDoneAfterWrongOff
    }
    return words.recallAgain(after: DurationText.format(delay))
  }

  func summary(_ session: ReviewSession, at end: Date) -> String {
    let summary = session.summary(at: end)
    return words.summary(
      answered: summary.answered, remembered: summary.remembered, forgot: summary.forgot,
      recallsDone: summary.recallsDone, streak: summary.streak, tomorrow: summary.tomorrow)
  }

  /// "Nothing to review now", and when the next is (`ReviewSession.next`).
  func nothingDue(_ session: ReviewSession) throws -> String {
    let next: String
    switch try session.next() {
    case nil: return words.nothingToReview
    case .cards(let count, let day)?:
      next = words.nextCards(count, on: day.description)
    case .recall(let at)?:
      next = words.nextRecall(
        at: invocation.locale.stamp(at))
    }
    return words.nothingToReview(next: next)
  }

  func oneLine(_ text: String) -> String { text.split(whereSeparator: \.isNewline).joined(separator: " / ") }
}
