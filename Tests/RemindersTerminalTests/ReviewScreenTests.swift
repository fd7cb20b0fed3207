import Testing

@testable import RemindersTerminal

@Suite struct ReviewScreenTests {
  let card = ReviewScreen.State(
    kind: .card, number: 3, total: 12, collection: "JLPT N5", front: "食べる", back: "to eat", note: "godan")

  func plain(
    _ state: ReviewScreen.State, width: Int = 80, height: Int = 24, language: ReviewScreen.Language = .en
  )
    -> [String]
  {
    ReviewScreen.render(state, width: width, height: height, language: language, color: false)
  }

  @Test func headerFrontAndKeys() {
    let lines = plain(card)
    #expect(lines.count == 24)
    #expect(lines[0] == "3/12 · JLPT N5")
    #expect(lines[2] == "食べる")
    #expect(!lines.contains { $0.contains("to eat") })
    #expect(lines[23] == "Space/Enter: show the answer · s: skip · u: undo · ?: keys · q: quit")
  }

  @Test func revealShowsTheBackAndNote() {
    var state = card
    state.revealed = true
    state.message = "→ remembered. Step 2, next review 2026-11-23"
    let lines = plain(state)
    #expect(lines.contains("Answer: to eat"))
    #expect(lines.contains("Note: godan"))
    #expect(lines[22] == "→ remembered. Step 2, next review 2026-11-23")
    #expect(lines[23].hasPrefix("y/1/→: remembered · n/2/←: forgot"))
  }

  @Test func recallAndJapanese() {
    let recall = ReviewScreen.State(kind: .recall, number: 4, total: 4, front: "〜てしまう", note: "regret")
    let lines = plain(recall, language: .ja)
    #expect(lines[0] == "4/4 · 思い出す")
    #expect(lines.contains("思い出せましたか？"))
    #expect(lines[23].hasPrefix("y/1/→: 思い出せた · n/2/←: まだ · s: スキップ"))
    #expect(plain(card, language: .ja)[23].hasPrefix("Space/Enter: 答えを見る"))
  }

  /// A forgotten card's recall item: Space or Enter shows the card's answer, said in the key line.
  @Test func aForgottenCardsRecallShowsItsAnswer() {
    var recall = ReviewScreen.State(kind: .recall, number: 1, total: 1, front: "食べる", back: "to eat")
    var lines = plain(recall)
    #expect(!lines.contains("Answer: to eat"))
    // (Wider than 80 columns: the key line takes the last two.)
    #expect(lines[22].hasPrefix("Space/Enter: the card's answer · y/1/→: recalled"), "\(lines)")
    recall.revealed = true
    lines = plain(recall)
    #expect(lines.contains("Answer: to eat") && lines.contains("Did you recall it?"))
    #expect(lines[23].hasPrefix("y/1/→: recalled · n/2/←: not yet"))
  }

  /// Every line fits the width, the keys included; a 30-character Japanese front takes two lines
  /// at 40 columns.
  @Test func narrowScreensWrapByDisplayWidth() {
    var state = card
    state.front = String(repeating: "あいうえおかきくけこ", count: 3)
    state.revealed = true
    let lines = plain(state, width: 40)
    #expect(lines.allSatisfy { DisplayWidth.columns($0) <= 40 })
    #expect(lines[2] == "あいうえおかきくけこあいうえおかきくけこ")
    #expect(lines[3] == "あいうえおかきくけこ")
    #expect(lines.suffix(3).joined(separator: " ").contains("q: quit"))
  }

  /// A short screen keeps the keys and gives up the body.
  @Test func shortScreens() {
    let lines = plain(card, width: 80, height: 3)
    #expect(lines.count == 3)
    #expect(lines[0] == "3/12 · JLPT N5")
    #expect(lines[2].hasSuffix("q: quit"))
  }

  @Test func keyListOnQuestionMark() {
    var state = card
    state.showingKeys = true
    let lines = plain(state)
    #expect(lines.contains("Keys:"))
    #expect(lines.contains { $0.contains("q / Esc / Ctrl-C") })
    #expect(plain(state, language: .ja).contains("キー:"))
  }

  /// NO_COLOR: not one SGR sequence; with colour, the same words (colour only adds).
  @Test func noColor() {
    var state = card
    state.revealed = true
    state.message = "→ forgot."
    let bare = plain(state)
    #expect(!bare.joined().contains("\u{1B}["))
    let colored = ReviewScreen.render(state, width: 80, height: 24, language: .en, color: true)
    #expect(colored.joined().contains("\u{1B}["))
    let stripped = colored.map { $0.replacing(#/\x1B\[[0-9;]*m/#, with: "") }
    #expect(stripped == bare)
  }
}

/// The focus screen as a pure function.
@Suite struct FocusScreenTests {
  let state = FocusScreen.State(
    phase: .focus, cycle: 2, cycles: 4, timeLeft: 750, length: 1500, paused: false, task: "Kanji")

  @Test func linesAndWords() {
    let rows = FocusScreen.render(state, width: 40, height: 10, language: .en, color: false)
    #expect(rows.count == 10)
    #expect(rows[0] == "Focus · cycle 2 of 4")
    #expect(rows[1] == "Task: Kanji")
    #expect(rows[3].hasPrefix("[#") && rows[3].hasSuffix("]  50%"))
    #expect(rows.allSatisfy { $0.count <= 40 && !$0.contains("\u{1B}") })
    #expect(rows.contains("12:30 left"))
    #expect(rows.last == "p: pause · q: stop")
    var paused = state
    paused.paused = true
    paused.phase = .longBreak
    let ja = FocusScreen.render(paused, width: 40, height: 10, language: .ja, color: true)
    #expect(ja[0].contains("長い休憩 · 2/4"))
    #expect(ja.contains { $0.contains("一時停止中") })
    #expect(ja.contains { $0.contains("\u{1B}[") })
    #expect(FocusScreen.clock(3725) == "1:02:05")
  }
}
