import Foundation
import RemindersCore
import RemindersICalendar

/// A small plan with fixed instants: a daily reminder and a recall reminder for three topics whose
/// text needs escaping and folding.
enum Fixtures {
  /// 2026-11-21T06:00:00+09:00.
  static let stamp = Timestamp.parse("2026-11-20T21:00:00Z")!
  /// 2026-11-21T08:00:00+09:00.
  static let dailyAt = Timestamp.parse("2026-11-20T23:00:00Z")!
  /// 2026-11-21T10:10:00+09:00.
  static let recallAt = Timestamp.parse("2026-11-21T01:10:00Z")!

  static func topics(_ language: Language) -> [String] {
    switch language {
    case .ja:
      return [
        "前置詞 in, on, at の使い分け; 例文つき",
        "バックスラッシュ \\ と \"引用符\"",
        "二行に\nわたる話題（とても長い説明を付けて折り返しが文字の途中に来ないか確かめる）",
      ]
    case .en:
      return [
        "in, on, at; with examples",
        "a backslash \\ and \"quotes\"",
        "a topic on\ntwo lines, with 日本語 and an emoji 🙂 to fold across multi-byte characters",
      ]
    }
  }

  static func plan(_ language: Language) -> [Reminder] {
    let texts = (language).words
    let collections = ["TOEIC": 8, "JLPT": 4]
    let topics = topics(language)
    return [
      Reminder(
        id: "daily:2026-11-21", kind: .dailyReview, fireAt: dailyAt, title: texts.dailyTitle(count: 12),
        body: texts.dailyBody(collections: collections, streak: 5), dueCount: 12, collections: collections,
        streak: 5),
      Reminder(
        id: "recall:7c9e6679-7425-40de-944b-e07fc1f90ae7", kind: .recall, fireAt: recallAt,
        title: texts.recallTitle(topics: topics),
        body: texts.recallBody(topics: topics, notes: [nil, nil, nil]),
        topics: topics,
        recallItemIDs: [
          "7c9e6679-7425-40de-944b-e07fc1f90ae7", "a1b2c3d4-0000-4000-8000-000000000002", "x-3",
        ]),
    ]
  }

  static func reminder(
    id: ReminderID = "recall:r1", kind: ReminderKind = .recall, at fireAt: Date = recallAt,
    title: String = "Time to recall: ephemeral", body: String = "Can you recall it without looking?"
  ) -> Reminder {
    Reminder(id: id, kind: kind, fireAt: fireAt, title: title, body: body)
  }

  static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")
}

/// The physical lines of `text`, split at CRLF, without their line ends.
func physicalLines(_ text: String) -> [[UInt8]] {
  var lines: [[UInt8]] = []
  var current: [UInt8] = []
  var bytes = Array(text.utf8)[...]
  while let byte = bytes.popFirst() {
    if byte == 13, bytes.first == 10 {
      bytes.removeFirst()
      lines.append(current)
      current = []
    } else {
      current.append(byte)
    }
  }
  if !current.isEmpty { lines.append(current) }
  return lines
}

/// The value of the first content line named `name` (parameters skipped), still escaped.
func rawValue(_ name: String, in lines: [String]) -> String? {
  guard let line = lines.first(where: { $0.hasPrefix(name + ":") || $0.hasPrefix(name + ";") }),
    let colon = line.firstIndex(of: ":")
  else { return nil }
  return String(line[line.index(after: colon)...])
}

/// The content lines of each VEVENT in `text`, in order.
func events(in text: String) throws -> [[String]] {
  var out: [[String]] = []
  var current: [String]?
  for line in try ContentLine.unfold(text) {
    if line == "BEGIN:VEVENT" {
      current = []
    } else if line == "END:VEVENT" {
      out.append(current!)
      current = nil
    } else {
      current?.append(line)
    }
  }
  return out
}
