import Foundation
import RemindersCore
import RemindersDelivery
import RemindersDesktop
import RemindersMessages
import RemindersReports
import RemindersTestSupport
import Testing

/// `run`'s lines in both languages: what was delivered on stdout, what fell back or was left on
/// stderr, a reminder's title shown with nothing a terminal would act on.
@Suite struct RunReportTextTests {
  static let at = FakeClock.parse("2026-11-21T09:00:00+09:00")

  static func reminder(_ id: ReminderID, _ title: String, kind: ReminderKind = .dailyReview) -> Reminder {
    Reminder(id: id, kind: kind, fireAt: at, title: title, body: "")
  }

  static func report(_ events: [DeliveryReport.Event]) -> DeliveryReport {
    var report = DeliveryReport()
    report.events = events
    return report
  }

  @Test func nothingDelivered() {
    for language in [Language.en, .ja] {
      let lines = RunReportText(language: language).lines(DeliveryReport())
      #expect(lines.out == [] && lines.err == [])
    }
  }

  @Test func everyEvent() {
    let report = Self.report([
      .shown(Self.reminder("daily:2026-11-21", "3 cards due\u{1B}]0;x\u{7}")),
      .held(
        Self.reminder("recall:r1", "Recall: 猫"),
        doNotDisturb: DoNotDisturbReading(state: .on, probe: .dunst, server: "dunst")),
      .held(
        Self.reminder("recall:r2", "Recall: 犬"),
        doNotDisturb: DoNotDisturbReading(state: .on, probe: nil, server: nil)),
      .toCalendar(
        Self.reminder("daily:2026-11-21", "3 cards\ndue"), path: "/d/reminders.ics",
        because: SendFailure(.noServer, bus: BusFailure(name: "org.freedesktop.DBus.Error.ServiceUnknown"))),
      .updated("daily:2026-11-21", title: "2 cards due"),
      .closed("daily:2026-11-21"),
      .rangAgain("alarm:gym:2026-11-21", title: "Gym"),
      .stoppedRinging("alarm:gym:2026-11-20", because: .replaced(by: "alarm:gym:2026-11-21")),
      .stoppedRinging("alarm:gym:2026-11-21", because: .stoppedAtPlace),
      .noSound(
        "alarm:gym:2026-11-21",
        because: .noPlayer(players: ["pw-play", "paplay"], sound: "alarm-clock-elapsed", soundFile: true)),
      .leftAsShown("daily:2026-11-21", because: SendFailure(.interrupted)),
    ])
    let en = RunReportText(language: .en).lines(report)
    #expect(
      en.out == [
        "popup daily:2026-11-21: 3 cards due<U+001B>]0;x<U+0007>",
        "held recall:r1: do-not-disturb (property org.dunstproject.cmd0.paused of org.freedesktop.Notifications /org/freedesktop/Notifications)",
        "held recall:r2: do-not-disturb (desktop)",
        "calendar daily:2026-11-21: 3 cards\\ndue",
        "updated daily:2026-11-21: 2 cards due",
        "closed daily:2026-11-21: no card left to review",
        "ringing again alarm:gym:2026-11-21: Gym",
        "stopped alarm:gym:2026-11-20: the next ring of its alarm, alarm:gym:2026-11-21, took its place",
        "stopped alarm:gym:2026-11-21: stopped at its place",
      ])
    #expect(
      en.err == [
        "daily:2026-11-21 went to the calendar file /d/reminders.ics: no notification server on the session bus (org.freedesktop.DBus.Error.ServiceUnknown)",
        "alarm:gym:2026-11-21 plays no sound: no sound player (pw-play or paplay) was found; set alarm.sound",
        "the pop-up of daily:2026-11-21 was left as it was: the run that was showing it stopped before it knew whether it was shown",
      ])
    let ja = RunReportText(language: .ja).lines(report)
    #expect(
      ja.out == [
        "通知 daily:2026-11-21: 3 cards due<U+001B>]0;x<U+0007>",
        "保留 recall:r1: おやすみモード中（org.freedesktop.Notifications /org/freedesktop/Notifications のプロパティ org.dunstproject.cmd0.paused）",
        "保留 recall:r2: おやすみモード中（デスクトップ）",
        "カレンダー daily:2026-11-21: 3 cards\\ndue",
        "更新 daily:2026-11-21: 2 cards due",
        "閉じました daily:2026-11-21: 復習するカードが残っていません",
        "再通知 alarm:gym:2026-11-21: Gym",
        "停止 alarm:gym:2026-11-20: 次の鳴動 alarm:gym:2026-11-21 に替わりました",
        "停止 alarm:gym:2026-11-21: その場所で止めました",
      ])
    #expect(
      ja.err == [
        "daily:2026-11-21 をカレンダーファイル /d/reminders.ics に書きました: セッションバスに通知サーバーがありません (org.freedesktop.DBus.Error.ServiceUnknown)",
        "alarm:gym:2026-11-21 のアラーム音を鳴らせません: 音を鳴らすプログラム（pw-play、paplay）が見つかりません。alarm.sound で指定できます",
        "daily:2026-11-21 のポップアップはそのままです: 表示中の実行が、表示できたかを記録する前に止まりました",
      ])
  }

  @Test(arguments: [
    (
      RingEnd.alarmDeleted, "stopped alarm:gym:2026-11-21: its alarm was deleted",
      "停止 alarm:gym:2026-11-21: アラームが削除されました"
    ),
    (
      .alarmDisabled, "stopped alarm:gym:2026-11-21: its alarm was disabled",
      "停止 alarm:gym:2026-11-21: アラームが無効になりました"
    ),
  ])
  func stoppedRinging(end: RingEnd, english: String, japanese: String) {
    let report = Self.report([.stoppedRinging("alarm:gym:2026-11-21", because: end)])
    #expect(RunReportText(language: .en).lines(report).out == [english])
    #expect(RunReportText(language: .ja).lines(report).out == [japanese])
  }

  /// An alarm's name is the user's data, and a ring shown again says it as a first ring does:
  /// with its escape shown, not obeyed.
  @Test func aTitleShownAgainIsShownVisibly() {
    let title = "Gym\u{1B}[2J"
    let report = Self.report([
      .shown(Self.reminder("alarm:gym:2026-11-21", title, kind: .alarm)),
      .rangAgain("alarm:gym:2026-11-21", title: title),
      .updated("daily:2026-11-21", title: title),
    ])
    let out = RunReportText(language: .en).lines(report).out
    #expect(out.first == "popup alarm:gym:2026-11-21: Gym<U+001B>[2J")
    #expect(out.dropFirst().allSatisfy { !$0.unicodeScalars.contains("\u{1B}") }, "\(out)")
  }
}
