import Foundation
import Glibc
import RemindersCore

/// `reminders-bench fsrs REVIEWS`: schedules the reviews of bench/fsrs_reviews.py (one a line,
/// `CARD MILLISECONDS RATING`) with FSRSScheduler's defaults and prints the seconds the reviews
/// took as `fsrs_seconds=<x>` (wall) and `cpu_seconds=<x>` (this process's processor time, which
/// other work on a shared machine does not inflate), then `checksum=<a>,<b>`: the bit pattern of the sum of the cards'
/// final stabilities (in card order) and the sum of their due instants in whole seconds, as
/// bench/fsrs_python.py prints them for the reference.
///
/// The file is read before the clock starts, so only the scheduling is timed, as in the script.
enum FSRSBench {
  struct Review {
    let card: Int
    let at: Date
    let rating: FSRSRating
  }

  static func reviews(path: String) throws -> [Review] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return try text.split(separator: "\n").map { line in
      let fields = line.split(separator: " ")
      guard fields.count == 3, let card = Int(fields[0]), let milliseconds = Int64(fields[1]),
        let grade = Int(fields[2]), let rating = FSRSRating(rawValue: grade)
      else { throw CocoaError(.fileReadCorruptFile) }
      return Review(card: card, at: Date(timeIntervalSince1970: Double(milliseconds) / 1000), rating: rating)
    }
  }

  static func run(path: String) throws {
    let reviews = try reviews(path: path)
    let scheduler = FSRSScheduler.standard
    let epoch = Date(timeIntervalSince1970: 0)
    var cards = Array(repeating: FSRSCard.new(due: epoch), count: (reviews.last?.card ?? -1) + 1)
    let clock = ContinuousClock()
    let cpuStarted = Glibc.clock()
    let started = clock.now
    for review in reviews {
      cards[review.card] = scheduler.review(cards[review.card], rating: review.rating, at: review.at)
    }
    let elapsed = clock.now - started
    let cpu = Double(Glibc.clock() - cpuStarted) / Double(CLOCKS_PER_SEC)
    var stability = 0.0
    for card in cards { stability += card.stability ?? 0 }
    let due = cards.reduce(Int64(0)) { $0 + Int64($1.due.timeIntervalSince1970.rounded(.down)) }
    print("fsrs_seconds=\(seconds(elapsed))")
    print("cpu_seconds=\(cpu)")
    print("checksum=\(stability.bitPattern),\(due)")
  }
}
