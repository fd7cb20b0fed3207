import RemindersMessages

/// One entry of EDICT (docs/dictionary.md): `WORD [READING] /(pos) (1) gloss/gloss/(pos) (2) gloss/(P)/`.
///
/// The word is the headword (kanji, or kana alone when the word has no kanji form); the reading
/// its kana, when the headword is not kana; the senses are numbered `(1)`, `(2)`, … in the
/// file, each with its glosses; `(P)` marks a common word.
public struct EdictEntry: Equatable, Sendable {
  public var word: String
  public var reading: String?
  /// Each sense's glosses, without their tags (`(n)`, `(v1,vt)`, `(uk)`, `(1)`).
  public var senses: [[String]]
  /// The parts of speech the entry's tags name (`v1`, `v5k`, `adj-i`, `vs`, …).
  public var partsOfSpeech: Set<String>
  public var common: Bool

  /// Why a line is not an entry, and where in it.
  public struct Malformed: Error, Equatable {
    public var problem: DictionaryLineProblem
  }

  /// The entry `line` holds (UTF-8, without its line break).
  public static func parse(_ line: Substring) throws(Malformed) -> EdictEntry {
    guard let slash = line.firstIndex(of: "/") else { throw Malformed(problem: .noGlosses) }
    let head = line[..<slash].trimmingCharacters(in: [" "])
    guard line.last == "/" else { throw Malformed(problem: .unterminatedGlosses) }
    var word = head[...]
    var reading: String?
    if let open = head.firstIndex(of: "[") {
      guard let close = head.lastIndex(of: "]"), close > open else {
        throw Malformed(problem: .unclosedReading)
      }
      reading = String(head[head.index(after: open)..<close])
      word = head[..<open]
    }
    let headword = word.trimmingCharacters(in: [" "])
    guard !headword.isEmpty, !headword.contains(" ") else { throw Malformed(problem: .noHeadword) }
    var entry = EdictEntry(word: headword, reading: reading, senses: [], partsOfSpeech: [], common: false)
    for field in line[line.index(after: slash)...].split(separator: "/") {
      var text = field[...]
      var tags: [Substring] = []
      // Leading tags: `(n)`, `(v1,vt)`, `(1)`, `(uk)`, each in parentheses with no blank inside.
      while text.first == "(", let close = text.firstIndex(of: ")"),
        !text[text.index(after: text.startIndex)..<close].contains(" ")
      {
        tags.append(text[text.index(after: text.startIndex)..<close])
        text = text[text.index(after: close)...].drop { $0 == " " }
      }
      if text.isEmpty {
        if tags == ["P"] { entry.common = true }
        continue
      }
      if text.hasPrefix("EntL") && text.dropFirst(4).allSatisfy({ $0.isNumber || $0 == "X" }) { continue }
      let startsSense = tags.contains { $0.allSatisfy(\.isNumber) }
      for tag in tags { for part in tag.split(separator: ",") { entry.partsOfSpeech.insert(String(part)) } }
      if startsSense || entry.senses.isEmpty { entry.senses.append([]) }
      entry.senses[entry.senses.count - 1].append(String(text))
    }
    // An entry with no gloss at all is EDICT's too (`４° [しど] /`): it offers no candidate.
    return entry
  }

  /// The English a gloss is found by: lower case, without a leading "to " (verbs) or what ends
  /// it in parentheses ("dog (Canis (lupus) familiaris)" is found as "dog").
  public static func englishKey(_ text: some StringProtocol) -> String {
    var key = text.lowercased()[...]
    if let open = key.firstIndex(of: "("), key.last == ")", open > key.startIndex {
      key = key[..<open]
    }
    key = key.drop(while: { $0 == " " })
    while key.last == " " { key = key.dropLast() }
    if key.hasPrefix("to ") { key = key.dropFirst(3) }
    return String(key)
  }
}
