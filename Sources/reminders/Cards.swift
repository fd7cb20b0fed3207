import ArgumentParser
import Foundation
import RemindersCore
import RemindersStore

/// `reminders cards`: add, list and answer cards.
struct Cards: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cards",
    abstract: "Add, list and answer flashcards.", subcommands: [Add.self, List.self, Answer.self])

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add", abstract: "Add a card, due today; prints its id.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var time: TimeOptions

    @Argument(help: "The question side.") var front: String
    @Argument(help: "The answer side.") var back: String
    @Option(help: ArgumentHelp("A named group, e.g. TOEIC.", valueName: "name")) var collection: String?

    func validate() throws {
      guard !front.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
        throw ValidationError("FRONT must not be empty")
      }
    }

    func run() throws {
      let invocation = try Invocation(global)
      let now = time.instant
      let card = ReviewLadder.newCard(
        id: UUID().uuidString.lowercased(), front: front, back: back,
        collection: collection.flatMap { $0.isEmpty ? nil : $0 }, at: now, clock: invocation.clock)
      try invocation.deckStore.update(clock: invocation.clock) { $0.deck.cards.append(card) }
      print(card.id)
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List cards.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var time: TimeOptions

    @Flag(help: "Only the cards due today.") var due = false
    @Flag(help: "Print a JSON array of cards.") var json = false

    func run() throws {
      let invocation = try Invocation(global)
      let today = invocation.clock.day(of: time.instant)
      let cards = try invocation.deckStore.load().deck.cards.filter { !due || $0.isDue(on: today) }
      if json {
        var w = JSONWriter()
        w.value(.array(cards.map { .object(DeckCodec.cardFields($0, clock: invocation.clock)) }))
        print(String(decoding: w.out, as: UTF8.self))
        return
      }
      let ja = invocation.texts.language == .ja
      guard !cards.isEmpty else {
        print(due ? (ja ? "今日の復習はありません。" : "No cards due today.") : (ja ? "カードはありません。" : "No cards."))
        return
      }
      var rows = [
        ja ? ["ID", "次の復習", "段階", "コレクション", "表", "裏"] : ["ID", "DUE", "STEP", "COLLECTION", "FRONT", "BACK"]
      ]
      for card in cards {
        rows.append([
          String(card.id.prefix(8)), card.nextReviewDate.description, String(card.stepIndex),
          card.collection ?? "",
          Cards.oneLine(card.front), Cards.oneLine(card.back),
        ])
      }
      print(TextTable.render(rows), terminator: "")
    }
  }

  struct Answer: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "answer",
      abstract: "Record an answer: correct climbs the ladder, wrong starts over tomorrow.",
      discussion: "A wrong answer also adds a recall item for the card's front after `recall.after_wrong`.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var time: TimeOptions

    @Argument(help: "The card's id, or a unique prefix of at least 4 characters.") var id: String
    @Argument(help: "correct or wrong.") var result: String

    func validate() throws {
      guard ["correct", "wrong"].contains(result) else {
        throw ValidationError("the answer is 'correct' or 'wrong', not '\(result)'")
      }
      guard id.count >= 4 else { throw ValidationError("ID needs at least 4 characters") }
    }

    func run() throws {
      let invocation = try Invocation(global)
      let now = time.instant
      let clock = invocation.clock
      let outcome = try invocation.deckStore.update(clock: clock) { stored -> Deck.AnswerOutcome in
        let matches = stored.deck.cards.filter { $0.id == id || $0.id.hasPrefix(id.lowercased()) }
        guard let card = matches.first(where: { $0.id == id }) ?? (matches.count == 1 ? matches[0] : nil)
        else {
          throw UsageError(
            matches.isEmpty
              ? "no card with id '\(id)' in \(invocation.paths.deck)"
              : "'\(id)' matches \(matches.count) cards; give more of the id")
        }
        return stored.deck.answer(
          cardID: card.id, correct: result == "correct", at: now, clock: clock,
          recallAfterWrong: invocation.configuration.schedule.recallAfterWrong,
          recallID: UUID().uuidString.lowercased())!
      }
      let ja = invocation.texts.language == .ja
      print(
        ja
          ? "次の復習: \(outcome.card.nextReviewDate)（段階 \(outcome.card.stepIndex)）"
          : "Next review: \(outcome.card.nextReviewDate) (step \(outcome.card.stepIndex))")
      if let recall = outcome.recall {
        let when = Timestamp.format(recall.dueAt, in: clock)
        print(ja ? "思い出しのリマインダー: \(when)" : "Recall reminder: \(when)")
      }
    }
  }

  static func oneLine(_ text: String) -> String {
    let flat = text.replacingOccurrences(of: "\n", with: " ")
    return flat.count > 40 ? String(flat.prefix(39)) + "…" : flat
  }
}

/// `reminders recall`: recall items.
struct Recall: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "recall", abstract: "Ask to be reminded to recall a topic.", subcommands: [Add.self])

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Add a recall item; prints its id.",
      discussion:
        "--in takes a duration (90s, 10m, 3h, 1h30m, 2d). --at takes an RFC 3339 time with offset, a local YYYY-MM-DDTHH:MM in the day zone, or HH:MM (the next time the day-zone clock shows it)."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var time: TimeOptions

    @Argument(help: "What to recall.") var topic: String
    @Option(name: .customLong("in"), help: ArgumentHelp("After this long.", valueName: "duration")) var after:
      String?
    @Option(help: ArgumentHelp("At this time.", valueName: "time")) var at: String?
    @Option(help: "A note shown with the topic.") var note: String?

    func validate() throws {
      guard (after == nil) != (at == nil) else { throw ValidationError("give exactly one of --in and --at") }
      if let after, DurationText.parse(after) == nil {
        throw ValidationError("--in takes a duration such as 10m, 3h or 1h30m, not '\(after)'")
      }
      guard !topic.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
        throw ValidationError("TOPIC must not be empty")
      }
    }

    func run() throws {
      let invocation = try Invocation(global)
      let now = time.instant
      let dueAt: Date
      if let after, let seconds = DurationText.parse(after) {
        dueAt = now.addingTimeInterval(TimeInterval(seconds))
      } else if let at, let parsed = Recall.parseAt(at, now: now, clock: invocation.clock) {
        dueAt = parsed
      } else {
        throw UsageError("--at takes 2026-11-21T15:00:00+09:00, 2026-11-21T15:00 or 15:00, not '\(at ?? "")'")
      }
      let item = RecallItem(id: UUID().uuidString.lowercased(), topic: topic, note: note, dueAt: dueAt)
      try invocation.deckStore.update(clock: invocation.clock) { $0.deck.recalls.append(item) }
      print(item.id)
    }
  }

  /// `--at`: RFC 3339; `YYYY-MM-DDTHH:MM` (or with a space) on the day-zone clock; `HH:MM` next.
  static func parseAt(_ text: String, now: Date, clock: DayClock) -> Date? {
    if let instant = Timestamp.parse(text) { return instant }
    if let time = WallTime(text) {
      let today = clock.day(of: now)
      let candidate = clock.instant(on: today, at: time)
      return candidate > now ? candidate : clock.instant(on: today.adding(days: 1), at: time)
    }
    guard text.count == 16 else { return nil }
    let chars = Array(text)
    guard chars[10] == "T" || chars[10] == " ", let day = Day(iso: String(chars[0..<10])),
      let time = WallTime(String(chars[11...]))
    else { return nil }
    return clock.instant(on: day, at: time)
  }
}
