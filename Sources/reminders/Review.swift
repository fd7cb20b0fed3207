import ArgumentParser
import Foundation
import RemindersApp
import RemindersCore
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

extension ReviewSession.Command {
  /// What a key read by the terminal asks of the session.
  init(_ key: ReviewKey) {
    switch key {
    case .reveal: self = .reveal
    case .remembered: self = .remembered
    case .forgot: self = .forgot
    case .undo: self = .undo
    case .skip: self = .skip
    case .quit: self = .quit
    case .help: self = .help
    case .unknown: self = .unknown
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
      for event in try session.handle(.init(ReviewKey(line: line))) { say(texts.message(event, item: item)) }
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
    let summary = session.summary(at: end)
    let (answered, remembered, forgot) = (summary.answered, summary.remembered, summary.forgot)
    let (recallsDone, streak, tomorrow) = (summary.recallsDone, summary.streak, summary.tomorrow)
    return ja
      ? "おしまい: \(answered)枚に答えました（覚えていた \(remembered)、忘れた \(forgot)）。思い出した項目 \(recallsDone)件。連続記録 \(streak)日。明日 \(tomorrow)枚。"
      : "Done: \(answered) \(answered == 1 ? "card" : "cards") answered (\(remembered) remembered, \(forgot) forgot). "
        + "Recall items done: \(recallsDone). Streak: \(streak) \(streak == 1 ? "day" : "days"). "
        + "\(tomorrow) \(tomorrow == 1 ? "card" : "cards") tomorrow."
  }

  /// "Nothing to review now", and when the next is (`ReviewSession.next`).
  func nothingDue(_ session: ReviewSession) throws -> String {
    let nothing = ja ? "いま復習するものはありません。" : "Nothing to review now."
    let next: String
    switch try session.next() {
    case nil: return nothing
    case .cards(let count, let day)?:
      next = ja ? "\(day) に \(count)枚" : "\(count) \(count == 1 ? "card" : "cards") on \(day)"
    case .recall(let at)?:
      let stamp = PlanReport(invocation: invocation, now: session.start, days: 1, reminders: []).stamp(at)
      next = ja ? "\(stamp) に思い出す項目" : "a recall item at \(stamp)"
    }
    return ja ? "\(nothing)次は \(next)。" : "\(nothing) Next: \(next)."
  }

  func oneLine(_ text: String) -> String { text.split(whereSeparator: \.isNewline).joined(separator: " / ") }
}
