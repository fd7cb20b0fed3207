import Foundation
import RemindersCore
import RemindersICalendar
import RemindersStore

/// `reminders-bench ical N OUTPUT_PATH`: renders a feed of N synthetic reminders, writes it to
/// OUTPUT_PATH and prints the seconds that took as `ical_seconds=<x>`. (`reminders-bench fsrs
/// REVIEWS` times the FSRS scheduler: FSRSBench.swift; `reminders-bench fold DECK` the fold of a
/// journal into its deck.)
///
/// The reminders are built before the clock starts, from fixed data, so every run measures the
/// same work; bench/ical_python_icalendar.py and bench/ical_python_strings.py build the same
/// events for comparison.

/// The reminders' texts: Japanese and English, with commas, semicolons, backslashes, quotes and
/// line breaks to escape, and lengths that fold at one-, three- and four-byte characters.
enum SyntheticPlan {
  static let topics = [
    "前置詞 in, on, at の使い分け; 例文つき",
    "take off / put on; phrasal verbs, part 2",
    "「経験」と「体験」の違い",
    "a backslash \\ and \"quotes\" in a topic",
    "不規則動詞 go-went-gone, see-saw-seen",
    "TOEIC Part 5: 品詞問題 🙂",
  ]

  /// 2026-11-21T08:00:00+09:00.
  static let start = Date(timeIntervalSince1970: 1_795_215_600)

  static func reminders(count: Int) -> [Reminder] {
    let firstDay = Day(year: 2026, month: 11, day: 21)!
    return (0..<count).map { i in
      let texts = (i % 2 == 0 ? Language.ja : .en).words
      let fireAt = start.addingTimeInterval(Double(i) * 600)
      if i % 5 == 0 {
        let collections = ["TOEIC": i % 37 + 1, "JLPT": i % 11 + 1]
        let due = collections.values.reduce(0, +)
        return Reminder(
          id: .daily(firstDay.adding(days: i / 5)), kind: .dailyReview, fireAt: fireAt,
          title: texts.dailyTitle(count: due),
          body: texts.dailyBody(collections: collections, streak: i % 30),
          dueCount: due, collections: collections, streak: i % 30)
      }
      let chosen = (0..<(i % 3 + 1)).map { topics[(i + $0) % topics.count] }
      let itemID =
        "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - String(i).count) + String(i)
      return Reminder(
        id: .recall(firstItem: itemID), kind: .recall, fireAt: fireAt,
        title: texts.recallTitle(topics: chosen),
        body: texts.recallBody(topics: chosen, notes: chosen.map { _ in nil }), topics: chosen,
        recallItemIDs: [itemID])
    }
  }
}

func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "fsrs" {
  do {
    try FSRSBench.run(path: arguments[2])
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("reminders-bench: cannot read \(arguments[2]): \(error)\n".utf8))
    exit(1)
  }
}
if arguments.count == 4, arguments[1] == "optimize" {
  // `reminders-bench optimize DECK ZONE`: builds DECK's training items (the gaps in days of
  // ZONE) and times the fit alone (`FSRSOptimizer.fit`), as fsrs-rs's compute_parameters is
  // timed on items already built.
  let path = arguments[2]
  do {
    let log = try DeckStore(path: path, lockPath: path + ".bench-lock").load().deck.reviewLog
    let set = FSRSTrainingSet(log: log, clock: DayClock(zone: TimeZone(identifier: arguments[3])!))
    let clock = ContinuousClock()
    let started = clock.now
    let fit = try FSRSOptimizer().fit(set)
    print("fit_seconds=\(seconds(clock.now - started))")
    print("items=\(set.items.count)")
    print("parameters=\(fit.weights.map { "\($0)" }.joined(separator: ","))")
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("reminders-bench: cannot fit \(path): \(error)\n".utf8))
    exit(1)
  }
}
if arguments.count == 3, arguments[1] == "fold" {
  // `reminders-bench fold DECK`: folds DECK's journal into it, as a review session does as it
  // ends (`DeckStore.foldJournal`, under the deck's lock), and prints the seconds it took.
  let path = arguments[2]
  let store = DeckStore(path: path, lockPath: path + ".bench-lock")
  let zone = DayClock(zone: TimeZone(identifier: "Asia/Tokyo")!)
  let started = ContinuousClock().now
  do {
    guard try store.foldJournal(clock: zone) else {
      FileHandle.standardError.write(Data("reminders-bench: \(path) has no journal to fold\n".utf8))
      exit(1)
    }
  } catch {
    FileHandle.standardError.write(Data("reminders-bench: cannot fold \(path): \(error)\n".utf8))
    exit(1)
  }
  print("fold_seconds=\(seconds(ContinuousClock().now - started))")
  exit(0)
}
guard arguments.count == 4, arguments[1] == "ical", let count = Int(arguments[2]), count >= 0 else {
  FileHandle.standardError.write(
    Data("usage: reminders-bench ical N OUTPUT_PATH | fsrs REVIEWS | fold DECK\n".utf8))
  exit(64)
}
let outputPath = arguments[3]
let reminders = SyntheticPlan.reminders(count: count)
let feed = ICalendarFeed(name: "reminders", language: .ja)
let stamp = SyntheticPlan.start.addingTimeInterval(-7200)

let clock = ContinuousClock()
let started = clock.now
let bytes = feed.render(reminders, stamp: stamp)
do {
  // Written from the array itself ([UInt8] is DataProtocol), without a copy into Data.
  guard FileManager.default.createFile(atPath: outputPath, contents: nil),
    let file = FileHandle(forWritingAtPath: outputPath)
  else { throw CocoaError(.fileWriteUnknown) }
  try file.write(contentsOf: bytes)
  try file.close()
} catch {
  FileHandle.standardError.write(Data("reminders-bench: cannot write \(outputPath): \(error)\n".utf8))
  exit(1)
}
let elapsed = clock.now - started
print("ical_seconds=\(seconds(elapsed))")
