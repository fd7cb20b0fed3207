import Foundation
import RemindersStore
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct ProcessRunnerTests {
  let environment = ["PATH": "/usr/bin:/bin"]

  func shell(_ script: String, timeout: TimeInterval = 10) throws -> (ProcessRunner.Result, TimeInterval) {
    let started = Date()
    let result = try ProcessRunner.run("/bin/sh", ["-c", script], environment: environment, timeout: timeout)
    return (result, Date().timeIntervalSince(started))
  }

  @Test func findsProgramsOnThePathOnly() {
    #expect(ProcessRunner.find("sh", environment: environment) == "/usr/bin/sh")
    #expect(ProcessRunner.find("sh", environment: ["PATH": "relative:/nonexistent"]) == nil)
    #expect(ProcessRunner.find("no-such-program-\(UUID().uuidString)", environment: environment) == nil)
  }

  @Test func bothOutputsTheStatusAndTheEnvironment() throws {
    let (result, _) = try shell("echo \"out $PATH\"; echo err >&2; exit 3")
    #expect(
      result
        == ProcessRunner.Result(status: 3, stdout: "out /usr/bin:/bin\n", stderr: "err\n", timedOut: false))
    #expect(!result.succeeded)
  }

  /// No standard input: a program that reads it sees its end at once instead of waiting.
  @Test func standardInputIsEmpty() throws {
    let (result, elapsed) = try shell("cat; echo done", timeout: 5)
    #expect(result.stdout == "done\n" && result.succeeded)
    #expect(elapsed < 4)
  }

  /// Past `outputLimit` the output is not read on: the first bytes are kept and the program is
  /// stopped (a password command that prints 50 MB with no line break).
  @Test func outputPastTheLimitStopsTheProgram() throws {
    let result = try ProcessRunner.run(
      "/bin/sh", ["-c", "head -c 50000000 /dev/zero | tr '\\0' a; echo finished > /dev/null"],
      environment: environment, timeout: 60, outputLimit: 65_536)
    #expect(result.cutShort && !result.timedOut)
    #expect(result.stdout.utf8.count == 65_536 && result.stdout.allSatisfy { $0 == "a" })
    let short = try ProcessRunner.run(
      "/bin/sh", ["-c", "echo secret"], environment: environment, timeout: 10, outputLimit: 65_536)
    #expect(!short.cutShort && short.succeeded && short.stdout == "secret\n")
  }

  /// Far more than a pipe holds, on both outputs at once: neither blocks the program.
  @Test func longOutputsAreDrained() throws {
    let (result, _) = try shell(
      "head -c 1000000 /dev/zero | tr '\\0' a; head -c 300000 /dev/zero | tr '\\0' b >&2")
    #expect(result.succeeded)
    #expect(result.stdout.utf8.count == 1_000_000 && result.stderr.utf8.count == 300_000)
  }

  @Test func aProgramThatDoesNotEndIsKilled() throws {
    let (result, elapsed) = try shell("echo started; exec sleep 30", timeout: 0.5)
    #expect(result.timedOut && !result.succeeded)
    #expect(result.status == SIGKILL)
    #expect(result.stdout == "started\n")
    #expect(elapsed < 5, "took \(elapsed) s")
  }

  /// A child left behind holding the outputs open is not waited for past the time limit.
  @Test func aGrandchildHoldingTheOutputsIsNotWaitedFor() throws {
    let (result, elapsed) = try shell("sleep 3 & echo parent done", timeout: 0.5)
    #expect(result.status == 0 && result.timedOut)
    #expect(result.stdout == "parent done\n")
    #expect(elapsed < 2.5, "took \(elapsed) s")
  }

  /// What the program started goes with it: the whole process group is killed at the limit.
  @Test func whatItStartedIsKilledWithIt() throws {
    let (result, _) = try shell("sleep 30 & echo $!; wait", timeout: 0.5)
    #expect(result.timedOut)
    let pid = try #require(Int32(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    // Gone, or a zombie waiting for its new parent to reap it: no longer running either way.
    var state: Character?
    for _ in 0..<100 {
      let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
      state = stat.split(separator: ")").last?.dropFirst().first
      if state == nil || state == "Z" { break }
      usleep(10_000)
    }
    #expect(state == nil || state == "Z", "sleep \(pid) is still in state \(state.map(String.init) ?? "?")")
  }

  @Test func aMissingProgramThrows() {
    #expect(throws: SystemError(call: "posix_spawn", code: ENOENT)) {
      try ProcessRunner.run("/nonexistent/\(UUID().uuidString)", [], environment: environment, timeout: 1)
    }
  }

  /// A program started detached and watched: its status when it ends within the look (a
  /// terminal that cannot open its window), nil while it runs on, which it goes on doing on its
  /// own, in a session of its own, after the look.
  @Test func aDetachedProgramIsWatchedForItsFirstSeconds() throws {
    #expect(
      try ProcessRunner.startDetached("/bin/sh", ["-c", "exit 3"], environment: environment, watching: 5) == 3
    )
    #expect(try ProcessRunner.startDetached("/bin/true", [], environment: environment, watching: 5) == 0)
    #expect(
      try ProcessRunner.startDetached(
        "/nonexistent/\(UUID().uuidString)", [], environment: environment, watching: 5)
        == 127)
    let folder = NSTemporaryDirectory() + "detached-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let started = Date()
    let status = try ProcessRunner.startDetached(
      "/bin/sh", ["-c", "echo $$ > \(folder)/pid; sleep 1; echo done > \(folder)/after"],
      environment: environment,
      watching: 0.3)
    #expect(status == nil)
    #expect(Date().timeIntervalSince(started) < 0.9)
    var after: String?
    for _ in 0..<300 where after == nil {
      after = try? String(contentsOfFile: folder + "/after", encoding: .utf8)
      usleep(10_000)
    }
    #expect(after == "done\n")
    let pid = try #require(
      pid_t(
        String(contentsOfFile: folder + "/pid", encoding: .utf8).trimmingCharacters(
          in: .whitespacesAndNewlines)))
    #expect(getsid(pid) != getsid(0) || getsid(pid) == -1)
  }
}
