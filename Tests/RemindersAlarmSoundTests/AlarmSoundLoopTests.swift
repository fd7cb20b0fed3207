import Foundation
import RemindersCore
import RemindersDelivery
import Testing

@testable import RemindersAlarmSound

#if canImport(Glibc)
  import Glibc
#endif

/// The real sound loop, with `/bin/false` and `sleep` as players: it gives up on a player that
/// keeps failing, and `stop` ends a player left playing after its loop's shell is gone.
@Suite struct AlarmSoundLoopTests {
  static let environment = ["PATH": "/usr/bin:/bin"]
  static let ring: ReminderID = "alarm:a1b2c3d4:2026-11-23"

  static func waitFor(_ seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      usleep(50_000)
    }
    return condition()
  }

  /// A player that fails every time: the loop gives up after five failures in a row (a second
  /// apart), so that the next `run` finds no sound.
  @Test func aFailingPlayerIsGivenUp() throws {
    let loop = AlarmSoundLoop(configured: ["/bin/false"], environment: AlarmSoundLoopTests.environment)
    let process = try loop.start(for: AlarmSoundLoopTests.ring)
    defer { loop.stop(process) }
    #expect(AlarmSoundLoopTests.waitFor(10) { !loop.isPlaying(process) })
    #expect(!AlarmSoundLoop.hasMembers(group: process.group))
  }

  /// The loop's shell killed alone: the player plays on in its group, and `stop` ends it.
  @Test func stopEndsAPlayerWhoseLoopIsGone() throws {
    let loop = AlarmSoundLoop(configured: ["/bin/sleep", "30"], environment: AlarmSoundLoopTests.environment)
    let process = try loop.start(for: AlarmSoundLoopTests.ring)
    defer { kill(-process.group, SIGKILL) }
    #expect(AlarmSoundLoopTests.waitFor(3) { AlarmSound.members(process.group) >= 2 })
    kill(process.pid, SIGKILL)
    #expect(AlarmSoundLoopTests.waitFor(3) { !loop.isPlaying(process) })
    #expect(AlarmSound.members(process.group) == 1)
    loop.stop(process)
    #expect(AlarmSoundLoopTests.waitFor(3) { !AlarmSound.members(process.group).isPositive })
  }

  /// Started by systemd (`INVOCATION_ID`) without systemd-run: a problem, not a loop that the
  /// service's end would kill a second later.
  @Test func underSystemdWithoutSystemdRunIsAProblem() throws {
    let loop = AlarmSoundLoop(
      configured: ["/bin/sleep", "30"], environment: ["PATH": "/nonexistent", "INVOCATION_ID": "abc"])
    #expect(throws: NoAlarmSound.self) { try loop.start(for: AlarmSoundLoopTests.ring) }
  }
}

/// Counting the live members of a process group, as `/proc` says.
enum AlarmSound {
  static func members(_ group: pid_t) -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.filter { name in
      guard let pid = pid_t(name), let stat = ProcessStat(pid: pid) else { return false }
      return stat.group == group && stat.isAlive
    }.count
  }
}

extension Int {
  fileprivate var isPositive: Bool { self > 0 }
}
