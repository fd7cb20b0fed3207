/// One choice for a card's back (docs/dictionary.md).
public struct DictionaryCandidate: Equatable, Sendable {
  /// What the card's back would be: a sense's English glosses ("to see; to look; to watch"), or
  /// a Japanese word.
  public var text: String
  /// The entry's word (kanji, or kana for a word written in kana) and reading.
  public var word: String
  public var reading: String?
  /// A common word (`(P)`).
  public var common: Bool
  /// What the card's note would be: the reading (or, for a card whose front is the reading,
  /// the word).
  public var note: String?
}

/// A word looked up: Japanese → English senses, or English → Japanese words.
public struct DictionaryLookup: Equatable, Sendable {
  public var word: String
  /// Whether the word was read as Japanese.
  public var japanese: Bool
  /// The card's front: the word, or the dictionary form a conjugated word comes from.
  public var front: String
  public var candidates: [DictionaryCandidate]

  /// Whether `text` holds Japanese (kana, kanji, or the half-width kana).
  public static func isJapanese(_ text: String) -> Bool {
    text.unicodeScalars.contains {
      (0x3040...0x30FF).contains($0.value) || (0x3400...0x4DBF).contains($0.value)
        || (0x4E00...0x9FFF).contains($0.value) || (0xF900...0xFAFF).contains($0.value)
        || (0xFF66...0xFF9F).contains($0.value) || (0x3005...0x3007).contains($0.value)
    }
  }

  /// Up to `limit` candidates for `word`. Japanese: the entries whose word or reading is the
  /// word, else the first dictionary form it may come from that the dictionary has
  /// (`Deinflection`), common words first, then as the file orders them, one candidate per
  /// sense. English: the entries with a gloss that reads as the word (`EdictEntry.englishKey`),
  /// common words first, then by how early the gloss comes in the entry.
  public static func look(_ word: String, in index: EdictIndex, limit: Int) -> DictionaryLookup {
    let trimmed = word.trimmingCharacters(in: .whitespaces)
    guard isJapanese(trimmed) else {
      let key = EdictEntry.englishKey(trimmed)
      var candidates: [DictionaryCandidate] = []
      for (entry, _) in index.entries(for: key) where candidates.count < limit {
        let candidate = DictionaryCandidate(
          text: entry.word, word: entry.word, reading: entry.reading, common: entry.common,
          note: entry.reading)
        if !candidates.contains(where: { $0.word == entry.word && $0.reading == entry.reading }) {
          candidates.append(candidate)
        }
      }
      return DictionaryLookup(word: trimmed, japanese: false, front: trimmed, candidates: candidates)
    }
    for form in Deinflection.candidates(trimmed) {
      let entries = index.entries(for: form.form).filter { found in
        form.kind.map { Deinflection.entry(found.entry.partsOfSpeech, isOfKind: $0) } ?? true
      }
      guard !entries.isEmpty else { continue }
      var candidates: [DictionaryCandidate] = []
      for (entry, _) in entries {
        let note = entry.word == form.form ? entry.reading : entry.word
        for sense in entry.senses where candidates.count < limit {
          let text = sense.joined(separator: "; ")
          guard !candidates.contains(where: { $0.text == text }) else { continue }
          candidates.append(
            DictionaryCandidate(
              text: text, word: entry.word, reading: entry.reading, common: entry.common, note: note))
        }
      }
      return DictionaryLookup(word: trimmed, japanese: true, front: form.form, candidates: candidates)
    }
    return DictionaryLookup(word: trimmed, japanese: true, front: trimmed, candidates: [])
  }
}
