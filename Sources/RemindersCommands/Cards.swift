import ArgumentParser
import Foundation
import RemindersApp
import RemindersCore
import RemindersMessages
import RemindersReports
import RemindersStore
import RemindersTerminal

/// `reminders cards`: add, list, answer and keep flashcards.
struct Cards: ParsableCommand {
  static let configuration = CommandConfiguration.described(
    .cards, name: "cards",
    subcommands: [
      Add.self, List.self, Answer.self, Edit.self, Remove.self, Suspend.self, Unsuspend.self, Import.self,
    ]
  )

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration.described(.cardsAdd, name: "add")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var time: TimeOptions

    @Argument(help: .catalogue(.cardFront)) var front: String
    @Argument(help: .catalogue(.cardBack)) var back: String?
    @Option(help: .catalogue(.cardCollection, valueName: "name")) var collection: String?
    @Option(help: .catalogue(.cardNote, valueName: "text")) var note: String?
    @Option(help: .catalogue(.cardTag, valueName: "tag")) var tag: [String] = []
    @Flag(help: .catalogue(.cardDuplicate)) var duplicate = false
    @Option(help: .catalogue(.cardPick, valueName: "n")) var pick: Int?

    func validate() throws { try Cards.checkText(front: front, back: back) }

    /// Prints the new card's id as `cards list` shows it. A card whose front is already in its
    /// collection is not added (said on stderr, exit 0) unless `--duplicate`; a collection
    /// named with another case is the deck's own spelling. Without a back, the dictionary's
    /// candidates give it (`pickBack`).
    func run() throws {
      let invocation = try Invocation(global)
      let now = time.instant(in: invocation.clock)
      var front = self.front
      var note = self.note
      let back: String
      if let given = self.back {
        back = given
      } else {
        guard let picked = try pickBack(invocation) else { return }
        (front, back) = (picked.front, picked.back)
        note = DeckKeeper.optional(note) ?? picked.note
      }
      let added = try DeckKeeper(workspace: invocation.workspace).add(
        front: front, back: back, collection: collection, note: note, tags: tag, duplicate: duplicate,
        now: now)
      switch added.value {
      case .added(let card):
        print(added.shortID)
      case .duplicate(let twin):
        ExitStatus.say(invocation.words.notAddedDuplicate(DeckText.label(twin, shortID: added.shortID)))
      }
    }
  }

  /// A card's sides and note as the dictionary gave them (`Add.pickBack`).
  struct Picked {
    var front: String
    var back: String
    var note: String?
  }
}

extension Cards.Add {
  /// The back the dictionary gives FRONT (docs/dictionary.md): `--pick N`'s candidate; in a
  /// terminal, the one the learner picks by number, or what they type; otherwise exit 64 naming
  /// the candidates. The front becomes the dictionary form a conjugated word was found as, and
  /// the reading the note. Nil when the learner picked nothing (said; no card is added).
  func pickBack(_ invocation: Invocation) throws -> Cards.Picked? {
    let words = invocation.words
    let found = try DictionaryWords.look(front, invocation: invocation)
    let candidates = found.candidates
    guard let first = candidates.first else {
      throw CommandFailure(words.noEntryGiveBack(front), code: ExitStatus.usage)
    }
    if let pick {
      guard candidates.indices.contains(pick - 1) else {
        throw CommandFailure(words.pickOutOfRange(pick, count: candidates.count), code: ExitStatus.usage)
      }
      let chosen = candidates[pick - 1]
      return Cards.Picked(front: found.front, back: chosen.text, note: chosen.note)
    }
    guard Terminal.isInteractive else {
      throw CommandFailure(
        words.pickNeeded(front, candidates: candidates.map(\.text)), code: ExitStatus.usage)
    }
    for line in LookupReport(found, language: invocation.language).lines { print(line) }
    print(words.pickPrompt(count: candidates.count), terminator: "")
    fflush(nil)
    let answer = (readLine(strippingNewline: true) ?? "").trimmingCharacters(in: .whitespaces)
    guard !answer.isEmpty else {
      print(words.nothingPicked)
      return nil
    }
    if let number = Int(answer), candidates.indices.contains(number - 1) {
      let chosen = candidates[number - 1]
      return Cards.Picked(front: found.front, back: chosen.text, note: chosen.note)
    }
    return Cards.Picked(front: found.front, back: answer, note: first.note)
  }
}

extension Cards {
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration.described(.cardsList, name: "list")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var time: TimeOptions

    @Flag(help: .catalogue(.listDue)) var due = false
    @Option(help: .catalogue(.onlyCollection, valueName: "name")) var collection: String?
    @Flag(help: .catalogue(.jsonCards)) var json = false

    func run() throws {
      let invocation = try Invocation(global)
      let today = invocation.clock.day(of: time.instant(in: invocation.clock))
      let deck = try invocation.deckStore.load(
        replaying: invocation.configuration.studyScheduler.fsrs, clock: invocation.clock)
      let only = try collection.map { try deck.collection(named: $0, path: invocation.paths.deck) }
      // `--due`: the day's cards, by the rule every count uses (new cards within the limits).
      let cards =
        (due
        ? deck.studyCards(on: today, limits: invocation.configuration.newCards, clock: invocation.clock)
        : deck.cards).filter {
          only == nil || $0.collection == only
        }
      if json {
        var w = JSONWriter()
        w.value(.array(cards.map { .object(DeckCodec.cardFields($0, clock: invocation.clock)) }))
        print(String(decoding: w.out, as: UTF8.self))
        return
      }
      print(
        DeckText(locale: invocation.locale).cards(cards, due: due, allIDs: deck.cards.map(\.id)),
        terminator: "")
    }
  }

  struct Answer: ParsableCommand {
    static let configuration = CommandConfiguration.described(.cardsAnswer, name: "answer")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var time: TimeOptions

    @Argument(help: .catalogue(.cardID)) var id: String
    @Argument(help: .catalogue(.answerResult)) var result: String

    /// The answer's rating: `correct` is good and `wrong` is again, in either scheduler
    /// (docs/scheduling.md#answering-under-fsrs); under the ladder again is wrong and the other three
    /// are correct.
    var rating: FSRSRating? {
      switch result.lowercased() {
      case "correct": .good
      case "wrong": .again
      case let word: FSRSRating(word: word)
      }
    }

    func validate() throws {
      guard rating != nil else { throw ValidationError(.answer(result)) }
    }

    func run() throws {
      let invocation = try Invocation(global)
      let now = time.instant(in: invocation.clock)
      let answered = try DeckKeeper(workspace: invocation.workspace).answer(
        Cards.locate(id, invocation), rating: rating!, now: now)
      let outcome = answered.value
      let text = DeckText(locale: invocation.locale)
      print(
        invocation.configuration.studyScheduler.fsrs == nil
          ? text.answered(outcome) : text.answeredFSRS(outcome), terminator: "")
      guard let recall = outcome.recall else { return }
      let reminder = try PlanReader(workspace: invocation.workspace).reminder(bringing: recall, now: now)
      print(text.recallReminder(recall, reminder: reminder, now: now))
    }
  }

  struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration.described(.cardsEdit, name: "edit")

    @OptionGroup var global: GlobalOptions

    @Argument(help: .catalogue(.cardID)) var id: String
    @Option(help: .catalogue(.editFront)) var front: String?
    @Option(help: .catalogue(.editBack)) var back: String?
    @Option(help: .catalogue(.editCollection, valueName: "name")) var collection: String?
    @Option(help: .catalogue(.editNote, valueName: "text")) var note: String?

    func validate() throws {
      guard front != nil || back != nil || collection != nil || note != nil else {
        throw ValidationError(.nothingToEdit)
      }
      try Cards.checkText(front: front, back: back)
    }

    func run() throws {
      let invocation = try Invocation(global)
      let edited = try DeckKeeper(workspace: invocation.workspace).edit(
        Cards.locate(id, invocation), front: front, back: back, collection: collection, note: note)
      print(invocation.words.changed(.edited) + DeckText.label(edited.value, shortID: edited.shortID))
    }
  }

  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration.described(.cardsRemove, name: "remove")

    @OptionGroup var global: GlobalOptions

    @Argument(help: .catalogue(.cardID)) var id: String

    func run() throws {
      let invocation = try Invocation(global)
      let removed = try DeckKeeper(workspace: invocation.workspace).remove(Cards.locate(id, invocation))
      let words = invocation.words
      // Said as it was known: its id as short as it was among the others.
      print(words.changed(.removed) + DeckText.label(removed.card, shortID: removed.shortID))
      if removed.recallsDropped > 0 { print(words.removedRecalls(removed.recallsDropped)) }
    }
  }

  struct Suspend: ParsableCommand {
    static let configuration = CommandConfiguration.described(.cardsSuspend, name: "suspend")

    @OptionGroup var global: GlobalOptions
    @Argument(help: .catalogue(.cardID)) var id: String

    func run() throws { try Cards.setSuspended(true, id: id, global: global) }
  }

  struct Unsuspend: ParsableCommand {
    static let configuration = CommandConfiguration.described(.cardsUnsuspend, name: "unsuspend")

    @OptionGroup var global: GlobalOptions
    @Argument(help: .catalogue(.cardID)) var id: String

    func run() throws { try Cards.setSuspended(false, id: id, global: global) }
  }

  /// `suspend` and `unsuspend`: idempotent; says when the card already was.
  static func setSuspended(_ suspended: Bool, id: String, global: GlobalOptions) throws {
    let invocation = try Invocation(global)
    let changed = try DeckKeeper(workspace: invocation.workspace).setSuspended(
      suspended, Cards.locate(id, invocation))
    let change: DeckChange
    switch (suspended, changed.value.already) {
    case (true, false): change = .suspended
    case (true, true): change = .alreadySuspended
    case (false, false): change = .unsuspended
    case (false, true): change = .notSuspended
    }
    print(invocation.words.changed(change) + DeckText.label(changed.value.card, shortID: changed.shortID))
  }

  /// The card an ID argument names: the whole id or a unique prefix (`DeckLookup`).
  static func locate(_ id: String, _ invocation: Invocation) -> DeckKeeper.Locate {
    { try DeckLookup.card(id, in: $0, path: invocation.paths.deck, words: invocation.words) as Card }
  }

  /// The core's rule for a card's text (the same as `cards import` follows): exit 64.
  static func checkText(front: String?, back: String?) throws {
    switch CardSides.blankSide(front: front, back: back) {
    case .front?: throw ValidationError(.emptyFront)
    case .back?: throw ValidationError(.emptyBack)
    case nil: return
    }
  }
}

/// `reminders recall`: recall items.
struct Recall: ParsableCommand {
  static let configuration = CommandConfiguration.described(
    .recall, name: "recall",
    subcommands: [Add.self, List.self, Done.self, Remove.self]
  )

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration.described(.recallList, name: "list")

    @OptionGroup var global: GlobalOptions
    @Flag(help: .catalogue(.jsonRecalls)) var json = false

    func run() throws {
      let invocation = try Invocation(global)
      let clock = invocation.clock
      let deck = try invocation.deckStore.load().deck
      let items = deck.recalls.filter(\.isOpen).sorted { $0.dueAt < $1.dueAt }
      if json {
        var w = JSONWriter()
        w.value(.array(items.map { .object(DeckCodec.recallFields($0, clock: clock)) }))
        print(String(decoding: w.out, as: UTF8.self))
        return
      }
      print(
        DeckText(locale: invocation.locale).recalls(items, allIDs: deck.recalls.map(\.id)), terminator: "")
    }
  }

  struct Done: ParsableCommand {
    static let configuration = CommandConfiguration.described(.recallDone, name: "done")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var time: TimeOptions
    @Argument(help: .catalogue(.recallID)) var id: String

    func run() throws {
      let invocation = try Invocation(global)
      let now = time.instant(in: invocation.clock)
      let done = try DeckKeeper(workspace: invocation.workspace).finishRecall(
        Recall.locate(id, invocation), now: now)
      print(
        invocation.words.changed(done.value.already ? .alreadyDone : .done)
          + DeckText.label(done.value.item, shortID: done.shortID))
    }
  }

  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration.described(.recallRemove, name: "remove")

    @OptionGroup var global: GlobalOptions
    @Argument(help: .catalogue(.recallID)) var id: String

    func run() throws {
      let invocation = try Invocation(global)
      let removed = try DeckKeeper(workspace: invocation.workspace).removeRecall(
        Recall.locate(id, invocation))
      print(invocation.words.changed(.removed) + DeckText.label(removed.value, shortID: removed.shortID))
    }
  }

  /// The recall item an ID argument names: the whole id or a unique prefix (`DeckLookup`).
  static func locate(_ id: String, _ invocation: Invocation) -> DeckKeeper.LocateRecall {
    { try DeckLookup.recall(id, in: $0, path: invocation.paths.deck, words: invocation.words) }
  }

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration.described(.recallAdd, name: "add")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var time: TimeOptions

    @Argument(help: .catalogue(.recallTopic)) var topic: String
    @Option(name: .customLong("in"), help: .catalogue(.recallIn, valueName: "duration")) var after: String?
    @Option(help: .catalogue(.recallAt, valueName: "time")) var at: String?
    @Option(help: .catalogue(.recallNote)) var note: String?

    func validate() throws {
      guard (after == nil) != (at == nil) else { throw ValidationError(.recallInOrAt) }
      if let after, DurationSyntax.parse(after) == nil {
        throw ValidationError(.recallIn(after))
      }
      guard !topic.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
        throw ValidationError(.emptyTopic)
      }
    }

    func run() throws {
      let invocation = try Invocation(global)
      let now = time.instant(in: invocation.clock)
      let dueAt: Date
      if let after, let seconds = DurationSyntax.parse(after) {
        dueAt = now.addingTimeInterval(TimeInterval(seconds))
      } else if let at, let parsed = RecallItem.dueAt(at, now: now, clock: invocation.clock) {
        dueAt = parsed
      } else {
        throw UsageError(invocation.words.problem(.recallAt(at ?? "")))
      }
      let added = try DeckKeeper(workspace: invocation.workspace).addRecall(
        topic: topic, note: note, dueAt: dueAt)
      print(added.shortID)
    }
  }
}
