import RemindersMessages
import RemindersReports
import RemindersStore
import RemindersSystemd
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// How `timer` words a systemd error, in both languages: systemctl's and the system's own words
/// stay as they said them.
@Suite struct TimerTextTests {
  static let cases: [(SystemdError, String, String)] = [
    (
      .foreignUnit(path: "/h/.config/systemd/user/reminders.timer"),
      "/h/.config/systemd/user/reminders.timer was not written by reminders timer install; "
        + "move it away first (nothing was changed)",
      "/h/.config/systemd/user/reminders.timer は reminders timer install が書いたものではありません。"
        + "先に移動してください（何も変更していません）"
    ),
    (
      .systemctlFailed(
        SystemctlFailure(
          command: "systemctl --user enable --now reminders.timer",
          output: .said("Failed to connect to bus: No medium found"))),
      "systemctl --user enable --now reminders.timer failed: Failed to connect to bus: No medium found",
      "systemctl --user enable --now reminders.timer が失敗しました: Failed to connect to bus: No medium found"
    ),
    (
      .systemctlFailed(SystemctlFailure(command: "systemctl --user daemon-reload", output: .timedOut)),
      "systemctl --user daemon-reload failed: no answer in 30 s",
      "systemctl --user daemon-reload が失敗しました: 30 秒以内に応答がありません"
    ),
    (
      .systemctlFailed(
        SystemctlFailure(command: "systemctl --user is-enabled reminders.timer", output: .status(4))),
      "systemctl --user is-enabled reminders.timer failed: exit 4",
      "systemctl --user is-enabled reminders.timer が失敗しました: 終了コード 4"
    ),
    // The system's words, in either language.
    (
      .systemctlNotStarted(SystemError(call: "posix_spawn", code: ENOENT)),
      "No such file or directory", "No such file or directory"
    ),
    (
      .file(
        .writeFailed(
          path: "/h/.config/systemd/user", reason: .system(SystemError(call: "open", code: EACCES)))),
      "/h/.config/systemd/user: cannot write: Permission denied",
      "/h/.config/systemd/user: 書き込めません: 権限がありません（Permission denied）"
    ),
  ]

  @Test(arguments: cases)
  func error(error: SystemdError, english: String, japanese: String) {
    #expect(TimerText(.en).error(error) == english)
    #expect(TimerText(.ja).error(error) == japanese)
  }
}
