import Foundation
import RemindersAnki
import RemindersCore
import RemindersStore

/// Where Anki's counts come from, as `status`, `preview` and `doctor` say it (docs/anki.md): read now,
/// or the last reading and as of when, or none; and each counted deck's cards at `now`.
struct AnkiReport {
  let status: AnkiStatus
  let settings: AnkiSettings
  let clock: DayClock
  let language: Language
  let now: Date

  var ja: Bool { language == .ja }

  /// The counted top-level decks at `now` (none without a reading).
  var decks: [AnkiDeckCount] {
    guard let reading = status.reading else { return [] }
    return AnkiDue(reading.collection, decks: settings.decks).deckCounts(at: now, clock: clock)
  }

  /// Names in `anki.decks` that the collection has no top-level deck for.
  var unknownDecks: [String] {
    guard let reading = status.reading else { return [] }
    return AnkiDue(reading.collection, decks: settings.decks).unknownDecks
  }

  func stamp(_ date: Date) -> String {
    let day = clock.day(of: date)
    let hhmm = clock.wallTime(at: date).description
    return clock.day(of: now) == day ? hhmm : "\(day) \(hhmm)"
  }

  /// One line: how current the counts are.
  var freshness: String {
    switch status.freshness {
    case .current:
      let reading = status.reading!
      let at = stamp(reading.readAt)
      if reading.method == AnkiReadMethod.snapshot.rawValue {
        return ja
          ? "最新（\(at) に読み取り。Anki が開いているため写しから）"
          : "current (read at \(at) from a copy, as Anki has it open)"
      }
      return ja ? "最新（\(at) にコレクションから読み取り）" : "current (read at \(at) from the collection)"
    case .stale(let why):
      let reason = AnkiErrorText(language: language).reason(why)
      let at = stamp(status.reading!.readAt)
      return ja
        ? "\(at) 時点の枚数です（いまは読めません: \(reason)）"
        : "counts as of \(at) (it cannot be read now: \(reason))"
    case .unavailable(let why):
      let reason = AnkiErrorText(language: language).reason(why)
      return ja ? "数えていません（読めません: \(reason)）" : "not counted (it cannot be read: \(reason))"
    }
  }

  /// The counted decks with cards due at `now`: `日本語 17 (new 5, learning 2, review 10)`.
  var deckLine: String {
    let parts = decks.filter { $0.total > 0 }.map { d in
      ja
        ? "\(d.name) \(d.total)枚（新規 \(d.new)、学習中 \(d.learning)、復習 \(d.review)）"
        : "\(d.name) \(d.total) (new \(d.new), learning \(d.learning), review \(d.review))"
    }
    guard !parts.isEmpty else { return ja ? "期限のカードはありません" : "no card due" }
    return parts.joined(separator: ja ? "、" : "; ")
  }

  /// What `status` and `preview` print: where the counts come from, the decks, and any name in
  /// `anki.decks` the collection lacks.
  var lines: [String] {
    var out = ["Anki: " + freshness]
    if status.reading != nil { out.append("Anki: " + deckLine) }
    for name in unknownDecks {
      out.append(
        ja
          ? "Anki: 「\(name)」という最上位のデッキはありません（anki.decks）"
          : "Anki: no top-level deck named \"\(name)\" (anki.decks)")
    }
    return out
  }

  var json: OrderedJSON {
    let state: String
    var reason: String?
    switch status.freshness {
    case .current: state = "current"
    case .stale(let why):
      state = "stale"
      reason = why.description
    case .unavailable(let why):
      state = "unavailable"
      reason = why.description
    }
    let reading = status.reading
    return .object([
      ("collection", .string(status.collectionPath)),
      ("state", .string(state)),
      ("method", reading.map { .string($0.method) } ?? .null),
      ("readAt", reading.map { .string(Timestamp.format($0.readAt, in: clock)) } ?? .null),
      ("reason", reason.map(OrderedJSON.string) ?? .null),
      (
        "decks",
        .array(
          decks.map { d in
            .object([
              ("name", .string(d.name)), ("new", .int(d.new)), ("learning", .int(d.learning)),
              ("review", .int(d.review)),
            ])
          })
      ),
      ("unknownDecks", .array(unknownDecks.map(OrderedJSON.string))),
    ])
  }
}

/// An `AnkiConfigError` in the session's language.
struct AnkiErrorText {
  let language: Language

  func text(_ error: AnkiConfigError) -> String {
    guard language == .ja else { return error.description }
    return "\(error.configPath): 設定が正しくありません: anki.collection: \(error.collection): \(problem(error.problem))"
  }

  func problem(_ problem: AnkiProblem) -> String {
    switch problem {
    case .missing: return "ファイルがありません"
    case .notRegularFile(let kind): return "通常のファイルではありません（\(kind.japanese)）"
    case .unreadable(let error): return "読めません（\(error)）"
    case .notSQLite: return "Anki のコレクションではありません（SQLite のデータベースではありません）"
    case .notAnki(let table): return "Anki のコレクションではありません（\(table) 表がありません）"
    case .schema(let version) where version < AnkiCollectionFile.schema:
      return
        "スキーマ \(version) の Anki コレクションは読めません（読めるのは \(AnkiCollectionFile.schema)）。Anki 2.1.50 以降で一度開いてください"
    case .schema(let version):
      return "スキーマ \(version) の Anki コレクションは、このバージョンが読めるもの（\(AnkiCollectionFile.schema)）より新しいものです"
    case .firstScheduler:
      return "v1 スケジューラーのままの Anki コレクションです。現在の Anki で一度開くと更新されます"
    case .badValue(let what): return "このバージョンが読める Anki コレクションではありません（\(what)）"
    }
  }

  /// Why the collection cannot be read just now, in the session's language (SQLite's and the
  /// system's own messages stay as they are).
  func reason(_ why: AnkiUnreadable) -> String {
    guard language == .ja else { return why.description }
    switch why {
    case .keptChanging: return "読んでいる間に変わり続けました"
    case .system(let path, let error): return "\(path) を使えません（\(error)）"
    case .notRegularFile(let path, let kind): return "\(path) は\(kind.japanese)で、通常のファイルではありません"
    case .copyDoesNotCheckOut(let check): return "写しが検査を通りません（\(check)）"
    case .tooSlow: return "写すのに許された時間を超えました"
    case .noSpace(let folder, let needed, let free):
      return
        "\(folder) に写すだけの空きがありません（必要 \(AnkiUnreadable.megabytes(needed))、空き \(AnkiUnreadable.megabytes(free))）"
    case .content(let problem): return self.problem(problem)
    case .sqlite(let message): return message
    }
  }
}
