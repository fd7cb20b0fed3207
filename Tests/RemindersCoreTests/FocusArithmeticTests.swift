import Foundation
import Testing

@testable import RemindersCore

/// The questions about a focus session answered from the phases around the instant asked
/// (arithmetic on the round of phases) give what a walk over every phase from the start gives.
@Suite struct FocusArithmeticTests {
  // Random sessions from a seeded generator (SplitMix), so that a failure repeats.

  /// Every phase from the first, one after the other: the straightforward walk.
  static func walk(_ s: FocusSession, now: Date, through horizon: Date) -> [FocusPhase] {
    var out: [FocusPhase] = []
    let stopRunning = s.stoppedAt.map { s.running(at: $0) }
    var runningStart: TimeInterval = 0
    var number = 1
    while true {
      let kind = s.kind(ofPhase: number)
      let length = s.length(of: kind)
      let begin = out.last?.end ?? s.start
      guard begin <= horizon || out.isEmpty else { break }
      let runningEnd = runningStart + length
      if let stopRunning, let stoppedAt = s.stoppedAt, stopRunning < runningEnd {
        out.append(
          FocusPhase(
            number: number, kind: kind, start: begin, end: stoppedAt, length: length,
            ran: max(stopRunning - runningStart, 0), runningStart: runningStart, isLast: true, stopped: true))
        break
      }
      let last = number == s.lastPhase || stopRunning == runningEnd
      out.append(
        FocusPhase(
          number: number, kind: kind, start: begin, end: s.instant(running: runningEnd, now: now),
          length: length,
          ran: length, runningStart: runningStart, isLast: last, stopped: false))
      if last { break }
      runningStart = runningEnd
      number += 1
    }
    return out
  }

  static func session(_ rng: inout SplitMix, start: Date) -> FocusSession {
    func minutes(_ top: UInt64, _ rng: inout SplitMix) -> TimeInterval {
      TimeInterval(60 * (1 + rng.next() % top))
    }
    let settings = FocusSettings(
      focus: minutes(50, &rng), shortBreak: minutes(10, &rng), longBreak: minutes(30, &rng),
      longEvery: Int(1 + rng.next() % 5),
      cycles: rng.next() % 3 == 0 ? Int(1 + rng.next() % 12) : nil, holdReminders: true)
    var pauses: [FocusPause] = []
    var t = start
    for _ in 0..<(rng.next() % 4) {
      t = t.addingTimeInterval(TimeInterval(rng.next() % 20_000))
      let open = rng.next() % 4 == 0
      let end = t.addingTimeInterval(TimeInterval(rng.next() % 3_000))
      pauses.append(FocusPause(start: t, end: open ? nil : end))
      if open { break }
      t = end
    }
    let stop = rng.next() % 4 == 0 ? start.addingTimeInterval(TimeInterval(rng.next() % 80_000)) : nil
    return FocusSession(id: "s", start: start, settings: settings, pauses: pauses, stoppedAt: stop)
  }

  @Test func theArithmeticAgreesWithTheWalk() {
    var rng = SplitMix(seed: 20_261_122)
    let start = Date(timeIntervalSince1970: 1_795_000_000)
    for _ in 0..<60 {
      let s = Self.session(&rng, start: start)
      let walked = Self.walk(s, now: start, through: start.addingTimeInterval(200_000))
      for number in 1...40 {
        guard number <= walked.count, walked[number - 1].stopped == false else { break }
        #expect(s.runningStart(ofPhase: number) == walked[number - 1].runningStart)
        let r = walked[number - 1].runningStart
        #expect(s.phaseNumber(atRunning: r) == number)
        #expect(s.phaseNumber(atRunning: r + walked[number - 1].length - 1) == number)
      }
      for _ in 0..<60 {
        let now = start.addingTimeInterval(TimeInterval(rng.next() % 200_000))
        let from = now.addingTimeInterval(TimeInterval(rng.next() % 100_000) - 20_000)
        let horizon = max(from, now).addingTimeInterval(TimeInterval(rng.next() % 100_000))
        let all = Self.walk(s, now: now, through: horizon)
        let part = s.phases(now: now, from: from, through: horizon)
        // The part is the walk's tail, from the phase that ended last by `from` or earlier.
        #expect(Array(all.suffix(part.count)) == part)
        #expect(all.count == part.count || all[all.count - part.count - 1].end <= from)
        if all.count > part.count, let first = part.first {
          #expect(first.end <= from || first.number == 1 || first.isLast)
        }
        // Holds: the walk's focus phases' running spans, against the question at an instant.
        let holds = all.filter { $0.kind == .focus }.flatMap { s.runningSpans(of: $0) }
        for probe in [from, now, horizon, from.addingTimeInterval(TimeInterval(rng.next() % 50_000))]
        where probe <= horizon {
          let held = holds.first { $0.start <= probe && probe < $0.end }
          #expect(s.focusHold(at: probe, now: now) == held, "\(s) at \(probe) now \(now)")
        }
        // Status: the phase running now and the last ended, as the walk has them.
        let upToNow = Self.walk(s, now: now, through: now)
        let status = s.status(at: now)
        #expect(status.current == upToNow.first { $0.end > now })
        #expect(status.lastEnded == upToNow.last { $0.end <= now })
        #expect(status.endedCount == upToNow.filter { $0.end <= now }.count)
      }
    }
  }

  /// An endless session of one-minute phases, thirty days on: answered from the phases around
  /// the instant, not from the 43,000 before it.
  @Test func anEndlessSessionThirtyDaysOn() {
    let start = Date(timeIntervalSince1970: 1_795_000_000)
    let s = FocusSession(
      id: "s", start: start,
      settings: FocusSettings(
        focus: 60, shortBreak: 60, longBreak: 60, longEvery: 4, cycles: nil, holdReminders: true))
    let now = start.addingTimeInterval(30 * 86_400 + 30)
    let part = s.phases(now: now, from: now, through: now.addingTimeInterval(3 * 86_400))
    #expect(part.count <= 3 * 1_440 + 3)
    #expect(part.first?.number == 30 * 1_440)
    #expect(s.status(at: now).current?.number == 30 * 1_440 + 1)
  }
}
