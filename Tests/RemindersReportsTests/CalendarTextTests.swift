import Foundation
import RemindersCore
import RemindersMessages
import RemindersReports
import RemindersStore
import RemindersTestSupport
import Testing

@testable import RemindersApp

/// What `calendar sync`, `calendar status`, `run` and `doctor` say of the CalDAV calendar, in
/// both languages, times on the day clock.
@Suite struct CalendarTextTests {
  static let tokyo = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)
  static let newYork = DayClock(zone: TimeZone(identifier: "America/New_York")!)
  static var en: CalendarText { CalendarText(language: .en, clock: tokyo) }
  static var ja: CalendarText { CalendarText(language: .ja, clock: tokyo) }
  static let url = "https://dav.example.org/cal/"

  static func at(_ text: String) -> Date { FakeClock.parse(text) }

  static func line(_ change: CalendarChange, _ title: String?, at: String = "2026-11-21T09:00:00+09:00")
    -> CalendarPublisher.Line
  {
    CalendarPublisher.Line(change: change, fireAt: Self.at(at), title: title)
  }

  @Test func lines() {
    let cases: [(CalendarPublisher.Line, Bool, String, String)] = [
      (
        Self.line(.create(uid: "u1"), "3 cards due"), false, "created  2026-11-21 09:00  3 cards due",
        "作成  2026-11-21 09:00  3 cards due"
      ),
      (
        Self.line(.replace(uid: "u1"), "3 cards due"), true, "would replace  2026-11-21 09:00  3 cards due",
        "更新予定  2026-11-21 09:00  3 cards due"
      ),
      // An event no longer in the plan has no title: its UID stands for it.
      (
        Self.line(.delete(uid: "daily-2026-11-20@reminders"), nil), false,
        "deleted  2026-11-21 09:00  daily-2026-11-20@reminders",
        "削除  2026-11-21 09:00  daily-2026-11-20@reminders"
      ),
      (
        Self.line(.forget(uid: "u2"), nil), true, "would forget (gone)  2026-11-21 09:00  u2",
        "記録から外す予定（サーバーにありません）  2026-11-21 09:00  u2"
      ),
      // A title from the deck, with an escape and a line break: shown, not obeyed.
      (
        Self.line(.create(uid: "u3"), "猫\u{1B}[2J\nねこ"), false,
        "created  2026-11-21 09:00  猫<U+001B>[2J\\nねこ",
        "作成  2026-11-21 09:00  猫<U+001B>[2J\\nねこ"
      ),
      // Midnight in Tokyo is the next day.
      (
        Self.line(.create(uid: "u4"), "x", at: "2026-11-21T15:00:00Z"), false, "created  2026-11-22 00:00  x",
        "作成  2026-11-22 00:00  x"
      ),
    ]
    for (line, dryRun, english, japanese) in cases {
      #expect(Self.en.line(line, dryRun: dryRun) == english)
      #expect(Self.ja.line(line, dryRun: dryRun) == japanese)
    }
  }

  /// New York's 01:30 comes twice on 2026-11-01; each instant says its own wall time.
  @Test(arguments: [
    ("2026-11-01T05:30:00Z", "2026-11-01 01:30"), ("2026-11-01T06:30:00Z", "2026-11-01 01:30"),
    ("2026-03-08T07:30:00Z", "2026-03-08 03:30"), ("2026-03-08T06:59:00Z", "2026-03-08 01:59"),
  ])
  func timeAcrossTheChange(instant: String, shown: String) {
    let text = CalendarText(language: .en, clock: Self.newYork)
    #expect(text.time(Self.at(instant)) == shown)
    #expect(
      text.line(Self.line(.create(uid: "u"), "t", at: instant), dryRun: false) == "created  \(shown)  t")
  }

  static func report(_ changes: [CalendarChange], requests: Int) -> CalendarPublisher.Report {
    var report = CalendarPublisher.Report()
    report.lines = changes.map { line($0, nil) }
    report.requests = requests
    return report
  }

  @Test func summaries() {
    let some = Self.report(
      [.create(uid: "a"), .create(uid: "b"), .replace(uid: "c"), .delete(uid: "d"), .forget(uid: "e")],
      requests: 1)
    #expect(
      Self.en.summary(some, dryRun: false)
        == "The calendar is in step with the plan: 2 created, 1 replaced, 1 deleted (1 request).")
    #expect(Self.ja.summary(some, dryRun: false) == "カレンダーは予定と一致しています: 作成 2件、更新 1件、削除 1件（リクエスト 1回）。")
    let none = Self.report([], requests: 2)
    #expect(
      Self.en.summary(none, dryRun: true)
        == "Dry run, nothing written: 0 to create, 0 to replace, 0 to delete (2 requests).")
    #expect(Self.ja.summary(none, dryRun: true) == "試行のみで何も書き込んでいません: 作成 0件、更新 0件、削除 0件の予定（リクエスト 2回）。")
    #expect(Self.en.runLine(some) == "calendar: 2 created, 1 replaced, 1 deleted")
    #expect(Self.ja.runLine(some) == "カレンダー: 作成 2件、更新 1件、削除 1件")
    // Nothing changed (a forgotten event sends nothing): run says nothing.
    #expect(Self.en.runLine(Self.report([.forget(uid: "e")], requests: 0)) == nil)
    #expect(Self.ja.runLine(none) == nil)
  }

  @Test func rejected() {
    var report = CalendarPublisher.Report()
    report.rejected = [
      .init(uid: "u1", title: "3 cards due", status: 409), .init(uid: "u2", title: nil, status: 500),
      .init(uid: "u3", title: "x\u{1B}y", status: 403),
    ]
    #expect(
      Self.en.rejected(report) == [
        "not taken by the server (HTTP 409): 3 cards due; is an event with the same UID in the calendar already (a feed imported into it)?",
        "not taken by the server (HTTP 500): u2", "not taken by the server (HTTP 403): x<U+001B>y",
      ])
    #expect(
      Self.ja.rejected(report) == [
        "サーバーが受け付けませんでした（HTTP 409）: 3 cards due。同じ UID の予定がすでにカレンダーにありませんか（フィードを取り込んだなど）？",
        "サーバーが受け付けませんでした（HTTP 500）: u2", "サーバーが受け付けませんでした（HTTP 403）: x<U+001B>y",
      ])
    #expect(Self.en.rejected(CalendarPublisher.Report()) == [])
  }

  @Test(
    arguments: [
      (
        CalendarFault.refused(401), "2026-11-21 10:00",
        "calendar https://dav.example.org/cal/: the server refused the user name or password (HTTP 401); run tries again once an hour (next 2026-11-21 10:00), or now: reminders calendar sync",
        "カレンダー https://dav.example.org/cal/: サーバーがユーザー名またはパスワードを拒否しました（HTTP 401）。run は 1時間に 1回やり直します（次は 2026-11-21 10:00）。すぐにやり直すには: reminders calendar sync"
      ),
      (
        .unreachable(.connectionRefused), "2026-11-21 09:01",
        "calendar https://dav.example.org/cal/: the server cannot be reached (connection refused); nothing is lost, run tries again (next 2026-11-21 09:01)",
        "カレンダー https://dav.example.org/cal/: サーバーに接続できません（接続を拒否されました）。失われるものはありません。run がやり直します（次は 2026-11-21 09:01）"
      ),
      (
        .badAnswer(.unknownReference("x\u{1B}[0m")), nil,
        "calendar https://dav.example.org/cal/: the server's answer is no CalDAV answer (an unknown XML reference &x<U+001B>[0m;)",
        "カレンダー https://dav.example.org/cal/: サーバーの応答が CalDAV の応答ではありません（不明な XML の参照 &x<U+001B>[0m; があります）"
      ),
      (
        .password(.exit(command: "pass", status: 1)), "2026-11-21 10:00",
        "calendar https://dav.example.org/cal/: calendar.password_command gave no password (pass: exit 1); run tries again once an hour (next 2026-11-21 10:00), or now: reminders calendar sync",
        "カレンダー https://dav.example.org/cal/: calendar.password_command からパスワードを得られません（pass が終了コード 1 で終わりました）。run は 1時間に 1回やり直します（次は 2026-11-21 10:00）。すぐにやり直すには: reminders calendar sync"
      ),
    ] as [(CalendarFault, String?, String, String)])
  func problem(fault: CalendarFault, retry: String?, english: String, japanese: String) {
    #expect(Self.en.problem(fault, url: Self.url, retry: retry) == english)
    #expect(Self.ja.problem(fault, url: Self.url, retry: retry) == japanese)
  }

  static let event = PublishedEvent(
    uid: "u1", href: "/cal/u1.ics", etag: "\"1\"", revision: "r", fireAt: at("2026-11-21T09:00:00+09:00"))

  @Test func status() {
    var settings = CalendarSettings(url: Self.url)
    settings.username = "kei"
    let failure = CalendarFailure(
      kind: .refused, detail: "HTTP 401", since: Self.at("2026-11-21T08:00:00+09:00"),
      lastTry: Self.at("2026-11-21T08:30:00+09:00"), tries: 2, configKey: "k")
    let failing = CalendarState(
      url: Self.url, syncedAt: Self.at("2026-11-20T21:00:00+09:00"), checkedAt: nil,
      published: ["u1": Self.event, "u2": Self.event], failure: failure)
    #expect(
      Self.en.status(failing, settings: settings, feed: "/d/reminders.ics") == [
        "Calendar: https://dav.example.org/cal/ (user kei)", "Events written there: 2",
        "In step with the plan as of: 2026-11-20 21:00", "Last checked for changes there: never",
        "Problem since 2026-11-21 08:00: the server refused the user name or password (HTTP 401)",
        "Next try by run: 2026-11-21 09:30", "Feed kept fresh: /d/reminders.ics",
      ])
    #expect(
      Self.ja.status(failing, settings: settings, feed: "/d/reminders.ics") == [
        "カレンダー: https://dav.example.org/cal/（ユーザー kei）", "書き込んだ予定: 2件",
        "予定と一致した時刻: 2026-11-20 21:00", "サーバー側の変更を最後に確かめた時刻: まだありません",
        "2026-11-21 08:00 からの問題: サーバーがユーザー名またはパスワードを拒否しました（HTTP 401）",
        "run の次のやり直し: 2026-11-21 09:30", "更新し続けるフィード: /d/reminders.ics",
      ])
    let fresh = CalendarState(url: Self.url)
    #expect(
      Self.en.status(fresh, settings: CalendarSettings(url: Self.url), feed: nil) == [
        "Calendar: https://dav.example.org/cal/", "Events written there: 0",
        "In step with the plan as of: never",
        "Last checked for changes there: never", "Problem: none",
      ])
    #expect(
      Self.ja.status(fresh, settings: CalendarSettings(url: Self.url), feed: nil) == [
        "カレンダー: https://dav.example.org/cal/", "書き込んだ予定: 0件", "予定と一致した時刻: まだありません",
        "サーバー側の変更を最後に確かめた時刻: まだありません", "問題: なし",
      ])
  }

  /// The kept failure back in words: a timeout, an HTTP status, an answer that is no CalDAV one.
  @Test(arguments: [
    (
      CalendarFailure.Kind.unreachable, "timeout",
      "https://dav.example.org/cal/: the server did not answer in time since 2026-11-21 08:00",
      "https://dav.example.org/cal/: 2026-11-21 08:00 からサーバーが時間内に応答しませんでした"
    ),
    (
      .server, "HTTP 503",
      "https://dav.example.org/cal/: the server answered HTTP 503 since 2026-11-21 08:00",
      "https://dav.example.org/cal/: 2026-11-21 08:00 からサーバーが HTTP 503 を返しました"
    ),
    (
      .server, "not XML",
      "https://dav.example.org/cal/: the server's answer is no CalDAV answer (not XML) since 2026-11-21 08:00",
      "https://dav.example.org/cal/: 2026-11-21 08:00 からサーバーの応答が CalDAV の応答ではありません（not XML）"
    ),
    (
      .password, "exit 1",
      "https://dav.example.org/cal/: calendar.password_command gave no password (exit 1) since 2026-11-21 08:00",
      "https://dav.example.org/cal/: 2026-11-21 08:00 からcalendar.password_command からパスワードを得られません（exit 1）"
    ),
  ])
  func doctorWithAFailure(kind: CalendarFailure.Kind, detail: String, english: String, japanese: String) {
    let since = Self.at("2026-11-21T08:00:00+09:00")
    let state = CalendarState(
      url: Self.url,
      failure: CalendarFailure(
        kind: kind, detail: detail, since: since, lastTry: since, tries: 1, configKey: "k"))
    let settings = CalendarSettings(url: Self.url)
    #expect(Self.en.doctor(settings, state: state) == english)
    #expect(Self.ja.doctor(settings, state: state) == japanese)
  }

  @Test func doctor() {
    let settings = CalendarSettings(url: Self.url)
    let synced = Self.at("2026-11-21T08:00:00+09:00")
    #expect(Self.en.doctor(nil, state: nil) == "not set (calendar.url)")
    #expect(Self.ja.doctor(nil, state: nil) == "設定なし（calendar.url）")
    #expect(
      Self.en.doctor(settings, state: nil)
        == "https://dav.example.org/cal/: not synced yet (run or reminders calendar sync does it)")
    #expect(
      Self.ja.doctor(settings, state: nil)
        == "https://dav.example.org/cal/: まだ同期していません（run か reminders calendar sync が行います）")
    let one = CalendarState(url: Self.url, syncedAt: synced, published: ["u1": Self.event])
    #expect(
      Self.en.doctor(settings, state: one)
        == "https://dav.example.org/cal/: 1 event, in step as of 2026-11-21 08:00")
    #expect(
      Self.ja.doctor(settings, state: one) == "https://dav.example.org/cal/: 予定 1件、2026-11-21 08:00 の時点で一致")
    let none = CalendarState(url: Self.url, syncedAt: synced)
    #expect(
      Self.en.doctor(settings, state: none)
        == "https://dav.example.org/cal/: 0 events, in step as of 2026-11-21 08:00")
  }
}
