import RemindersMessages
import Testing

/// The texts moved into the catalogue, word for word as the commands said them, in both
/// languages, singular and plural.
@Suite struct MovedTextsTests {
  @Test(arguments: [
    (Language.ja, 1, "今日の復習 1枚"), (.ja, 3, "今日の復習 3枚"),
    (.en, 1, "Today's reviews: 1 card"), (.en, 3, "Today's reviews: 3 cards"),
  ])
  func dailyTitle(language: Language, count: Int, title: String) {
    #expect(language.words.dailyTitle(count: count) == title)
  }

  @Test(arguments: [
    (Language.ja, 60, "1分後に"), (.ja, 5400, "1時間30分後に"), (.ja, 7200, "2時間後に"),
    (.en, 60, "In 1 minute"), (.en, 5400, "In 1 hour 30 minutes"), (.en, 7200, "In 2 hours"),
    (.en, 20, "In 1 minute"),
  ])
  func later(language: Language, seconds: Int, text: String) {
    #expect(language.words.later(seconds) == text)
  }

  @Test func dailyBodyNamesTheCardsWithoutACollection() {
    let collections = [(name: "TOEIC", count: 3), (name: "", count: 1)]
    #expect(
      Language.ja.words.dailyBody(collections: collections, new: 0, streak: 0)
        == "TOEIC 3枚、その他 1枚。今日から連続記録を始めましょう。")
    #expect(
      Language.en.words.dailyBody(collections: collections, new: 0, streak: 1)
        == "TOEIC: 3, Other: 1. Streak: 1 day.")
    #expect(
      Language.en.words.dailyBody(collections: [(name: "TOEIC", count: 3)], new: 0, streak: 4)
        == "Streak: 4 days.")
  }

  @Test func dailyBodySaysHowManyAreNew() {
    let collections = [(name: "TOEIC", count: 3), (name: "JLPT N5", count: 20)]
    #expect(
      Language.ja.words.dailyBody(collections: collections, new: 20, streak: 2)
        == "うち新規 20枚。TOEIC 3枚、JLPT N5 20枚。連続記録 2日。")
    #expect(
      Language.en.words.dailyBody(collections: collections, new: 20, streak: 2)
        == "20 new. TOEIC: 3, JLPT N5: 20. Streak: 2 days.")
    #expect(
      Language.en.words.dailyBody(collections: [(name: "", count: 1)], new: 1, streak: 0)
        == "1 new. Start a new streak today.")
  }

  @Test(arguments: [
    (Language.ja, 1, 1, "おしまい: 1枚に答えました（覚えていた 1、忘れた 0）。思い出した項目 0件。連続記録 1日。明日 1枚。"),
    (
      .en, 1, 1,
      "Done: 1 card answered (1 remembered, 0 forgot). Recall items done: 0. Streak: 1 day. 1 card tomorrow."
    ),
    (
      .en, 2, 3,
      "Done: 2 cards answered (1 remembered, 0 forgot). Recall items done: 0. Streak: 3 days. 2 cards tomorrow."
    ),
  ])
  func reviewSummary(language: Language, count: Int, streak: Int, text: String) {
    let summary = language.words.summary(
      answered: count, remembered: 1, forgot: 0, recallsDone: 0, streak: streak, tomorrow: count)
    #expect(summary == text)
  }

  @Test(arguments: [
    (Language.ja, 1, "今日の復習: 1枚", "連続記録: 1日", "/a.ics に 1 件を書き出しました。"),
    (.en, 1, "Due today: 1 card", "Streak: 1 day", "Wrote 1 event to /a.ics."),
    (.en, 2, "Due today: 2 cards", "Streak: 2 days", "Wrote 2 events to /a.ics."),
  ])
  func planLines(language: Language, count: Int, due: String, streak: String, wrote: String) {
    let words = language.words
    #expect(words.dueToday(count) == due)
    #expect(words.streakLine(count) == streak)
    #expect(words.wroteEvents(count, to: "/a.ics") == wrote)
  }

  @Test func focusAndStatsUnits() {
    let (ja, en) = (Language.ja.words, Language.en.words)
    #expect(ja.focusToday(minutes: 1) == "今日の集中 1分")
    #expect(en.focusToday(minutes: 1) == "1 minute of focus today")
    #expect(en.focusToday(minutes: 100) == "100 minutes of focus today")
    #expect(ja.focusDone(breakSeconds: 300) == "集中終了：5分休憩")
    #expect(en.focusDone(breakSeconds: 30) == "Focus done: 30-second break")
    #expect(ja.cycle(2, of: 4) == "2/4" && ja.cycle(2, of: nil) == "2サイクル目")
    #expect(en.cycle(2, of: 4) == "cycle 2 of 4" && en.cycle(2, of: nil) == "cycle 2")
    #expect(en.cards(1) == "1 card" && en.cards(2) == "2 cards" && ja.cards(2) == "2枚")
    #expect(en.days(1) == "1 day" && en.days(2) == "2 days" && ja.days(2) == "2日")
    #expect(en.levelRange(lower: 1, upper: 9) == "1–9" && ja.levelRange(lower: 1, upper: 9) == "1〜9")
    #expect(en.levelRange(lower: 28, upper: nil) == "28+" && ja.levelRange(lower: 28, upper: nil) == "28以上")
  }

  @Test func idLookupsNameWhatTheyLookFor() {
    let (ja, en) = (Language.ja.words, Language.en.words)
    #expect(
      en.noSuchID("abcd", naming: en.deckItem(.card), in: "deck.json")
        == "no card with id 'abcd' in deck.json")
    #expect(
      ja.noSuchID("abcd", naming: ja.deckItem(.recall), in: "deck.json")
        == "deck.json に ID 'abcd' の思い出し項目はありません")
    #expect(
      en.ambiguousID("abcd", matches: en.deckItems(.card, count: 2), list: "x, y")
        == "'abcd' matches 2 cards: x, y; give more of the id")
    #expect(
      ja.ambiguousID("abcd", matches: ja.deckItems(.card, count: 2), list: "x, y")
        == "'abcd' に合う2 枚のカードがあります: x, y。ID をもっと長く指定してください")
  }

  @Test func errorFramesKeepWhatTheSystemSaid() {
    let (ja, en) = (Language.ja.words, Language.en.words)
    let missing = FileTrouble.missing(system: "No such file or directory")
    #expect(
      en.unreadable(path: "/d", problem: en.fileProblem(missing))
        == "/d: cannot read: No such file or directory")
    #expect(ja.unreadable(path: "/d", problem: ja.fileProblem(missing)) == "/d: 読めません: ファイルがありません")
    #expect(en.fileProblem(.notRegularFile(.namedPipe)) == "it is a named pipe (FIFO), not a regular file")
    #expect(ja.fileProblem(.notRegularFile(.namedPipe)) == "通常のファイルではありません（名前付きパイプ（FIFO））")
    #expect(en.badConfig(place: "c.toml", key: nil, reason: "bad") == "c.toml: bad")
    #expect(ja.badConfig(place: "c.toml", key: "a.b", reason: "bad") == "c.toml: 設定が正しくありません: a.b: bad")
  }

  @Test func deliveryLines() {
    let (ja, en) = (Language.ja.words, Language.en.words)
    #expect(en.held("d", place: nil) == "held d: do-not-disturb (desktop)")
    #expect(ja.held("d", place: "GNOME") == "保留 d: おやすみモード中（GNOME）")
    #expect(
      en.stoppedRinging("a", because: .replaced(next: "b"))
        == "stopped a: the next ring of its alarm, b, took its place")
    #expect(ja.stoppedRinging("a", because: .stoppedAtPlace) == "停止 a: その場所で止めました")
    #expect(
      en.popupClosed("d", notification: 7, reason: .dismissed)
        == "The pop-up of d (notification 7) closed: dismissed by the user.")
  }
}
