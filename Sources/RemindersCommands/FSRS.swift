import ArgumentParser
import Foundation
import RemindersApp
import RemindersCore
import RemindersMessages
import RemindersReports
import RemindersStore
import RemindersTerminal

/// `reminders fsrs optimize`: FSRS-6's parameters fitted to the learner's own history
/// (docs/scheduling.md#fitting-the-parameters).
struct FSRSCommand: ParsableCommand {
  static let configuration = CommandConfiguration.described(.fsrs, name: "fsrs", subcommands: [Optimize.self])

  struct Optimize: ParsableCommand {
    static let configuration = CommandConfiguration.described(.fsrsOptimize, name: "optimize")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var time: TimeOptions
    @Flag(help: .catalogue(.fsrsApply)) var apply = false
    @Flag(help: .catalogue(.jsonObject)) var json = false
    @Flag(help: .catalogue(.fsrsAnki)) var anki = false

    func run() throws {
      let invocation = try Invocation(global)
      let workspace = invocation.workspace
      let now = time.instant(in: invocation.clock)
      let history: FSRSTrainingSet
      let source: String
      do {
        history = anki ? try workspace.ankiHistory(now: now) : try workspace.deckHistory()
        source = anki ? workspace.configuration.anki?.collection ?? "" : invocation.paths.deck
      } catch AnkiHistoryError.notConfigured(let configPath) {
        throw CommandFailure(
          invocation.words.noAnkiCollection(configPath: configPath), code: ExitStatus.usage)
      } catch AnkiHistoryError.unavailable(let collection, let why) {
        throw CommandFailure(
          invocation.words.ankiLogUnreadable(
            collection: collection, why: why.text(invocation.language)),
          code: ExitStatus.unavailable)
      }
      let optimization: FSRSOptimization
      do {
        optimization = try ConfigCommand.saying(invocation.language, path: invocation.paths.config) {
          try workspace.optimizeFSRS(history: history, now: now, apply: apply)
        }
      } catch FSRSFitRefusal.tooLittleHistory(let usable, let needed) {
        throw CommandFailure(
          invocation.words.tooLittleHistory(source: source, usable: usable, needed: needed),
          code: ExitStatus.dataError)
      }
      let text = FSRSFitText(language: invocation.language, optimization: optimization)
      if json {
        print(text.json(applied: apply).rendered())
      } else {
        for line in text.lines(applied: apply, configPath: invocation.paths.config) {
          print(VisibleCharacters.of(line))
        }
      }
    }
  }
}
