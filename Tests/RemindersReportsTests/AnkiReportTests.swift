import Foundation
import RemindersCore
import RemindersMessages
import RemindersReports
import RemindersStore
import Testing

@testable import RemindersAnki

#if canImport(Glibc)
  import Glibc
#endif

/// Anki's errors and where its counts come from, in both languages: the Japanese in its own
/// words, the English as the error describes itself; SQLite's and the system's words as they are.
@Suite struct AnkiErrorTextTests {
  static func error(_ problem: AnkiProblem) -> AnkiConfigError {
    AnkiConfigError(configPath: "/c.toml", collection: "/a/collection.anki2", problem: problem)
  }

  @Test(arguments: [
    (
      AnkiProblem.missing, "/c.toml: anki.collection: /a/collection.anki2: no such file",
      "/c.toml: 設定が正しくありません: anki.collection: /a/collection.anki2: ファイルがありません"
    ),
    (
      .notRegularFile(.directory),
      "/c.toml: anki.collection: /a/collection.anki2: it is a folder, not a regular file",
      "/c.toml: 設定が正しくありません: anki.collection: /a/collection.anki2: 通常のファイルではありません（フォルダー）"
    ),
    (
      .unreadable(SystemError(call: "open", code: EACCES)),
      "/c.toml: anki.collection: /a/collection.anki2: cannot read: Permission denied",
      "/c.toml: 設定が正しくありません: anki.collection: /a/collection.anki2: 読めません（Permission denied）"
    ),
    (
      .notAnki(missing: "revlog"),
      "/c.toml: anki.collection: /a/collection.anki2: not an Anki collection (no table revlog)",
      "/c.toml: 設定が正しくありません: anki.collection: /a/collection.anki2: Anki のコレクションではありません（revlog 表がありません）"
    ),
    // Older than the schema read, and newer.
    (
      .schema(11),
      "/c.toml: anki.collection: /a/collection.anki2: an Anki collection of schema 11, which this version does not read (18): open it once in Anki 2.1.50 or later",
      "/c.toml: 設定が正しくありません: anki.collection: /a/collection.anki2: スキーマ 11 の Anki コレクションは読めません（読めるのは 18）。Anki 2.1.50 以降で一度開いてください"
    ),
    (
      .schema(19),
      "/c.toml: anki.collection: /a/collection.anki2: an Anki collection of schema 19, newer than this version reads (18)",
      "/c.toml: 設定が正しくありません: anki.collection: /a/collection.anki2: スキーマ 19 の Anki コレクションは、このバージョンが読めるもの（18）より新しいものです"
    ),
    (
      .firstScheduler,
      "/c.toml: anki.collection: /a/collection.anki2: an Anki collection still on the v1 scheduler: open it once in a current Anki, which upgrades it",
      "/c.toml: 設定が正しくありません: anki.collection: /a/collection.anki2: v1 スケジューラーのままの Anki コレクションです。現在の Anki で一度開くと更新されます"
    ),
  ])
  func configError(problem: AnkiProblem, english: String, japanese: String) {
    #expect(AnkiErrorText(language: .en).text(Self.error(problem)) == english)
    #expect(AnkiErrorText(language: .ja).text(Self.error(problem)) == japanese)
  }
}

@Suite struct AnkiReportTests {
  static let tokyo = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)
  static let now = Timestamp.parse("2026-11-21T09:00:00+09:00")!

  static func report(_ why: AnkiUnreadable, _ language: Language) -> AnkiReport {
    AnkiReport(
      status: AnkiStatus(
        collectionPath: "/a/collection.anki2", reading: nil, freshness: .unavailable(reason: why)),
      settings: AnkiSettings(collection: "/a/collection.anki2", decks: ["日本語"]), clock: tokyo,
      language: language, now: now)
  }

  /// Never read: no deck, no unknown deck (nothing to tell them by), one line of why.
  @Test(arguments: [
    (
      AnkiUnreadable.keptChanging,
      "Anki: not counted (it cannot be read: it kept changing while it was read)",
      "Anki: 数えていません（読めません: 読んでいる間に変わり続けました）"
    ),
    (
      .sqlite("database disk image is malformed"),
      "Anki: not counted (it cannot be read: database disk image is malformed)",
      "Anki: 数えていません（読めません: database disk image is malformed）"
    ),
    (
      .content(.notSQLite),
      "Anki: not counted (it cannot be read: not an Anki collection (not an SQLite database))",
      "Anki: 数えていません（読めません: Anki のコレクションではありません（SQLite のデータベースではありません））"
    ),
    (
      .system(path: "/a/collection.anki2-wal", SystemError(call: "open", code: EACCES)),
      "Anki: not counted (it cannot be read: cannot use /a/collection.anki2-wal: Permission denied)",
      "Anki: 数えていません（読めません: /a/collection.anki2-wal を使えません（Permission denied））"
    ),
  ])
  func unavailable(why: AnkiUnreadable, english: String, japanese: String) {
    #expect(Self.report(why, .en).lines == [english])
    #expect(Self.report(why, .ja).lines == [japanese])
    #expect(Self.report(why, .en).decks.isEmpty)
    #expect(Self.report(why, .ja).unknownDecks.isEmpty)
  }

  @Test func unavailableJSON() {
    let expected = """
      {
        "collection": "/a/collection.anki2",
        "state": "unavailable",
        "method": null,
        "readAt": null,
        "reason": "it kept changing while it was read",
        "reasonCode": "kept-changing",
        "decks": [],
        "unknownDecks": []
      }
      """
    // The reason is English in either language: JSON is for programs.
    #expect(Self.report(.keptChanging, .en).json.rendered() == expected)
    #expect(Self.report(.keptChanging, .ja).json.rendered() == expected)
  }

  /// A reading's time: the time alone today, with its day otherwise (Tokyo's day, not UTC's).
  @Test(arguments: [
    ("2026-11-21T08:59:00+09:00", "08:59"), ("2026-11-20T23:59:00+09:00", "2026-11-20 23:59"),
    ("2026-11-20T15:00:00Z", "00:00"),
  ])
  func stamp(instant: String, shown: String) {
    let date = Timestamp.parse(instant)!
    #expect(Self.report(.tooSlow, .en).stamp(date) == shown)
  }
}
