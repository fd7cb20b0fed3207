import ArgumentParser
import Foundation
import RemindersApp
import RemindersCore

extension Cards {
  /// `reminders cards import FILE`: cards from a TSV or CSV file, all or nothing.
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import", abstract: "Add the cards of a UTF-8 TSV or CSV file, all or nothing.",
      discussion:
        "One card a line: front, back, optional collection. A header line (front/back or 表/裏) names the columns (also collection/コレクション, note/メモ) and may put them in any order. Cards already in the deck with the same front, back and collection are skipped. A .csv file is CSV (RFC 4180 quoting); any other is TSV when it holds a tab."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var time: TimeOptions

    @Argument(help: "The file to read.") var file: String
    @Option(help: ArgumentHelp("The collection of lines that name none.", valueName: "name")) var collection:
      String?

    func run() throws {
      let invocation = try Invocation(global)
      let outcome = try CardImport(workspace: invocation.workspace).run(
        file: file, collection: Cards.optional(collection), now: time.instant)
      print(invocation.messages.imported(added: outcome.added, skipped: outcome.skipped))
    }
  }
}
