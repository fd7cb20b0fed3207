import Foundation
import RemindersApp
import RemindersMessages
import RemindersStore
import Testing

@testable import RemindersReports

#if canImport(Glibc)
  import Glibc
#endif

/// The Reports types that lay out what the other reports say: JSON whose keys keep their order,
/// aligned columns, help text broken between wide characters, the alarm outputs' numbers.
@Suite struct FormattingTests {
  /// (OrderedJSON is not Sendable, so the table is a loop, not the test's arguments.)
  @Test func orderedJSON() {
    let cases: [(OrderedJSON, String)] = [
      (OrderedJSON.null, "null"),
      (.bool(false), "false"),
      (.int(-3), "-3"),
      (.number("0.8734"), "0.8734"),
      (.string("a\"b\\c\nd\u{1B}"), "\"a\\\"b\\\\c\\nd\\u001b\""),
      (.string("猫"), "\"猫\""),
      (.array([]), "[]"),
      (.object([]), "{}"),
      (
        .object([
          ("b", .int(1)), ("a", .array([.string("x"), .null, .bool(true)])), ("e", .object([])),
          ("n", .object([("z", .number("1.5"))])),
        ]),
        """
        {
          "b": 1,
          "a": [
            "x",
            null,
            true
          ],
          "e": {},
          "n": {
            "z": 1.5
          }
        }
        """
      ),
    ]
    for (value, text) in cases {
      #expect(value.rendered() == text, "\(text)")
    }
  }

  @Test(arguments: [
    ([[String]](), ""),
    (
      [["ID", "FRONT", "DUE"], ["a1", "猫", "2026-11-21"], ["b22", "invoice", ""]],
      "ID   FRONT    DUE\na1   猫       2026-11-21\nb22  invoice\n"
    ),
    // A cell's tab is shown as `\t` and its escape as `<U+001B>`, so that they can neither move a
    // column nor steer the terminal; the columns are as wide as what is shown.
    ([["a\tb", "c"], ["\u{1B}[2J", "d"]], "a\\tb         c\n<U+001B>[2J  d\n"),
  ])
  func textTable(rows: [[String]], text: String) {
    #expect(TextTable.render(rows) == text)
  }

  @Test(arguments: [("abc", 3), ("猫", 2), ("日本語です", 10), ("e\u{301}", 1), ("", 0)])
  func textTableWidth(text: String, cells: Int) {
    #expect(TextTable.width(text) == cells)
  }

  @Test(arguments: [
    // Short enough: as it is.
    (40, "  --deck <path>           The deck file.", ["  --deck <path>           The deck file."]),
    // Between wide characters, closing punctuation kept with the character before it.
    (20, "これは長い説明の行です。折り返します。", ["これは長い説明の行で", "す。折り返します。"]),
    // An option's help goes on under its help column; an opening bracket stays with what follows.
    (
      40, "  --deck <path>           デッキのファイル（既定は設定の場所）です。",
      [
        "  --deck <path>           デッキのファイ",
        "                          ル（既定は設定",
        "                          の場所）です。",
      ]
    ),
    // A run of narrow characters is never broken: at a space, or not at all.
    (
      12, "reminders --state-dir です",
      ["reminders", "--state-dir", "です"]
    ),
  ])
  func helpWrapping(width: Int, line: String, lines: [String]) {
    #expect(HelpWrapping(width: width).lines(line) == lines)
  }

  @Test(arguments: [
    (35.0, "35"), (-33.8688, "-33.8688"), (139.767125, "139.767125"), (0.1234567, "0.123457"),
    (100.0, "100"), (-0.0000001, "0"),
  ])
  func alarmNumbers(value: Double, text: String) {
    #expect(AlarmStoreNumbers.format(value) == text)
  }
}

/// A file error and a use case's refusal, in both languages: the frame translated, the parser's
/// own words and the system's left as they are, but for the commonest system errors.
@Suite struct ErrorTextTests {
  static let cases: [(StoreError, String, String)] = [
    (
      .corrupt(path: "/d/deck.json", at: TextPosition(line: 3, column: 7), reason: .syntax(.string)),
      "/d/deck.json:3:7: expected a string",
      "/d/deck.json:3:7: 内容を読み取れません: 文字列が必要です"
    ),
    (
      .corrupt(path: "/d/deck.json", at: nil, reason: .field("cards[0].id", expected: .string)),
      "/d/deck.json: cards[0].id: expected a string",
      "/d/deck.json: 内容を読み取れません: cards[0].id: 文字列が必要です"
    ),
    (
      .badConfig(path: "/c.toml", key: "window.start", at: nil, problem: .time(got: "\"9am\"", orOff: false)),
      "/c.toml: window.start: expected a time HH:MM from 00:00 to 23:59, got \"9am\"",
      "/c.toml: 設定が正しくありません: window.start: 00:00 から 23:59 までの時刻 HH:MM を指定します（\"9am\" ではなく）"
    ),
    (
      .badConfig(
        path: "/c.toml", key: nil, at: TextPosition(line: 2), problem: .syntax(.unclosedString)),
      "/c.toml:2: expected the closing quote of the string that starts here",
      "/c.toml:2: 設定が正しくありません: TOML として読めません: ここから始まる文字列を閉じる引用符がありません"
    ),
    (
      .unreadable(path: "/d/deck.json", reason: .system(SystemError(call: "open", code: ENOENT))),
      "/d/deck.json: cannot read: No such file or directory",
      "/d/deck.json: 読めません: ファイルがありません"
    ),
    (
      .writeFailed(path: "/s/ledger.json", reason: .system(SystemError(call: "write", code: ENOSPC))),
      "/s/ledger.json: cannot write: No space left on device",
      "/s/ledger.json: 書き込めません: ディスクに空きがありません（No space left on device）"
    ),
    (
      .writeFailed(path: "/s/ledger.json", reason: .system(SystemError(call: "open", code: EACCES))),
      "/s/ledger.json: cannot write: Permission denied",
      "/s/ledger.json: 書き込めません: 権限がありません（Permission denied）"
    ),
    (
      .unreadable(path: "/d/deck.json", reason: .system(SystemError(call: "read", code: EIO))),
      "/d/deck.json: cannot read: Input/output error",
      "/d/deck.json: 読めません: Input/output error"
    ),
    (
      .writeFailed(path: "/d/deck.json", reason: .notRegularFile(.namedPipe)),
      "/d/deck.json: cannot write: it is a named pipe (FIFO), not a regular file",
      "/d/deck.json: 書き込めません: 通常のファイルではありません（名前付きパイプ（FIFO））"
    ),
    (
      .unreadable(path: "/d/deck.json", reason: .danglingLink(target: "/mnt/sync/deck.json")),
      "/d/deck.json: cannot read: it is a symbolic link to /mnt/sync/deck.json, whose folder does not exist",
      "/d/deck.json: 読めません: /mnt/sync/deck.json へのシンボリックリンクですが、その置き場所のフォルダーがありません"
    ),
    (
      .locked(path: "/s/lock", seconds: 10),
      "/s/lock: another reminders process held the lock for over 10 s",
      "/s/lock: 別の reminders の処理が 10 秒を超えてロックを保持していました"
    ),
  ]

  @Test(arguments: cases)
  func storeError(error: StoreError, english: String, japanese: String) {
    #expect(StoreErrorText(language: .en).text(error) == english)
    #expect(StoreErrorText(language: .ja).text(error) == japanese)
  }

  @Test func focusRunning() {
    #expect(
      AppErrorText(language: .en).text(.focusRunning)
        == "a focus session is running (reminders focus stop ends it)")
    #expect(AppErrorText(language: .ja).text(.focusRunning) == "集中セッションが進行中です（reminders focus stop で終了できます）")
  }

  /// A use case's notice: the file's error, then what was done about it.
  @Test func notices() {
    let broken = StoreError.corrupt(
      path: "/s/focus.json", at: TextPosition(line: 1, column: 2), reason: .syntax(.objectOpen))
    let alarms = StoreError.corrupt(
      path: "/d/alarms.json", at: nil, reason: .field("alarms", expected: .list))
    let en = NoticeText(language: .en)
    let ja = NoticeText(language: .ja)
    #expect(
      en.text(.focusLeftOut(broken))
        == "/s/focus.json:1:2: expected an object '{' (the focus session is left out; reminders focus stop puts this file aside)"
    )
    #expect(
      ja.text(.focusLeftOut(broken))
        == "/s/focus.json:1:2: 内容を読み取れません: オブジェクトの「{」が必要です（集中セッションは無視します。reminders focus stop でこのファイルを脇に置きます）"
    )
    #expect(
      en.text(.focusSetAside(broken, aside: "/s/focus.json.bad"))
        == "/s/focus.json:1:2: expected an object '{' (put aside as /s/focus.json.bad)")
    #expect(
      ja.text(.focusSetAside(broken, aside: "/s/focus.json.bad"))
        == "/s/focus.json:1:2: 内容を読み取れません: オブジェクトの「{」が必要です（/s/focus.json.bad として脇に置きました）")
    #expect(
      en.text(.alarmsLeftOut(alarms))
        == "/d/alarms.json: alarms: expected a list (no alarm starts ringing until it is fixed or removed; alarms ringing now go on)"
    )
    #expect(
      ja.text(.alarmsLeftOut(alarms))
        == "/d/alarms.json: 内容を読み取れません: alarms: リストが必要です（新しいアラームは鳴りません。鳴っているアラームは鳴り続けます。ファイルを直すか消してください）"
    )
  }
}
