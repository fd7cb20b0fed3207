import Foundation
import Testing

@testable import RemindersStore

#if canImport(Glibc)
  import Glibc
#endif

/// The questions about paths and the removals the systemd units need, and the unix socket
/// probe, each a C call through `systemCall`.
@Suite struct PathQueriesTests {
  @Test func existsAndIsExecutable() throws {
    let dir = try scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileIO.writeAtomically(Array("#!/bin/sh\n".utf8), to: dir + "/script", mode: 0o755)
    try FileIO.writeAtomically([], to: dir + "/plain", mode: 0o644)
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/dangling", withDestinationPath: dir + "/nothing")
    try FileManager.default.createSymbolicLink(atPath: dir + "/to-script", withDestinationPath: "script")
    let table: [(String, exists: Bool, executable: Bool)] = [
      ("script", true, true), ("plain", true, false), ("dangling", false, false), ("to-script", true, true),
      ("nothing", false, false),
    ]
    for (name, exists, executable) in table {
      #expect(FileIO.exists(dir + "/" + name) == exists, "\(name)")
      // Root may run any file with an execute bit, and none without.
      #expect(FileIO.isExecutable(dir + "/" + name) == executable, "\(name)")
    }
  }

  @Test func linkTargetIsWhatTheLinkHolds() throws {
    let dir = try scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createSymbolicLink(atPath: dir + "/relative", withDestinationPath: "../x y")
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/absolute", withDestinationPath: "/nowhere/unit")
    try FileIO.writeAtomically([], to: dir + "/file")
    #expect(try FileIO.linkTarget(of: dir + "/relative") == "../x y")
    #expect(try FileIO.linkTarget(of: dir + "/absolute") == "/nowhere/unit")
    #expect(throws: SystemError(call: "readlink", code: EINVAL)) { try FileIO.linkTarget(of: dir + "/file") }
    #expect(throws: SystemError(call: "readlink", code: ENOENT)) {
      try FileIO.linkTarget(of: dir + "/missing")
    }
  }

  /// A link goes, not what it points at; a name already gone is no error; a folder is refused.
  @Test func removeTakesTheNameOnly() throws {
    let dir = try scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileIO.writeAtomically(Array("kept".utf8), to: dir + "/file")
    try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: dir + "/file")
    try FileIO.remove(dir + "/link")
    #expect(!FileIO.exists(dir + "/link"))
    #expect(try FileIO.read(dir + "/file") == Array("kept".utf8))
    try FileIO.remove(dir + "/link")
    try FileIO.makeDirectory(dir + "/folder")
    #expect(
      throws: StoreError.writeFailed(
        path: dir + "/folder", reason: .system(SystemError(call: "unlink", code: EISDIR)))
    ) {
      try FileIO.remove(dir + "/folder")
    }
  }

  @Test func removeEmptyDirectoryLeavesOneWithAnythingInIt() throws {
    let dir = try scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileIO.writeAtomically([], to: dir + "/full/file")
    try FileIO.makeDirectory(dir + "/empty")
    try FileIO.removeEmptyDirectory(dir + "/empty")
    #expect(!FileIO.exists(dir + "/empty"))
    #expect(throws: SystemError(call: "rmdir", code: ENOTEMPTY)) {
      try FileIO.removeEmptyDirectory(dir + "/full")
    }
    #expect(FileIO.exists(dir + "/full/file"))
  }

  @Test func probeSaysWhyNothingAnswers() throws {
    let dir = try scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(throws: UnixSocket.ConnectFailure.system(SystemError(call: "connect", code: ENOENT))) {
      try UnixSocket.probe(dir + "/socket")
    }
    // A file that is no socket.
    try FileIO.writeAtomically([], to: dir + "/file")
    #expect(throws: UnixSocket.ConnectFailure.system(SystemError(call: "connect", code: ECONNREFUSED))) {
      try UnixSocket.probe(dir + "/file")
    }
    #expect(throws: UnixSocket.ConnectFailure.pathTooLong) {
      try UnixSocket.probe("/" + String(repeating: "s", count: 108))
    }
  }
}
