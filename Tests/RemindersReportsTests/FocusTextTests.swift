import Foundation
import RemindersCore
import RemindersMessages
import RemindersReports
import RemindersTestSupport
import Testing

/// What the focus commands say, in both languages: the phase, the cycle, the time left and the
/// phase's end on the day clock, the task shown with nothing a terminal would act on.
@Suite struct FocusTextsTests {
  static let tokyo = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)
  static let newYork = DayClock(zone: TimeZone(identifier: "America/New_York")!)
  static let start = FakeClock.parse("2026-11-21T09:00:00+09:00")

  static func session(
    cycles: Int? = nil, task: String? = nil, pauses: [FocusPause] = [], stoppedAt: Date? = nil
  ) -> FocusSession {
    var settings = FocusSettings.standard
    settings.cycles = cycles
    return FocusSession(
      id: "s1", start: start, settings: settings, task: task, pauses: pauses, stoppedAt: stoppedAt)
  }

  static func minutes(_ m: Double) -> Date { start.addingTimeInterval(m * 60) }

  static var en: FocusText { FocusText(language: .en, clock: tokyo) }
  static var ja: FocusText { FocusText(language: .ja, clock: tokyo) }

  @Test func started() {
    #expect(
      Self.en.started(Self.session(), at: Self.start)
        == "Focus started (25:00, until 09:25:00). reminders focus status shows it; reminders focus stop ends it."
    )
    #expect(
      Self.ja.started(Self.session(), at: Self.start)
        == "集中を始めました（25:00、09:25:00 まで）。状態: reminders focus status、終了: reminders focus stop")
  }

  /// 25 minutes from 01:50 EST on the day New York's clocks go forward end at 03:15 EDT.
  @Test func startedAcrossTheSpringForward() {
    let start = FakeClock.parse("2026-03-08T01:50:00-05:00")
    let session = FocusSession(id: "s2", start: start, settings: .standard)
    #expect(
      FocusText(language: .en, clock: Self.newYork).started(session, at: start)
        == "Focus started (25:00, until 03:15:00). reminders focus status shows it; reminders focus stop ends it."
    )
    #expect(
      FocusText(language: .ja, clock: Self.newYork).started(session, at: start)
        == "集中を始めました（25:00、03:15:00 まで）。状態: reminders focus status、終了: reminders focus stop")
    // The same instant in UTC.
    #expect(
      FocusText(language: .en, clock: DayClock(zone: TimeZone(identifier: "UTC")!)).hhmmss(start)
        == "06:50:00")
  }

  @Test(
    arguments: [
      // Running: the time left rounded up to the second, the task's escape shown.
      (
        session(task: "write\u{1B}[31m"), minutes(10) + 0.4,
        "Focus · cycle 1 · 15:00 left, until 09:25:00 · task: write<U+001B>[31m",
        "集中 · 1サイクル目 · 残り 15:00（09:25:00 まで） · 作業: write<U+001B>[31m"
      ),
      // A break of a session of four cycles.
      (
        session(cycles: 4), minutes(26), "Break · cycle 1 of 4 · 04:00 left, until 09:30:00",
        "休憩 · 1/4 · 残り 04:00（09:30:00 まで）"
      ),
      // The long break after the fourth focus phase: 4 × 25 + 3 × 5 = 115 minutes in.
      (
        session(), minutes(115), "Long break · cycle 4 · 15:00 left, until 11:10:00",
        "長い休憩 · 4サイクル目 · 残り 15:00（11:10:00 まで）"
      ),
      // Paused 5 minutes in: 20 minutes left, no end while the pause lasts.
      (
        session(pauses: [FocusPause(start: minutes(5), end: nil)]), minutes(20),
        "Focus · cycle 1 · paused (20:00 left)", "集中 · 1サイクル目 · 一時停止中（残り 20:00）"
      ),
      // A pause that ended pushes the end back by its length.
      (
        session(pauses: [FocusPause(start: minutes(5), end: minutes(15))]), minutes(20),
        // 20 minutes in, 10 of them paused: 10 of focus done, 15 left, the end moved by the pause.
        "Focus · cycle 1 · 15:00 left, until 09:35:00", "集中 · 1サイクル目 · 残り 15:00（09:35:00 まで）"
      ),
      // Over: the last phase of one cycle ended.
      (
        session(cycles: 1), minutes(30), "No focus session is running (the last one ended at 09:25:00).",
        "集中セッションは進行していません（前回は 09:25:00 に終了）。"
      ),
      (nil, minutes(0), "No focus session is running.", "集中セッションは進行していません。"),
    ] as [(FocusSession?, Date, String, String)])
  func status(session: FocusSession?, at now: Date, english: String, japanese: String) {
    #expect(Self.en.status(session, at: now) == english)
    #expect(Self.ja.status(session, at: now) == japanese)
  }

  @Test func statusJSON() {
    for texts in [Self.en, Self.ja] {
      #expect(texts.statusJSON(nil, at: Self.start) == "{\n  \"running\": false,\n  \"session\": null\n}")
      #expect(
        texts.statusJSON(Self.session(task: "write\u{1B}"), at: Self.minutes(10)) == """
          {
            "running": true,
            "session": "s1",
            "start": "2026-11-21T09:00:00+09:00",
            "phase": 1,
            "kind": "focus",
            "cycle": 1,
            "cycles": null,
            "paused": false,
            "timeLeft": 900,
            "phaseEnd": "2026-11-21T09:25:00+09:00",
            "task": "write\\u001b"
          }
          """)
      #expect(
        texts.statusJSON(
          Self.session(cycles: 4, pauses: [FocusPause(start: Self.minutes(5), end: nil)]),
          at: Self.minutes(20))
            == """
            {
              "running": true,
              "session": "s1",
              "start": "2026-11-21T09:00:00+09:00",
              "phase": 1,
              "kind": "focus",
              "cycle": 1,
              "cycles": 4,
              "paused": true,
              "timeLeft": 1200,
              "phaseEnd": null,
              "task": null
            }
            """)
      #expect(
        texts.statusJSON(Self.session(cycles: 1), at: Self.minutes(30)) == """
          {
            "running": false,
            "session": "s1",
            "endedAt": "2026-11-21T09:25:00+09:00"
          }
          """)
    }
  }

  @Test(arguments: [
    (1, "Focus session stopped. 1 minute of focus today.", "集中セッションを終了しました。今日の集中 1分"),
    (0, "Focus session stopped. 0 minutes of focus today.", "集中セッションを終了しました。今日の集中 0分"),
    (50, "Focus session stopped. 50 minutes of focus today.", "集中セッションを終了しました。今日の集中 50分"),
  ])
  func stopped(minutes: Int, english: String, japanese: String) {
    #expect(Self.en.stopped(minutesToday: minutes) == english)
    #expect(Self.ja.stopped(minutesToday: minutes) == japanese)
  }

  @Test func ended() {
    let session = Self.session(cycles: 1)
    #expect(
      Self.en.ended(session, at: Self.minutes(10), minutesToday: 25)
        == "The focus session goes on (reminders run says its phase ends).")
    #expect(
      Self.ja.ended(session, at: Self.minutes(10), minutesToday: 25)
        == "集中セッションは続いています（reminders run がフェーズの終わりを知らせます）。")
    #expect(
      Self.en.ended(session, at: Self.minutes(25), minutesToday: 25)
        == "Focus session over. 25 minutes of focus today.")
    #expect(Self.ja.ended(session, at: Self.minutes(25), minutesToday: 25) == "集中セッション終了。今日の集中 25分")
  }
}
