import Foundation
import RemindersApp
import RemindersCore
import RemindersMessages
import RemindersReports
import RemindersStore
import RemindersTestSupport
import Testing

/// Fixed values in both languages, the words out as `stats`, `preview` and `status` print them.
@Suite struct ReportTests {
  static let now = FakeClock.parse("2026-11-21T09:00:00+09:00")
  static let tokyo = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)

  static func locale(_ language: Language) -> ReportLocale {
    ReportLocale(language: language, clock: tokyo, zoneName: "Asia/Tokyo")
  }

  /// Today 13 answers (12 remembered) and 25 focus minutes; one answer three and two days ago.
  static func report(_ language: Language) -> StudyReport {
    var record = StudyRecord()
    let today = tokyo.day(of: now).number
    for _ in 0..<12 { record.addAnswer(day: today, correct: true) }
    record.addAnswer(day: today, correct: false)
    record.addAnswer(day: today - 2, correct: true)
    record.addAnswer(day: today - 3, correct: true)
    record.addFocus(day: today, minutes: 25)
    return StudyReport(
      locale: locale(language), now: now, stats: StudyStats(record: record, now: now, clock: tokyo, weeks: 2))
  }

  @Test(arguments: [
    (
      Language.en,
      """
      Cards answered per day, 2 weeks to 2026-11-21 Sat (Asia/Tokyo; weeks start on Monday)

          Nov
      Mon · ·
      Tue · ·
      Wed · ░
      Thu · ░
      Fri · ·
      Sat · █
      Sun ·

      Legend (cards a day): · 0  ░ 1–4  ▒ 5–8  ▓ 9–12  █ 13+

      Answered: 15 cards, 93% remembered; last 30 days: 15 cards, 93% remembered
      Days studied: 3
      Streak: 1 day (longest: 2 days)
      Focus: 25 min today, 25 min this week, 25 min in all
      Cards due, next 7 days: today 0, Sun 0, Mon 0, Tue 0, Wed 0, Thu 0, Fri 0

      """
    ),
    (
      Language.ja,
      """
      1日に回答した枚数: 2026-11-21 (土) までの2週（Asia/Tokyo、週は月曜始まり）

         11月
      月 · ·
      火 · ·
      水 · ░
      木 · ░
      金 · ·
      土 · █
      日 ·

      凡例（1日の枚数）: · 0  ░ 1〜4  ▒ 5〜8  ▓ 9〜12  █ 13以上

      回答: 15枚（覚えていた 93%）、直近30日: 15枚（覚えていた 93%）
      学習した日: 3日
      連続記録: 1日（最長 2日）
      集中: 今日 25分、今週 25分、合計 25分
      今後7日の復習予定: 今日 0枚、日 0枚、月 0枚、火 0枚、水 0枚、木 0枚、金 0枚

      """
    ),
  ])
  func heatmapText(language: RemindersMessages.Language, expected: String) {
    #expect(Self.report(language).text(color: false) == expected)
    // A window shows the heading as a label of its own: the same text without its first two lines.
    let report = Self.report(language)
    #expect(
      report.text(color: false, heading: false)
        == expected.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)[2])
  }

  @Test func heatmapInColourPaintsEachGlyph() {
    let text = Self.report(.en).text(color: true)
    #expect(text.contains("Sat \u{1B}[38;5;244m·\u{1B}[0m \u{1B}[38;5;46m█\u{1B}[0m\n"))
  }

  @Test(arguments: [
    (
      Language.en,
      [
        "font-size=\"10\" lang=\"en\">",
        "<title id=\"stats-title\">Cards answered per day, 2 weeks to 2026-11-21 Sat (Asia/Tokyo; weeks start on Monday)</title>",
        "<rect x=\"54\" y=\"120\" width=\"11\" height=\"11\" rx=\"2\" fill=\"#14532d\" data-date=\"2026-11-21\" data-level=\"4\"><title>2026-11-21: 13 cards, 25 min</title></rect>",
        "<rect x=\"54\" y=\"78\" width=\"11\" height=\"11\" rx=\"2\" fill=\"#b7e4c7\" data-date=\"2026-11-18\" data-level=\"1\"><title>2026-11-18: 1 card, 0 min</title></rect>",
        "<text x=\"368\" y=\"171\" fill=\"#57606a\">13+</text>",
        "each square&apos;s title gives the day&apos;s cards and focus minutes.</desc>",
      ]
    ),
    (
      Language.ja,
      [
        "font-size=\"10\" lang=\"ja\">",
        "<title id=\"stats-title\">1日に回答した枚数: 2026-11-21 (土) までの2週（Asia/Tokyo、週は月曜始まり）</title>",
        "<rect x=\"54\" y=\"120\" width=\"11\" height=\"11\" rx=\"2\" fill=\"#14532d\" data-date=\"2026-11-21\" data-level=\"4\"><title>2026-11-21: 13枚、25分</title></rect>",
        "<text x=\"40\" y=\"44\">11月</text>",
        "<text x=\"358\" y=\"171\" fill=\"#57606a\">13以上</text>",
      ]
    ),
  ])
  func heatmapPicture(language: RemindersMessages.Language, lines: [String]) {
    let svg = StudyPicture(report: Self.report(language)).svg
    #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
    #expect(svg.hasSuffix("</g>\n</svg>\n"))
    // Two weeks to a Saturday: 13 days shown, Sunday still to come.
    #expect(svg.components(separatedBy: "data-date=").count - 1 == 13)
    for line in lines { #expect(svg.contains(line), "\(line)") }
  }

  @Test func xmlEscapesMarkupAndControlCharacters() {
    #expect(XML.escape("<a href='x'>&\"\u{1}\t") == "&lt;a href=&apos;x&apos;&gt;&amp;&quot;\u{FFFD}\t")
  }

  static let quiet = Reminder(
    id: .daily(Day(iso: "2026-11-21")!), kind: .dailyReview, fireAt: now.addingTimeInterval(3600),
    title: "Title",
    body: "Body line 1\nline 2", deferredFrom: now, reason: .quietHours)

  @Test(arguments: [
    (
      Language.en, [ReportTests.quiet],
      """
      Asia/Tokyo · now 2026-11-21 Sat 09:00 · until 2026-11-23 00:00
      TIME                  KIND          TITLE  WHY IT MOVED
      2026-11-21 Sat 10:00  daily review  Title  quiet hours (was 09:00)
          Body line 1 / line 2

      """
    ),
    (
      Language.ja, [ReportTests.quiet],
      """
      Asia/Tokyo · 現在 2026-11-21 (土) 09:00 · 2026-11-23 0:00 まで
      日時                   種類        タイトル  移動の理由
      2026-11-21 (土) 10:00  毎日の復習  Title     静かな時間（元は 09:00）
          Body line 1 / line 2

      """
    ),
    (
      Language.en, [Reminder](),
      """
      Asia/Tokyo · now 2026-11-21 Sat 09:00 · until 2026-11-23 00:00
      No reminders in this period.

      """
    ),
    (
      Language.ja, [Reminder](),
      """
      Asia/Tokyo · 現在 2026-11-21 (土) 09:00 · 2026-11-23 0:00 まで
      この期間に届くリマインダーはありません。

      """
    ),
  ])
  func previewTable(language: RemindersMessages.Language, reminders: [Reminder], expected: String) {
    let report = PlanReport(locale: Self.locale(language), now: Self.now, days: 2, reminders: reminders)
    #expect(report.table() == expected)
  }

  @Test(arguments: [
    (
      Language.en,
      """
      Due today: 3 cards (kanji: 2, Other: 1)
      Streak: 0 days
      Recall items: 0 waiting now, 0 later
      Focus today: 0 min
      Next reminder: 2026-11-21 Sat 09:10 — Title
      Alarms today: none

      """
    ),
    (
      Language.ja,
      """
      今日の復習: 3枚（kanji 2枚、その他 1枚）
      連続記録: 0日
      思い出す項目: いま 0件、このあと 0件
      今日の集中: 0分
      次のリマインダー: 2026-11-21 (土) 09:10 Title
      今日のアラーム: なし

      """
    ),
  ])
  func homeScreen(language: RemindersMessages.Language, expected: String) throws {
    let files = try TestWorkspace(language: language)
    func card(_ id: String, _ collection: String?) -> Card {
      Card(
        id: id, front: id, back: id, collection: collection, stepIndex: 1,
        nextReviewDate: Day(iso: "2026-11-21")!,
        createdAt: FakeClock.parse("2026-11-01T09:00:00+09:00"))
    }
    try files.save(Deck(cards: [card("a", "kanji"), card("b", "kanji"), card("c", nil)]))
    let next = Reminder(
      id: .daily(Day(iso: "2026-11-21")!), kind: .dailyReview, fireAt: Self.now.addingTimeInterval(600),
      title: "Title", body: "")
    let screen = try HomeScreen.read(files.workspace, now: Self.now) { _, _, _, _ in [next] }
    #expect(HomeScreenText(locale: Self.locale(language), screen: screen, anki: nil).text == expected)
  }
}
