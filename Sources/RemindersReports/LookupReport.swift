import Foundation
import RemindersDictionary
import RemindersMessages
import RemindersTerminal

/// What `reminders lookup` shows: the dictionary's candidates, numbered, one a line, or as JSON.
public struct LookupReport {
  let found: DictionaryLookup
  let words: any Catalogue

  public init(_ found: DictionaryLookup, language: Language) {
    self.found = found
    words = language.words
  }

  /// The JSON object of `lookup --json`: the word, its language, the front, the candidates.
  public var json: OrderedJSON {
    let candidates: [OrderedJSON] = found.candidates.map { candidate in
      .object([
        ("text", .string(candidate.text)), ("word", .string(candidate.word)),
        ("reading", candidate.reading.map(OrderedJSON.string) ?? .null),
        ("note", candidate.note.map(OrderedJSON.string) ?? .null), ("common", .bool(candidate.common)),
      ])
    }
    return .object([
      ("word", .string(found.word)), ("language", .string(found.japanese ? "ja" : "en")),
      ("front", .string(found.front)), ("candidates", .array(candidates)),
    ])
  }

  /// The lines of `lookup`: that there is no entry; or the form the word was found as, then the
  /// candidates. Nothing from the file that a terminal would act on.
  public var lines: [String] {
    guard !found.candidates.isEmpty else { return [VisibleCharacters.of(words.noEntry(found.word))] }
    let form =
      found.front != found.word ? [VisibleCharacters.of(words.foundAs(found.word, form: found.front))] : []
    return form + candidateLines
  }

  /// The candidates, numbered, one a line.
  public var candidateLines: [String] {
    found.candidates.enumerated().map { i, candidate in
      VisibleCharacters.of(
        words.candidateLine(i + 1, text: candidate.text, note: candidate.note, common: candidate.common))
    }
  }
}
