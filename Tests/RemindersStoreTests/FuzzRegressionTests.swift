import Foundation
import FuzzHarnesses
import Testing

/// Every input the fuzzers ever crashed on, kept in `Fuzz/Regressions/<harness>/`, goes through
/// the same harness body again: it must return (the reader accepted it or refused it with a typed,
/// one-line error), never crash.
@Suite struct FuzzRegressionTests {
  static let regressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions")

  /// A missing or empty folder fails, so that the replay cannot pass by finding nothing.
  @Test(arguments: FuzzHarness.allCases)
  func replaysEveryKeptInput(harness: FuzzHarness) throws {
    let folder = Self.regressions.appendingPathComponent(harness.rawValue)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
    #expect(!names.isEmpty, "no input kept in \(folder.path)")
    for name in names.sorted() {
      let data = try #require(FileManager.default.contents(atPath: folder.appendingPathComponent(name).path))
      harness.run(Array(data))
    }
  }
}
