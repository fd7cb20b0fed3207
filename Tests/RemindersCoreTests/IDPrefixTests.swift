import RemindersCore
import Testing

@Suite struct IDPrefixTests {
  let ids = ["abcd1234-0000", "abcd9876-0000", "r-1", "ABCE0000"]

  @Test func exactIdWinsEvenWhenShort() {
    #expect(IDPrefix.matches("r-1", in: ids) == [2])
    #expect(IDPrefix.matches("R-1", in: ids) == [2])
  }

  @Test func prefixesNeedFourCharactersAndIgnoreCase() {
    #expect(IDPrefix.matches("abc", in: ids).isEmpty)
    #expect(IDPrefix.matches("ABCD", in: ids) == [0, 1])
    #expect(IDPrefix.matches("abcd9", in: ids) == [1])
    #expect(IDPrefix.matches("abce", in: ids) == [3])
    #expect(IDPrefix.matches("zzzz", in: ids).isEmpty)
  }

  @Test func distinguishingLength() {
    #expect(IDPrefix.distinguishingLength(["abcd1234-0000", "abcd9876-0000"]) == 8)
    #expect(IDPrefix.distinguishingLength(["abcd1234-0000", "abcd1234-0001"]) == 13)
    #expect(IDPrefix.distinguishingLength(["r-1", "r-2"]) == 3)
  }
}
