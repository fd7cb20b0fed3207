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
  static let configuration = CommandConfiguration.described(
    CommandLanguage.usesFSRS ? .reviewUnderFSRS : .review, name: "review")

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
    let clock: any TimeSource =
      time.now.flatMap { Timestamp.parse($0, localIn: invocation.clock) }.map(FixedTime.init) ?? SystemTime()
    do {
      let session = try ReviewSession(
        workspace: invocation.workspace, time: clock, collection: collection, limit: limit, shuffle: shuffle,
        recallsOnly: recalls)
      let texts = ReviewText(
        locale: invocation.locale, recallAfterWrong: invocation.configuration.schedule.recallAfterWrong,
        ratings: session.scheduler.fsrs != nil)
      if plain || !Terminal.isInteractive {
        var review = PlainReview(session: session, texts: texts)
        try review.run()
      } else {
        var review = FullScreenReview(session: session, texts: texts, environment: invocation.environment)
        try review.run()
      }
    }
    // The session has let go of the review lock: its answers go into deck.json now, unless
    // another session runs (then the timer's next `run`, or that session's end, folds them).
    // A fold that fails loses nothing: the answers are in the journal, which every reader applies.
    _ = try? invocation.deckStore.foldJournalUnlessReviewing(
      clock: invocation.clock, replaying: invocation.configuration.studyScheduler.fsrs)
  }
}

/// The review session, one prompt a line on stdout, one answer a line on stdin.
struct PlainReview {
  var session: ReviewSession
  let texts: ReviewText

  /// A recall item's card's back, when it is a forgotten card's.
  func answer(_ item: ReviewQueue.Item) -> String? {
    guard case .recall(let recall) = item else { return nil }
    return session.card(of: recall)?.back
  }

  mutating func run() throws {
    guard !session.items.isEmpty else { return say(try texts.nothingDue(session)) }
    while let item = session.current {
      say(
        texts.prompt(
          item, number: session.index + 1, of: session.items.count, cards: session.queue.cards.count,
          revealed: session.revealed, answer: answer(item)))
      guard let line = readLine(strippingNewline: true) else { break }
      // Under FSRS 1–4 rate a card; a recall item keeps 1 and 2 as yes and no.
      let ratings: Bool = if case .card = item { texts.ratings } else { false }
      for event in try session.handle(ReviewKey(line: line, ratings: ratings)) {
        say(texts.message(event, item: item))
      }
    }
    say(texts.summary(session, at: session.now))
  }

  func say(_ line: String) {
    print(line)
    fflush(nil)
  }
}
