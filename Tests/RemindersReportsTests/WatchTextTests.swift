import Foundation
import RemindersCore
import RemindersDelivery
import RemindersMessages
import RemindersReports
import RemindersTestSupport
import Testing

/// What `reminders watch` writes to its journal, a line a note, in both languages.
@Suite struct WatchTextTests {
  static let newYork = DayClock(zone: TimeZone(identifier: "America/New_York")!)
  static let tokyo = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)

  /// (PopupWatch.Note is not Sendable, so the table is a loop, not the test's arguments.)
  @Test func lines() {
    let cases: [(PopupWatch.Note, [String], [String])] = [
      // A word with a space is quoted, so that the command reads as it would be typed.
      (
        .reviewStarted("daily:2026-11-21", command: ["kitty", "-e", "/opt/my apps/reminders", "review"]),
        ["Started the review from the pop-up of daily:2026-11-21: kitty -e '/opt/my apps/reminders' review"],
        ["daily:2026-11-21 のポップアップから復習を始めました: kitty -e '/opt/my apps/reminders' review"]
      ),
      (
        .reviewNotStarted("recall:r1", because: .launch(.noTerminal(tried: "xterm"))),
        [
          "reminders: cannot start the review from the pop-up of recall:r1: no terminal found (tried xterm); set review.terminal in the config"
        ],
        ["reminders: recall:r1 のポップアップから復習を始められません: 端末が見つかりません（xterm）。config の review.terminal で指定できます"]
      ),
      (
        .reviewNotStarted(
          "daily:2026-11-21",
          because: .launch(.stoppedAtOnce(command: "foot", status: 1, setting: "review.terminal"))),
        [
          "reminders: cannot start the review from the pop-up of daily:2026-11-21: foot stopped at once (exit status 1); set review.terminal in the config to one that works here"
        ],
        [
          "reminders: daily:2026-11-21 のポップアップから復習を始められません: foot がすぐに終了しました（終了コード 1）。config の review.terminal でこの環境で動くものを指定できます"
        ]
      ),
      (
        .closed(["daily:2026-11-21", "recall:r1"], notification: 42, reason: .dismissed),
        [
          "The pop-up of daily:2026-11-21 (notification 42) closed: dismissed by the user.",
          "The pop-up of recall:r1 (notification 42) closed: dismissed by the user.",
        ],
        [
          "daily:2026-11-21 のポップアップ（通知 42）が閉じました: 利用者が閉じました。",
          "recall:r1 のポップアップ（通知 42）が閉じました: 利用者が閉じました。",
        ]
      ),
      (
        .closed(["daily:2026-11-21"], notification: 7, reason: .undefined(9)),
        ["The pop-up of daily:2026-11-21 (notification 7) closed: no reason given."],
        ["daily:2026-11-21 のポップアップ（通知 7）が閉じました: 理由は示されませんでした。"]
      ),
      // Closed with no pop-up of ours: no line.
      (.closed([], notification: 7, reason: .expired), [], []),
      (
        .serverChanged(offScreen: ["daily:2026-11-21", "recall:r1"]),
        ["The notification server changed; off screen: daily:2026-11-21, recall:r1."],
        ["通知サーバーが替わりました。画面から外したもの: daily:2026-11-21, recall:r1。"]
      ),
      (
        .cardsStarted("card:s1"), ["Review in the pop-up of card:s1 started."],
        ["card:s1 のポップアップでの復習を始めました。"]
      ),
      (
        .cardsNotStarted("daily:2026-11-21", because: .popup(SendFailure(.noAnswer))),
        [
          "reminders: cannot start the review in the pop-up of daily:2026-11-21: the notification server did not answer in time"
        ],
        ["reminders: daily:2026-11-21 のポップアップで復習を始められません: 通知サーバーが時間内に応答しませんでした"]
      ),
      (
        .cardsNotStarted("daily:2026-11-21", because: .other("the deck is empty")),
        ["reminders: cannot start the review in the pop-up of daily:2026-11-21: the deck is empty"],
        ["reminders: daily:2026-11-21 のポップアップで復習を始められません: the deck is empty"]
      ),
      // A card's front is the deck's data: its escape and line break are shown, not obeyed.
      (
        .cardAction(key: "remembered", on: "猫\u{1B}[2J\nねこ"),
        ["Card pop-up: remembered on \"猫<U+001B>[2J\\nねこ\"."],
        ["カードのポップアップ: 「猫<U+001B>[2J\\nねこ」に「覚えた」。"]
      ),
      (
        .cardsEnded(because: .action("later")), ["The review in the pop-up ended: later."],
        ["ポップアップでの復習が終わりました: 「あとで」を押しました。"]
      ),
      (
        .cardsEnded(because: .closed(.dismissed)), ["The review in the pop-up ended: dismissed by the user."],
        ["ポップアップでの復習が終わりました: 利用者が閉じました。"]
      ),
      (
        .cardsEnded(because: .answeredElsewhere), ["The review in the pop-up ended: answered elsewhere."],
        ["ポップアップでの復習が終わりました: ほかで解答されました。"]
      ),
      (
        .cardAnsweredElsewhere(on: "犬\u{7}"),
        ["Card pop-up: \"犬<U+0007>\" was answered elsewhere; the next one shows."],
        ["カードのポップアップ: 「犬<U+0007>」はほかで解答されました。次を表示します。"]
      ),
    ]
    for (note, english, japanese) in cases {
      #expect(WatchText(language: .en, clock: Self.tokyo).lines(note) == english)
      #expect(WatchText(language: .ja, clock: Self.tokyo).lines(note) == japanese)
    }
  }

  /// A snooze's return is said on the day clock: New York's 01:30 comes twice on 2026-11-01
  /// (EDT, then EST), and each instant reads as its own wall time; Tokyo reads the same instant
  /// on its own day.
  @Test(arguments: [
    ("2026-11-01T05:30:00Z", newYork, "2026-11-01 01:30"),
    ("2026-11-01T06:30:00Z", newYork, "2026-11-01 01:30"),
    ("2026-11-01T07:30:00Z", newYork, "2026-11-01 02:30"),
    ("2026-11-01T06:30:00Z", tokyo, "2026-11-01 15:30"),
    ("2026-11-21T15:00:00Z", tokyo, "2026-11-22 00:00"),
  ])
  func snoozed(until: String, clock: DayClock, stamp: String) {
    let note = PopupWatch.Note.snoozed(
      "daily:2026-11-01", returning: "snooze:1:daily:2026-11-01", until: FakeClock.parse(until))
    #expect(
      WatchText(language: .en, clock: clock).lines(note) == [
        "Snoozed daily:2026-11-01: it comes back as snooze:1:daily:2026-11-01 at \(stamp) (or the next allowed moment)."
      ])
    #expect(
      WatchText(language: .ja, clock: clock).lines(note) == [
        "daily:2026-11-01 をスヌーズしました: \(stamp) に snooze:1:daily:2026-11-01 として戻ります（通知できる時間なら）。"
      ])
  }
}
