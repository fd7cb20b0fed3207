// The fuzz driver: `reminders-fuzz <harness> [arguments]`, harness one of deck, config, ledger,
// calendar, anki, alarms.
//
// Built by `make fuzz` (with REMINDERS_FUZZING defined and libFuzzer linked in), the arguments
// are libFuzzer's: flags, then corpus folders. Built plainly, the arguments are files or folders
// of inputs, each replayed once through the harness, so that a crash input can be looked into in
// a debugger without the fuzzing build.
import Foundation
import FuzzHarnesses

#if canImport(Glibc)
  import Glibc
#endif

let arguments = CommandLine.arguments
guard arguments.count >= 2, let harness = FuzzHarness(rawValue: arguments[1]) else {
  let names = FuzzHarness.allCases.map(\.rawValue).joined(separator: ", ")
  FileHandle.standardError.write(Data("usage: reminders-fuzz <\(names)> [inputs…]\n".utf8))
  exit(64)
}

#if REMINDERS_FUZZING
  /// The harness libFuzzer's callback runs; set once, before the fuzzer starts.
  nonisolated(unsafe) var selected = FuzzHarness.deck

  /// libFuzzer's entry point; libFuzzer's own `main` refers to it, though ours runs instead.
  @_cdecl("LLVMFuzzerTestOneInput")
  func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    selected.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
  }

  typealias FuzzerCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

  /// Runs libFuzzer with the given arguments (libFuzzer's `FuzzerInterface.h`).
  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzer(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: FuzzerCallback
  ) -> Int32

  selected = harness
  // libFuzzer sees the program name and the arguments after the harness's name.
  var fuzzerArguments: [UnsafeMutablePointer<CChar>?] = ([arguments[0]] + arguments.dropFirst(2)).map {
    strdup($0)
  }
  fuzzerArguments.append(nil)
  var argc = Int32(fuzzerArguments.count - 1)
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = UnsafeMutablePointer.allocate(
    capacity: fuzzerArguments.count)
  argv!.initialize(from: fuzzerArguments, count: fuzzerArguments.count)
  exit(runFuzzer(&argc, &argv) { data, size in fuzzOne(data, size) })
#else
  var replayed = 0
  for argument in arguments.dropFirst(2) {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
      FileHandle.standardError.write(Data("reminders-fuzz: \(argument): no such file\n".utf8))
      exit(66)
    }
    let files =
      isFolder.boolValue
      ? try FileManager.default.contentsOfDirectory(atPath: argument).sorted().map { argument + "/" + $0 }
      : [argument]
    for file in files {
      guard let data = FileManager.default.contents(atPath: file) else { continue }
      harness.run(Array(data))
      replayed += 1
    }
  }
  print("reminders-fuzz: \(harness.rawValue): \(replayed) inputs replayed, no finding")
#endif
