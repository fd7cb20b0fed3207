import ArgumentParser
import Foundation
import RemindersApp
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
    let report = LookupReport(
      try DictionaryWords.look(word, invocation: invocation), language: invocation.language)
    if json {
      print(report.json.rendered())
      return
    }
    for line in report.lines { print(line) }
  }
}

/// The dictionary as the commands use it (`CardCandidates`), its errors said in the session's
/// language with their exit codes.
enum DictionaryWords {
  static func look(_ word: String, invocation: Invocation) throws -> DictionaryLookup {
    let words = invocation.words
    do {
      return try CardCandidates(workspace: invocation.workspace).look(word)
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
}
