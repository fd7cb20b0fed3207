import CLITestSupport
import DesktopTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The fault around delivery that needs a desktop: a full disk under the state folder, with dunst
/// (the other faults are DeliveryFaultTests in CLITests).
@Suite(.serialized) struct DeliveryFaultTests {
  /// The state folder on a full disk: the ledger cannot record the pop-up, so none is shown —
  /// four runs once showed four pop-ups for one reminder.
  @Test func aFullDiskShowsNoPopUp() throws {
    let session = try DesktopSession.start()
    defer { session.stop() }
    let bin = try Binary.withFixture(session)
    let state = bin.home + "/full-state"
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    let mount = try DesktopSession.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", state])
    try #require(mount.status == 0, "mounting a small tmpfs for the full disk: \(mount.stderr)")
    defer { _ = try? DesktopSession.run("/bin/umount", [state]) }
    // The lock file needs no room; then the disk is filled to the last block.
    FileManager.default.createFile(atPath: state + "/lock", contents: nil)
    _ = try DesktopSession.run("/bin/dd", ["if=/dev/zero", "of=\(state)/filler", "bs=4096"])
    for minute in 0..<4 {
      let result = try bin.run("run", "--state-dir", state, "--now", "2026-11-21T08:0\(minute):00+09:00")
      #expect(result.status == 74, "\(result.stderr)")
      #expect(result.stderrLines.count == 1)
      #expect(result.stderr.contains("ledger.json: cannot write"), "\(result.stderr)")
    }
    try session.dunstctl("close-all")
    usleep(300_000)
    #expect(try session.history().isEmpty)
    // Room again: delivered once.
    try FileManager.default.removeItem(atPath: state + "/filler")
    #expect(try bin.run("run", "--state-dir", state, "--now", "2026-11-21T08:05:00+09:00").status == 0)
    #expect(try bin.run("run", "--state-dir", state, "--now", "2026-11-21T08:06:00+09:00").status == 0)
    try session.dunstctl("close-all")
    usleep(300_000)
    #expect(try session.history().count == 1)
  }
}
