import ArgumentParser
import Foundation
import RemindersDictionary
import RemindersMessages
import RemindersReports
import RemindersStore
import RemindersTerminal

/// `reminders lookup WORD`: the dictionary's candidates for a card's back (docs/dictionary.md).
struct Lookup: ParsableCommand {
  static let configuration = CommandConfiguration.described(.lookup, name: "lookup")

  @OptionGroup var global: GlobalOptions

  @Argument(help: .catalogue(.lookupWord)) var word: String
  @Flag(help: .catalogue(.jsonInsteadOfText)) var json = false

  func run() throws {
    let invocation = try Invocation(global)
    let found = try DictionaryWords.look(word, invocation: invocation)
    if json {
      let candidates: [OrderedJSON] = found.candidates.map { candidate in
        .object([
          ("text", .string(candidate.text)), ("word", .string(candidate.word)),
          ("reading", candidate.reading.map(OrderedJSON.string) ?? .null),
          ("note", candidate.note.map(OrderedJSON.string) ?? .null), ("common", .bool(candidate.common)),
        ])
      }
      let root: OrderedJSON = .object([
        ("word", .string(found.word)), ("language", .string(found.japanese ? "ja" : "en")),
        ("front", .string(found.front)), ("candidates", .array(candidates)),
      ])
      print(root.rendered())
      return
    }
    let words = invocation.messages
    guard !found.candidates.isEmpty else {
      print(VisibleText.of(words.noEntry(found.word)))
      return
    }
    if found.front != found.word { print(VisibleText.of(words.foundAs(found.word, form: found.front))) }
    for line in DictionaryWords.lines(found, words: words) { print(line) }
  }
}

/// The dictionary as the commands use it: opened from `dictionary.path` with its index in the
/// cache folder, its errors said in the session's language with their exit codes.
enum DictionaryWords {
  static func look(_ word: String, invocation: Invocation) throws -> DictionaryLookup {
    let words = invocation.messages
    do {
      let index = try EdictIndex.open(
        dictionary: invocation.configuration.dictionaryPath, cacheDir: invocation.paths.cacheDir)
      return DictionaryLookup.look(word, in: index, limit: invocation.configuration.candidates)
    } catch .missing(let path) {
      throw CommandFailure(words.dictionaryMissing(path: path), code: ExitStatus.unavailable)
    } catch .unreadable(let error) {
      throw error
    } catch .cannotConvert(let path) {
      throw CommandFailure(words.dictionaryCannotConvert(path: path), code: ExitStatus.dataError)
    } catch .malformed(let path, let line, let problem) {
      throw CommandFailure(
        words.dictionaryMalformed(path: path, line: line, problem: problem), code: ExitStatus.dataError)
    }
  }

  /// The candidates, numbered, one a line, with nothing from the file that a terminal would act on.
  static func lines(_ found: DictionaryLookup, words: any Catalogue) -> [String] {
    found.candidates.enumerated().map { i, candidate in
      VisibleText.of(
        words.candidateLine(i + 1, text: candidate.text, note: candidate.note, common: candidate.common))
    }
  }
}
