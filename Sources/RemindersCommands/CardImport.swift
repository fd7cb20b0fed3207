import ArgumentParser
import Foundation
import RemindersApp
import RemindersCore

extension Cards {
  /// `reminders cards import FILE`: cards from a TSV or CSV file, all or nothing.
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration.described(.cardsImport, name: "import")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var time: TimeOptions

    @Argument(help: .catalogue(.importFile)) var file: String
    @Option(help: .catalogue(.importCollection, valueName: "name")) var collection: String?

    func validate() throws { try CommandLinePath.check(file, option: "FILE") }

    func run() throws {
      let invocation = try Invocation(global)
      let outcome = try CardImport(workspace: invocation.workspace).run(
        file: file, collection: DeckKeeper.optional(collection), now: time.instant(in: invocation.clock))
      print(invocation.words.imported(added: outcome.added, skipped: outcome.skipped))
    }
  }
}
