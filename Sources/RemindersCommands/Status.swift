import ArgumentParser
import Foundation
import RemindersApp
import RemindersCore
import RemindersMessages
import RemindersReports
import RemindersStore

/// `reminders status`: the home screen in one glance.
struct Status: ParsableCommand {
  static let configuration = CommandConfiguration.described(.status, name: "status")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions

  @Flag(help: .catalogue(.jsonInsteadOfText))
  var json = false

  func run() throws {
    let invocation = try Invocation(global)
    let now = time.instant(in: invocation.clock)
    let screen = try HomeScreen.read(invocation.workspace, now: now) { input, ledger, now, end in
      // Only the next reminder is shown: the walk stops at the first step that delivers one.
      try invocation.deliveryRun.preview(input, ledger: ledger, now: now, until: end, atLeast: 1)
    }
    let report = HomeScreenText(
      locale: invocation.locale, screen: screen, anki: invocation.ankiReport(screen.anki, now: screen.now))
    print(json ? report.json.rendered() + "\n" : report.text, terminator: "")
  }
}
