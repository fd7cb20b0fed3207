import Testing

@testable import RemindersTerminal

@Suite struct KeyTests {
  func decode(_ text: String, complete: Bool = true) -> ([TerminalKey], [UInt8]) {
    var bytes = Array(text.utf8)
    let keys = TerminalKey.decode(&bytes, complete: complete)
    return (keys, bytes)
  }

  @Test func arrowsEscapeAndControl() {
    #expect(decode("\u{1B}[C\u{1B}[D\u{1B}OC").0 == [.right, .left, .right])
    #expect(decode("\u{1B}").0 == [.escape])
    #expect(decode("\u{1B}q").0 == [.escape, .character("q")])
    #expect(decode("\u{3}\r \n").0 == [.controlC, .enter, .character(" "), .enter])
    #expect(decode("\r\n").0 == [.enter])
    #expect(decode("\u{1B}[15~y").0 == [.other, .character("y")])
    #expect(decode("あ").0 == [.character("あ")])
  }

  /// An unfinished sequence waits for the rest of its bytes.
  @Test func partialSequencesWait() {
    let (keys, rest) = decode("y\u{1B}[", complete: false)
    #expect(keys == [.character("y")])
    #expect(rest == Array("\u{1B}[".utf8))
    #expect(decode("\u{1B}", complete: false) == ([], [0x1B]))
    var half: [UInt8] = [0xE3, 0x81]  // the first two bytes of あ
    #expect(TerminalKey.decode(&half, complete: false) == [])
    #expect(half == [0xE3, 0x81])
  }

  @Test func reviewKeys() {
    #expect(ReviewKey(.enter) == .reveal)
    #expect(ReviewKey(.character(" ")) == .reveal)
    #expect(ReviewKey(.right) == .remembered && ReviewKey(.character("1")) == .remembered)
    #expect(ReviewKey(.left) == .forgot && ReviewKey(.character("n")) == .forgot)
    #expect(
      ReviewKey(.escape) == .quit && ReviewKey(.controlC) == .quit && ReviewKey(.character("q")) == .quit)
    #expect(ReviewKey(.character("?")) == .help)
    #expect(ReviewKey(.character("x")) == .unknown)
    #expect(ReviewKey(.up) == nil)
    #expect(
      ReviewKey(line: " Y ") == .remembered && ReviewKey(line: "") == .reveal
        && ReviewKey(line: "zz") == .unknown)
  }
}
