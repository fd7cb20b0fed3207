import Foundation
import RemindersApp
import RemindersCore
import RemindersGtk
import RemindersMessages
import RemindersReports
import RemindersStore
import RemindersTerminal

/// Study (docs/app.md#study): the review session of `reminders review` — the App layer's
/// `ReviewSession`, the same order, relearning, FSRS ratings, undo, skip, lock and journal —
/// with buttons; the keys are the terminal's (`ReviewCommand(TerminalKey)`), so Space shows the
/// answer and 1–4 rate under FSRS.
@MainActor
final class StudyPage {
  let root: Widget
  let column = Box(.vertical, spacing: 18)

  // Before a session.
  let chooser = Box(.vertical, spacing: 12)
  let collectionLabel = Label()
  var collections: [String] = []
  var collectionChoice = DropDown([])
  let chooserRow = Box(.horizontal, spacing: 12)
  let shuffleLabel = Label()
  let shuffle = Switch()
  let start = Button("", style: "suggested-action")

  // During one.
  let card = Box(.vertical, spacing: 12)
  let progress = Label("", style: "dim-label")
  let front = Label("", style: "title-1")
  let backHeading = Label("", style: "heading")
  let back = Label("", style: "title-3")
  let note = Label()
  let showAnswer = Button("", style: "suggested-action")
  let answers = Box(.horizontal, spacing: 12)
  var answerButtons: [(Button, ReviewCommand)] = []
  let tools = Box(.horizontal, spacing: 12)
  let undo = Button("")
  let skip = Button("")
  let end = Button("")

  // After one, and what went wrong.
  let status = Label()
  let summary = Box(.vertical, spacing: 12)
  let summaryTitle = Label("", style: "title-2")
  let summaryBody = Label()
  let backHome = Button("", style: "pill")

  var session: ReviewSession?
  var locale: ReportLocale?
  var workspace: Workspace?
  /// The session ended or changed the deck: Home reads it again.
  let onChange: @MainActor () -> Void
  let onHome: @MainActor () -> Void

  init(onChange: @escaping @MainActor () -> Void, onHome: @escaping @MainActor () -> Void) {
    self.onChange = onChange
    self.onHome = onHome
    let page = ScrolledWindow(Clamp(column))
    root = page
    column.setMargins(24)
    for label in [
      collectionLabel, shuffleLabel, progress, front, backHeading, back, note, status, summaryTitle,
      summaryBody,
    ] {
      label.setTextAlignment(0)
    }
    front.setSelectable(true)
    back.setSelectable(true)
    chooserRow.append(shuffleLabel)
    chooserRow.append(shuffle)
    shuffleLabel.labels(shuffle)
    collectionLabel.labels(collectionChoice)
    chooser.append(collectionLabel)
    chooser.append(collectionChoice)
    chooser.append(chooserRow)
    start.align(horizontally: .start)
    chooser.append(start)
    start.onClicked { [unowned self] in self.begin() }

    answers.setHomogeneous(true)
    for widget: Widget in [progress, front, showAnswer, backHeading, back, note, answers, tools] {
      card.append(widget)
    }
    for button in [undo, skip, end] { tools.append(button) }
    showAnswer.align(horizontally: .start)
    showAnswer.onClicked { [unowned self] in self.send(.reveal) }
    undo.onClicked { [unowned self] in self.send(.undo) }
    skip.onClicked { [unowned self] in self.send(.skip) }
    end.onClicked { [unowned self] in self.send(.quit) }

    summary.append(summaryTitle)
    summary.append(summaryBody)
    backHome.align(horizontally: .start)
    summary.append(backHome)
    backHome.onClicked { [unowned self] in
      self.showChooser()
      self.onHome()
    }
    for widget: Widget in [chooser, card, summary, status] { column.append(widget) }
    status.isVisible = false
    page.onKeyPressed { [unowned self] key in self.pressed(key) }
    showChooser()
  }

  var words: any Catalogue { locale?.words ?? Language.en.words }

  /// The page's words and choices for `workspace`, today's collections first.
  func prepare(_ workspace: Workspace, locale: ReportLocale, collections due: [String: Int]) {
    self.workspace = workspace
    self.locale = locale
    guard session == nil else { return }
    let words = locale.words
    collectionLabel.text = words.collectionChoice
    shuffleLabel.text = words.shuffleChoice
    start.label = words.beginSession
    showAnswer.label = words.showAnswerAction
    undo.label = words.undoAction
    skip.label = words.skipAction
    end.label = words.endAction
    backHome.label = words.backHome
    backHeading.text = words.answerHeading
    let names = CollectionOrder.ordered(due).map(\.0).filter { !$0.isEmpty }
    if names != collections || collectionChoice.selected < 0 {
      collections = names
      let replacement = DropDown([words.allCollections] + names.map { VisibleCharacters.of($0) })
      chooser.remove(collectionChoice)
      collectionChoice = replacement
      collectionLabel.labels(replacement)
      chooser.remove(chooserRow)
      chooser.remove(start)
      chooser.append(replacement)
      chooser.append(chooserRow)
      chooser.append(start)
    }
  }

  func showChooser() {
    chooser.isVisible = true
    card.isVisible = false
    summary.isVisible = false
  }

  /// Starts a session, as "Study now" on Home does.
  func begin() {
    guard session == nil, let workspace else { return }
    status.message = ""
    let choice = collectionChoice.selected
    let collection: String? = choice > 0 && choice <= collections.count ? collections[choice - 1] : nil
    do {
      // One session at a time on this deck (docs/app.md#study): the app's holds the review lock
      // alone, taken at once or not at all, so no terminal or pop-up session starts beside it
      // (they wait, then say so), and it starts none beside theirs.
      let opened = try ReviewSession(
        workspace: workspace, time: SystemTime(), collection: collection, limit: nil, shuffle: shuffle.isOn,
        alone: true)
      guard !opened.items.isEmpty else {
        var closing = opened
        closing.close()
        status.message = words.cardPopupNothing
        return
      }
      session = opened
      chooser.isVisible = false
      summary.isVisible = false
      card.isVisible = true
      showItem()
    } catch StoreError.locked {
      status.message = words.sessionElsewhere
    } catch {
      status.message = ErrorWords(language: locale?.language ?? .en).line(error)
    }
  }

  /// The answer buttons of the session's scheduler, or a recall item's two.
  func setAnswers(_ item: ReviewQueue.Item, fsrs: Bool) {
    for (button, _) in answerButtons { answers.remove(button) }
    let words = words
    var choices: [(String, ReviewCommand)]
    if case .recall = item {
      choices = [(words.recalledAction, .remembered), (words.notYetAction, .forgot)]
    } else if fsrs {
      choices = [
        (words.againAction, .rated(.again)), (words.hardAction, .rated(.hard)),
        (words.goodAction, .rated(.good)),
        (words.easyAction, .rated(.easy)),
      ]
    } else {
      choices = [(words.rememberedAction, .remembered), (words.forgotAction, .forgot)]
    }
    answerButtons = choices.map { label, command in
      let button = Button(label)
      button.onClicked { [unowned self] in self.send(command) }
      answers.append(button)
      return (button, command)
    }
  }

  func showItem() {
    guard let session, let item = session.current else { return finish() }
    let words = words
    let number = session.index + 1
    let total = session.items.count
    let revealed = session.revealed
    switch item {
    case .card(let card):
      progress.text = words.cardPopupTitle(number: number, total: total, collection: card.collection)
      front.text = VisibleCharacters.of(card.front)
      back.text = VisibleCharacters.of(card.back)
      note.text = card.note.map { words.noteHeading + ": " + VisibleCharacters.of($0) } ?? ""
      note.isVisible = revealed && !(card.note ?? "").isEmpty
      showAnswer.isVisible = !revealed
      backHeading.isVisible = revealed
      back.isVisible = revealed
      answers.isVisible = revealed
    case .recall(let recall):
      progress.text = words.recallPopupTitle(number: number, total: total)
      front.text = VisibleCharacters.of(recall.topic)
      let answer = session.card(of: recall)
      back.text = answer.map { VisibleCharacters.of($0.back) } ?? ""
      note.text = [recall.note.map { VisibleCharacters.of($0) }, words.recallQuestion].compactMap { $0 }
        .joined(
          separator: "\n")
      note.isVisible = true
      // A forgotten card's recall item shows its answer on request; a topic of one's own has none.
      showAnswer.isVisible = answer != nil && !revealed
      backHeading.isVisible = answer != nil && revealed
      back.isVisible = answer != nil && revealed
      answers.isVisible = true
    }
    setAnswers(item, fsrs: session.scheduler.fsrs != nil)
    // The focus on what comes next, with the card read out with it.
    let heard = progress.text + ". " + front.text
    if showAnswer.isVisible {
      showAnswer.setAccessibleDescription(heard)
      showAnswer.grabFocus()
    } else if let first = answerButtons.first?.0 {
      first.setAccessibleDescription(
        heard + (back.isVisible ? ". " + words.answerHeading + ": " + back.text : ""))
      first.grabFocus()
    }
  }

  /// A button's or a key's command, given to the session; each answer is in the journal before
  /// the next card shows.
  func send(_ command: ReviewCommand) {
    guard var current = session else { return }
    do {
      let events = try current.handle(command)
      session = current
      status.message = events.compactMap(eventLine).joined(separator: " ")
    } catch {
      session = current
      status.message = ErrorWords(language: locale?.language ?? .en).line(error)
    }
    if current.isFinished { finish() } else { showItem() }
  }

  func eventLine(_ event: ReviewSession.Event) -> String? {
    switch event {
    case .undone(let name): words.undone(VisibleCharacters.of(name))
    case .nothingToUndo: words.nothingToUndo
    case .cardGone: words.cardPopupGone
    case .answered, .recallAnswered, .keys: nil
    }
  }

  /// Ends a session that runs, without its summary (the app quits).
  func close() {
    session?.close()
    session = nil
  }

  func finish() {
    guard var ending = session else { return }
    ending.close()
    session = nil
    let figures = ending.summary(at: ending.now)
    summaryTitle.text = words.cardPopupDone(cards: figures.answered, remembered: figures.remembered)
    summaryBody.text =
      words.cardPopupDoneBody(recallsDone: figures.recallsDone, tomorrow: figures.tomorrow) + " "
      + words.streakLine(figures.streak)
      + (figures.comesBack(words, clock: ending.dayClock).map { " " + $0 } ?? "")
    card.isVisible = false
    chooser.isVisible = false
    summary.isVisible = true
    backHome.grabFocus()
    onChange()
  }

  /// The terminal's keys (Space or Enter shows the answer; y/n, 1/2, arrows; 1–4 under FSRS;
  /// u undo, s skip, q or Escape end), when no button took the key itself.
  func pressed(_ key: Key) -> Bool {
    guard let session, let item = session.current, !key.withModifier else { return false }
    let terminal: TerminalKey? =
      if key.isEnter { .enter } else if key.isEscape { .escape } else if key.isLeft {
        .left
      } else if key.isRight {
        .right
      } else { key.character.map(TerminalKey.character) }
    let ratings: Bool = if case .card = item { session.scheduler.fsrs != nil } else { false }
    guard let terminal, let command = ReviewCommand(terminal, ratings: ratings) else { return false }
    switch command {
    case .help, .unknown: return false
    case .reveal where session.revealed: return false
    default: send(command)
    }
    return true
  }
}
